#include "engine/graphs/libraryreplay/replayedlibrarycalls.h"

#include "engine/graphs/libraryreplay/replayalignment.h"

#include <unordered_map>

namespace Ridgeline {

namespace ReplayedKernelReason {
QString ownedInReplayTrace()
{
    return QStringLiteral("an op of the opened trace launched it (its row holds it)");
}
QString noCounterpart()
{
    return QStringLiteral("no node of the capture window lines up with it");
}
QString noOpInCapture()
{
    return QStringLiteral("launched inside no modelled op while captured");
}
QString noTritonOpInCapture()
{
    return QStringLiteral("its launch while captured is not inside a Triton cpu_op");
}
QString libraryOpsTied()
{
    return QStringLiteral("another capture window of other library ops matches as well: not attributed, never guessed");
}
} // namespace ReplayedKernelReason

int attributeLibraryNodes(const ReplayedGraph& graph, const CaptureWindow& window, const GraphMatch& match, int launchIndex,
    const std::vector<bool>& claimed, std::vector<ReplayedLibraryCall>& calls, ReplayedKernelTally& tally)
{
    const ReplayAlignment alignment = alignReplay(window.nodes, graph.nodes);
    std::unordered_map<std::int32_t, size_t> callOf; // captured op -> its call in this replay
    int attributed = 0;
    for (size_t k = 0; k < graph.nodes.size(); ++k) {
        const GraphNode& replayed = graph.nodes[k];
        if (replayed.triton)
            continue;
        ++tally.replayed;
        const std::int32_t at = alignment.windowNode[k];
        if (replayed.event < 0 || claimed[size_t(replayed.event)]) {
            tally.leave(ReplayedKernelReason::ownedInReplayTrace());
            continue;
        }
        if (at < 0) {
            tally.leave(ReplayedKernelReason::noCounterpart());
            continue;
        }
        const std::int32_t op = window.nodes[size_t(at)].libraryOp;
        if (op < 0) {
            tally.leave(ReplayedKernelReason::noOpInCapture());
            continue;
        }
        if (match.libraryOpsTied) {
            tally.leave(ReplayedKernelReason::libraryOpsTied());
            continue;
        }
        const auto [call, added] = callOf.emplace(op, calls.size());
        if (added)
            calls.push_back({ op, {}, launchIndex });
        calls[call->second].events.push_back(std::uint32_t(replayed.event));
        ++tally.attributed;
        ++attributed;
    }
    return attributed;
}

void restrictToRange(std::vector<ReplayedLibraryCall>& calls, const RangeRestriction& restriction)
{
    std::vector<ReplayedLibraryCall> inRange;
    for (ReplayedLibraryCall& call : calls) {
        GpuEventIndices events = restriction.renumbered(call.events);
        if (events.empty())
            continue;
        call.events = std::move(events);
        inRange.push_back(std::move(call));
    }
    calls = std::move(inRange);
}

} // namespace Ridgeline
