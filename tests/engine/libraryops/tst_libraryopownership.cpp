// Library ops on small hand-made traces (ATEN_MODELS.md §1.2-1.3): the
// reader keeps the modelled ops, the outermost one owns every GPU event
// launched under it (memcpy under copy_ included), Triton keeps its own,
// rows group by name and signature across threads, time is the busy union
// of the op's GPU events, and the attainable time pays t0 once per event.
#include "engine/input/tracereader.h"
#include "engine/libraryops/models/libraryopmodel.h"
#include "engine/results/copies/copywork.h"
#include "engine/roofline/roofline.h"
#include "engine/timebudget/attainabletime.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// addmm(bias [512], A [141, 512], B [512, 512]) in BF16: M = 141, K = 512, N = 512.
// FLOPs 2MNK + MN = 73,924,608 + 72,192 = 73,996,800;
// bytes (MK + KN + MN + N) x 2 = (72,192 + 262,144 + 72,192 + 512) x 2 = 814,080.
const QByteArray addmmArgs = R"("Input Dims": [[512], [141, 512], [512, 512], [], []], )"
                             R"("Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"], )"
                             R"("Input Strides": [[1], [512, 1], [1, 512], [], []], "Concrete Inputs": ["", "", "", "1", "1"])";
// The same shapes with another M: another signature, another row.
const QByteArray addmmArgsM64 = R"("Input Dims": [[512], [64, 512], [512, 512], [], []], )"
                                R"("Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"], )"
                                R"("Input Strides": [[1], [512, 1], [1, 512], [], []], "Concrete Inputs": ["", "", "", "1", "1"])";
// copy_(dst [1024, 256] BF16, src [1024, 256] float).
const QByteArray copyArgs = R"("Input Dims": [[1024, 256], [1024, 256], []], "Input type": ["c10::BFloat16", "float", "Scalar"], )"
                            R"("Input Strides": [[256, 1], [256, 1], []], "Concrete Inputs": ["", "", "False"])";
const QByteArray poiArgs = R"("Input Dims": [[1024], [1024], []], "Input type": ["c10::Float", "c10::Float", "Scalar"], )"
                           R"("Input Strides": [[1], [1], []], "Concrete Inputs": ["", "", "1024"])";

QByteArray opEvent(const QByteArray& name, double ts, double dur, const QByteArray& args = {}, int tid = 1)
{
    return tritonOpEvent(name, ts, dur, 1, args, tid);
}

QByteArray memcpyEvent(double ts, double dur, int correlation)
{
    return "{\"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"Memcpy DtoD (Device -> Device)\", \"pid\": 2, \"tid\": 0, \"ts\": "
        + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3)
        + ", \"args\": {\"correlation\": " + QByteArray::number(correlation) + "}}";
}

// A device-to-host memcpy as the profiler writes it: its `bytes` arg (0: none written).
QByteArray deviceToHostEvent(double ts, double dur, int correlation, qint64 bytes)
{
    return "{\"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"Memcpy DtoH (Device -> Host)\", \"pid\": 2, \"tid\": 0, \"ts\": "
        + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3)
        + ", \"args\": {\"correlation\": " + QByteArray::number(correlation) + ", \"kind\": \"DtoH\""
        + (bytes > 0 ? ", \"bytes\": " + QByteArray::number(bytes) : QByteArray()) + "}}";
}

QByteArray joined(std::initializer_list<QByteArray> events)
{
    QByteArray out;
    for (const QByteArray& event : events)
        out += (out.isEmpty() ? QByteArray() : QByteArray(",\n")) + event;
    return out;
}

class LibraryOps : public ::testing::Test
{
protected:
    std::shared_ptr<const AnalysisResult> run(const QByteArray& events)
    {
        const AnalysisOutcome outcome = analyze(m_traces.write(QStringLiteral("trace.json"), traceJson(events)));
        EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
        return outcome.result;
    }
    static std::vector<const KernelRow*> libraryOpRows(const AnalysisResult& result)
    {
        std::vector<const KernelRow*> rows;
        for (const KernelRow& row : result.rows) {
            if (row.isLibraryOp())
                rows.push_back(&row);
        }
        return rows;
    }
    static const KernelRow* libraryRow(const AnalysisResult& result, const QString& name)
    {
        for (const KernelRow& row : result.libraryKernels) {
            if (row.name == name)
                return &row;
        }
        return nullptr;
    }
    TempTraces m_traces;
};

TEST_F(LibraryOps, TheReaderKeepsOnlyOutermostModelledOpsAroundALaunch)
{
    const QString path = m_traces.write(QStringLiteral("trace.json"),
        traceJson(joined({
            opEvent("aten::linear", 100, 100), // not modelled: not kept
            opEvent("aten::addmm", 110, 80, addmmArgs),
            opEvent("aten::copy_", 120, 10, copyArgs), // nested in addmm: never an owner
            launchEvent(122, 2, 1),
            opEvent("aten::addmm", 300, 50, addmmArgs), // no launch under it
            kernelEvent("Cijk_gemm", 400, 10, 1),
        })));
    const TraceReadResult read = readTrace(path, JobControl {}, [](QStringView name) { return isModelledLibraryOp(name); });
    ASSERT_EQ(read.status, TraceReadResult::Status::Ok) << read.error.toStdString();
    const LibraryOpRecords& ops = read.trace.libraryOps;
    ASSERT_EQ(ops.ops.size(), 1u);
    const LibraryOpRecord op = ops.ops[0]; // a copy: a packed field binds to no reference
    EXPECT_EQ(ops.nameOf(op), QStringLiteral("aten::addmm"));
    EXPECT_EQ(op.ts, 110.0);
    EXPECT_EQ(op.end, 190.0);
    EXPECT_EQ(ops.ownerOf(op.thread, 122, 124), 0);
    EXPECT_EQ(ops.ownerOf(op.thread, 189, 191), -1); // ends after the op
    EXPECT_EQ(ops.ownerOf(op.thread + 1, 122, 124), -1);
    ASSERT_EQ(ops.args.size(), 1u); // only the args a kept op uses
    EXPECT_EQ(ops.argsOf(ops.ops[0]).inputDimsJson, QStringLiteral("[[512], [141, 512], [512, 512], [], []]"));

    // Without the filter nothing is kept.
    EXPECT_TRUE(readTrace(path, JobControl {}).trace.libraryOps.ops.empty());
}

TEST_F(LibraryOps, TheOutermostModelledOpOwnsEveryEventUnderIt)
{
    // aten::linear (no model) > aten::addmm > aten::copy_: addmm owns both
    // kernels, the GEMM [300, 350] and the copy's [340, 360]: busy 60 us.
    const auto result = run(joined({
        opEvent("aten::linear", 100, 100),
        opEvent("aten::addmm", 110, 80, addmmArgs),
        opEvent("aten::copy_", 140, 20, copyArgs),
        launchEvent(120, 5, 1),
        launchEvent(145, 5, 2),
        kernelEvent("Cijk_Ailk_Bljk_BBS_BH_MT128x128x64", 300, 50, 1),
        kernelEvent("elementwise_kernel_copy", 340, 20, 2),
    }));
    ASSERT_TRUE(result);
    const auto rows = libraryOpRows(*result);
    ASSERT_EQ(rows.size(), 1u);
    const KernelRow& row = *rows[0];
    EXPECT_EQ(row.name, QStringLiteral("aten::addmm"));
    EXPECT_EQ(row.kind, RowKind::LibraryOp);
    EXPECT_EQ(row.calls, 1);
    ASSERT_TRUE(row.kernelTimeUs);
    EXPECT_DOUBLE_EQ(row.kernelTimeUs->sum, 60.0); // the union, not 50 + 20
    ASSERT_TRUE(row.libraryOp);
    EXPECT_EQ(row.libraryOp->category, LibraryOpCategory::Gemm);
    EXPECT_EQ(row.libraryOp->kernelNames,
        QStringList({ QStringLiteral("Cijk_Ailk_Bljk_BBS_BH_MT128x128x64"), QStringLiteral("elementwise_kernel_copy") }));
    EXPECT_DOUBLE_EQ(row.libraryOp->gpuEventsPerCall, 2.0);
    EXPECT_EQ(row.provenance(), Provenance::V2);
    ASSERT_TRUE(row.flops() && row.bytes());
    EXPECT_DOUBLE_EQ(*row.flops(), 73'996'800.0);
    EXPECT_DOUBLE_EQ(*row.bytes(), 814'080.0);
    EXPECT_EQ(row.work, GpuWork::Gemm);
    // Every GPU event in one row: none left over as a time-only library row.
    EXPECT_TRUE(result->libraryKernels.empty());
    // By work still by kernel name: the copy kernel is no GEMM.
    EXPECT_DOUBLE_EQ(result->gpuTime.us.at(GpuWork::Gemm), 50.0);
}

TEST_F(LibraryOps, CopyOwnsTheMemcpyLaunchedUnderIt)
{
    const auto result = run(joined({
        opEvent("aten::copy_", 100, 50, copyArgs),
        launchEvent(110, 5, 5, "hipMemcpyWithStream"),
        memcpyEvent(200, 12.5, 5),
    }));
    ASSERT_TRUE(result);
    const auto rows = libraryOpRows(*result);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0]->name, QStringLiteral("aten::copy_"));
    ASSERT_TRUE(rows[0]->kernelTimeUs);
    EXPECT_DOUBLE_EQ(rows[0]->kernelTimeUs->sum, 12.5);
    EXPECT_EQ(rows[0]->libraryOp->category, LibraryOpCategory::Elementwise);
    EXPECT_EQ(rows[0]->libraryOp->kernelNames, QStringList { QStringLiteral("Memcpy DtoD (Device -> Device)") });
}

// Issue 37: a copy across the host link moves what its memcpy events say
// (their `bytes` arg), not what the op's args would: the copy_ below models
// 1024 x 256 x (2 + 4) = 1,572,864 bytes read and written, half of it
// 786,432 crossing, but its memcpys say 524,288 each.
TEST_F(LibraryOps, HostLinkBytesAreTheMemcpyEventsBytes)
{
    // Two calls of copy_, the second's memcpy saying `secondBytes` (0: nothing).
    const auto twoCopies = [&](qint64 secondBytes) {
        return run(joined({
            opEvent("aten::copy_", 100, 50, copyArgs),
            launchEvent(110, 5, 5, "hipMemcpyWithStream"),
            deviceToHostEvent(200, 12.5, 5, 524'288),
            opEvent("aten::copy_", 300, 50, copyArgs),
            launchEvent(310, 5, 6, "hipMemcpyWithStream"),
            deviceToHostEvent(400, 10, 6, secondBytes),
        }));
    };
    const auto result = twoCopies(524'288);
    ASSERT_TRUE(result);
    const auto rows = libraryOpRows(*result);
    ASSERT_EQ(rows.size(), 1u);
    const KernelRow& row = *rows[0];
    ASSERT_EQ(copyWorkOf(row), (CopyWork { CopyDirection::DeviceToHost, false }));
    ASSERT_TRUE(row.libraryOp->copyBytesPerCall);
    EXPECT_DOUBLE_EQ(*row.libraryOp->copyBytesPerCall, 524'288.0);
    ASSERT_TRUE(hostLinkBytesPerCall(row));
    EXPECT_DOUBLE_EQ(*hostLinkBytesPerCall(row), 524'288.0);
    // The host link's roof: 524,288 B at 0.064 TB/s is 8.192 us a call, plus the floor.
    const KernelTimeFigures figures = kernelTimeFigures(row, mi300x().datasheet.value(), 0.0, &mi300x(), result.get());
    ASSERT_TRUE(figures.attainableUs);
    EXPECT_NEAR(*figures.attainableUs, 524'288.0 / 0.064e6, 1e-9);
    EXPECT_EQ(figures.memoryRoofLabel, QStringLiteral("host link"));
    EXPECT_TRUE(figures.advice.text.contains(QStringLiteral("device-to-host copy of 512.0 KiB"))) << qPrintable(figures.advice.text);

    // One call whose memcpy wrote no bytes: the events no longer say for
    // every call, so the model's half stands.
    const auto unsaid = twoCopies(0);
    ASSERT_TRUE(unsaid);
    const auto unsaidRows = libraryOpRows(*unsaid);
    ASSERT_EQ(unsaidRows.size(), 1u);
    EXPECT_FALSE(unsaidRows[0]->libraryOp->copyBytesPerCall);
    ASSERT_TRUE(hostLinkBytesPerCall(*unsaidRows[0]));
    EXPECT_DOUBLE_EQ(*hostLinkBytesPerCall(*unsaidRows[0]), 1'572'864.0 / 2);
}

TEST_F(LibraryOps, TritonKernelsStayTritonRows)
{
    // A Triton op inside a library op's span keeps its kernel; the library op
    // owns only the GEMM launched outside it.
    const auto result = run(joined({
        opEvent("aten::addmm", 100, 100, addmmArgs),
        launchEvent(110, 5, 1),
        tritonOpEvent("triton_poi_fused_add_0", 150, 20, 2, poiArgs),
        launchEvent(155, 5, 2),
        kernelEvent("Cijk_gemm", 300, 40, 1),
        kernelEvent("triton_poi_fused_add_0", 350, 8, 2),
    }));
    ASSERT_TRUE(result);
    const KernelRow* triton = findRow(*result, QStringLiteral("triton_poi_fused_add_0"));
    ASSERT_NE(triton, nullptr);
    EXPECT_EQ(triton->kind, RowKind::Launched);
    EXPECT_DOUBLE_EQ(triton->kernelTimeUs->sum, 8.0);
    EXPECT_DOUBLE_EQ(result->tritonKernelTimeUs, 8.0);
    const auto rows = libraryOpRows(*result);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_DOUBLE_EQ(rows[0]->kernelTimeUs->sum, 40.0);
    // Triton rows first, then the library ops.
    EXPECT_EQ(&result->rows.front(), triton);
}

TEST_F(LibraryOps, RowsGroupBySignatureNotByThread)
{
    const auto result = run(joined({
        opEvent("aten::addmm", 100, 20, addmmArgs, 1),
        launchEvent(105, 5, 1, "hipModuleLaunchKernel", 1),
        opEvent("aten::addmm", 100, 20, addmmArgs, 2),
        launchEvent(105, 5, 2, "hipModuleLaunchKernel", 2),
        opEvent("aten::addmm", 200, 20, addmmArgsM64, 1),
        launchEvent(205, 5, 3, "hipModuleLaunchKernel", 1),
        kernelEvent("Cijk_gemm", 300, 40, 1),
        kernelEvent("Cijk_gemm", 350, 30, 2),
        kernelEvent("Cijk_gemm", 400, 10, 3),
    }));
    ASSERT_TRUE(result);
    const auto rows = libraryOpRows(*result);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0]->calls, 2); // both threads, one signature: 40 + 30 us
    EXPECT_DOUBLE_EQ(rows[0]->kernelTimeUs->sum, 70.0);
    EXPECT_EQ(rows[1]->calls, 1);
    EXPECT_DOUBLE_EQ(rows[1]->kernelTimeUs->sum, 10.0);
    EXPECT_EQ(rows[1]->args->inputDimsJson, QStringLiteral("[[512], [64, 512], [512, 512], [], []]"));
}

TEST_F(LibraryOps, KernelsOfNoModelledOpStayTimeOnlyRowsByName)
{
    const auto result = run(joined({
        opEvent("aten::linear", 100, 50), // no model, nothing modelled under it
        launchEvent(110, 5, 1), kernelEvent("Cijk_lonely_gemm", 300, 40, 1), kernelEvent("nccl_allreduce", 400, 10, 9), // no launch at all
    }));
    ASSERT_TRUE(result);
    EXPECT_TRUE(libraryOpRows(*result).empty());
    EXPECT_NE(libraryRow(*result, QStringLiteral("Cijk_lonely_gemm")), nullptr);
    EXPECT_NE(libraryRow(*result, QStringLiteral("nccl_allreduce")), nullptr);
}

TEST_F(LibraryOps, AttainableTimePaysTheFloorOncePerGpuEventOnTheMatrixRoof)
{
    const auto result = run(joined({
        opEvent("aten::addmm", 110, 80, addmmArgs),
        launchEvent(120, 5, 1),
        launchEvent(145, 5, 2),
        kernelEvent("Cijk_gemm", 300, 50, 1),
        kernelEvent("elementwise_kernel", 360, 20, 2),
    }));
    ASSERT_TRUE(result);
    const auto rows = libraryOpRows(*result);
    ASSERT_EQ(rows.size(), 1u);
    const KernelRow& row = *rows[0];
    EXPECT_DOUBLE_EQ(row.kernelTimeUs->sum, 70.0);
    const PeakFigures& peaks = mi300x().peaks(PeakSet::Datasheet);
    const ComputeRoof* roof = applicableRoof(peaks, row);
    ASSERT_NE(roof, nullptr);
    EXPECT_EQ(roof->key, QStringLiteral("matrix_bf16"));
    EXPECT_EQ(kernelPrecision(row), QStringLiteral("bf16"));
    // Memory term 814,080 B / 5.3 TB/s = 0.1536 us; compute 73,996,800 / 1307.4 TFLOPS = 0.0566 us.
    const KernelTimeFigures figures = kernelTimeFigures(row, peaks, 2.0);
    const double memoryUs = 814'080.0 / (peaks.memoryBandwidthTBps * 1e6);
    ASSERT_TRUE(figures.attainableUs);
    EXPECT_DOUBLE_EQ(*figures.attainableUs, 2 * 2.0 + memoryUs); // two GPU events: t0 twice
    // Under the floor, but 70 us against 4.15 attainable (17x): slow for its size, not latency-bound.
    EXPECT_EQ(figures.limiter, Limiter::SlowForSize);
    EXPECT_DOUBLE_EQ(figures.recoverableUs, 70.0 - (4.0 + memoryUs));
}

} // namespace
