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
    EXPECT_EQ(result.eventCount, 239093);
    EXPECT_EQ(result.skippedEvents, 0);

    int calls = 0;
    for (const KernelRow& row : result.kernels) {
        SCOPED_TRACE(qPrintable(row.name));
        EXPECT_EQ(row.kind, RowKind::Launched);
        ASSERT_TRUE(row.kernelTimeUs.has_value());
        EXPECT_EQ(row.kernelTimeUs->count, row.calls) << "every call has GPU time";
        EXPECT_EQ(row.provenance(), Provenance::V2) << qPrintable(row.model.reason);
        calls += row.calls;
    }
    EXPECT_EQ(calls, 2076); // the trace's Triton cpu_ops
    EXPECT_GT(result.tritonKernelTimeUs, 0);
    EXPECT_LT(result.tritonKernelTimeUs, result.totalGpuKernelTimeUs);
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
    for (const KernelRow& row : outcome.result->kernels)
        zeroFlop += row.flops() && *row.flops() == 0 && row.bytes() && *row.bytes() > 0;
    ASSERT_GE(zeroFlop, 3u);
    ASSERT_EQ(data.memoryOnlyPoints.size(), zeroFlop);
    bool anyAbove = false;
    for (const RooflinePoint& point : data.memoryOnlyPoints) {
        const KernelRow& row = outcome.result->kernels[size_t(point.kernelIndex)];
        SCOPED_TRACE(qPrintable(row.name));
        EXPECT_EQ(point.bound, RooflinePlacement::Bound::Memory);
        EXPECT_NEAR(point.fractionOfRoof, row.tbPerS->mean / 5.3, 1e-12);
        EXPECT_EQ(point.aboveRoof, row.tbPerS->mean > 5.3);
        anyAbove = anyAbove || point.aboveRoof;
    }
    EXPECT_TRUE(anyAbove); // the 9.5 TB/s clone

    const QJsonObject root = exportObject(*outcome.result, mi300x);
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
    const QString path = sharedPath(QStringLiteral("realdata/facebookresearch__HolisticTraceAnalysis/tests__data__triton_example__triton_example.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "shared trace absent";
    const auto outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    ASSERT_FALSE(outcome.result->kernels.empty());
    EXPECT_TRUE(outcome.result->traceGpuName.contains(QStringLiteral("A100")));
}
