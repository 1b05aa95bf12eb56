// Stage results/: calls grouped into unique kernel rows.
// Groups linked calls into unique kernels (name + Input Dims, Input type,
// Input Strides, Concrete Inputs, as TraceLens groups them), models each
// group once and summarises its per-call times and throughputs.
#pragma once

#include "engine/graphs/graphmerge.h"
#include "engine/linking/kernellinker.h"
#include "engine/perfmodel/kernelmodeller.h"
#include "engine/results/kernelrow.h"

namespace Ridgeline {

// `graphs`: how graph replays were merged, for replayed rows' chains; may be null.
std::vector<KernelRow> aggregateKernels(const RawTrace& trace, const LinkedKernels& linked, const KernelModeller& modeller,
                                        const GraphMergeSummary* graphs = nullptr);

} // namespace Ridgeline
