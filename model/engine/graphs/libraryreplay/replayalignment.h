// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// Which captured node each node of a matched replay replays: the Triton
// nodes pair in order (the matcher found them equal), the nodes between
// them are aligned segment by segment over their labels, so that an extra
// memcpy or memset, a missing kernel or repeated kernel names move no later
// node onto the wrong op. A captured launch without a kernel name (CUDA
// often records none) stands for any kernel of fitting grid and block.
//
// Near-linear however hostile: equal heads and tails are paired in one
// pass; what differs between them is aligned exactly (longest common
// subsequence) while it fits maxCellsPerNode cells per node of the two
// segments, and past that by a greedy walk that looks ahead a few nodes.
#pragma once

#include "engine/graphs/capturewindow.h"

#include <vector>

namespace Ridgeline {

// Whether `replayed` can be a replay of `captured`: the same label (or an
// unnamed captured launch and a replayed kernel), the same grid and block
// wherever both recorded them, both Triton or neither.
bool replaysNode(const GraphNode& captured, const GraphNode& replayed);

struct ReplayAlignment
{
    std::vector<std::int32_t> windowNode; // per replayed node: into the window's nodes, -1 when unpaired
    bool exact = true; // false: some segment was past the budget, aligned greedily
};

ReplayAlignment alignReplay(const std::vector<GraphNode>& window, const std::vector<GraphNode>& replay);

// LCS cells one segment pair may fill, per node of the two; and a floor.
constexpr std::int64_t maxCellsPerNode = 64;
constexpr std::int64_t minCellBudget = 4096;
// How far the greedy walk looks ahead on either side for the next pair.
constexpr int greedyLookAhead = 32;

} // namespace Ridgeline
