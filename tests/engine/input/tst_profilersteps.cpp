// ProfilerStep annotations made whole after reading: a step written twice
// counts once, of nested steps the outermost are the steps, a number that
// does not parse keeps its step (numbered -1), and each cause is said in a
// warning instead of a step count that silently doubles or drops.
#include "engine/activity/gpuactivity.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

TEST(ProfilerSteps, RepeatedNestedAndUnnumberedStepsAreMadeWholeAndSaid)
{
    // Steps of 100 us from 0: #1 written twice, #2 holding a nested #3, and a
    // step numbered with 19 digits (past int64's 18 safe ones): three steps,
    // one 20 us kernel in each.
    QByteArrayList events;
    events << profilerStepEvent(1, 0, 100) << profilerStepEvent(1, 0, 100) << profilerStepEvent(2, 100, 100)
           << profilerStepEvent(3, 120, 30) << annotationEvent("user_annotation", "ProfilerStep#1234567890123456789", 100, 1, 200, 100);
    for (int i = 0; i < 3; ++i)
        events << kernelEvent("Cijk_gemm_x", 10 + 100 * i, 20, 1 + i);
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("steps.json"), traceJson(events.join(",\n"))));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    const AnalysisResult& result = *outcome.result;
    const StepFigures* steps = result.activity.stepsOf(StepKind::ProfilerStep);
    ASSERT_TRUE(steps);
    EXPECT_EQ(steps->count, 3);
    EXPECT_DOUBLE_EQ(steps->gpuTimePerStepUs, 20.0);
    const QString warnings = result.warnings.join(u'\n');
    EXPECT_TRUE(warnings.contains(QStringLiteral("1 ProfilerStep annotations repeat one already read"))) << qPrintable(warnings);
    EXPECT_TRUE(warnings.contains(QStringLiteral("1 ProfilerStep annotations lie inside another: the outermost are the steps")))
        << qPrintable(warnings);
    EXPECT_TRUE(warnings.contains(QStringLiteral("1 ProfilerStep annotations have a number that does not parse"))) << qPrintable(warnings);
}

TEST(ProfilerSteps, StepsPastTheCapAreCountedInAWarning)
{
    // 65,536 kept, 4 more said: a step is milliseconds at least, more is a hostile file.
    QByteArrayList events;
    const int cap = 1 << 16;
    for (int i = 0; i < cap + 4; ++i)
        events << profilerStepEvent(i, 10.0 * i, 10);
    events << kernelEvent("Cijk_gemm_x", 5, 2, 1);
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("many.json"), traceJson(events.join(",\n"))));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    const QString warnings = outcome.result->warnings.join(u'\n');
    EXPECT_TRUE(warnings.contains(QStringLiteral("4 ProfilerStep annotations past the first 65536 are not counted as steps")))
        << qPrintable(warnings);
}
