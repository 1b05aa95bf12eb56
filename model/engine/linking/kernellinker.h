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
    // The Triton op of the call: in the trace's tritonOps, or (graph
    // replays) in the capture trace's. Null for a kernel without an op.
    const TritonOpRecord* op = nullptr;
    std::vector<std::uint32_t> kernels;  // into RawTrace::gpuEvents: the GPU kernels of this call
    std::optional<double> busyTimeUs;    // nullopt when no kernel ran
    int launches = 0;                    // launch calls nested in the op
    bool kernelEventDropped = false;     // a launched kernel's event was malformed
    // Set by the graphs stage for replayed kernels: into GraphMergeSummary's
    // launches and windows (-1: not a replay / not matched).
    int graphLaunch = -1;
    int captureWindow = -1;
    QString unattributedReason; // a replayed kernel left without its op: why
};

struct LinkedKernels
{
    std::vector<KernelCall> opCalls;         // one per Triton cpu_op, in trace order
    std::vector<KernelCall> kernelOnlyCalls; // triton_ GPU kernels no op launched
    std::vector<std::int32_t> opOfLaunch;    // per launch: the Triton op it nests in directly, or -1
};

LinkedKernels linkKernels(const RawTrace& trace);

// Length of the union of [ts, ts + dur] intervals, in float64 from absolute
// timestamps as TraceLens computes it.
double busyTimeUs(const RawTrace& trace, const std::vector<std::uint32_t>& gpuEvents);

} // namespace Ridgeline
