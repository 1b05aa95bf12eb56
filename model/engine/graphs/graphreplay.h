// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// The graph replays of a trace: each cudaGraphLaunch / hipGraphLaunch and
// the GPU events that carry its correlation id, in the order they ran.
// The replayed kernels have time and no figures: no op launched them.
#pragma once

#include "engine/graphs/capturewindow.h"

#include <vector>

namespace Ridgeline {

struct ReplayedGraph
{
    std::int32_t launch = -1; // into RawTrace::launches
    std::vector<GraphNode> nodes; // GPU events (kernels, memcpy, memset) by start time
};

struct GraphReplays
{
    std::vector<ReplayedGraph> graphs;
    int repeatedKeys = 0; // graph launches whose id an earlier one already used
};

GraphReplays findGraphReplays(const RawTrace& trace, GraphNodeLabels& labels);

} // namespace Ridgeline
