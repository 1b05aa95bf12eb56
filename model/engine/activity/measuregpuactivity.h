// Stage activity/: what the GPU did over time, measured from the trace.
// Measures a trace's GPU activity: per device busy and idle time, idle gaps
// and their likely cause, the latency floor, and figures per step.
#pragma once

#include "engine/activity/gpuactivity.h"
#include "engine/graphs/graphmerge.h"
#include "engine/input/rawtrace.h"

namespace Ridgeline {

// `tritonNames`: per GPU event name id, whether it is a Triton kernel's
// (triton_* names and those Triton ops of other names launched): the Triton
// time of a step. Missing ids count as not Triton.
GpuActivity measureGpuActivity(const RawTrace& trace, const GraphMergeSummary& graphs, const std::vector<bool>& tritonNames = {});

} // namespace Ridgeline
