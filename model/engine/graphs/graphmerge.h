// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// Merges CUDA/HIP graph replays with their captures: each replayed Triton
// kernel becomes one call of the op that launched it while the graph was
// captured, with the replay's GPU time and the captured op's args; each
// replayed library kernel a call of the library op that launched it
// (libraryreplay/). Replays that no capture explains keep their
// kernel-only calls, with the reason.
#pragma once

#include "engine/graphs/capturedgraphs.h"
#include "engine/graphs/graphmatcher.h"
#include "engine/graphs/libraryreplay/replayedlibrarycalls.h"
#include "engine/linking/kernellinker.h"

#include <QMap>
#include <QStringList>
#include <optional>

namespace Ridgeline {

struct MergedCaptureWindow
{
    int source = 0; // into GraphMergeSummary::captures
    int ordinal = 0;
    std::optional<int> batchSize;
    QString mode;
    int matchedLaunches = 0;
    ReplayedKernelTally kernels = {}; // every GPU event its matched launches replayed
};

struct MergedGraphLaunch
{
    std::int64_t correlation = -1;
    double ts = 0;
    GraphMatchStatus status = GraphMatchStatus::Unmatched;
    int window = -1; // into GraphMergeSummary::windows when matched
    QString reason; // why its Triton kernels are not attributed, when they are not (shared text, no id)
};

struct GraphMergeSummary
{
    std::vector<CaptureSummary> captures;
    std::vector<MergedCaptureWindow> windows;
    std::vector<MergedGraphLaunch> launches;
    int matchedLaunches = 0;
    int ambiguousLaunches = 0;
    int unmatchedLaunches = 0;
    int launchesWithoutTriton = 0; // of library kernels only, and no capture window explains them
    int replayedTritonKernels = 0;
    int attributedKernels = 0; // of the Triton ones
    // The other replayed GPU events (library kernels, memcpy, memset), and
    // those given the library op that launched them while captured.
    int replayedLibraryKernels = 0;
    int attributedLibraryKernels = 0;
    // Reason -> replayed Triton kernels; the reasons name no launch, and
    // past maxUnattributedReasons the rest are counted under one key.
    QMap<QString, int> unattributed;
    QStringList warnings;

    bool any() const { return !launches.empty() || !windows.empty(); }
};

struct GraphMerge
{
    LinkedKernels linked; // its replayed calls' ops live in `captures`
    CapturedGraphs captures;
    GraphMergeSummary summary;
    std::vector<ReplayedLibraryCall> libraryCalls;
};

constexpr int maxUnattributedReasons = 32;

// `replay` and its `linked`: the opened trace; `captures` may include its
// own windows (CapturedGraphs::addReplayTrace) and must hold every capture
// before the replays are read (a capture's Triton op marks its kernel names).
GraphMerge mergeGraphReplays(const RawTrace& replay, LinkedKernels linked, CapturedGraphs captures);

// The same, reading each source's windows first (tests, small inputs).
GraphMerge mergeGraphReplays(const RawTrace& replay, const LinkedKernels& linked, const std::vector<CaptureSource>& captures);

} // namespace Ridgeline
