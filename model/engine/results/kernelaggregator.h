// Stage results/: calls grouped into unique kernel rows.
// Groups linked calls into unique kernels (name + Input Dims, Input type,
// Input Strides, Concrete Inputs, as TraceLens groups them), models each
// group once and summarises its per-call times and throughputs.
#pragma once

#include "engine/graphs/graphmerge.h"
#include "engine/linking/kernellinker.h"
#include "engine/perfmodel/kernelmodeller.h"
#include "engine/results/kernelrow.h"

#include <cstdint>
#include <vector>

namespace Ridgeline {

// Each call's row, as the aggregator grouped it: parallel to
// LinkedKernels::opCalls and kernelOnlyCalls, indices into the rows it
// returned (4 bytes a call: asked for only where wanted, the timeline).
struct RowOfCall
{
    std::vector<std::uint32_t> opCalls;
    std::vector<std::uint32_t> kernelOnlyCalls;
};

// `graphs`: how graph replays were merged, for replayed rows' chains; may be
// null. `rowOfCall`: when given, filled with each call's row.
std::vector<KernelRow> aggregateKernels(const RawTrace& trace, const LinkedKernels& linked, const KernelModeller& modeller,
    const GraphMergeSummary* graphs = nullptr, RowOfCall* rowOfCall = nullptr);

} // namespace Ridgeline
