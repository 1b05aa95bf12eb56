// Issue 30 §2: the comparison pairs time-only library kernels by name (a
// library softmax, the largest kernel of an eager trace, is no longer left
// out), and sets both traces' GPU time by kind of work and their spans side
// by side, in the comparison, its export and the Markdown report.
#include "coveragefixtures.h"
#include "engine/comparison/tracecomparison.h"
#include "engine/export/comparisonexport.h"
#include "engine/export/markdownreport.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

TraceComparison softmaxComparison()
{
    return compared(softmaxBaseline(), softmaxCandidate());
}

} // namespace

TEST(WorkComparison, LibraryKernelsPairByName)
{
    const TraceComparison c = softmaxComparison();
    // Candidate rows: the Triton kernel (0), then its library kernels
    // numbered on (softmax 1, sm90 GEMM 2); then the removed baseline GEMM.
    ASSERT_EQ(c.matching.matches.size(), 4u);
    EXPECT_EQ(c.matching.count(MatchKind::Same), 2);
    EXPECT_EQ(c.matching.count(MatchKind::Added), 1);
    EXPECT_EQ(c.matching.count(MatchKind::Removed), 1);

    const KernelMatch& softmax = c.matching.matches[1];
    EXPECT_EQ(softmax.kind, MatchKind::Same);
    EXPECT_EQ(softmax.candidate, 1);
    EXPECT_EQ(softmax.baseline, 1);
    ASSERT_NE(c.candidateRow(softmax), nullptr);
    EXPECT_EQ(c.candidateRow(softmax), &c.candidate->libraryKernels[0]);
    EXPECT_EQ(c.baselineRow(softmax), &c.baseline->libraryKernels[0]);
    // 50 / 75 us per call; 150 - 100 us in total.
    EXPECT_NEAR(*c.deltas[1].speedup, 50.0 / 75.0, 1e-12);
    EXPECT_NEAR(c.deltas[1].timeUs, 50, 1e-12);
    EXPECT_FALSE(c.deltas[1].tbPerS); // time only: no rates to compare

    const KernelMatch& added = c.matching.matches[2];
    EXPECT_EQ(added.kind, MatchKind::Added);
    EXPECT_EQ(c.candidateRow(added)->name, QStringLiteral("sm90_xmma_gemm_bf16"));
    const KernelMatch& removed = c.matching.matches[3];
    EXPECT_EQ(removed.kind, MatchKind::Removed);
    EXPECT_EQ(removed.baseline, 2);
    EXPECT_EQ(c.baselineRow(removed)->name, QStringLiteral("Cijk_Alik_Bljk_BBS"));

    // The softmax is the largest regression (+50, then the added GEMM's +40),
    // the removed GEMM the only improvement; the slower softmax counts.
    ASSERT_EQ(c.largestRegressions.size(), 2u);
    EXPECT_EQ(c.largestRegressions[0], 1);
    EXPECT_EQ(c.largestRegressions[1], 2);
    EXPECT_EQ(c.largestImprovements, std::vector<int>({ 3 }));
    EXPECT_EQ(c.regressionCount, 1);
}

TEST(WorkComparison, GpuTimeByKindOfWorkAndTheSpans)
{
    const TraceComparison c = softmaxComparison();
    // In GpuWork's order: Triton, GEMM, memcpy, other (attention,
    // communication and memset ran in neither trace).
    const WorkComparison& work = c.work;
    ASSERT_EQ(work.byWork.size(), 4u);
    const GpuWork kinds[] = { GpuWork::Triton, GpuWork::Gemm, GpuWork::Memcpy, GpuWork::Other };
    const double baseline[] = { 10, 60, 5, 100 };
    const double candidate[] = { 10, 40, 0, 150 };
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(work.byWork[i].work, kinds[i]) << i;
        EXPECT_EQ(work.byWork[i].baselineUs, baseline[i]) << i;
        EXPECT_EQ(work.byWork[i].candidateUs, candidate[i]) << i;
        EXPECT_EQ(work.byWork[i].changeUs(), candidate[i] - baseline[i]) << i;
    }
    EXPECT_EQ(work.baselineGpuTimeUs, 175);
    EXPECT_EQ(work.candidateGpuTimeUs, 200);
    EXPECT_EQ(work.baselineSpanUs, 400);
    EXPECT_EQ(work.candidateSpanUs, 300);

    // A trace without GPU events has no span.
    const WorkComparison empty = compareWork(AnalysisResult {}, *c.candidate);
    EXPECT_FALSE(empty.baselineSpanUs);
    EXPECT_EQ(empty.candidateSpanUs, 300);
    EXPECT_EQ(empty.byWork.size(), 3u);
}

TEST(WorkComparison, ExportAndReportCarryTheTableAndTheSpans)
{
    const auto judgement = judge(softmaxCandidate(), datasheetLens(), softmaxBaseline());
    const QJsonObject root = QJsonDocument::fromJson(exportComparisonJson(*judgement)).object();
    const QJsonObject summary = root.value(QStringLiteral("comparison")).toObject();
    const QJsonArray byWork = summary.value(QStringLiteral("by_work")).toArray();
    ASSERT_EQ(byWork.size(), 4);
    const QJsonObject other = byWork.at(3).toObject();
    EXPECT_EQ(other.value(QStringLiteral("work")).toString(), QStringLiteral("other"));
    EXPECT_EQ(other.value(QStringLiteral("baseline_us")).toDouble(), 100.0);
    EXPECT_EQ(other.value(QStringLiteral("candidate_us")).toDouble(), 150.0);
    EXPECT_EQ(other.value(QStringLiteral("change_us")).toDouble(), 50.0);
    const QJsonObject gpuTime = summary.value(QStringLiteral("gpu_time_us")).toObject();
    EXPECT_EQ(gpuTime.value(QStringLiteral("baseline")).toDouble(), 175.0);
    EXPECT_EQ(gpuTime.value(QStringLiteral("candidate")).toDouble(), 200.0);
    EXPECT_EQ(gpuTime.value(QStringLiteral("change")).toDouble(), 25.0);
    const QJsonObject span = summary.value(QStringLiteral("span_us")).toObject();
    EXPECT_EQ(span.value(QStringLiteral("baseline")).toDouble(), 400.0);
    EXPECT_EQ(span.value(QStringLiteral("candidate")).toDouble(), 300.0);
    EXPECT_EQ(span.value(QStringLiteral("change")).toDouble(), -100.0);
    // The softmax's row with its baseline: kernels are the candidate's rows and library kernels.
    const QJsonArray kernels = root.value(QStringLiteral("kernels")).toArray();
    ASSERT_EQ(kernels.size(), 3);
    const QJsonObject softmax = kernels.at(1).toObject();
    EXPECT_EQ(softmax.value(QStringLiteral("name")).toString(), QStringLiteral("cunn_SoftMaxForward"));
    EXPECT_EQ(softmax.value(QStringLiteral("match")).toString(), QStringLiteral("same"));
    EXPECT_EQ(softmax.value(QStringLiteral("delta_time_us")).toDouble(), 50.0);
    EXPECT_EQ(root.value(QStringLiteral("removed")).toArray().size(), 1);

    ReportInputs inputs;
    inputs.judgement = judgement.get();
    const QString report = QString::fromUtf8(markdownReport(inputs));
    for (const char* line : { "| Kind of work | baseline | this trace | change |", "| GEMM | 60.0 \u00b5s | 40.0 \u00b5s | -20.0 \u00b5s |",
             "| memcpy | 5.00 \u00b5s | 0.00 \u00b5s | -5.00 \u00b5s |", "| other | 100 \u00b5s | 150 \u00b5s | +50.0 \u00b5s |",
             "| GPU time | 175 \u00b5s | 200 \u00b5s | +25.0 \u00b5s |",
             "| span (first to last GPU event) | 400 \u00b5s | 300 \u00b5s | -100 \u00b5s |", "| `cunn_SoftMaxForward` | +50.0 \u00b5s |" })
        EXPECT_TRUE(report.contains(QString::fromUtf8(line))) << line << "\n" << qPrintable(report);
}

// End to end: two eager traces whose only kernel is one library softmax, of
// 30 and 45 us, pair by name.
TEST(WorkComparison, EagerTracesPairTheirLibrarySoftmax)
{
    TempTraces traces;
    const AnalysisOutcome base
        = analyze(traces.write(QStringLiteral("base.json"), traceJson(kernelEvent("cunn_SoftMaxForward", 10, 30, 1))));
    const AnalysisOutcome cand
        = analyze(traces.write(QStringLiteral("cand.json"), traceJson(kernelEvent("cunn_SoftMaxForward", 10, 45, 1))));
    ASSERT_EQ(base.status, AnalysisOutcome::Status::Ok);
    ASSERT_EQ(cand.status, AnalysisOutcome::Status::Ok);
    ASSERT_EQ(cand.result->libraryKernels.size(), 1u);
    const TraceComparison c = compared(base.result, cand.result);
    ASSERT_EQ(c.matching.matches.size(), 1u);
    EXPECT_EQ(c.matching.matches[0].kind, MatchKind::Same);
    EXPECT_NEAR(*c.deltas[0].speedup, 30.0 / 45.0, 1e-12);
    EXPECT_EQ(c.largestRegressions, std::vector<int>({ 0 }));
}
