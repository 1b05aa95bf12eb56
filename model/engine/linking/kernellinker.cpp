#include "engine/linking/kernellinker.h"

#include "engine/triton/kernelname.h"

#include <algorithm>
#include <span>

namespace Ridgeline {
namespace {

// GPU events that have a key, sorted by key, then in file order: 4 bytes
// an event, the key read back from the event list.
class GpuEventsByKey
{
public:
    explicit GpuEventsByKey(const GpuEventList& events)
        : m_events(events)
    {
        // Sorted as (key, index) pairs, which are freed before the calls are
        // built: the pairs' 16 bytes an event never meet the calls' memory.
        std::vector<std::pair<std::int64_t, std::uint32_t>> keyed;
        keyed.reserve(events.size());
        for (std::uint32_t i = 0; i < events.size(); ++i) {
            if (const std::int64_t key = events.key(i); key >= 0)
                keyed.emplace_back(key, i);
        }
        std::sort(keyed.begin(), keyed.end());
        m_sorted.reserve(keyed.size());
        for (const auto& [key, event] : keyed)
            m_sorted.push_back(event);
    }

    // Binary searches at both ends: a key that a hostile file repeats for
    // every event must not cost a walk over all of them per launch.
    std::span<const std::uint32_t> withKey(std::int64_t key) const
    {
        const auto first = std::lower_bound(
            m_sorted.begin(), m_sorted.end(), key, [&](std::uint32_t event, std::int64_t k) { return m_events.key(event) < k; });
        const auto last
            = std::upper_bound(first, m_sorted.end(), key, [&](std::int64_t k, std::uint32_t event) { return k < m_events.key(event); });
        return { first, last };
    }

    void release() { std::vector<std::uint32_t>().swap(m_sorted); }

private:
    const GpuEventList& m_events;
    std::vector<std::uint32_t> m_sorted;
};

enum class HostSpanKind : std::uint8_t
{
    TritonOp,
    OtherOp,
    Launch
};

// A host event that can nest others (cpu_op) or be nested (a launch call).
struct HostSpan
{
    double begin = 0;
    double end = 0;
    std::uint32_t thread : 24 = 0;
    HostSpanKind kind : 8 = HostSpanKind::OtherOp;
    std::int32_t index = -1; // into tritonOps or launches; -1 for other ops
};

bool contains(const HostSpan& outer, const HostSpan& inner)
{
    return outer.begin <= inner.begin && inner.end <= outer.end;
}

// Every host span of the trace: Triton ops, the other ops kept, and the
// kernel and graph launches (a copy is no host span: only a graph node).
std::vector<HostSpan> hostSpans(const RawTrace& trace)
{
    std::vector<HostSpan> spans;
    spans.reserve(trace.tritonOps.size() + trace.otherOpSpans.size() + trace.launches.size());
    for (size_t i = 0; i < trace.tritonOps.size(); ++i) {
        const TritonOpRecord& op = trace.tritonOps[i];
        spans.push_back({ op.ts, op.ts + op.dur, op.thread, HostSpanKind::TritonOp, std::int32_t(i) });
    }
    for (const OtherOpSpan& op : trace.otherOpSpans)
        spans.push_back({ op.begin, op.end, op.thread, HostSpanKind::OtherOp, -1 });
    for (size_t i = 0; i < trace.launches.size(); ++i) {
        const LaunchRecord& launch = trace.launches[i];
        if (launch.kind == LaunchKind::Kernel || launch.kind == LaunchKind::Graph)
            spans.push_back({ launch.ts, launch.end, launch.thread, HostSpanKind::Launch, std::int32_t(i) });
    }
    return spans;
}

// For each launch, the Triton op it nests in directly (or -1).
std::vector<std::int32_t> opOfEachLaunch(const RawTrace& trace)
{
    std::vector<HostSpan> spans = hostSpans(trace);
    // Per thread by start; an enclosing event (ends later, or is an op
    // rather than a launch at the same bounds) comes before what it holds.
    std::sort(spans.begin(), spans.end(), [](const HostSpan& x, const HostSpan& y) {
        if (x.thread != y.thread)
            return x.thread < y.thread;
        if (x.begin != y.begin)
            return x.begin < y.begin;
        if (x.end != y.end)
            return x.end > y.end;
        if (x.kind != y.kind)
            return x.kind < y.kind;
        return x.index < y.index; // the same bounds twice: file order, whatever the sort
    });

    std::vector<std::int32_t> opOf(trace.launches.size(), -1);
    std::vector<const HostSpan*> open;
    std::uint32_t thread = UINT32_MAX;
    for (const HostSpan& span : spans) {
        if (span.thread != thread) {
            open.clear();
            thread = span.thread;
        }
        while (!open.empty() && !contains(*open.back(), span))
            open.pop_back();
        if (span.kind == HostSpanKind::Launch && !open.empty() && open.back()->kind == HostSpanKind::TritonOp)
            opOf[size_t(span.index)] = open.back()->index;
        open.push_back(&span);
    }
    return opOf;
}

} // namespace

std::int32_t LinkedKernels::reasonIndex(const QString& reason)
{
    const auto found = reasonIndexes.constFind(reason);
    if (found != reasonIndexes.constEnd())
        return *found;
    const auto index = std::int32_t(reasons.size());
    reasons << reason;
    reasonIndexes.insert(reason, index);
    return index;
}

namespace {
const QString& reasonAt(const QStringList& reasons, std::int32_t index)
{
    static const QString none;
    return index >= 0 && index < reasons.size() ? reasons[index] : none;
}
} // namespace

const QString& LinkedKernels::reasonOf(const KernelCall& call) const
{
    return reasonAt(reasons, call.unattributedReason);
}

const QString& LinkedKernels::reasonOf(const KernelOnlyCall& call) const
{
    return reasonAt(reasons, call.unattributedReason);
}

double busyTimeUs(const RawTrace& trace, std::span<const std::uint32_t> gpuEvents)
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
    GpuEventsByKey gpuByKey(trace.gpuEvents);

    std::vector<bool> claimed(trace.gpuEvents.size(), false);
    LinkedKernels linked;
    linked.opOfLaunch = opOfEachLaunch(trace);
    // The launches of each op, grouped by a counting sort: op i's are
    // launchOrder[firstLaunch[i] .. firstLaunch[i + 1]).
    std::vector<std::uint32_t> firstLaunch(trace.tritonOps.size() + 1, 0);
    for (std::int32_t op : linked.opOfLaunch) {
        if (op >= 0)
            ++firstLaunch[size_t(op) + 1];
    }
    for (size_t op = 0; op < trace.tritonOps.size(); ++op)
        firstLaunch[op + 1] += firstLaunch[op];
    std::vector<std::int32_t> launchOrder(firstLaunch.back());
    {
        std::vector<std::uint32_t> next(firstLaunch.begin(), firstLaunch.end() - 1);
        for (size_t launch = 0; launch < linked.opOfLaunch.size(); ++launch) {
            if (const std::int32_t op = linked.opOfLaunch[launch]; op >= 0)
                launchOrder[next[size_t(op)]++] = std::int32_t(launch);
        }
    }
    linked.opCalls.reserve(trace.tritonOps.size());

    for (size_t op = 0; op < trace.tritonOps.size(); ++op) {
        KernelCall call;
        call.op = &trace.tritonOps[op];
        const std::span<const std::int32_t> launches(launchOrder.data() + firstLaunch[op], launchOrder.data() + firstLaunch[op + 1]);
        call.launches = std::uint32_t(std::min<size_t>(launches.size(), (1u << 31) - 1));
        for (std::int32_t launchIndex : launches) {
            const LaunchRecord& launch = trace.launches[size_t(launchIndex)];
            if (trace.badGpuEventKeys.contains(launch.key))
                call.kernelEventDropped = true;
            const auto found = gpuByKey.withKey(launch.key);
            if (launch.key < 0 || found.empty())
                continue;
            if (launch.kind == LaunchKind::Graph) { // a graph launch owns every GPU event with its key
                for (const std::uint32_t event : found) {
                    if (trace.gpuEvents.kind(event) == GpuEventKind::Kernel) {
                        call.kernels.push_back(event);
                        claimed[event] = true;
                    }
                }
                continue;
            }
            // A normal launch runs one kernel: the one on the flow's end thread.
            const bool hasFlowEnd = trace.hasFlowEnd(launch.key);
            std::optional<std::uint32_t> match;
            for (const std::uint32_t event : found) {
                if (trace.gpuEvents.kind(event) != GpuEventKind::Kernel)
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

    gpuByKey.release(); // done with: its memory goes before the kernel-only calls come

    // A kernel left over with the key of a normal launch is no graph replay:
    // its id repeats another kernel's (a damaged or merged trace).
    std::vector<std::int64_t> normalLaunchKeys;
    for (const LaunchRecord& launch : trace.launches) {
        if (launch.kind == LaunchKind::Kernel && launch.key >= 0)
            normalLaunchKeys.push_back(launch.key);
    }
    std::sort(normalLaunchKeys.begin(), normalLaunchKeys.end());
    // Counted first, so that the list is allocated once (millions of calls,
    // where a vector's doubling would hold old and new at once).
    std::vector<bool> tritonName(size_t(trace.gpuEventNames.size()));
    for (qsizetype n = 0; n < trace.gpuEventNames.size(); ++n)
        tritonName[size_t(n)] = isTritonKernelName(trace.gpuEventNames[n]);
    const auto isKernelOnly = [&](std::uint32_t i) {
        return !claimed[i] && trace.gpuEvents.kind(i) == GpuEventKind::Kernel && tritonName[trace.gpuEvents.nameId(i)];
    };
    size_t kernelOnly = 0;
    for (std::uint32_t i = 0; i < trace.gpuEvents.size(); ++i)
        kernelOnly += isKernelOnly(i) ? 1 : 0;
    linked.kernelOnlyCalls.reserve(kernelOnly);
    for (std::uint32_t i = 0; i < trace.gpuEvents.size(); ++i) {
        if (!isKernelOnly(i))
            continue;
        KernelOnlyCall call;
        call.event = i;
        if (const std::int64_t key = trace.gpuEvents.key(i);
            key >= 0 && std::binary_search(normalLaunchKeys.begin(), normalLaunchKeys.end(), key))
            call.unattributedReason = linked.reasonIndex(QStringLiteral("its correlation id is another launch's, whose kernel it is "
                                                                        "not (a damaged or merged trace): time only"));
        linked.kernelOnlyCalls.push_back(call);
    }
    return linked;
}

} // namespace Ridgeline
