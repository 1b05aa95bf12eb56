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
    return "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"" + name + "\", \"pid\": 100, \"tid\": "
        + QByteArray::number(tid) + ", \"ts\": " + number(ts) + ", \"dur\": " + number(dur) + ", \"args\": {" + args + "}}";
}

} // namespace

QByteArray captureWindow(double ts, int firstId, const std::vector<CapturedKernel>& kernels, int batch, int tid)
{
    QByteArrayList events;
    events << runtimeCall("cudaStreamBeginCapture", ts, 2, "\"correlation\": " + QByteArray::number(firstId), tid);
    double t = ts + 10;
    int id = firstId + 1;
    for (const CapturedKernel& kernel : kernels) {
        const QByteArray launchArgs = "\"External id\": " + QByteArray::number(id) + ", \"correlation\": "
            + QByteArray::number(id) + ", \"kernel\": \"" + kernel.name + "\"" + geometry(kernel.gridX);
        // Inductor's kernels, and user-written ones whose op says kernel_backend "triton".
        if ((kernel.name.startsWith("triton_") || kernel.args.contains("kernel_backend")) && !kernel.args.isEmpty())
            events << tritonOpEvent(kernel.name, t, 10, id, kernel.args, tid);
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
        const bool memcpy = kernel.name == "<memcpy>";
        events << "{\"ph\": \"X\", \"cat\": \"" + QByteArray(memcpy ? "gpu_memcpy" : "kernel") + "\", \"name\": \""
                + (memcpy ? QByteArray("Memcpy DtoD") : kernel.name) + "\", \"pid\": 2, \"tid\": 7, \"ts\": " + number(t)
                + ", \"dur\": " + number(kernel.dur) + ", \"args\": {\"correlation\": " + QByteArray::number(correlation)
                + ", \"stream\": 7" + geometry(kernel.gridX) + "}}";
        t += kernel.dur + 1;
    }
    return events.join(",\n");
}

QByteArray poiAddArgs(int n)
{
    const QByteArray size = QByteArray::number(n);
    return "\"Input Dims\": [[" + size + "], [" + size + "], []], \"Input type\": [\"c10::Float\", \"c10::Float\", \"Scalar\"], "
           "\"Input Strides\": [[1], [1], []], \"Concrete Inputs\": [\"\", \"\", \"" + size + "\"]";
}

} // namespace Ridgeline::Test
