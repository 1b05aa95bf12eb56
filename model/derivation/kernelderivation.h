// Folder derivation/: the formula inspector's text.
// The formula inspector's text: how a kernel's figures were derived, step
// by step with its real numbers, as Markdown (the inspector renders it and
// "Copy as Markdown" copies it verbatim).
#pragma once

#include "engine/results/kernelrow.h"
#include "engine/roofline/gpuspec.h"
#include "engine/timebudget/latencyfloorchoice.h"

#include <QString>

namespace Ridgeline {

// `latencyFloor`: the t0 of the table's time budget; with it, a kernel with
// figures gets its attainable-time section.
QString derivationMarkdown(const KernelRow& row, const GpuSpec& gpu, PeakSet peaks,
                           const std::optional<LatencyFloor>& latencyFloor = std::nullopt);

} // namespace Ridgeline
