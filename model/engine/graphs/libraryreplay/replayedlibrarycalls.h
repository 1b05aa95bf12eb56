// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// The library ops a matched replay replays: each replayed node that is not
// a Triton kernel (library kernels, memcpy, memset) aligned with its
// captured node (replayalignment.h) belongs to the library op that
// launched that node while the graph was captured; one call per op and
// replay, as an eager op makes one call. What stays without an op says why.
#pragma once

#include "engine/graphs/graphmatcher.h"
#include "engine/graphs/graphreplay.h"
#include "engine/input/rawtrace.h"
#include "engine/linking/gpueventindices.h"
#include "engine/linking/timerange.h"

#include <QMap>
#include <QString>
#include <vector>

namespace Ridgeline {

// One replay of a captured library op: the replayed GPU events of the
// launches it made while captured.
struct ReplayedLibraryCall
{
    std::int32_t op = -1; // into GraphMerge::captures.libraryOp()
    GpuEventIndices events; // into the replay trace's gpuEvents
    std::int32_t graphLaunch = -1; // into GraphMergeSummary::launches
};

// The replayed GPU events of a capture window's launches, and why those
// without an op have none (reason -> count; a handful of fixed texts).
struct ReplayedKernelTally
{
    int replayed = 0;
    int attributed = 0;
    QMap<QString, int> unattributed;

    void leave(const QString& reason, int count = 1) { unattributed[reason] += count; }
};

// Why a replayed node has no op; the same texts for every window.
namespace ReplayedKernelReason {
QString ownedInReplayTrace();
QString noCounterpart();
QString noOpInCapture();
QString noTritonOpInCapture();
QString libraryOpsTied();
} // namespace ReplayedKernelReason

// The non-Triton nodes of `graph`, replayed from `window` as `match` found:
// calls appended to `calls` (graphLaunch `launchIndex`), every node counted
// in `tally`. Returns the nodes attributed. `claimed`: events an op of the
// replay trace already owns.
int attributeLibraryNodes(const ReplayedGraph& graph, const CaptureWindow& window, const GraphMatch& match, int launchIndex,
    const std::vector<bool>& claimed, std::vector<ReplayedLibraryCall>& calls, ReplayedKernelTally& tally);

// Keeps in `calls` (GraphMerge::libraryCalls) only the replays of a GPU
// event in the range `restriction` (restrictToRange) kept, holding only
// those, by their new indices: they follow the trace's.
void restrictToRange(std::vector<ReplayedLibraryCall>& calls, const RangeRestriction& restriction);

} // namespace Ridgeline
