// Stage findings/: what to change in a Triton kernel, from its launch and its source's anatomy.
// A launch that leaves most of the GPU idle: fewer programs than half its
// compute units. Each program runs on one SM (NVIDIA) or CU (AMD), so 16
// programs on 304 CUs keep 5 % of the GPU busy however fast each runs.
#pragma once

#include "engine/findings/kernelfinding.h"
#include "engine/launch/launchfacts.h"

#include <optional>

namespace Ridgeline {

// Programs under this share of the compute units fire the finding.
inline constexpr double underFilledMaxShareOfUnits = 0.5;

// "CUs" for an AMD GPU's name, "SMs" for another named GPU, "compute units"
// for none.
QString computeUnitsWord(const QString& gpuName);

// nullopt where the programs or the compute units are unknown, or the
// programs fill at least half the units.
std::optional<KernelFinding> underFilledFinding(const LaunchFacts& launch, const QString& gpuName);

} // namespace Ridgeline
