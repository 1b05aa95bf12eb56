// Issue 30 §2 on hand-derived rows: how much of the GPU time has figures
// (coverage), the time-only rows ranked as `unmodelled` opportunities (at
// least 1 % of kernel time, at most ten) and the idle item's share of the
// span, in the budget, the export and the Markdown report.
#include "coveragefixtures.h"
#include "engine/export/markdownreport.h"
#include "engine/export/resultexport.h"
#include "engine/timebudget/gputimecoverage.h"
#include "engine/timebudget/timebudget.h"
#include "engine/timebudget/unmodelledopportunities.h"
#include "testsupport.h"
#include "timebudgetfixture.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

TEST(Coverage, TheRowsWithFiguresOverTheWholeGpuTime)
{
    // timebudgetfixture.h: mem 38, cmp 160 and one 10 us have bytes and FLOPs
    // (208 us); nofig 7 and the GEMM library kernel 60 us are time only.
    // GPU time: Triton 215 + GEMM 60 = 275 us.
    const auto fixture = timeBudgetFixture();
    const GpuTimeCoverage coverage = gpuTimeCoverage(*fixture);
    EXPECT_NEAR(coverage.modelledUs, 208, 1e-9);
    EXPECT_NEAR(coverage.totalUs, 275, 1e-9);
    ASSERT_TRUE(coverage.share());
    EXPECT_NEAR(*coverage.share(), 208.0 / 275.0, 1e-12);
    EXPECT_EQ(coverageText(coverage), QStringLiteral("modelled 75.6 % of GPU time (208 \u00b5s of 275 \u00b5s)"));

    // Copies and memsets count in the total (gpu_time_us.total), in no row.
    auto withCopies = std::make_shared<AnalysisResult>(*fixture);
    withCopies->gpuTime.us[GpuWork::Memcpy] = 25;
    EXPECT_NEAR(*gpuTimeCoverage(*withCopies).share(), 208.0 / 300.0, 1e-12);

    // FLOPs alone are figures (a row whose bytes are unknown); neither is not.
    KernelRow flopsOnly = modelledRow(QStringLiteral("flops_only"), 0, 1e6, { 4 });
    flopsOnly.model.edit().bytes.reset();
    EXPECT_TRUE(hasFigures(flopsOnly));
    EXPECT_FALSE(flopsOnly.bytes());
    EXPECT_TRUE(hasFigures(modelledRow(QStringLiteral("bytes_only"), 64, std::nullopt, { 4 })));
    EXPECT_FALSE(hasFigures(fixture->rows[3])); // nofig
    EXPECT_FALSE(hasFigures(fixture->libraryKernels[0])); // Cijk_gemm

    // No GPU time: no share, not 0 %.
    const GpuTimeCoverage none = gpuTimeCoverage(AnalysisResult {});
    EXPECT_FALSE(none.share());
    EXPECT_EQ(coverageText(none), QStringLiteral("no GPU time"));
}

TEST(Coverage, TimeOnlyRowsRankAsUnmodelledAndIdleSaysItsShareOfTheSpan)
{
    // Kernel time 275 us. Time-only: Cijk_gemm 60 (21.8 %), nofig 7 (2.5 %),
    // both at least 1 %. Ranked by time at stake: idle 225, Cijk_gemm 60,
    // cmp 56, latency-bound 10, nofig 7, mem 3.
    const auto fixture = timeBudgetFixture();
    const TimeBudget budget = evaluateTimeBudget(*fixture, mi300x().peaks(PeakSet::Datasheet));
    ASSERT_EQ(budget.opportunities.size(), 6u);
    const std::vector<QString> names { QStringLiteral("idle GPU"), QStringLiteral("Cijk_gemm"), QStringLiteral("cmp"),
        QStringLiteral("latency-bound kernels"), QStringLiteral("nofig"), QStringLiteral("mem") };
    for (size_t i = 0; i < names.size(); ++i)
        EXPECT_EQ(budget.opportunities[i].name, names[i]) << i;

    const Opportunity& gemm = budget.opportunities[1];
    EXPECT_EQ(gemm.kind, Opportunity::Kind::Unmodelled);
    EXPECT_EQ(opportunityKindKey(gemm.kind), QStringLiteral("unmodelled"));
    EXPECT_NEAR(gemm.recoverableUs, 60, 1e-9); // all of its time
    EXPECT_NEAR(gemm.shareOfGpuTime, 60.0 / 275.0, 1e-12);
    EXPECT_TRUE(gemm.rowIndices.empty());
    EXPECT_EQ(gemm.libraryIndices, std::vector<int>({ 0 }));
    EXPECT_TRUE(gemm.why.startsWith(QStringLiteral("no model: `Cijk_gemm` 60.0 \u00b5s, 21.8 % of kernel time in 2 calls; its FLOPs "
                                                   "and bytes are unknown (GEMM kernel of a library, not a Triton kernel")))
        << qPrintable(gemm.why);
    EXPECT_TRUE(gemm.why.contains(QStringLiteral("record_shapes=True"))) << qPrintable(gemm.why);

    const Opportunity& nofig = budget.opportunities[4];
    EXPECT_EQ(nofig.kind, Opportunity::Kind::Unmodelled);
    EXPECT_NEAR(nofig.recoverableUs, 7, 1e-9);
    EXPECT_EQ(nofig.rowIndices, std::vector<int>({ 3 }));
    EXPECT_TRUE(nofig.libraryIndices.empty());
    EXPECT_TRUE(nofig.why.contains(QStringLiteral("in 1 call; its FLOPs and bytes are unknown (no args recorded)")))
        << qPrintable(nofig.why);

    // Idle 225 of a 500 us span: 45 % of it; of kernel time it keeps 225 / 275.
    const Opportunity& idle = budget.opportunities[0];
    ASSERT_TRUE(idle.shareOfSpan);
    EXPECT_NEAR(*idle.shareOfSpan, 0.45, 1e-12);
    EXPECT_NEAR(idle.shareOfGpuTime, 225.0 / 275.0, 1e-12);
    for (const Opportunity& item : budget.opportunities) {
        if (item.kind != Opportunity::Kind::Idle) {
            EXPECT_FALSE(item.shareOfSpan) << qPrintable(item.name);
        }
    }
    // The rows' own recoverable time (what tuning could win) is unchanged: 3 + 56 + 4.
    EXPECT_NEAR(budget.recoverableUs, 3 + 56 + 2 * (5 - (2.0 + 1.0)), 1e-9); // "one": 5.3 MB, a roof term of 1 us
}

TEST(Coverage, AtLeastOnePercentOfKernelTimeAndAtMostTen)
{
    // Kernel time 10,000 us. Library rows of 100 us (exactly 1 %) and 99 us
    // (0.99 %): only the first. Then twelve rows of 200..1300 us: the ten
    // largest (1300 down to 400) are kept, longest first; the 100 us row and
    // the 200 and 300 us rows fall past the cap.
    AnalysisResult result;
    result.totalGpuKernelTimeUs = 10000;
    result.libraryKernels.push_back(libraryRow(QStringLiteral("one_percent"), GpuWork::Other, { 100 }));
    result.libraryKernels.push_back(libraryRow(QStringLiteral("under"), GpuWork::Other, { 99 }));
    const std::vector<Opportunity> small = unmodelledOpportunities(result);
    ASSERT_EQ(small.size(), 1u);
    EXPECT_EQ(small[0].name, QStringLiteral("one_percent"));
    EXPECT_NEAR(small[0].shareOfGpuTime, 0.01, 1e-15);

    for (int i = 2; i <= 13; ++i)
        result.libraryKernels.push_back(libraryRow(QStringLiteral("k%1").arg(i), GpuWork::Gemm, { 100.0 * i }));
    const std::vector<Opportunity> items = unmodelledOpportunities(result);
    ASSERT_EQ(items.size(), maxUnmodelledOpportunities);
    for (size_t i = 0; i < items.size(); ++i) {
        EXPECT_EQ(items[i].name, QStringLiteral("k%1").arg(13 - int(i)));
        EXPECT_NEAR(items[i].recoverableUs, 100.0 * (13 - int(i)), 1e-9);
        EXPECT_EQ(items[i].libraryIndices, std::vector<int>({ 13 - int(i) })); // k<n> is library row n
    }
    // A modelled row of any size is no unmodelled item; no kernel time, no items.
    result.rows.push_back(modelledRow(QStringLiteral("big"), 1e9, 1e9, { 5000 }));
    for (const Opportunity& item : unmodelledOpportunities(result))
        EXPECT_NE(item.name, QStringLiteral("big"));
    result.totalGpuKernelTimeUs = 0;
    EXPECT_TRUE(unmodelledOpportunities(result).empty());
}

TEST(Coverage, ExportAndReportSayIt)
{
    const auto fixture = timeBudgetFixture();
    const QJsonObject root = exportObject(*judgedOnMi300x(fixture));
    const QJsonObject coverage = root.value(QStringLiteral("coverage")).toObject();
    EXPECT_EQ(coverage.value(QStringLiteral("modelled_us")).toDouble(), 208.0);
    EXPECT_EQ(coverage.value(QStringLiteral("total_us")).toDouble(), 275.0);
    EXPECT_EQ(coverage.value(QStringLiteral("share")).toDouble(), 0.756364); // 6 significant digits
    EXPECT_EQ(
        coverage.value(QStringLiteral("total_us")), root.value(QStringLiteral("gpu_time_us")).toObject().value(QStringLiteral("total")));

    const QJsonArray items = root.value(QStringLiteral("opportunities")).toArray();
    ASSERT_EQ(items.size(), 6);
    const QJsonObject idle = items.at(0).toObject();
    EXPECT_EQ(idle.value(QStringLiteral("kind")).toString(), QStringLiteral("idle"));
    EXPECT_EQ(idle.value(QStringLiteral("share_of_span")).toDouble(), 0.45);
    EXPECT_EQ(idle.value(QStringLiteral("share_of_gpu_time")).toDouble(), 0.818182); // 225 / 275, its meaning kept
    const QJsonObject gemm = items.at(1).toObject();
    EXPECT_EQ(gemm.value(QStringLiteral("kind")).toString(), QStringLiteral("unmodelled"));
    EXPECT_EQ(gemm.value(QStringLiteral("name")).toString(), QStringLiteral("Cijk_gemm"));
    EXPECT_EQ(gemm.value(QStringLiteral("recoverable_us")).toDouble(), 60.0);
    EXPECT_FALSE(gemm.contains(QStringLiteral("share_of_span")));

    // No GPU time: the share is null, not 0.
    EXPECT_TRUE(exportObject(*judgedOnMi300x(AnalysisResult {}))
            .value(QStringLiteral("coverage"))
            .toObject()
            .value(QStringLiteral("share"))
            .isNull());

    const auto judgement = judgedOnMi300x(fixture);
    ReportInputs inputs;
    inputs.judgement = judgement.get();
    const QString report = QString::fromUtf8(markdownReport(inputs));
    EXPECT_TRUE(
        report.contains(QStringLiteral("- Coverage: modelled 75.6 % of GPU time (208 \u00b5s of 275 \u00b5s); the rest is time only\n")))
        << qPrintable(report);
    EXPECT_TRUE(report.contains(QStringLiteral("| 1 | idle GPU | 225 \u00b5s | 45.0 % of the span |"))) << qPrintable(report);
    EXPECT_TRUE(report.contains(QStringLiteral("| 2 | `Cijk_gemm` | 60.0 \u00b5s | 21.8 % | no model: `Cijk_gemm` 60.0 \u00b5s")))
        << qPrintable(report);
}

// The eager xDiT SD3.5 trace: 710.740 of 712.490 ms of GPU time have
// figures (99.75 %); no time-only row reaches 1 % of kernel time, so none is
// ranked. Its idle GPU: 459.1 ms of a 1.17 s span (39.2 %), where over
// kernel time it would read 64.5 %.
TEST(Coverage, TheXditTraceIsAlmostAllModelled)
{
    const QString path = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "shared trace absent";
    const AnalysisOutcome outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    const GpuTimeCoverage coverage = gpuTimeCoverage(*outcome.result);
    EXPECT_NEAR(coverage.modelledUs, 710740.494, 0.001);
    EXPECT_NEAR(coverage.totalUs, 712489.971, 0.001);
    EXPECT_NEAR(*coverage.share(), 0.997545, 1e-6);
    const TimeBudget budget = evaluateTimeBudget(*outcome.result, mi300x().peaks(PeakSet::Datasheet));
    // The idle time in one item per cause of its gaps: together the whole idle.
    double idleShareOfSpan = 0, idleShareOfGpuTime = 0;
    for (const Opportunity& item : budget.opportunities) {
        EXPECT_NE(item.kind, Opportunity::Kind::Unmodelled) << qPrintable(item.name);
        if (item.kind == Opportunity::Kind::Idle) {
            EXPECT_TRUE(item.idleClass) << qPrintable(item.name);
            idleShareOfSpan += *item.shareOfSpan;
            idleShareOfGpuTime += item.shareOfGpuTime;
        }
    }
    EXPECT_NEAR(idleShareOfSpan, 0.391878, 1e-6);
    EXPECT_NEAR(idleShareOfGpuTime, 0.64484, 1e-5);
}
