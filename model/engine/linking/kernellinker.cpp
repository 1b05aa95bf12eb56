#include "engine/linking/kernellinker.h"

#include "engine/triton/kernelname.h"

#include <algorithm>
#include <span>

namespace Ridgeline {
namespace {

struct KeyedEvent
{
    std::int64_t key;
    std::uint32_t event;
    auto operator<=>(const KeyedEvent&) const = default;
};

std::span<const KeyedEvent> eventsWithKey(const std::vector<KeyedEvent>& sorted, std::int64_t key)
{
    const auto first = std::lower_bound(sorted.begin(), sorted.end(), KeyedEvent { key, 0 });
    auto last = first;
    while (last != sorted.end() && last->key == key)
        ++last;
    return { first, last };
}

bool contains(const HostSpan& outer, const HostSpan& inner)
{
    return outer.begin <= inner.begin && inner.end <= outer.end;
}

// For each launch, the Triton op it nests in directly (or -1).
std::vector<std::int32_t> opOfEachLaunch(const RawTrace& trace)
{
    std::vector<std::uint32_t> order(trace.hostSpans.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    // Per thread by start; an enclosing event (ends later, or is an op
    // rather than a launch at the same bounds) comes before what it holds.
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const HostSpan& x = trace.hostSpans[a];
        const HostSpan& y = trace.hostSpans[b];
        if (x.thread != y.thread)
            return x.thread < y.thread;
        if (x.begin != y.begin)
            return x.begin < y.begin;
        if (x.end != y.end)
            return x.end > y.end;
        return x.kind < y.kind;
    });

    std::vector<std::int32_t> opOf(trace.launches.size(), -1);
    std::vector<std::uint32_t> open;
    std::uint32_t thread = UINT32_MAX;
    for (std::uint32_t index : order) {
        const HostSpan& span = trace.hostSpans[index];
        if (span.thread != thread) {
            open.clear();
            thread = span.thread;
        }
        while (!open.empty() && !contains(trace.hostSpans[open.back()], span))
            open.pop_back();
        if (span.kind == HostSpanKind::Launch && !open.empty()) {
            const HostSpan& parent = trace.hostSpans[open.back()];
            if (parent.kind == HostSpanKind::TritonOp)
                opOf[size_t(span.index)] = parent.index;
        }
        open.push_back(index);
    }
    return opOf;
}

} // namespace

double busyTimeUs(const RawTrace& trace, const std::vector<std::uint32_t>& gpuEvents)
{
    std::vector<std::pair<double, double>> intervals;
    intervals.reserve(gpuEvents.size());
    for (std::uint32_t i : gpuEvents) {
        const GpuEventRecord& event = trace.gpuEvents[i];
        intervals.emplace_back(event.ts, event.ts + event.dur);
    }
    std::sort(intervals.begin(), intervals.end());
    double total = 0;
    size_t i = 0;
    while (i < intervals.size()) {
        const double start = intervals[i].first;
        double end = intervals[i].second;
        for (++i; i < intervals.size() && intervals[i].first <= end; ++i)
            end = std::max(end, intervals[i].second);
        total += end - start;
    }
    return total;
}

LinkedKernels linkKernels(const RawTrace& trace)
{
    // GPU events by key as one sorted list (12 bytes an event; a map of
    // vectors costs eight times that on a trace of millions).
    std::vector<KeyedEvent> gpuByKey;
    gpuByKey.reserve(trace.gpuEvents.size());
    for (std::uint32_t i = 0; i < trace.gpuEvents.size(); ++i) {
        if (trace.gpuEvents[i].key >= 0)
            gpuByKey.push_back({ trace.gpuEvents[i].key, i });
    }
    std::sort(gpuByKey.begin(), gpuByKey.end()); // by key, then in file order

    std::vector<bool> claimed(trace.gpuEvents.size(), false);
    LinkedKernels linked;
    linked.opOfLaunch = opOfEachLaunch(trace);
    std::vector<std::vector<std::int32_t>> launches(trace.tritonOps.size());
    for (size_t launch = 0; launch < linked.opOfLaunch.size(); ++launch) {
        if (linked.opOfLaunch[launch] >= 0)
            launches[size_t(linked.opOfLaunch[launch])].push_back(std::int32_t(launch));
    }
    linked.opCalls.reserve(trace.tritonOps.size());

    for (size_t op = 0; op < trace.tritonOps.size(); ++op) {
        KernelCall call;
        call.op = &trace.tritonOps[op];
        call.launches = int(launches[op].size());
        for (std::int32_t launchIndex : launches[op]) {
            const LaunchRecord& launch = trace.launches[size_t(launchIndex)];
            if (trace.badGpuEventKeys.contains(launch.key))
                call.kernelEventDropped = true;
            const auto found = eventsWithKey(gpuByKey, launch.key);
            if (launch.key < 0 || found.empty())
                continue;
            if (launch.kind == LaunchKind::Graph) { // a graph launch owns every GPU event with its key
                for (const KeyedEvent& keyed : found) {
                    const std::uint32_t event = keyed.event;
                    if (trace.gpuEvents[event].kind == GpuEventKind::Kernel) {
                        call.kernels.push_back(event);
                        claimed[event] = true;
                    }
                }
                continue;
            }
            // A normal launch runs one kernel: the one on the flow's end thread.
            const bool hasFlowEnd = trace.hasFlowEnd(launch.key);
            std::optional<std::uint32_t> match;
            for (const KeyedEvent& keyed : found) {
                const std::uint32_t event = keyed.event;
                if (trace.gpuEvents[event].kind != GpuEventKind::Kernel)
                    continue;
                if (!hasFlowEnd || trace.flowEndsOn(launch.key, trace.gpuEvents[event].thread)) {
                    match = event;
                    break;
                }
            }
            if (match) {
                call.kernels.push_back(*match);
                claimed[*match] = true;
            }
        }
        if (!call.kernels.empty())
            call.busyTimeUs = busyTimeUs(trace, call.kernels);
        linked.opCalls.push_back(std::move(call));
    }

    // A kernel left over with the key of a normal launch is no graph replay:
    // its id repeats another kernel's (a damaged or merged trace).
    std::vector<std::int64_t> normalLaunchKeys;
    for (const LaunchRecord& launch : trace.launches) {
        if (launch.kind == LaunchKind::Kernel && launch.key >= 0)
            normalLaunchKeys.push_back(launch.key);
    }
    std::sort(normalLaunchKeys.begin(), normalLaunchKeys.end());
    for (std::uint32_t i = 0; i < trace.gpuEvents.size(); ++i) {
        const GpuEventRecord& event = trace.gpuEvents[i];
        if (claimed[i] || event.kind != GpuEventKind::Kernel || !isTritonKernelName(trace.gpuEventNames[event.nameId]))
            continue;
        KernelCall call;
        call.kernels.push_back(i);
        call.busyTimeUs = busyTimeUs(trace, call.kernels);
        if (event.key >= 0 && std::binary_search(normalLaunchKeys.begin(), normalLaunchKeys.end(), event.key))
            call.unattributedReason = QStringLiteral("its correlation id %1 is another launch's, whose kernel it is not "
                                                     "(a damaged or merged trace): time only")
                                          .arg(event.key);
        linked.kernelOnlyCalls.push_back(std::move(call));
    }
    return linked;
}

} // namespace Ridgeline
