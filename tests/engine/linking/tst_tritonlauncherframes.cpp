// A kernel launched inside Triton's own launcher (a triton/runtime/jit.py or
// triton/backends/<backend>/driver.py frame) is Triton work whatever op or
// library called Triton (issue 35: vLLM's MoE _matmul_ogs_ kernels), and
// only such frames count.
#include "engine/input/tracereader.h"
#include "engine/linking/tritonlauncherframes.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// Thread 100/1, GPU stream 2/0:
//   vllm::moe_forward [90, 150] with jit.py's run [100, 140] inside: launch
//     at 120 of _matmul_ogs_NNT_bf16 [200, 260] (60 us)
//   driver.py's __call__ [300, 330]: launch at 310 of _topk_forward [400, 420] (20)
//   mylib/triton_utils.py's run [500, 540], no launcher: fused_moe_kernel [600, 630] (30)
//   no frame: Cijk_Ailk_gemm [800, 840] (40), and _matmul_ogs_NNT_bf16 again [1000, 1060] (60)
// Triton work: 60 + 20 + 60 = 140 us (the name is Triton's once seen so).
QByteArray launcherTrace()
{
    QByteArrayList events;
    events << annotationEvent("cpu_op", "vllm::moe_forward", 100, 1, 90, 60);
    events << annotationEvent("python_function", "/usr/lib/python3.12/site-packages/triton/runtime/jit.py(592): run", 100, 1, 100, 40);
    events << launchEvent(120, 5, 1) << kernelEvent("_matmul_ogs_NNT_bf16", 200, 60, 1);
    events << annotationEvent("python_function", "/opt/triton/backends/amd/driver.py(480): __call__", 100, 1, 300, 30);
    events << launchEvent(310, 5, 2) << kernelEvent("_topk_forward", 400, 20, 2);
    events << annotationEvent("python_function", "mylib/triton_utils.py(12): run", 100, 1, 500, 40);
    events << launchEvent(510, 5, 3) << kernelEvent("fused_moe_kernel", 600, 30, 3);
    events << launchEvent(700, 5, 4) << kernelEvent("Cijk_Ailk_gemm", 800, 40, 4);
    events << launchEvent(900, 5, 5) << kernelEvent("_matmul_ogs_NNT_bf16", 1000, 60, 5);
    return traceJson(events.join(",\n"));
}

const KernelRow* libraryRow(const AnalysisResult& result, const QString& name)
{
    for (const KernelRow& row : result.libraryKernels) {
        if (row.name == name)
            return &row;
    }
    return nullptr;
}

} // namespace

TEST(TritonLauncherFrames, TheLauncherIsToldByItsFile)
{
    EXPECT_TRUE(isTritonLauncherFrame(u"/usr/lib/python3.12/site-packages/triton/runtime/jit.py(592): run"));
    EXPECT_TRUE(isTritonLauncherFrame(u"triton/backends/nvidia/driver.py(444): __call__"));
    EXPECT_TRUE(isTritonLauncherFrame(u"/opt/triton/backends/amd/driver.py(480): __call__"));
    EXPECT_FALSE(isTritonLauncherFrame(u"triton/backends/amd/compiler.py(30): make_hsaco"));
    EXPECT_FALSE(isTritonLauncherFrame(u"triton/backends/driver.py(10): __init__")); // no backend folder
    EXPECT_FALSE(isTritonLauncherFrame(u"mylib/triton_utils.py(12): run"));
    EXPECT_FALSE(isTritonLauncherFrame(u"torch/_inductor/runtime/triton_heuristics.py(1000): run"));
}

TEST(TritonLauncherFrames, NamesLaunchedInsideALauncherFrame)
{
    TempTraces traces;
    const TraceReadResult read = readTrace(traces.write(QStringLiteral("trace.json"), launcherTrace()), JobControl {});
    ASSERT_EQ(read.status, TraceReadResult::Status::Ok) << read.error.toStdString();
    const std::vector<bool> launched = namesLaunchedByTritonLauncher(read.trace);
    QStringList triton;
    for (size_t id = 0; id < launched.size(); ++id) {
        if (launched[id])
            triton << read.trace.gpuEventNames[qsizetype(id)];
    }
    triton.sort();
    EXPECT_EQ(triton, (QStringList { QStringLiteral("_matmul_ogs_NNT_bf16"), QStringLiteral("_topk_forward") }));
}

TEST(TritonLauncherFrames, KernelsOfTheLauncherCountAsTritonWork)
{
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("trace.json"), launcherTrace()));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    const AnalysisResult& result = *outcome.result;
    EXPECT_NEAR(result.gpuTime.us.at(GpuWork::Triton), 140, 1e-9);
    EXPECT_NEAR(result.gpuTime.us.at(GpuWork::Gemm), 40, 1e-9);
    EXPECT_NEAR(result.gpuTime.us.at(GpuWork::Other), 30, 1e-9);
    // No Triton op names them: time-only rows, of Triton work, not a library's.
    const KernelRow* ogs = libraryRow(result, QStringLiteral("_matmul_ogs_NNT_bf16"));
    ASSERT_TRUE(ogs);
    EXPECT_EQ(ogs->work, GpuWork::Triton);
    EXPECT_EQ(ogs->calls, 2);
    const KernelRow* moe = libraryRow(result, QStringLiteral("fused_moe_kernel"));
    ASSERT_TRUE(moe);
    EXPECT_EQ(moe->work, GpuWork::Other);
}
