#include "engine/input/rawtrace.h"

#include <algorithm>
#include <vector>

namespace Ridgeline {

const TritonOpIdentity* TritonOpIdentities::intern(const QString& name, std::shared_ptr<const TritonOpArgs> args)
{
    const std::pair<QString, const TritonOpArgs*> key { name, args.get() };
    if (const auto found = m_index.constFind(key); found != m_index.cend())
        return found.value();
    const TritonOpIdentity* identity = &m_identities.emplace_back(TritonOpIdentity { name, std::move(args) });
    m_index.insert(key, identity);
    return identity;
}

std::uint64_t kernelGeometry(const std::int64_t grid[3], const std::int64_t block[3])
{
    std::uint64_t hash = 1469598103934665603ull;
    for (int i = 0; i < 3; ++i) {
        hash = (hash ^ std::uint64_t(grid[i])) * 1099511628211ull;
        hash = (hash ^ std::uint64_t(block[i])) * 1099511628211ull;
    }
    return hash == 0 ? 1 : hash; // 0 means "not recorded"
}

namespace {

bool byIdThenThread(const FlowEnd& a, const FlowEnd& b)
{
    return a.id != b.id ? a.id < b.id : a.thread < b.thread;
}

} // namespace

bool RawTrace::hasFlowEnd(std::int64_t id) const
{
    if (m_flowEndsIndexed)
        return std::binary_search(
            flowEnds.begin(), flowEnds.end(), FlowEnd { id, 0 }, [](const FlowEnd& a, const FlowEnd& b) { return a.id < b.id; });
    return std::any_of(flowEnds.begin(), flowEnds.end(), [id](const FlowEnd& f) { return f.id == id; });
}

bool RawTrace::flowEndsOn(std::int64_t id, std::uint32_t thread) const
{
    if (m_flowEndsIndexed)
        return std::binary_search(flowEnds.begin(), flowEnds.end(), FlowEnd { id, thread }, byIdThenThread);
    return std::any_of(flowEnds.begin(), flowEnds.end(), [id, thread](const FlowEnd& f) { return f.id == id && f.thread == thread; });
}

void RawTrace::noteFlowStart(std::int64_t id)
{
    flowStartsRecorded = true;
    // Kineto writes a flow's start right after its runtime call: the last
    // launch kept. Anything else waits for markFlowStarts().
    if (!launches.empty() && launches.back().key == id)
        launches.back().hasFlowStart = true;
    else
        unmatchedFlowStarts.push_back(id);
}

void RawTrace::markFlowStarts()
{
    if (unmatchedFlowStarts.empty())
        return;
    std::sort(unmatchedFlowStarts.begin(), unmatchedFlowStarts.end());
    for (LaunchRecord& launch : launches) {
        if (!launch.hasFlowStart && std::binary_search(unmatchedFlowStarts.begin(), unmatchedFlowStarts.end(), launch.key))
            launch.hasFlowStart = true;
    }
    std::vector<std::int64_t>().swap(unmatchedFlowStarts);
}

void RawTrace::indexFlowEnds()
{
    std::sort(flowEnds.begin(), flowEnds.end(), byIdThenThread); // in place: no second copy of millions
    m_flowEndsIndexed = true;
}

void RawTrace::keepOnlyWhatLinkingNeeds()
{
    // The linker gives a launch to the innermost host span around it. An op
    // that overlaps no Triton op cannot be that span for a launch inside a
    // Triton op, nor end one early: whatever it hides, or is hidden by, is
    // no Triton op either. (Touching counts as overlapping.)
    struct Interval
    {
        std::uint32_t thread;
        double begin;
        double end;
    };
    const auto byThreadThenBegin
        = [](const Interval& a, const Interval& b) { return a.thread != b.thread ? a.thread < b.thread : a.begin < b.begin; };
    std::vector<Interval> triton;
    triton.reserve(tritonOps.size());
    for (const TritonOpRecord& op : tritonOps)
        triton.push_back({ op.thread, op.ts, op.ts + op.dur });
    std::sort(triton.begin(), triton.end(), byThreadThenBegin);
    // Per thread, the latest end among the ops begun so far.
    std::vector<double> latestEnd(triton.size());
    for (size_t i = 0; i < triton.size(); ++i) {
        const bool sameThread = i > 0 && triton[i - 1].thread == triton[i].thread;
        latestEnd[i] = sameThread ? std::max(latestEnd[i - 1], triton[i].end) : triton[i].end;
    }
    const auto overlapsATritonOp = [&](const OtherOpSpan& span) {
        // The last Triton op on the thread that begins no later than the span ends.
        const auto after = std::upper_bound(triton.begin(), triton.end(), Interval { span.thread, span.end, 0 }, byThreadThenBegin);
        if (after == triton.begin() || (after - 1)->thread != span.thread)
            return false;
        return latestEnd[size_t(after - triton.begin()) - 1] >= span.begin;
    };
    std::erase_if(otherOpSpans, [&](const OtherOpSpan& span) { return !overlapsATritonOp(span); });
    otherOpSpans.shrink_to_fit();

    // Flow ends are looked up by a launch's key only.
    std::vector<std::int64_t> keys;
    keys.reserve(launches.size());
    for (const LaunchRecord& launch : launches)
        keys.push_back(launch.key);
    std::sort(keys.begin(), keys.end());
    std::erase_if(flowEnds, [&](const FlowEnd& end) {
        const std::int64_t id = end.id; // a copy: FlowEnd is packed, a reference to its id would be misaligned
        return !std::binary_search(keys.begin(), keys.end(), id);
    });
    flowEnds.shrink_to_fit();
}

} // namespace Ridgeline
