#include "engine/graphs/graphreplay.h"

#include "engine/graphs/graphnodelabels.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace Ridgeline {

GraphReplays findGraphReplays(const RawTrace& trace, GraphNodeLabels& labels)
{
    GraphReplays found;
    std::unordered_set<std::int64_t> graphKeys;
    for (const LaunchRecord& launch : trace.launches) {
        if (launch.kind == LaunchKind::Graph && launch.key >= 0)
            graphKeys.insert(launch.key);
    }
    if (graphKeys.empty())
        return found;

    std::unordered_map<std::int64_t, std::vector<std::uint32_t>> eventsByKey;
    for (std::uint32_t i = 0; i < trace.gpuEvents.size(); ++i) {
        if (graphKeys.contains(trace.gpuEvents.key(i)))
            eventsByKey[trace.gpuEvents.key(i)].push_back(i);
    }

    std::unordered_set<std::int64_t> seen;
    for (std::uint32_t i = 0; i < trace.launches.size(); ++i) {
        const LaunchRecord& launch = trace.launches[i];
        if (launch.kind != LaunchKind::Graph || launch.key < 0)
            continue;
        // A repeated id would hand one replay's kernels to every launch.
        if (!seen.insert(launch.key).second) {
            ++found.repeatedKeys;
            continue;
        }
        ReplayedGraph graph;
        graph.launch = std::int32_t(i);
        std::vector<std::uint32_t>& events = eventsByKey[launch.key];
        std::stable_sort(
            events.begin(), events.end(), [&](std::uint32_t a, std::uint32_t b) { return trace.gpuEvents.ts(a) < trace.gpuEvents.ts(b); });
        graph.nodes.reserve(events.size());
        for (std::uint32_t event : events) {
            const GpuEventRecord& record = trace.gpuEvents[event];
            GraphNode node;
            if (record.kind == GpuEventKind::Memcpy)
                node.label = GraphNodeLabels::memcpy;
            else if (record.kind == GpuEventKind::Memset)
                node.label = GraphNodeLabels::memset;
            else
                node = graphNode(trace, record.nameId, record.geometry, labels);
            node.event = std::int32_t(event);
            graph.nodes.push_back(node);
        }
        found.graphs.push_back(std::move(graph));
    }
    return found;
}

} // namespace Ridgeline
