#include "engine/export/launch/findingsexport.h"

#include "engine/base/exportnumber.h"
#include "engine/base/textescaping.h"

#include <QJsonObject>

namespace Ridgeline {

RowJson::Array findingsJson(const KernelTimeFigures& time)
{
    RowJson::Array array;
    const RowJson::Value null;
    for (const KernelFinding& finding : time.findings) {
        array.append(RowJson::Object {
            { QStringLiteral("kind"), findingKindKey(finding.kind) },
            { QStringLiteral("text"), finding.text },
            { QStringLiteral("time_at_stake_us"), exportTimeUs(time.recoverableUs) },
            { QStringLiteral("pointer"), finding.pointer.isEmpty() ? null : RowJson::Value(finding.pointer) },
            { QStringLiteral("line"), finding.line > 0 ? RowJson::Value(finding.line) : null },
        });
    }
    return array;
}

QStringList findingsCsvHeader()
{
    return { QStringLiteral("first_finding") };
}

QStringList findingsCsvFields(const KernelTimeFigures& time)
{
    if (time.findings.empty())
        return { QString() };
    const KernelFinding& first = time.findings.front();
    return { csvTextField(QString(findingKindKey(first.kind) + QStringLiteral(": ") + first.text)) };
}

} // namespace Ridgeline
