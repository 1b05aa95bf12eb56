// Comparing real traces: a trace against itself (everything the same,
// speedup exactly 1) and against edited copies of itself, edited as a
// recompile or a change of batch size would edit it.
#include "engine/comparison/comparisonroofline.h"
#include "engine/comparison/tracecomparison.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <KCompressionDevice>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

void expectSelfComparison(const std::shared_ptr<const AnalysisResult>& result)
{
    const TraceComparison comparison = compared(result, result);
    // The rows, then the library kernels (matched by name).
    const size_t rows = result->rows.size() + result->libraryKernels.size();
    ASSERT_EQ(comparison.matching.matches.size(), rows);
    EXPECT_EQ(comparison.matching.count(MatchKind::Same), int(rows));
    EXPECT_EQ(comparison.matching.count(MatchKind::Removed), 0);
    for (size_t i = 0; i < comparison.matching.matches.size(); ++i) {
        const KernelMatch& match = comparison.matching.matches[i];
        const KernelRow& row = *comparison.candidateRow(match);
        EXPECT_EQ(match.candidate, int(i));
        EXPECT_EQ(match.baseline, int(i)) << qPrintable(row.name);
        if (row.kernelTimeUs) {
            ASSERT_TRUE(comparison.deltas[i].speedup);
            EXPECT_EQ(*comparison.deltas[i].speedup, 1.0); // exactly
        }
        EXPECT_EQ(comparison.deltas[i].timeUs, 0.0);
    }
    EXPECT_EQ(comparison.regressionCount, 0);
    EXPECT_TRUE(comparison.largestRegressions.empty());
    EXPECT_TRUE(comparison.largestImprovements.empty());
    EXPECT_EQ(comparison.tritonTimeSpeedup.value_or(0), 1.0);
    EXPECT_FALSE(comparison.differentGpus());
}

QByteArray gunzip(const QString& path)
{
    KCompressionDevice device(path, KCompressionDevice::GZip);
    return device.open(QIODevice::ReadOnly) ? device.readAll() : QByteArray();
}

} // namespace

TEST(TraceComparison, TheBundledSampleAgainstItselfIsAllSame)
{
    const auto result = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    ASSERT_TRUE(result);
    expectSelfComparison(result);
}

TEST(TraceComparison, TheXditTraceAgainstItselfIsAllSame)
{
    const QString path = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "shared trace absent";
    const auto outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    EXPECT_EQ(tritonRowCount(*outcome.result), 26u);
    EXPECT_EQ(outcome.result->rows.size(), 26u + 135u); // and the library ops (tst_libraryopendtoend)
    expectSelfComparison(outcome.result);
}

TEST(TraceComparison, ARecompiledCopyOfTheSampleMatchesByKind)
{
    // The trace file edited: one kernel renumbered (renamed), one removed
    // from the name space by a new fusion name (added + removed).
    const QString sample = sourcePath(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    QByteArray json = gunzip(sample);
    ASSERT_FALSE(json.isEmpty());
    json.replace("triton_poi_fused__unsafe_view_add_3", "triton_poi_fused__unsafe_view_add_8");
    json.replace("triton_poi_fused__unsafe_view_mul_silu_2", "triton_poi_fused_gelu_2");
    TempTraces traces;
    const auto edited = analyze(traces.write(QStringLiteral("recompiled.json"), json));
    ASSERT_EQ(edited.status, AnalysisOutcome::Status::Ok);
    const auto baseline = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    ASSERT_TRUE(baseline);

    const TraceComparison comparison = compared(baseline, edited.result);
    EXPECT_EQ(comparison.matching.count(MatchKind::Same), 2 + 4); // and the 4 library ops, unchanged
    EXPECT_EQ(comparison.matching.count(MatchKind::Renamed), 1);
    EXPECT_EQ(comparison.matching.count(MatchKind::Added), 1);
    EXPECT_EQ(comparison.matching.count(MatchKind::Removed), 1);
    for (size_t i = 0; i < comparison.matching.matches.size(); ++i) {
        const KernelMatch& match = comparison.matching.matches[i];
        if (match.kind == MatchKind::Renamed) {
            EXPECT_EQ(comparison.candidateRow(match)->name, QStringLiteral("triton_poi_fused__unsafe_view_add_8"));
            EXPECT_EQ(comparison.baselineRow(match)->name, QStringLiteral("triton_poi_fused__unsafe_view_add_3"));
            EXPECT_EQ(comparison.deltas[i].speedup.value_or(0), 1.0); // the same run, renamed
        }
        if (match.kind == MatchKind::Removed) {
            EXPECT_EQ(comparison.baselineRow(match)->name, QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
        }
    }
}

TEST(TraceComparison, ASlowerReshapedCopyGivesSpeedupsDeltasAndRegressions)
{
    const auto baseline = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    ASSERT_TRUE(baseline);
    auto candidate = std::make_shared<AnalysisResult>(*baseline); // edited below
    // Kernel 0 ran twice as long (same work: half the throughput); kernel 1 has other shapes.
    KernelRow& slow = candidate->rows[0];
    ASSERT_TRUE(slow.kernelTimeUs && slow.tbPerS && slow.tflopsPerS);
    const double baseMean = slow.kernelTimeUs->mean;
    const double baseSum = slow.kernelTimeUs->sum;
    const double baseTbPerS = slow.tbPerS->mean;
    SampleStats time = *slow.kernelTimeUs, tb = *slow.tbPerS, tflops = *slow.tflopsPerS;
    time.mean *= 2;
    time.sum *= 2;
    tb.mean /= 2;
    tflops.mean /= 2;
    slow.kernelTimeUs = time;
    slow.tbPerS = tb;
    slow.tflopsPerS = tflops;
    candidate->rows[1].args.edit().inputDimsJson = QStringLiteral("[[1, 2, 3]]");
    candidate->rows[1].args.edit().hasInputDims = true;
    candidate->rows.pop_back(); // removed: the last library op
    candidate->tritonKernelTimeUs += baseSum;

    const TraceComparison comparison = compared(baseline, candidate);
    ASSERT_EQ(comparison.matching.matches[0].kind, MatchKind::Same);
    EXPECT_DOUBLE_EQ(*comparison.deltas[0].speedup, baseMean / (2 * baseMean));
    EXPECT_DOUBLE_EQ(*comparison.deltas[0].tbPerS, baseTbPerS / 2 - baseTbPerS);
    ASSERT_TRUE(comparison.deltas[0].fractionOfRoof);
    EXPECT_LT(*comparison.deltas[0].fractionOfRoof, 0);
    EXPECT_DOUBLE_EQ(comparison.deltas[0].timeUs, baseSum);
    EXPECT_EQ(comparison.matching.matches[1].kind, MatchKind::Reshaped);
    EXPECT_EQ(comparison.matching.count(MatchKind::Removed), 1);
    EXPECT_EQ(comparison.regressionCount, 1);
    ASSERT_FALSE(comparison.largestRegressions.empty());
    EXPECT_EQ(comparison.largestRegressions.front(), 0);
    // The removed kernel's time is gone: an improvement by time.
    ASSERT_EQ(comparison.largestImprovements.size(), 1u);
    EXPECT_EQ(comparison.matching.matches[size_t(comparison.largestImprovements.front())].kind, MatchKind::Removed);
    EXPECT_DOUBLE_EQ(*comparison.tritonTimeSpeedup, baseline->tritonKernelTimeUs / candidate->tritonKernelTimeUs);

    // On the roofline: one arrow per matched kernel both can place, from the baseline's point.
    const auto arrows = comparisonArrows(comparison, mi300x().peaks(PeakSet::Datasheet), mi300x().peaks(PeakSet::Datasheet));
    ASSERT_EQ(arrows.size(), 7u); // 4 Triton kernels, the 3 library ops left

    EXPECT_EQ(arrows[0].kernelIndex, 0);
    EXPECT_DOUBLE_EQ(arrows[0].baselineTflops, 2 * arrows[0].tflops);
    EXPECT_DOUBLE_EQ(arrows[0].baselineIntensity, arrows[0].intensity);
}

TEST(TraceComparison, DifferentGpusAreEachMeasuredAgainstTheirOwnRoofs)
{
    const auto result = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    ASSERT_TRUE(result);
    // The same run, said to be recorded on an H100: the lens picks each trace's own GPU.
    auto onH100 = std::make_shared<AnalysisResult>(*result);
    onH100->traceGpuName = QStringLiteral("NVIDIA H100 80GB HBM3");
    const TraceComparison comparison = compared(onH100, result);
    EXPECT_EQ(comparison.baselineGpu, QStringLiteral("NVIDIA H100 SXM"));
    EXPECT_TRUE(comparison.differentGpus());
    // Same run, other roofs: the time is the same, the fraction of roof is not.
    EXPECT_EQ(*comparison.deltas[0].speedup, 1.0);
    ASSERT_TRUE(comparison.deltas[0].fractionOfRoof);
    EXPECT_NE(*comparison.deltas[0].fractionOfRoof, 0.0);
}

// A candidate that replays its graph 4 times against a baseline that replays
// it once: per graph launch the candidate runs 40 us of kernels (10 Triton)
// against the baseline's 50 (20 Triton): 1.25x and 2x faster. In total it
// ran 160 us against 50: 0.3125x, the headline that misled.
TEST(TraceComparison, GraphReplaysCompareOnePerLaunchNotInTotal)
{
    const auto replays = [](int launches, double tritonUs) {
        QByteArrayList events;
        for (int i = 0; i < launches; ++i)
            events << graphReplay(1000.0 * i, 50 + i, { { "triton_poi_fused_add_0", tritonUs }, { "Cijk_gemm", 30 } });
        return events.join(",\n");
    };
    TempTraces traces;
    const AnalysisOutcome base = analyze(traces.write(QStringLiteral("base.json"), traceJson(replays(1, 20))));
    const AnalysisOutcome cand = analyze(traces.write(QStringLiteral("cand.json"), traceJson(replays(4, 10))));
    ASSERT_EQ(base.status, AnalysisOutcome::Status::Ok);
    ASSERT_EQ(cand.status, AnalysisOutcome::Status::Ok);
    const TraceComparison comparison = compared(base.result, cand.result);
    EXPECT_NEAR(*comparison.gpuTimeSpeedup, 50.0 / 160.0, 1e-12);
    ASSERT_TRUE(comparison.perStep);
    EXPECT_EQ(comparison.perStep->kind, StepKind::GraphLaunch);
    EXPECT_EQ(comparison.perStep->baselineSteps, 1);
    EXPECT_EQ(comparison.perStep->candidateSteps, 4);
    EXPECT_NEAR(*comparison.perStep->gpuTimeSpeedup, 1.25, 1e-12);
    EXPECT_NEAR(*comparison.perStep->tritonTimeSpeedup, 2.0, 1e-12);
    EXPECT_EQ(comparisonBasis(comparison),
        QStringLiteral("per graph launch (4 against 1 in the baseline): the only step both count, neither has a ProfilerStep"));

    // Without common steps the comparison says it is of totals.
    const AnalysisOutcome eager = analyze(traces.write(QStringLiteral("eager.json"), traceJson(kernelEvent("Cijk_gemm", 10, 30, 1, 0))));
    const TraceComparison totals = compared(eager.result, cand.result);
    EXPECT_FALSE(totals.perStep);
    EXPECT_EQ(comparisonBasis(totals),
        QStringLiteral("in total: the traces count no step of one kind (this trace: graph launches; the baseline: none)"));
}

// Traces of compiled graph calls without ProfilerSteps or graph launches
// (issue 35's step kinds) compare per call: the candidate calls its graph 3
// times, each call 10 us of Triton and 30 of GEMM, against the baseline's
// one call of 20 and 30: per call 1.25x and 2x faster, in total 0.42x.
TEST(TraceComparison, CompiledGraphCallsCompareOnePerCall)
{
    const auto calls = [](int count, double tritonUs) {
        QByteArrayList events;
        for (int i = 0; i < count; ++i) {
            const double c = 100 + 2000 * i;
            const int correlation = 10 + 2 * i;
            events << annotationEvent("user_annotation", "## Call CompiledFxGraph abc ##", 100, 1, c, 1000);
            events << launchEvent(c + 100, 5, correlation) << kernelEvent("triton_poi_fused_add_0", c + 110, tritonUs, correlation);
            events << launchEvent(c + 200, 5, correlation + 1) << kernelEvent("Cijk_gemm", c + 210 + tritonUs, 30, correlation + 1);
        }
        return events.join(",\n");
    };
    TempTraces traces;
    const AnalysisOutcome base = analyze(traces.write(QStringLiteral("base.json"), traceJson(calls(1, 20))));
    const AnalysisOutcome cand = analyze(traces.write(QStringLiteral("cand.json"), traceJson(calls(3, 10))));
    ASSERT_EQ(base.status, AnalysisOutcome::Status::Ok);
    ASSERT_EQ(cand.status, AnalysisOutcome::Status::Ok);
    const TraceComparison comparison = compared(base.result, cand.result);
    EXPECT_NEAR(*comparison.gpuTimeSpeedup, 50.0 / 120.0, 1e-12);
    ASSERT_TRUE(comparison.perStep);
    EXPECT_EQ(comparison.perStep->kind, StepKind::CompiledGraphCall);
    EXPECT_EQ(comparison.perStep->baselineSteps, 1);
    EXPECT_EQ(comparison.perStep->candidateSteps, 3);
    EXPECT_NEAR(*comparison.perStep->gpuTimeSpeedup, 1.25, 1e-12);
    EXPECT_NEAR(*comparison.perStep->tritonTimeSpeedup, 2.0, 1e-12);
    EXPECT_EQ(
        comparisonBasis(comparison), QStringLiteral("per compiled graph call (3 against 1 in the baseline): the only step both count"));

    // Against a trace of no step, in total, saying what each counts.
    const AnalysisOutcome eager = analyze(traces.write(QStringLiteral("eager.json"), traceJson(kernelEvent("Cijk_gemm", 10, 30, 1, 0))));
    EXPECT_EQ(comparisonBasis(compared(eager.result, cand.result)),
        QStringLiteral("in total: the traces count no step of one kind (this trace: compiled graph calls; the baseline: none)"));
}
