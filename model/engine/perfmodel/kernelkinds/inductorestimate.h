// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// Inductor's own estimates of a kernel (kernel_num_gb, kernel_flop), written
// with TORCHINDUCTOR_BENCHMARK_KERNEL=1 or TORCHINDUCTOR_PROFILE into the
// Triton op's args and the block's inductor_meta: a second opinion shown
// beside Ridgeline's figures, with the difference in percent.
#pragma once

#include "engine/input/tritonopargs.h"
#include "engine/perfmodel/kernelmodel.h"

namespace Ridgeline {

// The trace's args first (what ran), else the cache block's inductor_meta;
// nullopt when neither has an estimate.
std::optional<InductorEstimate> inductorEstimate(const TritonOpArgs* args, const WrapperKernel* block);

// (ridgeline - inductor) / inductor in percent; nullopt when either is
// missing or Inductor's is 0.
std::optional<double> differencePercent(std::optional<double> ridgeline, std::optional<double> inductor);

} // namespace Ridgeline
