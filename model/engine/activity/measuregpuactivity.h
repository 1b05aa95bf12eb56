// Stage activity/: what the GPU did over time, measured from the trace.
// Measures a trace's GPU activity: per device busy and idle time, idle gaps
// and their likely cause, the latency floor, and figures per step.
#pragma once

#include "engine/activity/gpuactivity.h"
#include "engine/graphs/graphmerge.h"
#include "engine/input/rawtrace.h"

namespace Ridgeline {

// `userTritonNames`: GPU kernel names (ids into gpuEventNames) that Triton
// ops of other names launched; with triton_* names, the Triton time of a step.
GpuActivity measureGpuActivity(const RawTrace& trace, const GraphMergeSummary& graphs,
                               const std::vector<std::uint32_t>& userTritonNames = {});

} // namespace Ridgeline
