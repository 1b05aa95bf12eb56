// Stage timeline/: every GPU event of a trace over time, for the timeline.
// Which kernel row each GPU event belongs to, from each call's row as the
// aggregator grouped it and each library-op group's row (not found again
// from the rows' names and args), so that a box on the timeline selects
// its row and takes its figures.
#pragma once

#include "engine/libraryops/libraryopownership.h"
#include "engine/linking/kernellinker.h"
#include "engine/results/kernelaggregator.h"

#include <cstdint>
#include <vector>

namespace Ridgeline {

// Per GPU event of `trace`: its row in AnalysisResult::rows, -1 for the
// events no row holds (library kernels of no op, memcpy, memset). The
// Triton rows come first, their calls' rows in `rowOfCall`
// (aggregateKernels); the library-op rows after the `tritonRows` of them,
// an owned event's (`work.owners`) by its group's row in `rowOfGroup`
// (libraryOpRows(work)).
std::vector<std::int32_t> rowOfGpuEvent(const RawTrace& trace, const LinkedKernels& linked, const RowOfCall& rowOfCall, size_t tritonRows,
    const LibraryOpWork& work, const std::vector<std::uint32_t>& rowOfGroup);

} // namespace Ridgeline
