#include "engine/export/launch/findingsexport.h"

#include "engine/base/exportnumber.h"
#include "engine/base/textescaping.h"

#include <QJsonObject>

namespace Ridgeline {

QJsonArray findingsJson(const KernelTimeFigures& time)
{
    QJsonArray array;
    const QJsonValue null(QJsonValue::Null);
    for (const KernelFinding& finding : time.findings) {
        array.append(QJsonObject {
            { QStringLiteral("kind"), findingKindKey(finding.kind) },
            { QStringLiteral("text"), finding.text },
            { QStringLiteral("time_at_stake_us"), exportTimeUs(time.recoverableUs) },
            { QStringLiteral("pointer"), finding.pointer.isEmpty() ? null : QJsonValue(finding.pointer) },
            { QStringLiteral("line"), finding.line > 0 ? QJsonValue(finding.line) : null },
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
