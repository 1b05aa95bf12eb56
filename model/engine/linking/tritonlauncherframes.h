// Stage linking/: host ops to their launches to the GPU kernels they ran.
// GPU kernels launched from Triton's own launcher: a launch call made inside
// a python_function frame of triton/runtime/jit.py (JITFunction.run) or
// triton/backends/<backend>/driver.py (the launcher's __call__) on its thread
// ran a Triton kernel, whatever op or library called Triton (vLLM's MoE
// _matmul_ogs_ kernels under its own ops). The frames are those the reader
// keeps (RawTrace::hostSpans, 10 us and longer: the launcher's frame holds
// the launch call and the Python around it).
#pragma once

#include <QStringView>
#include <cstdint>
#include <vector>

namespace Ridgeline {

struct RawTrace;

// Whether a frame's name is Triton's launcher: ".../triton/runtime/jit.py(...): run",
// ".../triton/backends/nvidia/driver.py(...): __call__".
bool isTritonLauncherFrame(QStringView name);

// Per GPU event name (into trace.gpuEventNames), whether a kernel of that
// name was launched inside a Triton launcher frame. Linear in launches and
// GPU events, log in frames; empty when the trace keeps no such frame.
std::vector<bool> namesLaunchedByTritonLauncher(const RawTrace& trace);

} // namespace Ridgeline
