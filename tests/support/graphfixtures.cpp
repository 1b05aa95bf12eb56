#include "graphfixtures.h"

#include "testsupport.h"

namespace Ridgeline::Test {
namespace {

QByteArray number(double value)
{
    return QByteArray::number(value, 'f', 3);
}

QByteArray geometry(int gridX)
{
    if (gridX == 0)
        return {};
    return ", \"grid\": [" + QByteArray::number(gridX) + ", 1, 1], \"block\": [128, 1, 1]";
}

QByteArray runtimeCall(const QByteArray& name, double ts, double dur, const QByteArray& args, int tid)
{
    return "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"" + name + "\", \"pid\": 100, \"tid\": " + QByteArray::number(tid)
        + ", \"ts\": " + number(ts) + ", \"dur\": " + number(dur) + ", \"args\": {" + args + "}}";
}

// addmm(bias [512], A [141, 512], B [512, 512]) in BF16: a modelled GEMM.
const QByteArray gemmAddmmArgs = R"("Input Dims": [[512], [141, 512], [512, 512], [], []], )"
                                 R"("Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"], )"
                                 R"("Input Strides": [[1], [512, 1], [1, 512], [], []], "Concrete Inputs": ["", "", "", "1", "1"])";

} // namespace

QByteArray captureWindow(double ts, int firstId, const std::vector<CapturedKernel>& kernels, int batch, int tid)
{
    QByteArrayList events;
    events << runtimeCall("cudaStreamBeginCapture", ts, 2, "\"correlation\": " + QByteArray::number(firstId), tid);
    double t = ts + 10;
    int id = firstId + 1;
    for (const CapturedKernel& kernel : kernels) {
        const QByteArray launchArgs = "\"External id\": " + QByteArray::number(id) + ", \"correlation\": " + QByteArray::number(id)
            + ", \"kernel\": \"" + kernel.name + "\"" + geometry(kernel.gridX);
        // Inductor's kernels, and user-written ones whose op says kernel_backend "triton".
        if ((kernel.name.startsWith("triton_") || kernel.args.contains("kernel_backend")) && !kernel.args.isEmpty())
            events << tritonOpEvent(kernel.name, t, 10, id, kernel.args, tid);
        if (!kernel.libraryOp.isEmpty())
            events << tritonOpEvent(kernel.libraryOp, t, 10, id, kernel.libraryArgs, tid);
        if (kernel.name == "<memset>" || kernel.name == "<memcpy>")
            events << runtimeCall(kernel.name == "<memset>" ? "cudaMemsetAsync" : "cudaMemcpyAsync", t + 1, 5,
                "\"correlation\": " + QByteArray::number(id), tid);
        else
            events << runtimeCall("cudaLaunchKernel", t + 1, 5, launchArgs, tid);
        t += 20;
        ++id;
    }
    events << runtimeCall("cudaStreamEndCapture", t, 2, "\"correlation\": " + QByteArray::number(id), tid);
    if (batch > 0)
        events.prepend("{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"capture_" + QByteArray::number(batch)
            + "_FULL\", \"pid\": 100, \"tid\": " + QByteArray::number(tid) + ", \"ts\": " + number(ts - 1)
            + ", \"dur\": " + number(t - ts + 10) + ", \"args\": {}}");
    return events.join(",\n");
}

QByteArray graphReplay(double ts, int correlation, const std::vector<ReplayedKernel>& kernels, int tid)
{
    QByteArrayList events;
    events << runtimeCall("cudaGraphLaunch", ts, 8, "\"correlation\": " + QByteArray::number(correlation), tid);
    double t = ts + 100;
    for (const ReplayedKernel& kernel : kernels) {
        const bool memcpy = kernel.name == "<memcpy>", memset = kernel.name == "<memset>";
        const QByteArray cat = memcpy ? "gpu_memcpy" : memset ? "gpu_memset" : "kernel";
        const QByteArray name = memcpy ? QByteArray("Memcpy DtoD") : memset ? QByteArray("Memset (Device)") : kernel.name;
        events << "{\"ph\": \"X\", \"cat\": \"" + cat + "\", \"name\": \"" + name + "\", \"pid\": 2, \"tid\": 7, \"ts\": " + number(t)
                + ", \"dur\": " + number(kernel.dur) + ", \"args\": {\"correlation\": " + QByteArray::number(correlation)
                + ", \"stream\": 7" + geometry(kernel.gridX) + "}}";
        t += kernel.dur + 1;
    }
    return events.join(",\n");
}

QByteArray poiAddArgs(int n)
{
    const QByteArray size = QByteArray::number(n);
    return "\"Input Dims\": [[" + size + "], [" + size
        + "], []], \"Input type\": [\"c10::Float\", \"c10::Float\", \"Scalar\"], "
          "\"Input Strides\": [[1], [1], []], \"Concrete Inputs\": [\"\", \"\", \""
        + size + "\"]";
}

QByteArray annotationEvent(const QByteArray& category, const QByteArray& name, int pid, int tid, double ts, double dur)
{
    return "{\"ph\": \"X\", \"cat\": \"" + category + "\", \"name\": \"" + name + "\", \"pid\": " + QByteArray::number(pid)
        + ", \"tid\": " + QByteArray::number(tid) + ", \"ts\": " + QByteArray::number(ts, 'f', 3)
        + ", \"dur\": " + QByteArray::number(dur, 'f', 3) + ", \"args\": {}}";
}

// Host thread pid 100 tid 1, GPU 2 stream 0 (the first GPU event, 300 us, is the origin):
//   execute_1 [90, 390]:  aten::addmm [100, 180] launches (120) a GEMM [300, 350];
//                         triton_poi_fused_add_0 [200, 220] launches (205) its kernel [360, 370]
//   execute_2 [395, 495]: aten::addmm [400, 480] launches (420) a GEMM [600, 640]
//   Cijk_lonely launched (650) by no op: [700, 710]
//   execute_3_idle [800, 810]: launches nothing
// From the origin: GEMM 0-50, add 60-70, GEMM 300-340, lonely 400-410 us.
QByteArray libraryOpsAndExecuteRanges()
{
    QByteArrayList events;
    events << annotationEvent("user_annotation", "execute_1_context_0_generation_4", 100, 1, 90, 300);
    events << tritonOpEvent("aten::addmm", 100, 80, 1, gemmAddmmArgs);
    events << launchEvent(120, 5, 1) << kernelEvent("Cijk_Ailk_Bljk_BBS_MT128", 300, 50, 1);
    events << tritonOpEvent("triton_poi_fused_add_0", 200, 20, 3, poiAddArgs(1024));
    events << launchEvent(205, 5, 3) << kernelEvent("triton_poi_fused_add_0", 360, 10, 3);
    events << annotationEvent("user_annotation", "execute_2_context_0_generation_4", 100, 1, 395, 100);
    events << tritonOpEvent("aten::addmm", 400, 80, 2, gemmAddmmArgs);
    events << launchEvent(420, 5, 2) << kernelEvent("Cijk_Ailk_Bljk_BBS_MT128", 600, 40, 2);
    events << launchEvent(650, 5, 4) << kernelEvent("Cijk_lonely", 700, 10, 4);
    events << annotationEvent("user_annotation", "execute_3_idle", 100, 1, 800, 10);
    return events.join(",\n");
}

QByteArray gemmThenTwoGraphLaunches()
{
    QByteArrayList events;
    events << kernelEvent("Cijk_gemm_before", 1000, 50, 1, 0);
    events << graphReplay(2000, 10, { { "triton_poi_fused_add_0", 10 }, { "Cijk_gemm_x", 20 }, { "triton_poi_fused_add_0", 5 } });
    events << graphReplay(3000, 11, { { "triton_poi_fused_add_0", 10 } });
    return events.join(",\n");
}

QByteArray profilerStepEvent(int number, double ts, double dur)
{
    return annotationEvent("user_annotation", "ProfilerStep#" + QByteArray::number(number), 100, 1, ts, dur);
}

QByteArray oneProfilerStepOfFourGraphLaunches()
{
    QByteArrayList events;
    events << profilerStepEvent(3, 0, 10000);
    events << launchEvent(400, 5, 1) << kernelEvent("Cijk_encoder", 500, 100, 1, 0);
    for (int i = 0; i < 4; ++i)
        events << graphReplay(1000.0 * (i + 1), 50 + i, { { "triton_poi_fused_add_0", 10 }, { "Cijk_gemm", 30 } });
    events << launchEvent(5900, 5, 2) << kernelEvent("Cijk_decoder", 6000, 60, 2, 0);
    return events.join(",\n");
}

QByteArray oneGraphLaunchWithoutAStep()
{
    return graphReplay(0, 50, { { "triton_poi_fused_add_0", 20 }, { "Cijk_gemm", 30 } });
}

} // namespace Ridgeline::Test
