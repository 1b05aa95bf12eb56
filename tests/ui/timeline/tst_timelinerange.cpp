// The window's range filter computes from the trace as it was read, not
// from the file: a range and then the whole trace again still come after
// the file is gone, in compare mode too, where the baseline takes the same range.
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

// The range goes to the baseline as the same offsets from its own first GPU
// event (as --range with --baseline does): a trace compared with a copy of
// itself stays the same in any range. The baseline is kept as read, like
// the open trace, so that its range needs no file either.
TEST(TimelineRange, CompareModeAnalysesTheSameRangeOfTheBaseline)
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
    EXPECT_TRUE(window.comparison()->baseline->prepared);
    EXPECT_DOUBLE_EQ(window.comparison()->baseline->totalGpuKernelTimeUs, 85);
    ASSERT_TRUE(QFile::remove(path));
    ASSERT_TRUE(QFile::remove(baselinePath));

    // Both sides of one range: 35 us of the 85 on each.
    const auto bothIn = [&](std::optional<std::pair<double, double>> range) {
        return QTest::qWaitFor(
            [&] {
                const TraceComparison* comparison = window.comparison();
                return comparison && comparison->candidate.get() == window.result() && comparison->candidate->gpuRangeUs == range
                    && comparison->baseline->gpuRangeUs == range;
            },
            60000);
    };
    Q_EMIT window.timelineView()->rangeRequested(1100, 1137);
    ASSERT_TRUE(bothIn(std::pair(1100.0, 1137.0)));
    EXPECT_DOUBLE_EQ(window.comparison()->candidate->totalGpuKernelTimeUs, 35);
    EXPECT_DOUBLE_EQ(window.comparison()->baseline->totalGpuKernelTimeUs, 35);
    const KernelRow* add = findRow(*window.comparison()->baseline, QStringLiteral("triton_poi_fused_add_0"));
    ASSERT_TRUE(add);
    EXPECT_EQ(add->calls, 2);

    // Cleared: the whole of both again, from memory.
    auto* indicator = window.findChild<QLabel*>(QStringLiteral("timelineRange"));
    ASSERT_TRUE(indicator);
    ASSERT_TRUE(QTest::qWaitFor([&] { return indicator->isVisibleTo(&window); }, 5000));
    Q_EMIT indicator->linkActivated(QStringLiteral("clear"));
    ASSERT_TRUE(bothIn(std::nullopt));
    EXPECT_DOUBLE_EQ(window.comparison()->candidate->totalGpuKernelTimeUs, 85);
    EXPECT_DOUBLE_EQ(window.comparison()->baseline->totalGpuKernelTimeUs, 85);
}
