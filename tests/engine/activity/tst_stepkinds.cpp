// Which steps a trace is read by: its graph launches when it has at most one
// ProfilerStep or its ProfilerSteps each hold two or more launches of the
// step graph, else its ProfilerSteps; every kind it has kept with its own
// figures, and the GPU time outside the steps said apart. Every figure below
// is derived by hand in the comments.
#include "engine/export/timebudgetexport.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

std::shared_ptr<const AnalysisResult> analyzed(TempTraces& traces, const QByteArray& events)
{
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("trace.json"), traceJson(events)));
    EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    return outcome.result;
}

// ProfilerSteps #1.. of `width` us back to back from 0, and a launch of one
// graph (triton_poi_fused_add_0 10 us, Cijk_gemm 30 us, 100 us after its
// launch) at each of `launchTimes`.
QByteArray stepsAndLaunches(int steps, double width, const std::vector<double>& launchTimes)
{
    QByteArrayList events;
    for (int i = 0; i < steps; ++i)
        events << profilerStepEvent(i + 1, width * i, width);
    for (size_t i = 0; i < launchTimes.size(); ++i)
        events << graphReplay(launchTimes[i], 50 + int(i), { { "triton_poi_fused_add_0", 10 }, { "Cijk_gemm", 30 } });
    return events.join(",\n");
}

} // namespace

TEST(StepKinds, OneProfilerStepOfFourGraphLaunchesIsReadPerLaunchWithTheOneOffTimeApart)
{
    TempTraces traces;
    const auto result = analyzed(traces, oneProfilerStepOfFourGraphLaunches());
    ASSERT_TRUE(result);
    const GpuActivity& activity = result->activity;
    // The steps are the four launches: 40 us of kernels each, 10 of Triton;
    // the encoder (100 us) and the decoder (60) ran once: 160 us apart.
    EXPECT_EQ(activity.steps.kind, StepKind::GraphLaunch);
    EXPECT_EQ(activity.steps.count, 4);
    EXPECT_NEAR(activity.steps.gpuTimePerStepUs, 40, 1e-9);
    EXPECT_NEAR(activity.steps.tritonTimePerStepUs, 10, 1e-9);
    EXPECT_NEAR(activity.steps.oneOffGpuTimeUs, 160, 1e-9);
    EXPECT_FALSE(activity.steps.idlePerStepUs);
    ASSERT_TRUE(activity.steps.firstStartUs);
    EXPECT_NEAR(*activity.steps.firstStartUs, 1100, 1e-9); // the first launch's first kernel

    // Both kinds kept, finest first. The one ProfilerStep holds every launch
    // (all launched inside [0, 10000)): 320 us, nothing outside it; idle is
    // its GPU span [500, 6060) = 5560 less 320 busy = 5240.
    ASSERT_EQ(activity.stepKinds.size(), 2u);
    EXPECT_EQ(activity.stepKinds[0].kind, StepKind::GraphLaunch);
    const StepFigures* window = activity.stepsOf(StepKind::ProfilerStep);
    ASSERT_TRUE(window);
    EXPECT_EQ(window->count, 1);
    EXPECT_NEAR(window->gpuTimePerStepUs, 320, 1e-9);
    EXPECT_NEAR(window->oneOffGpuTimeUs, 0, 1e-9);
    ASSERT_TRUE(window->idlePerStepUs);
    EXPECT_NEAR(*window->idlePerStepUs, 5240, 1e-9);
    EXPECT_EQ(window->what, QStringLiteral("ProfilerStep#3"));

    // The export: `steps` is the kind chosen, `kinds` each kind's figures.
    const QJsonObject steps = stepsJson(activity);
    EXPECT_EQ(steps[QStringLiteral("kind")].toString(), QStringLiteral("graph_launch"));
    EXPECT_EQ(steps[QStringLiteral("count")].toInt(), 4);
    EXPECT_DOUBLE_EQ(steps[QStringLiteral("gpu_time_per_step_us")].toDouble(), 40);
    EXPECT_DOUBLE_EQ(steps[QStringLiteral("one_off_gpu_time_us")].toDouble(), 160);
    const QJsonArray kinds = steps[QStringLiteral("kinds")].toArray();
    ASSERT_EQ(kinds.size(), 2);
    EXPECT_EQ(kinds[0].toObject()[QStringLiteral("kind")].toString(), QStringLiteral("graph_launch"));
    EXPECT_EQ(kinds[1].toObject()[QStringLiteral("kind")].toString(), QStringLiteral("profiler_step"));
    EXPECT_EQ(kinds[1].toObject()[QStringLiteral("count")].toInt(), 1);
    EXPECT_DOUBLE_EQ(kinds[1].toObject()[QStringLiteral("gpu_time_per_step_us")].toDouble(), 320);
    EXPECT_DOUBLE_EQ(kinds[1].toObject()[QStringLiteral("idle_per_step_us")].toDouble(), 5240);
    EXPECT_FALSE(kinds[1].toObject().contains(QStringLiteral("kinds")));
}

TEST(StepKinds, ProfilerStepsOfTwoLaunchesEachAreReadPerLaunch)
{
    // Steps [0, 2000) and [2000, 4000), launches at 500, 1500, 2500, 3500:
    // two in each step, so the 4 launches are the steps.
    TempTraces traces;
    const auto result = analyzed(traces, stepsAndLaunches(2, 2000, { 500, 1500, 2500, 3500 }));
    ASSERT_TRUE(result);
    EXPECT_EQ(result->activity.steps.kind, StepKind::GraphLaunch);
    EXPECT_EQ(result->activity.steps.count, 4);
    EXPECT_NEAR(result->activity.steps.gpuTimePerStepUs, 40, 1e-9);
    EXPECT_NEAR(result->activity.steps.oneOffGpuTimeUs, 0, 1e-9);
    const StepFigures* windows = result->activity.stepsOf(StepKind::ProfilerStep);
    ASSERT_TRUE(windows);
    EXPECT_EQ(windows->count, 2);
    EXPECT_NEAR(windows->gpuTimePerStepUs, 80, 1e-9);
}

TEST(StepKinds, ProfilerStepsOfOneLaunchEachStayTheSteps)
{
    // Steps [0, 1000), [1000, 2000), [2000, 3000) with one launch each (at
    // 500, 1500, 2500): the windows are the launches already and keep their
    // idle time: kernels [600, 610) and [611, 641): 1 us idle per step.
    TempTraces traces;
    const auto result = analyzed(traces, stepsAndLaunches(3, 1000, { 500, 1500, 2500 }));
    ASSERT_TRUE(result);
    const StepFigures& steps = result->activity.steps;
    EXPECT_EQ(steps.kind, StepKind::ProfilerStep);
    EXPECT_EQ(steps.count, 3);
    EXPECT_NEAR(steps.gpuTimePerStepUs, 40, 1e-9);
    ASSERT_TRUE(steps.idlePerStepUs);
    EXPECT_NEAR(*steps.idlePerStepUs, 1, 1e-9);
    EXPECT_EQ(steps.what, QStringLiteral("ProfilerStep#1-#3"));
    // The launches are still counted, for a comparison with a trace of launches.
    const StepFigures* launches = result->activity.stepsOf(StepKind::GraphLaunch);
    ASSERT_TRUE(launches);
    EXPECT_EQ(launches->count, 3);
}

TEST(StepKinds, AProfilerStepOfOneLaunchAmongStepsOfTwoKeepsTheSteps)
{
    // Steps [0, 2000) holding launches at 500 and 1500, [2000, 4000) holding
    // one at 2500 only: not every step holds two, so the ProfilerSteps stay.
    TempTraces traces;
    const auto result = analyzed(traces, stepsAndLaunches(2, 2000, { 500, 1500, 2500 }));
    ASSERT_TRUE(result);
    EXPECT_EQ(result->activity.steps.kind, StepKind::ProfilerStep);
    EXPECT_EQ(result->activity.steps.count, 2);
    EXPECT_NEAR(result->activity.steps.gpuTimePerStepUs, 60, 1e-9); // 120 us over 2
}

TEST(StepKinds, LaunchesWithoutProfilerStepsAreTheStepsAndEagerWorkIsOneOff)
{
    // Three launches of the graph and an eager kernel (launched at 50, run
    // [60, 85)): 3 steps of 40 us, 25 us once.
    TempTraces traces;
    QByteArrayList events;
    events << launchEvent(50, 5, 1) << kernelEvent("Cijk_eager", 60, 25, 1, 0);
    events << stepsAndLaunches(0, 0, { 1000, 2000, 3000 });
    const auto result = analyzed(traces, events.join(",\n"));
    ASSERT_TRUE(result);
    EXPECT_EQ(result->activity.steps.kind, StepKind::GraphLaunch);
    EXPECT_EQ(result->activity.steps.count, 3);
    EXPECT_NEAR(result->activity.steps.oneOffGpuTimeUs, 25, 1e-9);
    ASSERT_EQ(result->activity.stepKinds.size(), 1u);
    EXPECT_FALSE(result->activity.stepsOf(StepKind::ProfilerStep));
}

TEST(StepKinds, NoStepsNoKindsAndTheExportSaysNone)
{
    TempTraces traces;
    const auto result = analyzed(traces, kernelEvent("gemm", 100, 10, 1, 0));
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->activity.stepKinds.empty());
    const QJsonObject steps = stepsJson(result->activity);
    EXPECT_EQ(steps[QStringLiteral("kind")].toString(), QStringLiteral("none"));
    EXPECT_TRUE(steps[QStringLiteral("one_off_gpu_time_us")].isNull());
    EXPECT_TRUE(steps[QStringLiteral("kinds")].toArray().isEmpty());
}
