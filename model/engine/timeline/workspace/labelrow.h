// Stage timeline/, workspace/: what the timeline pane works with.
// The table row a timeline box's label names: a Triton or library-op row
// (AnalysisResult::rows), or a library kernel's (libraryKernels). The pane
// searches by its name as the trace wrote it and shows its whole name.
#pragma once

#include "engine/results/analysisresult.h"

#include <cstdint>

namespace Ridgeline {

// Null where the label names no row (a step, a frame) or is out of range.
const KernelRow* rowOfLabel(const AnalysisResult& result, std::uint32_t label);

} // namespace Ridgeline
