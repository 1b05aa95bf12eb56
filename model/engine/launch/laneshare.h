// Stage launch/: how a Triton kernel was launched against the GPU.
// The share of a launch's lanes that do work: each program covers XBLOCK x
// R0_BLOCK lanes of the iteration space, and the lanes past xnumel (in the
// last program) and past r0_numel (in the last pass of the reduction loop,
// or a persistent reduction's one pass) are masked off: r0_numel 576 in an
// R0_BLOCK of 1,024 leaves 44 % of the lanes idle.
#pragma once

#include "engine/launch/blocksizes.h"
#include "engine/launch/launchnumels.h"
#include "engine/triton/kernelcategory.h"

#include <QString>
#include <optional>

namespace Ridgeline {

struct LaneShare
{
    double share = 1; // 0..1
    QString source; // "xnumel 8192 over 8192 x XBLOCK 1; r0_numel 2432 over 3 x R0_BLOCK 1024"
};

// nullopt where a dimension's exact numel or its block size is unknown
// (a numel from size_hints says nothing of the padding). A persistent
// reduction without R0_BLOCK takes Inductor's: r0_numel's next power of two.
std::optional<LaneShare> activeLaneShare(const LaunchNumels& numels, const BlockSizes& blocks, KernelCategory category);

} // namespace Ridgeline
