// Real traces from ../shared: analysed in full, every Triton kernel linked.
#include "testsupport.h"

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
