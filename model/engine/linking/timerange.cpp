#include "engine/linking/timerange.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {

GpuEventIndices RangeRestriction::renumbered(const GpuEventIndices& events) const
{
    GpuEventIndices inRange;
    for (std::uint32_t event : events) {
        if (event < newIndex.size() && newIndex[event] != outside)
            inRange.push_back(newIndex[event]);
    }
    return inRange;
}

std::optional<TimeRangeUs> parseTimeRange(const QString& text, QString* error)
{
    const QStringList parts = text.split(u':');
    bool startOk = false, endOk = false;
    const double start = parts.size() == 2 ? parts[0].trimmed().toDouble(&startOk) : 0;
    const double end = parts.size() == 2 ? parts[1].trimmed().toDouble(&endOk) : 0;
    if (!startOk || !endOk || !std::isfinite(start) || !std::isfinite(end)) {
        if (error)
            *error = QStringLiteral("'%1' is no range: START_US:END_US, microseconds from the first GPU event").arg(text);
        return std::nullopt;
    }
    if (start < 0 || end <= start) {
        if (error)
            *error = QStringLiteral("'%1' is an empty or negative range: START_US:END_US needs 0 <= START_US < END_US").arg(text);
        return std::nullopt;
    }
    return TimeRangeUs { start, end };
}

RangeRestriction restrictToRange(RawTrace& trace, LinkedKernels& linked, TimeRangeUs range)
{
    const GpuEventList& events = trace.gpuEvents;
    double origin = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < events.size(); ++i)
        origin = std::min(origin, events.ts(i));
    if (events.empty())
        origin = 0;

    RangeRestriction restriction;
    restriction.originUs = origin;
    std::vector<std::uint32_t>& newIndex = restriction.newIndex;
    newIndex.assign(events.size(), RangeRestriction::outside);
    GpuEventList kept;
    double kernelTimeUs = 0;
    for (size_t i = 0; i < events.size(); ++i) {
        const double fromOrigin = events.ts(i) - origin;
        if (fromOrigin < range.startUs || fromOrigin >= range.endUs)
            continue;
        const GpuEventRecord event = events[i];
        newIndex[i] = std::uint32_t(kept.size());
        kept.push_back(event);
        if (event.kind == GpuEventKind::Kernel)
            kernelTimeUs += event.dur;
    }
    trace.gpuEvents = std::move(kept);
    trace.totalGpuKernelTimeUs = kernelTimeUs;

    std::vector<KernelCall> opCalls;
    for (KernelCall& call : linked.opCalls) {
        GpuEventIndices inRange = restriction.renumbered(call.kernels);
        // A call of no kernel in range (captured, or run elsewhere) is not in it.
        if (inRange.empty())
            continue;
        call.kernels = std::move(inRange);
        call.busyTimeUs = busyTimeUs(trace, call.kernels);
        opCalls.push_back(std::move(call));
    }
    linked.opCalls = std::move(opCalls);
    std::vector<KernelOnlyCall> kernelOnlyCalls;
    for (KernelOnlyCall call : linked.kernelOnlyCalls) {
        if (call.event < newIndex.size() && newIndex[call.event] != RangeRestriction::outside) {
            call.event = newIndex[call.event];
            kernelOnlyCalls.push_back(call);
        }
    }
    linked.kernelOnlyCalls = std::move(kernelOnlyCalls);
    return restriction;
}

} // namespace Ridgeline
