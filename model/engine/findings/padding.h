// Stage findings/: what to change in a Triton kernel, from its launch and its source's anatomy.
// A launch whose blocks overhang its numels: r0_numel 576 in an R0_BLOCK of
// 1,024 leaves 44 % of the lanes masked off, each still scheduled. A block
// that fits the numel (or a looped reduction of smaller blocks) wastes less.
#pragma once

#include "engine/findings/kernelfinding.h"
#include "engine/launch/launchfacts.h"

#include <optional>

namespace Ridgeline {

// At least this share of padding lanes fires the finding.
inline constexpr double paddingMinShare = 0.25;

// nullopt where the lane share is unknown or under a quarter is padding.
std::optional<KernelFinding> paddingFinding(const LaunchFacts& launch);

} // namespace Ridgeline
