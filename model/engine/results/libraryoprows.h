// Stage results/: calls grouped into unique kernel rows.
// The library ops' rows: one per op name and signature (the four arg lists,
// as TraceLens groups them, not per thread), with the op's model's figures,
// the busy time of the GPU events under each call, and TraceLens's figures
// where they differ. An op whose args fit no model keeps its time alone.
#pragma once

#include "engine/libraryops/libraryopownership.h"
#include "engine/results/kernelrow.h"

#include <vector>

namespace Ridgeline {

// Longest total time first, then by name. `totalGpuKernelTimeUs`: the
// denominator of each row's share. `rowOfGroup`: when given, filled with
// each of work.groups' row (one row per group).
std::vector<KernelRow> libraryOpRows(
    const LibraryOpWork& work, double totalGpuKernelTimeUs, std::vector<std::uint32_t>* rowOfGroup = nullptr);

// What a library op's category is as work on the GPU (for the row's badge).
GpuWork gpuWorkOf(LibraryOpCategory category);

} // namespace Ridgeline
