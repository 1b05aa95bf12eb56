// Stage results/: calls grouped into unique kernel rows.
// The GPU kernels no Triton row holds, one row per kernel name: GEMM,
// attention, communication and other library kernels, with calls, time and
// share and what the name says they do. No figures: not modelled.
#pragma once

#include "engine/linking/kernellinker.h"
#include "engine/results/gputimebreakdown.h"
#include "engine/results/kernelrow.h"

namespace Ridgeline {

// `linked`: the calls the Triton rows were made of (their kernels are not
// repeated here); `kinds`: classifyGpuEventNames's; `ownedByLibraryOps`:
// per GPU event, whether a library op's row holds it (not repeated either).
std::vector<KernelRow> libraryRows(const RawTrace& trace, const LinkedKernels& linked, const std::vector<GpuNameKind>& kinds,
    const std::vector<bool>& ownedByLibraryOps = {});

} // namespace Ridgeline
