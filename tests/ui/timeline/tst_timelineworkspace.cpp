// The timeline as a place to work, in the window: the full-window mode
// toggles and puts the window back as it was; the busy track's figures
// equal the budget's busy time (whole trace and a range); search outlines
// and steps through matching boxes; File's Export Report and Export
// Timeline write their files.
#include "analysiscontroller.h"
#include "engine/timeline/workspace/gpubusycolumns.h"
#include "graphfixtures.h"
#include "mainwindow.h"
#include "testsupport.h"
#include "timeline/timelineexportdialog.h"
#include "timeline/timelinepane.h"
#include "timeline/timelineview.h"
#include "windowloading.h"
#include "workspace/fulltimeline.h"
#include "workspace/reportexports.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const QString samplePath = QStringLiteral(RIDGELINE_SOURCE_DIR "/resources/samples/transformer_block_mi300x.json.gz");

QList<QList<int>> splitterSizes(const MainWindow& window)
{
    QList<QList<int>> sizes;
    for (const QSplitter* splitter : window.findChildren<QSplitter*>())
        sizes << splitter->sizes();
    return sizes;
}

// A kernel of 50 us, then a graph replay of kernels of 10, 20 and 5 us
// 1.1 ms from it: 85 us of GPU time, 35 in [1100, 1137) us.
QString fixturePath()
{
    static TempTraces traces;
    static const QString path = [] {
        QByteArrayList events;
        events << kernelEvent("Cijk_gemm_before", 1000, 50, 1, 0);
        events << graphReplay(2000, 10, { { "triton_poi_fused_add_0", 10 }, { "Cijk_gemm_x", 20 }, { "triton_poi_fused_add_0", 5 } });
        return traces.write(QStringLiteral("busy.json"), traceJson(events.join(",\n")));
    }();
    return path;
}

// The busy track the pane draws over [startNs, endNs) at `width` columns.
GpuBusyColumns drawnBusy(const TimelineView& view, double startNs, double endNs, int width)
{
    return gpuBusyColumns(*view.scene().timeline, startNs, (endNs - startNs) / width, width, view.scene().busyDevice);
}

} // namespace

TEST(TimelineWorkspace, FullWindowTogglesAndRestoresTheLayout)
{
    MainWindow window;
    window.resize(1600, 900);
    window.show();
    ASSERT_TRUE(loadAndShow(window, samplePath));
    window.chartTabs()->setCurrentIndex(0); // the roofline in front
    QTest::qWait(50);
    const QList<QList<int>> before = splitterSizes(window);
    QWidget* central = window.centralWidget();
    const int paneWidth = window.timelinePane()->width();

    QAction* toggle = window.fullTimeline()->action();
    ASSERT_TRUE(toggle);
    EXPECT_EQ(toggle->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+T")));
    toggle->trigger();
    EXPECT_TRUE(window.fullTimeline()->isFull());
    EXPECT_EQ(window.centralWidget(), window.timelinePane());
    EXPECT_EQ(window.chartTabs()->count(), 1) << "the tab leaves while the timeline fills the window";
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.timelinePane()->isVisible() && window.timelinePane()->width() > 1500; }, 5000));
    EXPECT_GT(window.timelinePane()->width(), paneWidth);
    // Its lanes fill the window's height: the last ends at the foot of the lanes' area.
    window.timelinePane()->view()->grab();
    const TimelineLayout& full = window.timelinePane()->view()->layoutForTests();
    ASSERT_FALSE(full.rows.empty());
    EXPECT_NEAR(full.rows.back().top + full.rows.back().height, full.lanes.bottom(), 12) << "no blank band under the lanes";

    toggle->trigger();
    EXPECT_FALSE(window.fullTimeline()->isFull());
    EXPECT_FALSE(toggle->isChecked());
    EXPECT_EQ(window.centralWidget(), central);
    ASSERT_EQ(window.chartTabs()->count(), 2);
    EXPECT_EQ(window.chartTabs()->widget(1), window.timelinePane());
    EXPECT_EQ(window.chartTabs()->tabText(1), QStringLiteral("Timeline"));
    EXPECT_EQ(window.chartTabs()->currentIndex(), 0) << "the tab in front before is in front again";
    QTest::qWait(50);
    EXPECT_EQ(splitterSizes(window), before);
}

TEST(TimelineWorkspace, BusyTrackEqualsTheBudgetsBusyTime)
{
    MainWindow window;
    window.resize(1600, 900);
    window.show();
    ASSERT_TRUE(loadAndShow(window, fixturePath()));
    const TimelineView& view = *window.timelineView();
    ASSERT_TRUE(view.scene().timeline);
    ASSERT_FALSE(window.result()->activity.devices.empty());
    // The whole trace over 800 columns: the columns' busy time is the
    // activity's busy time (the union of the device's GPU events), 85 us of
    // kernels that do not overlap.
    const double busyUs = window.result()->activity.devices.front().busyUs;
    EXPECT_DOUBLE_EQ(busyUs, 85);
    const GpuBusyColumns whole = drawnBusy(view, 0, double(view.scene().timeline->endNs), 800);
    EXPECT_NEAR(whole.busyNs, busyUs * 1000.0, 1e-6);
    EXPECT_NEAR(whole.summedNs(), busyUs * 1000.0, busyUs * 1000.0 * 1e-5); // shares held as floats

    // A range analysed alone: its busy time and its track's over the range.
    QSignalSpy finished(window.controller(), &AnalysisController::finished);
    Q_EMIT window.timelineView()->rangeRequested(1100, 1137);
    ASSERT_TRUE(finished.wait(60000));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.result() && window.result()->gpuRangeUs.has_value(); }, 5000));
    ASSERT_TRUE(QTest::qWaitFor([&] { return view.scene().timeline == window.result()->timeline; }, 5000));
    const double rangeBusyUs = window.result()->activity.devices.front().busyUs;
    EXPECT_DOUBLE_EQ(rangeBusyUs, 35);
    const GpuBusyColumns ranged = drawnBusy(view, 1100'000, double(view.scene().timeline->endNs), 300);
    EXPECT_NEAR(ranged.summedNs(), rangeBusyUs * 1000.0, rangeBusyUs * 1000.0 * 1e-5);
    EXPECT_EQ(view.scene().busyDevice, window.result()->activity.devices.front().device);
}

TEST(TimelineWorkspace, SearchOutlinesAndStepsThroughMatches)
{
    // Two aten::addmm GEMMs at 0-50 and 300-340 us from the origin; a
    // Cijk_lonely kernel at 400 us (libraryOpsAndExecuteRanges).
    static TempTraces traces;
    const QString path = traces.write(QStringLiteral("libraryops.json"), traceJson(libraryOpsAndExecuteRanges()));
    MainWindow window;
    window.resize(1600, 900);
    window.show();
    ASSERT_TRUE(loadAndShow(window, path));
    window.chartTabs()->setCurrentWidget(window.timelinePane());
    TimelinePane& pane = *window.timelinePane();
    TimelineView& view = *window.timelineView();
    view.showRange(0, 80'000); // 80 us wide: centred on either GEMM, the view stays in the trace's bounds

    pane.searchField()->setText(QStringLiteral("ADDMM"));
    auto* count = pane.findChild<QLabel*>();
    ASSERT_TRUE(count);
    EXPECT_EQ(count->text(), QStringLiteral("2 boxes"));
    ASSERT_FALSE(view.scene().labelMatched.empty());

    // F3 from the field: the first GEMM selected and centred (its middle,
    // 25 us), the zoom kept; again: the second (320 us); then no more.
    pane.searchField()->setFocus();
    QTest::keyClick(pane.searchField(), Qt::Key_F3);
    ASSERT_TRUE(view.scene().selectedEvent);
    EXPECT_NEAR((view.startNs() + view.endNs()) / 2, 25'000, 1);
    EXPECT_NEAR(view.endNs() - view.startNs(), 80'000, 1);
    QTest::keyClick(pane.searchField(), Qt::Key_F3);
    EXPECT_NEAR((view.startNs() + view.endNs()) / 2, 320'000, 1);
    QTest::keyClick(pane.searchField(), Qt::Key_F3);
    EXPECT_EQ(count->text(), QStringLiteral("no more matches"));
    EXPECT_NEAR((view.startNs() + view.endNs()) / 2, 320'000, 1);
    // Shift+F3 from the view: back to the first.
    view.setFocus();
    QTest::keyClick(&view, Qt::Key_F3, Qt::ShiftModifier);
    EXPECT_NEAR((view.startNs() + view.endNs()) / 2, 25'000, 1);

    // The table's display name too: the op's shape is in no kernel's name.
    pane.searchField()->setText(QStringLiteral("aten::addmm (141 x 512 x 512)"));
    EXPECT_EQ(count->text(), QStringLiteral("2 boxes"));

    pane.searchField()->clear();
    EXPECT_TRUE(view.scene().labelMatched.empty());
    EXPECT_FALSE(view.stepToMatch(+1));
}

TEST(TimelineWorkspace, ExportReportAndTimelineWriteTheirFiles)
{
    QTemporaryDir dir;
    MainWindow window;
    QString error;
    EXPECT_FALSE(window.reportExports()->writeReport(dir.filePath(QStringLiteral("none.md")), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("none.md"))) << qPrintable(error);
    ASSERT_TRUE(loadAndShow(window, samplePath));

    const QString report = dir.filePath(QStringLiteral("report.md"));
    ASSERT_TRUE(window.reportExports()->writeReport(report, &error)) << qPrintable(error);
    QFile file(report);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    EXPECT_TRUE(text.startsWith("# ")) << text.left(200).constData();
    EXPECT_TRUE(text.contains("transformer_block_mi300x")) << "the report names its trace";

    TimelineExportOptions options;
    options.path = dir.filePath(QStringLiteral("timeline.png"));
    options.size = { 900, 500 };
    ASSERT_TRUE(window.reportExports()->writeTimeline(options, &error)) << qPrintable(error);
    EXPECT_EQ(QImage(options.path).size(), QSize(900, 500));
    options.path = dir.filePath(QStringLiteral("timeline.svg"));
    ASSERT_TRUE(window.reportExports()->writeTimeline(options, &error)) << qPrintable(error);
    QFile svg(options.path);
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    EXPECT_TRUE(svg.readAll().contains("GPU timeline"));
}

TEST(TimelineWorkspace, ExportDialogOffersTheRangeInViewSizeAndScale)
{
    QTemporaryDir dir;
    MainWindow window;
    window.resize(1600, 900);
    window.show();
    ASSERT_TRUE(loadAndShow(window, samplePath));
    const auto inView = window.reportExports()->rangeInViewUs();
    ASSERT_TRUE(inView.has_value()) << "a loaded trace's timeline shows a range";
    EXPECT_LT(inView->first, inView->second);

    TimelineExportOptions defaults;
    defaults.path = dir.filePath(QStringLiteral("t.png"));
    defaults.size = { 1200, 400 };
    defaults.scale = 2;
    defaults.rangeUs = inView;
    defaults.dark = true;
    TimelineExportDialog dialog(defaults);
    TimelineExportOptions chosen = dialog.options();
    EXPECT_EQ(chosen.path, defaults.path);
    EXPECT_EQ(chosen.size, QSize(1200, 400));
    EXPECT_EQ(chosen.scale, 2.0);
    EXPECT_EQ(chosen.rangeUs, inView) << "the range in view comes first";
    EXPECT_TRUE(chosen.dark) << "the palette is the window's";

    auto* range = dialog.findChild<QComboBox*>();
    ASSERT_NE(range, nullptr);
    ASSERT_EQ(range->count(), 2);
    range->setCurrentIndex(1);
    EXPECT_EQ(dialog.options().rangeUs, std::nullopt) << "the whole trace";
    auto spins = dialog.findChildren<QSpinBox*>();
    ASSERT_EQ(spins.size(), 2);
    spins[0]->setValue(640);
    spins[1]->setValue(300);
    EXPECT_EQ(dialog.options().size, QSize(640, 300));

    // What the dialog chose is what is written: 640x300 at a scale of 2.
    QString error;
    ASSERT_TRUE(window.reportExports()->writeTimeline(dialog.options(), &error)) << qPrintable(error);
    EXPECT_EQ(QImage(defaults.path).size(), QSize(1280, 600));

    // Without a range in view, the whole trace is the only choice.
    defaults.rangeUs.reset();
    TimelineExportDialog whole(defaults);
    EXPECT_EQ(whole.findChild<QComboBox*>()->count(), 1);
    EXPECT_EQ(whole.options().rangeUs, std::nullopt);
}

TEST(TimelineWorkspace, ClickingAHostFrameOutlinesTheKernelsItLaunched)
{
    // Thread 100/1: nn.Module [0, 500) us and again [550, 650), a compiled
    // graph call [20, 120) inside the first; launches at 30 and 50 (kernels
    // at 100 and 120, on streams 0 and 7) and at 300 (kernel at 400). The
    // origin: the first kernel, at 100 us.
    static TempTraces traces;
    QByteArrayList events;
    events << annotationEvent("python_function", "nn.Module: Model_0", 100, 1, 0, 500);
    events << annotationEvent("python_function", "nn.Module: Model_0", 100, 1, 550, 100);
    events << annotationEvent("user_annotation", "## Call CompiledFxGraph fabc123 ##", 100, 1, 20, 100);
    events << launchEvent(30, 5, 1) << kernelEvent("triton_a", 100, 10, 1, 0);
    events << launchEvent(50, 5, 2) << kernelEvent("triton_b", 120, 10, 2, 7);
    events << launchEvent(300, 5, 3) << kernelEvent("Cijk_c", 400, 20, 3, 0);
    const QString path = traces.write(QStringLiteral("frames.json"), traceJson(events.join(",\n")));
    MainWindow window;
    window.resize(1600, 900);
    window.show();
    ASSERT_TRUE(loadAndShow(window, path));
    window.fullTimeline()->setFull(true);
    TimelineView& view = *window.timelineView();
    view.showRange(-20'000, 440'000); // the view reaches 5 % of the trace before its first kernel
    view.grab();
    const TimelineLayout& layout = view.layoutForTests();
    std::vector<TimelineLayout::Row> hostRows;
    for (const TimelineLayout::Row& row : layout.rows) {
        if (view.scene().timeline->lanes[row.lane].kind == TimelineLaneKind::HostFrames)
            hostRows.push_back(row);
    }
    ASSERT_EQ(hostRows.size(), 2u) << "the modules, the compiled graph call in the first";
    // The compiled graph call: -80 to 20 us from the origin; 5 us into its part in view.
    const QPoint call(int(std::lround(layout.xOf(view.scene(), 5'000))), int(hostRows[1].top + hostRows[1].height / 2));
    EXPECT_TRUE(view.toolTipAt(call).contains(QStringLiteral("CompiledFxGraph"))) << qPrintable(view.toolTipAt(call));
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, call);
    ASSERT_TRUE(view.scene().flowFrom);
    EXPECT_EQ(view.scene().flowFrom->first, hostRows[1].lane);
    QStringList launched;
    for (size_t lane = 0; lane < view.scene().flowEvents.size(); ++lane) {
        for (std::uint32_t e : view.scene().flowEvents[lane])
            launched << view.scene().timeline->labels[view.scene().timeline->lanes[lane].events.label(e)].name;
    }
    launched.sort();
    EXPECT_EQ(launched, QStringList({ QStringLiteral("triton_a"), QStringLiteral("triton_b") }));
    // A click on nothing: the flow is gone.
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, QPoint(int(layout.xOf(view.scene(), 430'000)), int(hostRows[1].top + 2)));
    EXPECT_FALSE(view.scene().flowFrom);
    EXPECT_TRUE(view.scene().flowEvents.empty());
    window.fullTimeline()->setFull(false);
}
