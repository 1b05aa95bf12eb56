// Stage timeline/: every GPU event of a trace over time, for the timeline.
// Which kernel row each GPU event belongs to, found again from the rows'
// identity (name and the four arg lists, as the aggregator groups calls),
// so that a box on the timeline selects its row and takes its figures.
#pragma once

#include "engine/linking/kernellinker.h"
#include "engine/results/kernelrow.h"

#include <cstdint>
#include <vector>

namespace Ridgeline {

// Per GPU event of `trace`: its row in `rows` (AnalysisResult::kernels), -1
// for events no Triton row holds (library kernels, memcpy, memset).
std::vector<std::int32_t> tritonRowOfGpuEvent(const RawTrace& trace, const LinkedKernels& linked, const std::vector<KernelRow>& rows);

} // namespace Ridgeline
