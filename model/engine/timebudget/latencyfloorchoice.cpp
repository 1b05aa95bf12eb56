#include "engine/timebudget/latencyfloorchoice.h"

#include "engine/activity/latencyfloor.h"

namespace Ridgeline {

QString LatencyFloor::sourceKey() const
{
    switch (source) {
    case Source::Override:
        return QStringLiteral("override");
    case Source::Measured:
        return QStringLiteral("measured");
    case Source::Default:
        return QStringLiteral("default");
    }
    return {};
}

LatencyFloor chooseLatencyFloor(const GpuActivity& activity, std::optional<double> overrideUs)
{
    LatencyFloor floor;
    if (overrideUs && *overrideUs >= 0) {
        floor.us = *overrideUs;
        floor.source = LatencyFloor::Source::Override;
        floor.sourceText = QStringLiteral("set by the user");
        return floor;
    }
    const DeviceActivity* device = activity.mainDevice();
    if (device && device->latencyFloorUs) {
        floor.us = *device->latencyFloorUs;
        floor.source = LatencyFloor::Source::Measured;
        floor.sourceText
            = QStringLiteral("1st percentile of the %L1 kernel durations on device %2").arg(device->kernels).arg(device->device);
        return floor;
    }
    floor.sourceText = QStringLiteral("Ridgeline's default: the trace has fewer than %1 kernels on its main device to measure one from")
                           .arg(latencyFloorMinKernels);
    return floor;
}

} // namespace Ridgeline
