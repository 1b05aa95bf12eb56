// Stage timeline/: every GPU event of a trace over time, for the timeline.
// Which kernel row each GPU event belongs to, found again from the rows'
// identity (name and the four arg lists, as the aggregator and the library
// ops group calls), so that a box on the timeline selects its row and takes
// its figures.
#pragma once

#include "engine/libraryops/libraryopownership.h"
#include "engine/linking/kernellinker.h"
#include "engine/results/kernelrow.h"

#include <cstdint>
#include <vector>

namespace Ridgeline {

// Per GPU event of `trace`: its row in `rows` (AnalysisResult::kernels), -1
// for events no Triton row holds (library kernels, memcpy, memset).
std::vector<std::int32_t> tritonRowOfGpuEvent(const RawTrace& trace, const LinkedKernels& linked, const std::vector<KernelRow>& rows);

// Per GPU event: its Triton row as above, or for an event a library op owns
// (`work.owners`) its library-op row: `libraryOpRows` (libraryOpRows(work))
// placed after the `tritonRows` in AnalysisResult::kernels.
std::vector<std::int32_t> rowOfGpuEvent(const RawTrace& trace, const LinkedKernels& linked, const std::vector<KernelRow>& tritonRows,
                                        const LibraryOpWork& work, const std::vector<KernelRow>& libraryOpRows);

} // namespace Ridgeline
