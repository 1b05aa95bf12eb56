// The controller runs analyses on a worker thread, drops superseded ones
// and reports cancellation.
#include "analysiscontroller.h"
#include "testsupport.h"

#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

const QString samplePath = QStringLiteral(RIDGELINE_SOURCE_DIR "/resources/samples/transformer_block_mi300x.json.gz");

} // namespace

TEST(AnalysisController, DeliversAResultOffTheGuiThread)
{
    AnalysisController controller;
    QSignalSpy finished(&controller, &AnalysisController::finished);
    QSignalSpy progress(&controller, &AnalysisController::progress);
    controller.open(samplePath);
    EXPECT_TRUE(controller.isRunning());
    ASSERT_TRUE(finished.wait(30000));
    const auto result = finished.takeFirst().at(0).value<std::shared_ptr<const AnalysisResult>>();
    ASSERT_NE(result, nullptr);
    EXPECT_EQ(Ridgeline::Test::tritonRowCount(*result), 4u);
    EXPECT_FALSE(controller.isRunning());
    ASSERT_FALSE(progress.isEmpty());
    EXPECT_EQ(progress.last().at(0).toLongLong(), progress.last().at(1).toLongLong()) << "ends at 100 %";
}

TEST(AnalysisController, ASecondOpenSupersedesTheFirst)
{
    AnalysisController controller;
    QSignalSpy finished(&controller, &AnalysisController::finished);
    QSignalSpy failed(&controller, &AnalysisController::failed);
    controller.open(QStringLiteral("/nonexistent/first.json"));
    controller.open(samplePath);
    ASSERT_TRUE(finished.wait(30000));
    QTest::qWait(200); // let a late first job report, if it wrongly could
    EXPECT_EQ(finished.size(), 1);
    EXPECT_TRUE(failed.isEmpty()) << "the superseded job's failure is dropped";
    EXPECT_EQ(controller.currentPath(), samplePath);
}

TEST(AnalysisController, FailureNamesTheFile)
{
    AnalysisController controller;
    QSignalSpy failed(&controller, &AnalysisController::failed);
    controller.open(QStringLiteral("/nonexistent/trace.json.gz"));
    ASSERT_TRUE(failed.wait(30000));
    const QString error = failed.takeFirst().at(0).toString();
    EXPECT_TRUE(error.startsWith(QStringLiteral("/nonexistent/trace.json.gz: no such file"))) << qPrintable(error);
}

TEST(AnalysisController, AnalysesARangeOfThePreparedTraceWithoutReadingIt)
{
    AnalysisController controller;
    QSignalSpy finished(&controller, &AnalysisController::finished);
    QSignalSpy progress(&controller, &AnalysisController::progress);
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = false;
    options.figures.keepPreparedTrace = true;
    controller.open(samplePath, options);
    EXPECT_TRUE(controller.readsFiles());
    ASSERT_TRUE(finished.wait(30000));
    const auto whole = finished.takeFirst().at(0).value<std::shared_ptr<const AnalysisResult>>();
    ASSERT_TRUE(whole && whole->prepared);

    // The first microsecond only: fewer kernel microseconds than the trace's.
    progress.clear();
    controller.analyzeRange(whole->prepared, TimeRangeUs { 0, 1 });
    EXPECT_FALSE(controller.readsFiles());
    EXPECT_TRUE(controller.isRunning());
    EXPECT_EQ(controller.currentPath(), samplePath);
    ASSERT_TRUE(controller.currentOptions().figures.gpuRange);
    EXPECT_FALSE(controller.currentOptions().read.searchDefaultInductorCache) << "the options it was read with";
    ASSERT_TRUE(finished.wait(30000));
    const auto ranged = finished.takeFirst().at(0).value<std::shared_ptr<const AnalysisResult>>();
    ASSERT_TRUE(ranged);
    ASSERT_TRUE(ranged->gpuRangeUs);
    EXPECT_LT(ranged->totalGpuKernelTimeUs, whole->totalGpuKernelTimeUs);
    EXPECT_EQ(ranged->prepared, whole->prepared);
    ASSERT_FALSE(progress.isEmpty());
    EXPECT_EQ(progress.last().at(0).toLongLong(), progress.last().at(1).toLongLong()) << "ends at 100 %";
}
