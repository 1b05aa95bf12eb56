// Stage findings/: what to change in a Triton kernel, from its launch and its source's anatomy.
// The source's bytes against the model's (TraceLens's count, every input
// tensor once in full): apart by more than 1.5x, the larger over the
// smaller at both ends of a gather's range, with the pointer that makes
// most of the gap and why ("the embedding gather reads at most 8,192 of
// 49,152 rows: TraceLens counts the whole table"). The model stays the
// figure the roofline and the budget use; the source's bytes show beside it.
#pragma once

#include "engine/findings/kernelfinding.h"
#include "engine/kernelsource/kernelanatomy.h"
#include "engine/perfmodel/kernelmodel.h"

#include <optional>

namespace Ridgeline {

// Apart by more than this factor fires the finding.
inline constexpr double bytesDisagreeMinRatio = 1.5;

// Whether the two figures are apart by more than the ratio (the finding's
// test, which the roofline's bar between the two intensities shares).
bool sourceBytesDisagree(const KernelAnatomy& anatomy, const KernelModel& model);

// nullopt where either figure is unknown or 0, the anatomy is approximate
// (numels from size_hints: upper bounds), or they are within the ratio.
std::optional<KernelFinding> bytesDisagreeFinding(const KernelAnatomy& anatomy, const KernelModel& model);

} // namespace Ridgeline
