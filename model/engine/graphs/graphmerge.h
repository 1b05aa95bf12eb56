// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// Merges CUDA/HIP graph replays with their captures: each replayed Triton
// kernel becomes one call of the op that launched it while the graph was
// captured, with the replay's GPU time and the captured op's args. Replays
// that no capture explains keep their kernel-only calls, with the reason.
#pragma once

#include "engine/graphs/graphmatcher.h"
#include "engine/linking/kernellinker.h"

#include <QMap>
#include <QStringList>

#include <optional>

namespace Ridgeline {

// A trace whose capture windows may explain the replays: the replay trace
// itself (capture and replay in one file) or an attached capture trace.
struct CaptureSource
{
    QString path;
    const RawTrace* trace = nullptr;
    const LinkedKernels* linked = nullptr; // for its launch -> op map
    // From execution_details.json beside the file, for windows that carry
    // no capture_<N>_<MODE> annotation of their own.
    std::optional<int> batchSize;
    QString mode;
    QStringList warnings; // reading the file, pairing its markers
};

struct MergedCaptureWindow
{
    int source = 0; // into GraphMergeSummary::captures
    int ordinal = 0;
    std::optional<int> batchSize;
    QString mode;
    int matchedLaunches = 0;
};

struct MergedGraphLaunch
{
    std::int64_t correlation = -1;
    double ts = 0;
    GraphMatchStatus status = GraphMatchStatus::Unmatched;
    int window = -1;  // into GraphMergeSummary::windows when matched
    QString reason;   // why its Triton kernels are not attributed, when they are not
};

struct CaptureSummary
{
    QString path;
    bool isReplayTrace = false; // the windows of the opened trace itself
    int windows = 0;
    int matchedLaunches = 0;
    QStringList warnings;
};

struct GraphMergeSummary
{
    std::vector<CaptureSummary> captures;
    std::vector<MergedCaptureWindow> windows;
    std::vector<MergedGraphLaunch> launches;
    int matchedLaunches = 0;
    int ambiguousLaunches = 0;
    int unmatchedLaunches = 0;
    int launchesWithoutTriton = 0;
    int replayedTritonKernels = 0;
    int attributedKernels = 0;
    QMap<QString, int> unattributed; // reason -> replayed Triton kernels
    QStringList warnings;

    bool any() const { return !launches.empty() || !windows.empty(); }
};

struct GraphMerge
{
    LinkedKernels linked;
    GraphMergeSummary summary;
};

// `replay` and its `linked`: the opened trace; `captures` may include it.
GraphMerge mergeGraphReplays(const RawTrace& replay, const LinkedKernels& linked, const std::vector<CaptureSource>& captures);

} // namespace Ridgeline
