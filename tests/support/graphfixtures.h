// Synthetic traces of launches: CUDA graph capture windows with their
// Triton ops and launches, graph launches with their replayed kernels, and
// library ops and execute_ ranges for the timeline.
#pragma once

#include <QByteArray>
#include <vector>

namespace Ridgeline::Test {

// One node of a captured graph. A triton_ kernel with `args`, or any kernel
// whose args say kernel_backend "triton", gets its Triton cpu_op around the
// launch; a kernel with `libraryOp` gets that op (and `libraryArgs`) around
// it; any other kernel is a bare launch. "<memset>" and "<memcpy>" are
// cudaMemsetAsync and cudaMemcpyAsync calls.
struct CapturedKernel
{
    QByteArray name;
    QByteArray args; // V2 args of the Triton op (without External id)
    int gridX = 0; // 0: the launch records no grid/block
    QByteArray libraryOp = {}; // "aten::mm", ...
    QByteArray libraryArgs = {}; // its Input Dims, types, ... (without External id)
};

// A capture window starting at `ts` on thread `tid`, with ids from `firstId`
// up; `batch` > 0 wraps it in vLLM's capture_<batch>_FULL annotation.
QByteArray captureWindow(double ts, int firstId, const std::vector<CapturedKernel>& kernels, int batch = 0, int tid = 1);

// One replayed GPU node: a kernel (or "<memcpy>", "<memset>") with its duration.
struct ReplayedKernel
{
    QByteArray name;
    double dur = 10;
    int gridX = 0; // 0: no grid/block recorded, as on HIP graph replays
};

// A graph launch at `ts` with `correlation`, and its kernels 100 us later,
// back to back on stream 7.
QByteArray graphReplay(double ts, int correlation, const std::vector<ReplayedKernel>& kernels, int tid = 1);

// A GEMM at 1000 us on stream 0 (the first GPU event: the origin), then two
// graph launches replayed on stream 7 (graphReplay: kernels from 100 us
// after the launch, 1 us apart):
//   launch 10 at 2000: add 10 us [2100, 2110), gemm 20 [2111, 2131), add 5 [2132, 2137)
//   launch 11 at 3000: add 10 us [3100, 3110)
// From the origin, the first launch's GPU span is [1100, 1137) us.
QByteArray gemmThenTwoGraphLaunches();

// A diffusion run in one ProfilerStep#3 [0, 10000) us on the host: a text
// encoder launched at 400 runs [500, 600) on the GPU (the origin), then four
// launches of one graph (correlations 50-53 at 1000, 2000, 3000, 4000), each
// replaying triton_poi_fused_add_0 10 us and Cijk_gemm 30 us 100 us later
// (40 us, 10 of them Triton), then a decoder launched at 5900 runs
// [6000, 6060). Kernel time 320 us: 160 in the launches, 160 once.
QByteArray oneProfilerStepOfFourGraphLaunches();
// Its baseline: the same graph launched once at 0 without a ProfilerStep,
// triton_poi_fused_add_0 20 us and Cijk_gemm 30 us from 100: 50 us a launch.
QByteArray oneGraphLaunchWithoutAStep();
// A ProfilerStep#N annotation on the host thread (pid 100, tid 1).
QByteArray profilerStepEvent(int number, double ts, double dur);

// V2 args of triton_poi_fused_add_0 over `n` float elements.
QByteArray poiAddArgs(int n);

// A complete user_annotation or gpu_user_annotation event.
QByteArray annotationEvent(const QByteArray& category, const QByteArray& name, int pid, int tid, double ts, double dur);
// Two aten::addmm calls (a GEMM each), a Triton call, a kernel of no op and
// three vLLM execute_ ranges around them (the figures in graphfixtures.cpp).
QByteArray libraryOpsAndExecuteRanges();

} // namespace Ridgeline::Test
