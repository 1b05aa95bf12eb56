// Steps by a host call made again and again (issue 35): the
// "## Call CompiledFxGraph <hash> ##" calls of one hash, and the calls of
// the outermost nn.Module called most often, ties to more GPU time. Kinds
// in order graph launch, compiled graph call, module, ProfilerStep; the
// finest is read by when one ProfilerStep (or none) holds them, or each
// holds two or more. Every figure is derived by hand in the comments.
#include "engine/export/markdownreport.h"
#include "engine/export/timebudgetexport.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

std::shared_ptr<const AnalysisResult> analyzed(TempTraces& traces, const QByteArrayList& events)
{
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("trace.json"), traceJson(events.join(",\n"))));
    EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    return outcome.result;
}

// On thread 100/1, a call [c, c + 1000] launches triton_poi_fused_add_0 at
// c + 100 (GPU [c + 110, c + 120]) and Cijk_gemm at c + 200 (GPU
// [c + 210, c + 240]): 40 us of kernels, 10 of Triton, its GPU span 130
// less 40 busy: 90 idle.
void callLaunchingTwoKernels(QByteArrayList& events, const QByteArray& category, const QByteArray& name, double c, int correlation)
{
    events << annotationEvent(category, name, 100, 1, c, 1000);
    events << launchEvent(c + 100, 5, correlation) << kernelEvent("triton_poi_fused_add_0", c + 110, 10, correlation);
    events << launchEvent(c + 200, 5, correlation + 1) << kernelEvent("Cijk_gemm", c + 210, 30, correlation + 1);
}

// Three calls of hash abc at 100, 2100 and 4100 (each as above); one of
// hash xyz [6100, 6600] launching Cijk_big (100 us) at 6200; Cijk_once
// (50 us) launched at 8000 by no call. Kernel time 3 x 40 + 100 + 50 = 270.
// `modules`: each abc call inside an nn.Module: Model_0 frame [c - 50, c + 1050].
QByteArrayList threeCompiledGraphCalls(bool modules)
{
    QByteArrayList events;
    for (int i = 0; i < 3; ++i) {
        const double c = 100 + 2000 * i;
        if (modules)
            events << annotationEvent("python_function", "nn.Module: Model_0", 100, 1, c - 50, 1100);
        callLaunchingTwoKernels(events, "user_annotation", "## Call CompiledFxGraph abc ##", c, 10 + 2 * i);
    }
    events << annotationEvent("user_annotation", "## Call CompiledFxGraph xyz ##", 100, 1, 6100, 500);
    events << launchEvent(6200, 5, 50) << kernelEvent("Cijk_big", 6300, 100, 50);
    events << launchEvent(8000, 5, 60) << kernelEvent("Cijk_once", 8100, 50, 60);
    return events;
}

std::vector<StepKind> kindsOf(const GpuActivity& activity)
{
    std::vector<StepKind> kinds;
    for (const StepFigures& figures : activity.stepKinds)
        kinds.push_back(figures.kind);
    return kinds;
}

} // namespace

TEST(HostCallSteps, OneProfilerStepOfThreeCompiledGraphCallsIsReadPerCall)
{
    TempTraces traces;
    QByteArrayList events = threeCompiledGraphCalls(false);
    events << profilerStepEvent(1, 0, 10000);
    const auto result = analyzed(traces, events);
    ASSERT_TRUE(result);
    const StepFigures& steps = result->activity.steps;
    // abc is called three times, xyz once: abc's calls are the steps.
    EXPECT_EQ(steps.kind, StepKind::CompiledGraphCall);
    EXPECT_EQ(steps.count, 3);
    EXPECT_EQ(steps.what, QStringLiteral("## Call CompiledFxGraph abc ##"));
    EXPECT_NEAR(steps.gpuTimePerStepUs, 40, 1e-9);
    EXPECT_NEAR(steps.tritonTimePerStepUs, 10, 1e-9);
    ASSERT_TRUE(steps.idlePerStepUs);
    EXPECT_NEAR(*steps.idlePerStepUs, 90, 1e-9);
    EXPECT_NEAR(steps.oneOffGpuTimeUs, 270 - 120, 1e-9); // xyz's and the one-off kernel
    ASSERT_TRUE(steps.firstStartUs);
    EXPECT_NEAR(*steps.firstStartUs, 100, 1e-9); // the first call's host begin
    EXPECT_EQ(kindsOf(result->activity), (std::vector { StepKind::CompiledGraphCall, StepKind::ProfilerStep }));

    // The export names the kind, the chosen one and each kept.
    const QJsonObject json = stepsJson(result->activity);
    EXPECT_EQ(json[u"kind"].toString(), QStringLiteral("compiled_graph_call"));
    EXPECT_EQ(json[u"kinds"].toArray()[0].toObject()[u"kind"].toString(), QStringLiteral("compiled_graph_call"));
    EXPECT_EQ(json[u"kinds"].toArray()[1].toObject()[u"kind"].toString(), QStringLiteral("profiler_step"));
}

TEST(HostCallSteps, ProfilerStepsOfOneCallEachStayTheSteps)
{
    // A ProfilerStep [c - 50, c + 1050] around each abc call: each holds one
    // call, so the ProfilerSteps are those steps already (and keep the
    // step's own window); the calls are kept as a kind beside them.
    TempTraces traces;
    QByteArrayList events = threeCompiledGraphCalls(false);
    for (int i = 0; i < 3; ++i)
        events << profilerStepEvent(i + 1, 50 + 2000 * i, 1100);
    const auto result = analyzed(traces, events);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->activity.steps.kind, StepKind::ProfilerStep);
    EXPECT_EQ(result->activity.steps.count, 3);
    EXPECT_EQ(kindsOf(result->activity), (std::vector { StepKind::CompiledGraphCall, StepKind::ProfilerStep }));
    const StepFigures* calls = result->activity.stepsOf(StepKind::CompiledGraphCall);
    ASSERT_TRUE(calls);
    EXPECT_EQ(calls->count, 3);
}

TEST(HostCallSteps, KindsInOrderCompiledGraphCallModuleProfilerStep)
{
    // The abc calls each inside a Model_0 frame: three module calls holding
    // the same 40 us each, and the compiled graph calls, the finer, read by.
    TempTraces traces;
    QByteArrayList events = threeCompiledGraphCalls(true);
    events << profilerStepEvent(1, 0, 10000);
    const auto result = analyzed(traces, events);
    ASSERT_TRUE(result);
    EXPECT_EQ(kindsOf(result->activity), (std::vector { StepKind::CompiledGraphCall, StepKind::Module, StepKind::ProfilerStep }));
    EXPECT_EQ(result->activity.steps.kind, StepKind::CompiledGraphCall);
    const StepFigures* modules = result->activity.stepsOf(StepKind::Module);
    ASSERT_TRUE(modules);
    EXPECT_EQ(modules->count, 3);
    EXPECT_EQ(modules->what, QStringLiteral("nn.Module: Model_0"));
    EXPECT_NEAR(modules->gpuTimePerStepUs, 40, 1e-9);
    ASSERT_TRUE(modules->firstStartUs);
    EXPECT_NEAR(*modules->firstStartUs, 50, 1e-9);
}

TEST(HostCallSteps, TheOutermostModuleCalledMostOftenTiesToMoreGpuTime)
{
    // Thread 100/1: Model_0 at 100 and 2100 (each as above, 40 us), each
    // with a nested Linear_0 [c + 50, c + 500] (no outermost call); Head_0
    // [5000, 5400] and [6000, 6400], each launching Cijk_head (10 us) at
    // +100: two calls each, Model_0 has more GPU time (80 against 20).
    // Thread 100/2: Other_0 three times over Model_0's windows and at 9000:
    // called most, but no launch of its thread falls in it (thread 1's do
    // not count), so it is no step. No ProfilerStep: the module calls are read by.
    QByteArrayList events;
    for (int i = 0; i < 2; ++i) {
        const double c = 100 + 2000 * i;
        callLaunchingTwoKernels(events, "python_function", "nn.Module: Model_0", c, 10 + 2 * i);
        events << annotationEvent("python_function", "nn.Module: Linear_0", 100, 1, c + 50, 450);
        events << annotationEvent("python_function", "nn.Module: Head_0", 100, 1, 5000 + 1000 * i, 400);
        events << launchEvent(5100 + 1000 * i, 5, 30 + i) << kernelEvent("Cijk_head", 5150 + 1000 * i, 10, 30 + i);
    }
    for (double at : { 100.0, 2100.0, 9000.0 })
        events << annotationEvent("python_function", "nn.Module: Other_0", 100, 2, at, 1000);
    TempTraces traces;
    const auto result = analyzed(traces, events);
    ASSERT_TRUE(result);
    const StepFigures& steps = result->activity.steps;
    EXPECT_EQ(steps.kind, StepKind::Module);
    EXPECT_EQ(steps.what, QStringLiteral("nn.Module: Model_0"));
    EXPECT_EQ(steps.count, 2);
    EXPECT_NEAR(steps.gpuTimePerStepUs, 40, 1e-9);
    EXPECT_NEAR(steps.tritonTimePerStepUs, 10, 1e-9);
    ASSERT_TRUE(steps.idlePerStepUs);
    EXPECT_NEAR(*steps.idlePerStepUs, 90, 1e-9);
    EXPECT_NEAR(steps.oneOffGpuTimeUs, 20, 1e-9); // Head_0's kernels
    EXPECT_EQ(kindsOf(result->activity), (std::vector { StepKind::Module }));
    EXPECT_EQ(stepsJson(result->activity)[u"kind"].toString(), QStringLiteral("module"));
}

// The bundled xDiT SD3.5 trace: one ProfilerStep#3 (712.0 ms of kernels)
// around four denoising steps, each a call of one compiled graph inside
// SD3Transformer2DModel_0: read per call, 156.9 ms of kernels each, the
// text encoders and the VAE (84.4 ms) apart. Its export otherwise matches
// the reader's before these kinds, field for field.
// One compiled graph call is one step, and the report says so in the singular.
TEST(HostCallSteps, OneCallIsOneStepInTheReport)
{
    TempTraces traces;
    QByteArrayList events;
    callLaunchingTwoKernels(events, "user_annotation", "## Call CompiledFxGraph abc ##", 100, 10);
    const auto result = analyzed(traces, events);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->activity.steps.kind, StepKind::CompiledGraphCall);
    EXPECT_EQ(result->activity.steps.count, 1);
    const QString report = QString::fromUtf8(markdownReport({ judgedOnMi300x(result).get(), {} }));
    EXPECT_TRUE(report.contains(QStringLiteral("Per step (compiled graph calls, 1 step: "))) << qPrintable(report);
}

TEST(HostCallSteps, TheXditTraceIsReadPerDenoisingStep)
{
    const QString path = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "../shared/traces/xdit_sd35_mi300x.json.gz is absent";
    const AnalysisOutcome outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    const GpuActivity& activity = outcome.result->activity;
    EXPECT_EQ(kindsOf(activity), (std::vector { StepKind::CompiledGraphCall, StepKind::Module, StepKind::ProfilerStep }));
    EXPECT_EQ(activity.steps.kind, StepKind::CompiledGraphCall);
    EXPECT_EQ(activity.steps.count, 4);
    EXPECT_TRUE(activity.steps.what.startsWith(u"## Call CompiledFxGraph fp5r5pk7bndvtfxh"));
    EXPECT_NEAR(activity.steps.gpuTimePerStepUs / 1e3, 156.91, 0.01);
    EXPECT_NEAR(activity.steps.oneOffGpuTimeUs / 1e3, 84.38, 0.01);
    const StepFigures* modules = activity.stepsOf(StepKind::Module);
    ASSERT_TRUE(modules);
    EXPECT_EQ(modules->what, QStringLiteral("nn.Module: SD3Transformer2DModel_0"));
    EXPECT_EQ(modules->count, 4);
    const StepFigures* windows = activity.stepsOf(StepKind::ProfilerStep);
    ASSERT_TRUE(windows);
    EXPECT_NEAR(windows->gpuTimePerStepUs / 1e3, 712.01, 0.01);
}
