// The window's range filter computes from the trace as it was read, not
// from the file: a range and then the whole trace again still come after
// the file is gone, in compare mode too, the baseline kept.
#include "analysiscontroller.h"
#include "engine/comparison/tracecomparison.h"
#include "graphfixtures.h"
#include "mainwindow.h"
#include "testsupport.h"
#include "timeline/timelineview.h"
#include "windowloading.h"

#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// Stream 0: a GEMM [1000, 1050) us (the origin); stream 7, replayed by a
// graph launch: add 10 us [2100, 2110), a GEMM 20 us [2111, 2131), add 5 us
// [2132, 2137). From the origin the launch's GPU span is [1100, 1137) us:
// 35 us of kernels of the trace's 85.
QString writeTrace(const QTemporaryDir& dir, const QString& name)
{
    QByteArrayList events;
    events << kernelEvent("Cijk_gemm_before", 1000, 50, 1, 0);
    events << graphReplay(2000, 10, { { "triton_poi_fused_add_0", 10 }, { "Cijk_gemm_x", 20 }, { "triton_poi_fused_add_0", 5 } });
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(traceJson(events.join(",\n")));
    return path;
}

// Waits for the window to show a result of that range (nullopt: the whole trace).
bool showsRange(MainWindow& window, std::optional<std::pair<double, double>> range)
{
    return QTest::qWaitFor(
        [&] { return window.result() && window.result()->gpuRangeUs == range && !window.controller()->isRunning(); }, 60000);
}

} // namespace

TEST(TimelineRange, TheWindowFiltersToARangeAfterTheFileIsGone)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = writeTrace(dir, QStringLiteral("graphs.json"));
    MainWindow window;
    window.setSearchDefaultInductorCache(false);
    ASSERT_TRUE(loadAndShow(window, path));
    ASSERT_TRUE(window.result()->prepared);
    EXPECT_DOUBLE_EQ(window.result()->totalGpuKernelTimeUs, 85);
    ASSERT_TRUE(QFile::remove(path));

    QSignalSpy failed(window.controller(), &AnalysisController::failed);
    Q_EMIT window.timelineView()->rangeRequested(1100, 1137);
    EXPECT_FALSE(window.controller()->readsFiles());
    ASSERT_TRUE(showsRange(window, std::pair(1100.0, 1137.0)));
    EXPECT_DOUBLE_EQ(window.result()->totalGpuKernelTimeUs, 35);
    const KernelRow* add = findRow(*window.result(), QStringLiteral("triton_poi_fused_add_0"));
    ASSERT_TRUE(add);
    EXPECT_EQ(add->calls, 2);
    auto* indicator = window.findChild<QLabel*>(QStringLiteral("timelineRange"));
    ASSERT_TRUE(indicator);
    ASSERT_TRUE(QTest::qWaitFor([&] { return indicator->isVisibleTo(&window); }, 5000));

    // Cleared: the whole trace again, from memory too.
    Q_EMIT indicator->linkActivated(QStringLiteral("clear"));
    EXPECT_FALSE(window.controller()->readsFiles());
    ASSERT_TRUE(showsRange(window, std::nullopt));
    EXPECT_DOUBLE_EQ(window.result()->totalGpuKernelTimeUs, 85);
    EXPECT_EQ(failed.count(), 0) << (failed.isEmpty() ? "" : qPrintable(failed.front()[0].toString()));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !indicator->isVisibleTo(&window); }, 5000));
}

TEST(TimelineRange, CompareModeKeepsItsBaselineThroughARange)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = writeTrace(dir, QStringLiteral("candidate.json"));
    const QString baselinePath = writeTrace(dir, QStringLiteral("baseline.json"));
    MainWindow window;
    window.setSearchDefaultInductorCache(false);
    ASSERT_TRUE(loadAndShow(window, path));
    window.compareWithBaseline(baselinePath);
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.comparison() != nullptr; }, 60000));
    const std::shared_ptr<const AnalysisResult> baseline = window.comparison()->baseline;
    // The baseline keeps no prepared trace: only the open trace's ranges are picked.
    EXPECT_FALSE(baseline->prepared);
    ASSERT_TRUE(QFile::remove(path));

    Q_EMIT window.timelineView()->rangeRequested(1100, 1137);
    ASSERT_TRUE(showsRange(window, std::pair(1100.0, 1137.0)));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.comparison() && window.comparison()->candidate.get() == window.result(); }, 5000));
    EXPECT_EQ(window.comparison()->baseline, baseline);
    EXPECT_DOUBLE_EQ(window.comparison()->candidate->totalGpuKernelTimeUs, 35);
    EXPECT_DOUBLE_EQ(window.comparison()->baseline->totalGpuKernelTimeUs, 85);
}
