// Real traces from ../shared: analysed in full, every Triton kernel linked.
#include "engine/export/resultexport.h"
#include "engine/roofline/rooflinedata.h"
#include "testsupport.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

TEST(SharedTraces, XditSd35EveryTritonOpLinkedToGpuTime)
{
    const QString path = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "shared trace absent";
    qint64 lastDone = -1, total = 0;
    int reports = 0;
    JobControl control;
    control.progress = [&](qint64 done, qint64 of) {
        EXPECT_GE(done, lastDone) << "progress never goes back";
        lastDone = done;
        total = of;
        ++reports;
    };
    const auto outcome = analyzeTrace(path, {}, control);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const AnalysisResult& result = *outcome.result;
    EXPECT_EQ(lastDone, total);
    EXPECT_GT(reports, 2);
    EXPECT_EQ(result.events.count, 239093);
    EXPECT_EQ(result.events.skipped, 0);

    int calls = 0;
    for (const KernelRow& row : result.rows) {
        SCOPED_TRACE(qPrintable(row.name));
        if (row.isLibraryOp())
            continue; // the GEMMs and attention: tst_libraryopendtoend
        EXPECT_EQ(row.kind, RowKind::Launched);
        ASSERT_TRUE(row.kernelTimeUs.has_value());
        EXPECT_EQ(row.kernelTimeUs->count, row.calls) << "every call has GPU time";
        EXPECT_EQ(row.provenance(), Provenance::V2) << qPrintable(row.model->reason);
        calls += row.calls;
    }
    EXPECT_EQ(calls, 2076); // the trace's Triton cpu_ops
    EXPECT_GT(result.tritonKernelTimeUs, 0);
    EXPECT_LT(result.tritonKernelTimeUs, result.totalGpuKernelTimeUs);
}

// xdit's GPU time by kind of work: on MI300X its GEMMs are hipBLASLt's Cijk_
// kernels, its attention attn_fwd; Triton is about a tenth, as the rows say.
TEST(SharedTraces, XditGpuTimeBreakdownPutsTritonInContext)
{
    const QString path = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "shared trace absent";
    const auto outcome = analyzeTrace(path, {}, {});
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const AnalysisResult& result = *outcome.result;
    const GpuTimeBreakdown& time = result.gpuTime;
    // Kernels alone add up to the trace's kernel time; copies come on top.
    const double kernels
        = time.totalUs() - time.us.at(GpuWork::Memcpy) - (time.us.count(GpuWork::Memset) ? time.us.at(GpuWork::Memset) : 0);
    EXPECT_NEAR(kernels, result.totalGpuKernelTimeUs, 1e-6 * result.totalGpuKernelTimeUs);
    // Every Triton GPU event is some row's time here (no graphs, all launched).
    EXPECT_NEAR(time.us.at(GpuWork::Triton), result.tritonKernelTimeUs, 1e-6 * result.tritonKernelTimeUs);
    double byCategory = 0;
    for (const auto& [category, us] : time.tritonUs)
        byCategory += us;
    EXPECT_NEAR(byCategory, time.us.at(GpuWork::Triton), 1e-6);
    EXPECT_EQ(time.tritonUs.size(), 3u); // poi, red, per
    // attn_fwd alone is 208.7 ms; the Cijk_ GEMMs over 300 ms.
    EXPECT_GT(time.us.at(GpuWork::Attention), 208e3);
    EXPECT_GT(time.us.at(GpuWork::Gemm), 300e3);
    EXPECT_NEAR(time.share(GpuWork::Triton), 0.0966, 0.003);
}

TEST(SharedTraces, LibraryKernelNamesSayTheirWork)
{
    EXPECT_EQ(libraryKernelWork(u"Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT320x224x64"), GpuWork::Gemm);
    EXPECT_EQ(libraryKernelWork(u"sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64"), GpuWork::Gemm);
    EXPECT_EQ(libraryKernelWork(u"void cutlass::Kernel2<cutlass_80_tensorop_s16816gemm>"), GpuWork::Gemm);
    EXPECT_EQ(libraryKernelWork(u"attn_fwd"), GpuWork::Attention);
    EXPECT_EQ(libraryKernelWork(u"void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64>>"), GpuWork::Attention);
    EXPECT_EQ(libraryKernelWork(u"ncclDevKernel_AllReduce_Sum_bf16_RING_LL"), GpuWork::Communication);
    EXPECT_EQ(libraryKernelWork(u"void at::native::vectorized_elementwise_kernel<4>"), GpuWork::Other);
    EXPECT_EQ(libraryKernelWork(u"batched_transpose_32x32_half"), GpuWork::Other);
}

// xdit's copies, transposes and clones count 0 FLOPs and move bytes at
// 5.0-9.5 TB/s: memory-bound, their % of the memory roof in the roofline
// data and the JSON export, the fastest flagged above it.
TEST(SharedTraces, XditZeroFlopKernelsAreMeasuredAgainstTheMemoryRoof)
{
    const QString path = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "shared trace absent";
    const auto outcome = analyzeTrace(path, {}, {});
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const GpuSpec& mi300x = GpuCatalog::builtIn().defaultGpu();
    const RooflineData data = rooflineData(outcome.result.get(), mi300x, PeakSet::Datasheet);
    size_t zeroFlop = 0;
    for (const KernelRow& row : outcome.result->rows)
        zeroFlop += row.flops() && *row.flops() == 0 && row.bytes() && *row.bytes() > 0;
    ASSERT_GE(zeroFlop, 3u);
    ASSERT_EQ(data.memoryOnlyPoints.size(), zeroFlop);
    bool anyAbove = false;
    for (const RooflinePoint& point : data.memoryOnlyPoints) {
        const KernelRow& row = outcome.result->rows[size_t(point.kernelIndex)];
        SCOPED_TRACE(qPrintable(row.name));
        EXPECT_EQ(point.bound, RooflinePlacement::Bound::Memory);
        EXPECT_NEAR(point.fractionOfRoof, row.tbPerS->mean / 5.3, 1e-12);
        EXPECT_EQ(point.aboveRoof, row.tbPerS->mean > 5.3);
        anyAbove = anyAbove || point.aboveRoof;
    }
    EXPECT_TRUE(anyAbove); // the 9.5 TB/s clone
    // ... which the Infinity Cache (17.2 TB/s) explains.
    bool servedFromCache = false;
    for (const RooflinePoint& point : data.memoryOnlyPoints)
        servedFromCache = servedFromCache || (point.aboveRoof && point.servedFromCache == u"Infinity Cache");
    EXPECT_TRUE(servedFromCache);

    const QJsonObject root = exportObject(*judgedOnMi300x(outcome.result));
    EXPECT_EQ(root.value(QStringLiteral("peak_set")).toString(), QStringLiteral("datasheet"));
    size_t exported = 0;
    for (const QJsonValue& value : root.value(QStringLiteral("kernels")).toArray()) {
        const QJsonObject kernel = value.toObject();
        EXPECT_TRUE(kernel.contains(QStringLiteral("fraction_of_roof")));
        if (kernel.value(QStringLiteral("flops")).toDouble(-1) != 0)
            continue;
        ++exported;
        EXPECT_EQ(kernel.value(QStringLiteral("bound")).toString(), QStringLiteral("memory"));
        EXPECT_EQ(kernel.value(QStringLiteral("roof")).toString(), QStringLiteral("HBM"));
        EXPECT_NEAR(kernel.value(QStringLiteral("fraction_of_roof")).toDouble(),
            kernel.value(QStringLiteral("tb_per_s")).toDouble(-1) / 5.3, 1e-5); // both to 6 digits
        EXPECT_EQ(kernel.value(QStringLiteral("attainable_tflops_per_s")).toDouble(-1), 0.0);
    }
    EXPECT_EQ(exported, zeroFlop);
}

TEST(SharedTraces, CancelStopsTheRead)
{
    const QString path = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "shared trace absent";
    std::stop_source stop;
    JobControl control;
    control.stop = stop.get_token();
    control.progress = [&](qint64 done, qint64) {
        if (done > 0)
            stop.request_stop();
    };
    const auto outcome = analyzeTrace(path, {}, control);
    EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Cancelled);
    EXPECT_EQ(outcome.result, nullptr);
}

TEST(SharedTraces, HtaTritonExampleHasV2Args)
{
    const QString path = sharedPath(
        QStringLiteral("realdata/facebookresearch__HolisticTraceAnalysis/tests__data__triton_example__triton_example.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "shared trace absent";
    const auto outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    ASSERT_FALSE(outcome.result->rows.empty());
    EXPECT_TRUE(outcome.result->traceGpuName.contains(QStringLiteral("A100")));
}
