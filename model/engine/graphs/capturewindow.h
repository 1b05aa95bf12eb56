// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// The capture windows of a trace: each StreamBeginCapture..EndCapture pair
// on one host thread, with the graph nodes recorded in it (kernel launches,
// memcpy and memset calls, in order) and, for each kernel launch, the
// Triton op it was launched from. These ops hold the figures; their kernels
// never ran while being captured.
#pragma once

#include "engine/input/rawtrace.h"

#include <QString>
#include <optional>
#include <vector>

namespace Ridgeline {

class GraphNodeLabels;

// One node of a captured or replayed graph, as the matcher compares them.
struct GraphNode
{
    std::uint32_t label = 0; // GraphNodeLabels id: a kernel name, or memcpy/memset
    std::uint64_t geometry = 0; // grid and block; 0 where not recorded
    bool triton = false; // a Triton kernel (triton_*, or launched by a Triton op): the nodes that must match
    std::int32_t event = -1; // a launch (capture) or a GPU event (replay) of its trace
    std::int32_t op = -1; // capture: the Triton op the launch nests in, into tritonOps
    // Capture, no Triton op: the library op that owns the launch, into
    // libraryOps.ops (CapturedGraphs: into its libraryOp()); else -1.
    std::int32_t libraryOp = -1;
};

struct CaptureWindow
{
    int source = 0; // which capture trace, as the caller numbers them
    int ordinal = 0; // 0-based, in the order the trace captured them
    std::uint32_t thread = 0;
    double begin = 0;
    double end = 0;
    std::optional<int> batchSize; // from a capture_<N>_<MODE> annotation, when recorded
    QString mode; // "FULL", "PIECEWISE", ... when recorded
    std::vector<GraphNode> nodes;
    std::uint64_t opsSignature = 0; // of its Triton nodes' ops: equal for windows giving equal figures
    // Of its other nodes' library ops (name, args, which launches share a
    // call): equal for windows giving their replayed library kernels equal figures.
    std::uint64_t libraryOpsSignature = 0;
};

struct CaptureWindows
{
    std::vector<CaptureWindow> windows;
    QStringList warnings; // unpaired or nested capture markers
};

// `source` tags every window; `opOfLaunch` is linking's launch -> Triton op.
CaptureWindows findCaptureWindows(const RawTrace& trace, const std::vector<std::int32_t>& opOfLaunch, int source, GraphNodeLabels& labels);

// The label of a kernel name, interned; memcpy and memset have fixed ids.
GraphNode graphNode(const RawTrace& trace, std::uint32_t kernelNameId, std::uint64_t geometry, GraphNodeLabels& labels);

} // namespace Ridgeline
