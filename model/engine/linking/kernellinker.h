// Stage linking/: host ops to their launches to the GPU kernels they ran.
// Links each Triton cpu_op to the GPU kernel(s) it launched, as TraceLens
// does (spec section 1): host events nest by time per thread, the launch
// nested in an op carries a correlation key, and the ac2g flow names the GPU
// stream that ran the kernel with that key.
#pragma once

#include "engine/input/rawtrace.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

struct KernelCall
{
    int opIndex = -1;                    // into RawTrace::tritonOps; -1 for a kernel without an op
    std::vector<std::uint32_t> kernels;  // into RawTrace::gpuEvents: the GPU kernels of this call
    std::optional<double> busyTimeUs;    // nullopt when no kernel ran
    int launches = 0;                    // launch calls nested in the op
    bool kernelEventDropped = false;     // a launched kernel's event was malformed
};

struct LinkedKernels
{
    std::vector<KernelCall> opCalls;         // one per Triton cpu_op, in trace order
    std::vector<KernelCall> kernelOnlyCalls; // triton_ GPU kernels no op launched
};

LinkedKernels linkKernels(const RawTrace& trace);

// Length of the union of [ts, ts + dur] intervals, in float64 from absolute
// timestamps as TraceLens computes it.
double busyTimeUs(const RawTrace& trace, const std::vector<std::uint32_t>& gpuEvents);

} // namespace Ridgeline
