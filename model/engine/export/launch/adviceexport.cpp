#include "engine/export/launch/adviceexport.h"

#include "engine/base/textescaping.h"

namespace Ridgeline {

RowJson::Object adviceJson(const Advice& advice)
{
    return { { QStringLiteral("class"), adviceClassKey(advice.adviceClass) }, { QStringLiteral("text"), advice.text } };
}

QString adviceCsvField(const Advice& advice)
{
    return csvTextField(QString(adviceClassKey(advice.adviceClass) + QStringLiteral(": ") + advice.text));
}

QJsonObject peakSourcesJson(const GpuSpec& gpu)
{
    QJsonObject sources;
    for (PeakSet set : { PeakSet::Datasheet, PeakSet::MaxAchievable })
        if (gpu.has(set))
            sources[peakSetKey(set)] = gpu.sourceOf(gpu.figures(set)->source);
    return sources;
}

} // namespace Ridgeline
