// The step two traces compare by: the finest kind both count (graph launch
// finer than ProfilerStep), in total only when they share none, and the
// words that say which and why; a slowdown said as one ("10.5× slower").
#include "engine/comparison/tracecomparison.h"
#include "engine/export/comparisonexport.h"
#include "engine/export/markdownreport.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// Per-step figures that tell the kinds apart: a launch's GPU time is
// `launchUs` (a quarter of it Triton), a ProfilerStep's ten times that.
GpuActivity counting(int launches, int windows, double launchUs)
{
    GpuActivity activity;
    if (launches > 0)
        activity.stepKinds.push_back({ StepKind::GraphLaunch, launches, launchUs, launchUs / 4, std::nullopt, 0, std::nullopt, {} });
    if (windows > 0)
        activity.stepKinds.push_back({ StepKind::ProfilerStep, windows, 10 * launchUs, 10 * launchUs / 4, 0.0, 0, std::nullopt, {} });
    if (!activity.stepKinds.empty())
        activity.steps = activity.stepKinds.front();
    return activity;
}

struct BasisCase
{
    const char* name;
    int candidateLaunches, candidateWindows, baselineLaunches, baselineWindows;
    StepKind kind; // None: in total
    std::optional<double> gpuTimeSpeedup;
    const char* basis;
};

// Candidate launches take 40 us, the baseline's 50: 1.25 per launch; per
// ProfilerStep 500 / 400, also 1.25, with other step counts.
const BasisCase basisCases[] = {
    { "OneStepOfFourLaunchesAgainstOneLaunch", 4, 1, 1, 0, StepKind::GraphLaunch, 1.25,
        "per graph launch (4 against 1 in the baseline): the only step both count, the baseline has no ProfilerStep" },
    { "BothHaveBothKinds", 8, 4, 6, 3, StepKind::GraphLaunch, 1.25,
        "per graph launch (8 against 6 in the baseline): finer than the ProfilerSteps both have" },
    { "LaunchesOnly", 4, 0, 1, 0, StepKind::GraphLaunch, 1.25,
        "per graph launch (4 against 1 in the baseline): the only step both count, neither has a ProfilerStep" },
    { "CandidateWithoutProfilerStep", 4, 0, 2, 2, StepKind::GraphLaunch, 1.25,
        "per graph launch (4 against 2 in the baseline): the only step both count, this trace has no ProfilerStep" },
    { "ProfilerStepsWhereOnlyTheBaselineLaunches", 0, 5, 5, 5, StepKind::ProfilerStep, 1.25,
        "per ProfilerStep (5 against 5 in the baseline): the only step both count, this trace launches no graph" },
    { "ProfilerStepsOnly", 0, 3, 0, 2, StepKind::ProfilerStep, 1.25,
        "per ProfilerStep (3 against 2 in the baseline): the only step both count, neither launches a graph" },
    { "NoCommonKind", 4, 0, 0, 2, StepKind::None, std::nullopt,
        "in total: the traces count no step of one kind (this trace: graph launches; the baseline: ProfilerSteps)" },
    { "NoSteps", 0, 0, 0, 0, StepKind::None, std::nullopt,
        "in total: the traces count no step of one kind (this trace: none; the baseline: none)" },
};

class StepBasis : public testing::TestWithParam<BasisCase>
{
};

} // namespace

TEST_P(StepBasis, TheFinestCommonKindAndWhy)
{
    const BasisCase& c = GetParam();
    const GpuActivity candidate = counting(c.candidateLaunches, c.candidateWindows, 40);
    const GpuActivity baseline = counting(c.baselineLaunches, c.baselineWindows, 50);
    const std::optional<StepComparison> steps = compareSteps(baseline, candidate);
    EXPECT_EQ(steps.has_value(), c.kind != StepKind::None);
    if (steps) {
        EXPECT_EQ(steps->kind, c.kind);
        EXPECT_EQ(steps->candidateSteps, c.kind == StepKind::GraphLaunch ? c.candidateLaunches : c.candidateWindows);
        EXPECT_EQ(steps->baselineSteps, c.kind == StepKind::GraphLaunch ? c.baselineLaunches : c.baselineWindows);
        ASSERT_TRUE(steps->gpuTimeSpeedup);
        EXPECT_NEAR(*steps->gpuTimeSpeedup, *c.gpuTimeSpeedup, 1e-12);
        EXPECT_NEAR(*steps->tritonTimeSpeedup, *c.gpuTimeSpeedup, 1e-12);
    }
    EXPECT_EQ(stepBasis(baseline, candidate, steps), QString::fromUtf8(c.basis));
}

INSTANTIATE_TEST_SUITE_P(Cases, StepBasis, testing::ValuesIn(basisCases),
    [](const testing::TestParamInfo<BasisCase>& param) { return std::string(param.param.name); });

TEST(SpeedupInWords, ASlowdownReadsAsOne)
{
    EXPECT_EQ(speedupInWords(1 / 10.5), QStringLiteral("10.5\u00d7 slower"));
    EXPECT_EQ(speedupInWords(0.3125), QStringLiteral("3.20\u00d7 slower"));
    EXPECT_EQ(speedupInWords(1.25), QStringLiteral("1.25\u00d7 faster"));
    EXPECT_EQ(speedupInWords(250), QStringLiteral("250\u00d7 faster"));
    EXPECT_EQ(speedupInWords(1.0), QStringLiteral("unchanged"));
    EXPECT_EQ(speedupInWords(0.999), QStringLiteral("unchanged")); // 1.001x rounds to 1.00
    EXPECT_EQ(speedupInWords(0.0), QStringLiteral("not comparable"));
}

// The issue's case end to end: a candidate of one ProfilerStep holding four
// launches (40 us each, 10 Triton; 160 us once outside them) against a
// baseline of one launch without a step (50 us, 20 Triton). Per launch:
// 50 / 40 = 1.25x and 20 / 10 = 2x faster. In total (320 us against 50) it
// would read 6.40x slower.
TEST(StepComparison, OneProfilerStepOfFourLaunchesAgainstOneLaunchComparesFourAgainstOne)
{
    TempTraces traces;
    const AnalysisOutcome base = analyze(traces.write(QStringLiteral("base.json"), traceJson(oneGraphLaunchWithoutAStep())));
    const AnalysisOutcome cand = analyze(traces.write(QStringLiteral("cand.json"), traceJson(oneProfilerStepOfFourGraphLaunches())));
    ASSERT_EQ(base.status, AnalysisOutcome::Status::Ok);
    ASSERT_EQ(cand.status, AnalysisOutcome::Status::Ok);
    const auto judgement = judge(cand.result, datasheetLens(), base.result);
    const TraceComparison* comparison = judgement->comparison.get();
    EXPECT_NEAR(*comparison->gpuTimeSpeedup, 50.0 / 320.0, 1e-12);
    ASSERT_TRUE(comparison->perStep);
    EXPECT_EQ(comparison->perStep->kind, StepKind::GraphLaunch);
    EXPECT_EQ(comparison->perStep->candidateSteps, 4);
    EXPECT_EQ(comparison->perStep->baselineSteps, 1);
    EXPECT_NEAR(*comparison->perStep->gpuTimeSpeedup, 1.25, 1e-12);
    EXPECT_NEAR(*comparison->perStep->tritonTimeSpeedup, 2.0, 1e-12);
    const QString basis = QStringLiteral("per graph launch (4 against 1 in the baseline): the only step both count, the "
                                         "baseline has no ProfilerStep");
    EXPECT_EQ(comparisonBasis(*comparison), basis);

    // The export keeps the ratio and counts the compared kind's steps.
    const QJsonObject root = QJsonDocument::fromJson(exportComparisonJson(*judgement)).object();
    const QJsonObject summary = root[QStringLiteral("comparison")].toObject();
    EXPECT_EQ(summary[QStringLiteral("basis")].toString(), basis);
    const QJsonObject steps = summary[QStringLiteral("steps")].toObject();
    EXPECT_EQ(steps[QStringLiteral("kind")].toString(), QStringLiteral("graph_launch"));
    EXPECT_EQ(steps[QStringLiteral("candidate")].toInt(), 4);
    EXPECT_EQ(steps[QStringLiteral("baseline")].toInt(), 1);
    EXPECT_DOUBLE_EQ(summary[QStringLiteral("per_step")].toObject()[QStringLiteral("gpu_time_speedup")].toDouble(), 1.25);
    // Each side's own steps, every kind it counts: the baseline launches only.
    const QJsonObject baseSteps = summary[QStringLiteral("baseline")].toObject()[QStringLiteral("steps")].toObject();
    EXPECT_EQ(baseSteps[QStringLiteral("kind")].toString(), QStringLiteral("graph_launch"));
    EXPECT_EQ(baseSteps[QStringLiteral("kinds")].toArray().size(), 1);
    EXPECT_EQ(
        summary[QStringLiteral("candidate")].toObject()[QStringLiteral("steps")].toObject()[QStringLiteral("kinds")].toArray().size(), 2);
    EXPECT_DOUBLE_EQ(root[QStringLiteral("time_budget")]
                         .toObject()[QStringLiteral("steps")]
                         .toObject()[QStringLiteral("one_off_gpu_time_us")]
                         .toDouble(),
        160);

    // The report says it in words, per launch, and the one-off time apart.
    ReportInputs inputs;
    inputs.judgement = judgement.get();
    const QString report = QString::fromUtf8(markdownReport(inputs));
    EXPECT_TRUE(report.contains(QStringLiteral("Compared ") + basis + QStringLiteral(".\n"))) << qPrintable(report);
    EXPECT_TRUE(report.contains(QStringLiteral("GPU time 1.25\u00d7 faster, Triton time 2.00\u00d7 faster per graph launch.")));
    EXPECT_TRUE(report.contains(
        QStringLiteral("Per step (graph launches, 4 steps: graph replayed without a matched capture): GPU time 40.0 \u00b5s")));
    EXPECT_TRUE(report.contains(QStringLiteral("Outside the steps (run once): GPU time 160 \u00b5s.")));
    EXPECT_TRUE(
        report.contains(QStringLiteral("The trace also has 1 ProfilerStep annotation (ProfilerStep#3), 320 \u00b5s of GPU time each.")));

    // The other way round, the slowdown in words: 0.8x per launch is 1.25x slower.
    const TraceComparison reverse = compared(cand.result, base.result);
    ASSERT_TRUE(reverse.perStep);
    EXPECT_EQ(speedupInWords(*reverse.perStep->gpuTimeSpeedup), QStringLiteral("1.25\u00d7 slower"));
}

namespace {

// Per-step GPU and Triton time of each side; a side without either has
// no speedup of it, and the reason says which side lacks it.
struct MissingSideCase
{
    const char* name;
    double baselineGpuUs, baselineTritonUs, candidateGpuUs, candidateTritonUs;
    std::optional<double> gpuTimeSpeedup, tritonTimeSpeedup;
    const char* reason;
};

const MissingSideCase missingSideCases[] = {
    { "BothSides", 50, 10, 40, 5, 1.25, 2.0, "" },
    { "BaselineStepsRanNothing", 0, 0, 40, 5, std::nullopt, std::nullopt,
        "the baseline's steps hold no GPU time; the baseline's steps hold no Triton time" },
    { "CandidateStepsRanNothing", 50, 10, 0, 0, std::nullopt, std::nullopt,
        "this trace's steps hold no GPU time; this trace's steps hold no Triton time" },
    { "NoTritonOnEitherSide", 50, 0, 40, 0, 1.25, std::nullopt, "neither trace's steps hold Triton time" },
};

class StepSpeedupSides : public testing::TestWithParam<MissingSideCase>
{
};

GpuActivity launchesOf(double gpuUs, double tritonUs)
{
    GpuActivity activity;
    activity.stepKinds.push_back({ StepKind::GraphLaunch, 4, gpuUs, tritonUs, std::nullopt, 0, std::nullopt, {} });
    activity.steps = activity.stepKinds.front();
    return activity;
}

} // namespace

TEST_P(StepSpeedupSides, IsNullWithAReasonUnlessBothSidesRanSome)
{
    const MissingSideCase& c = GetParam();
    const auto steps = compareSteps(launchesOf(c.baselineGpuUs, c.baselineTritonUs), launchesOf(c.candidateGpuUs, c.candidateTritonUs));
    ASSERT_TRUE(steps);
    EXPECT_EQ(steps->gpuTimeSpeedup, c.gpuTimeSpeedup); // never 0x, never infinite
    EXPECT_EQ(steps->tritonTimeSpeedup, c.tritonTimeSpeedup);
    EXPECT_EQ(steps->reason, QString::fromUtf8(c.reason));
}

INSTANTIATE_TEST_SUITE_P(Issue34, StepSpeedupSides, testing::ValuesIn(missingSideCases),
    [](const testing::TestParamInfo<MissingSideCase>& param) { return std::string(param.param.name); });
