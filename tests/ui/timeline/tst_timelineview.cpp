// The timeline pane as a user drives it: the wheel zooms about the pointer,
// a drag pans, W/A/S/D, a drag on the ruler measures (length, busy %,
// Triton time), a click selects the box's row, N/P step through the
// highlighted row's calls, Shift-drag asks for a range, a tooltip names the
// box (a library kernel's whole demangled name beside its short one); and the main window shows it as a tab beside the roofline.
#include "engine/analysis.h"
#include "graphfixtures.h"
#include "itemmodels/kerneltablemodel.h"
#include "mainwindow.h"
#include "table/kerneltableview.h"
#include "testsupport.h"
#include "timeline/timelinepane.h"
#include "timeline/timelineview.h"
#include "windowloading.h"

#include <QApplication>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QWheelEvent>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// Stream 0: a GEMM [1000, 1050) us (the origin); stream 7, replayed by a
// graph launch: add 10 us [2100, 2110), a GEMM 20 us [2111, 2131), add 5 us
// [2132, 2137). From the origin: 1100-1110, 1111-1131, 1132-1137 us.
std::shared_ptr<const AnalysisResult> fixture()
{
    static TempTraces traces;
    static const auto result = [] {
        QByteArrayList events;
        events << kernelEvent("Cijk_gemm_before", 1000, 50, 1, 0);
        events << graphReplay(2000, 10, { { "triton_poi_fused_add_0", 10 }, { "Cijk_gemm_x", 20 }, { "triton_poi_fused_add_0", 5 } });
        return analyze(traces.write(QStringLiteral("timeline.json"), traceJson(events.join(",\n")))).result;
    }();
    return result;
}

struct Pane
{
    TimelineView view;
    Pane()
    {
        view.resize(1000, 400);
        view.setResult(fixture());
        view.show();
        view.grab(); // lays it out and paints once: the layout maps the pointer
    }
    QPoint at(double ns, std::uint32_t lane) const
    {
        const TimelineLayout& layout = view.layoutForTests();
        for (const TimelineLayout::Row& row : layout.rows) {
            if (row.lane == lane)
                return QPoint(int(std::lround(layout.xOf(view.scene(), ns))), int(row.top + row.height / 2));
        }
        return {};
    }
};

} // namespace

TEST(TimelineView, WheelZoomsAboutThePointerAndDragPans)
{
    ASSERT_TRUE(fixture() && fixture()->timeline);
    Pane pane;
    pane.view.showRange(1'000'000, 1'200'000);
    pane.view.grab();
    const QPoint pointer = pane.at(1'110'000, 1);
    const double before = pane.view.layoutForTests().nsAt(pane.view.scene(), pointer.x());
    QWheelEvent wheel(
        pointer, pane.view.mapToGlobal(pointer), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(&pane.view, &wheel);
    EXPECT_NEAR(pane.view.endNs() - pane.view.startNs(), 200'000 / 1.25, 1);
    EXPECT_NEAR(pane.view.layoutForTests().nsAt(pane.view.scene(), pointer.x()), before, 1);

    // A drag of 100 px to the right shows what was 100 px to the left.
    const double nsPerPixel = (pane.view.endNs() - pane.view.startNs()) / pane.view.layoutForTests().lanes.width();
    const double start = pane.view.startNs();
    QTest::mousePress(&pane.view, Qt::LeftButton, Qt::NoModifier, pointer);
    QTest::mouseMove(&pane.view, pointer + QPoint(100, 0));
    QTest::mouseRelease(&pane.view, Qt::LeftButton, Qt::NoModifier, pointer + QPoint(100, 0));
    EXPECT_NEAR(pane.view.startNs(), start - 100 * nsPerPixel, nsPerPixel);

    // W zooms in by 1.5 about the middle, S back out, D pans a fifth right.
    const double span = pane.view.endNs() - pane.view.startNs();
    QTest::keyClick(&pane.view, Qt::Key_W);
    EXPECT_NEAR(pane.view.endNs() - pane.view.startNs(), span / 1.5, 1);
    QTest::keyClick(&pane.view, Qt::Key_S);
    EXPECT_NEAR(pane.view.endNs() - pane.view.startNs(), span, 1);
    const double left = pane.view.startNs();
    QTest::keyClick(&pane.view, Qt::Key_D);
    EXPECT_NEAR(pane.view.startNs(), left + span * 0.2, 1);
}

TEST(TimelineView, ClickSelectsTheRowAndTheRulerMeasures)
{
    Pane pane;
    pane.view.showRange(1'090'000, 1'140'000);
    pane.view.grab();
    QSignalSpy kernels(&pane.view, &TimelineView::kernelClicked);
    QSignalSpy libraries(&pane.view, &TimelineView::libraryKernelClicked);
    QTest::mouseClick(&pane.view, Qt::LeftButton, Qt::NoModifier, pane.at(1'105'000, 1)); // the first add
    ASSERT_EQ(kernels.count(), 1);
    const int row = kernels.front().front().toInt();
    EXPECT_EQ(fixture()->rows[size_t(row)].name, QStringLiteral("triton_poi_fused_add_0"));
    QTest::mouseClick(&pane.view, Qt::LeftButton, Qt::NoModifier, pane.at(1'120'000, 1)); // the GEMM
    ASSERT_EQ(libraries.count(), 1);
    EXPECT_EQ(fixture()->libraryKernels[size_t(libraries.front().front().toInt())].name, QStringLiteral("Cijk_gemm_x"));
    EXPECT_TRUE(pane.view.toolTipAt(pane.at(1'120'000, 1)).contains(QStringLiteral("Cijk_gemm_x")));
    EXPECT_TRUE(pane.view.toolTipAt(pane.at(1'120'000, 1)).contains(QStringLiteral("20 µs")));

    // Measure 1100-1130 us on the ruler: 10 + 1 us gap + 19 of the GEMM:
    // busy 29 of 30 us (97 %), Triton 10 us.
    const TimelineLayout& layout = pane.view.layoutForTests();
    const int y = int(layout.ruler.center().y());
    const QPoint from(int(std::lround(layout.xOf(pane.view.scene(), 1'100'000))), y);
    const QPoint to(int(std::lround(layout.xOf(pane.view.scene(), 1'130'000))), y);
    QTest::mousePress(&pane.view, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(&pane.view, to);
    QTest::mouseRelease(&pane.view, Qt::LeftButton, Qt::NoModifier, to);
    ASSERT_TRUE(pane.view.measuredRange());
    const QString text = pane.view.measureText();
    EXPECT_TRUE(text.contains(QStringLiteral("GPU busy 9"))) << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("Triton 10"))) << qPrintable(text);
    // F zooms to it.
    QTest::keyClick(&pane.view, Qt::Key_F);
    EXPECT_NEAR(pane.view.startNs(), pane.view.measuredRange()->first, 1);
}

TEST(TimelineView, ALibraryKernelsBoxShowsItsShortNameAndItsToolTipTheWholeDemangledOne)
{
    TempTraces traces;
    const auto result = analyze(traces.write(QStringLiteral("mangled.json"),
                                    traceJson(kernelEvent("_ZN5aiter24add_rmsnorm_quant_kernelIfLi256EEEvPfS1_i", 1000, 50, 1, 0))))
                            .result;
    ASSERT_TRUE(result && result->timeline);
    TimelineView view;
    view.resize(1000, 400);
    view.setResult(result);
    view.show();
    view.showRange(-10'000, 60'000); // from the timeline's origin: the kernel's start
    view.grab();
    const TimelineLayout& layout = view.layoutForTests();
    const auto stream = std::find_if(layout.rows.begin(), layout.rows.end(),
        [&](const TimelineLayout::Row& row) { return result->timeline->lanes[row.lane].kind == TimelineLaneKind::GpuStream; });
    ASSERT_NE(stream, layout.rows.end());
    const QPoint box(int(std::lround(layout.xOf(view.scene(), 25'000))), int(stream->top + stream->height / 2));
    const QString tip = view.toolTipAt(box);
    ASSERT_FALSE(tip.isEmpty());
    EXPECT_TRUE(tip.contains(QStringLiteral("<b>aiter::add_rmsnorm_quant_kernel&lt;…&gt;</b>"))) << qPrintable(tip);
    EXPECT_TRUE(tip.contains(QStringLiteral("<i>void aiter::add_rmsnorm_quant_kernel&lt;float, 256&gt;(float*, float*, int)</i>")))
        << qPrintable(tip);
}

TEST(TimelineView, HighlightedRowStepsThroughItsCallsAndShiftDragAsksForARange)
{
    Pane pane;
    const auto& kernels = fixture()->rows;
    int add = -1;
    for (size_t k = 0; k < kernels.size(); ++k) {
        if (kernels[k].name == u"triton_poi_fused_add_0")
            add = int(k);
    }
    ASSERT_GE(add, 0);
    pane.view.setHighlightedKernel(add);
    pane.view.showRange(0, 1'050'000); // before both calls
    EXPECT_TRUE(pane.view.stepToCall(+1));
    ASSERT_TRUE(pane.view.scene().selectedEvent);
    EXPECT_EQ(*pane.view.scene().selectedEvent, 0u); // the first add on stream 7
    EXPECT_TRUE(pane.view.stepToCall(+1));
    EXPECT_EQ(*pane.view.scene().selectedEvent, 2u);
    EXPECT_FALSE(pane.view.stepToCall(+1));
    EXPECT_TRUE(pane.view.stepToCall(-1));
    EXPECT_EQ(*pane.view.scene().selectedEvent, 0u);

    pane.view.showRange(1'090'000, 1'140'000);
    pane.view.grab();
    QSignalSpy ranges(&pane.view, &TimelineView::rangeRequested);
    const QPoint from = pane.at(1'100'000, 1), to = pane.at(1'137'000, 1);
    QTest::mousePress(&pane.view, Qt::LeftButton, Qt::ShiftModifier, from);
    QTest::mouseMove(&pane.view, to);
    QTest::mouseRelease(&pane.view, Qt::LeftButton, Qt::ShiftModifier, to);
    ASSERT_EQ(ranges.count(), 1);
    EXPECT_NEAR(ranges.front()[0].toDouble(), 1100, 0.2);
    EXPECT_NEAR(ranges.front()[1].toDouble(), 1137, 0.2);
}

TEST(TimelineView, CompareModeDrawsTheBaselineBelowAlignedAtItsFirstStep)
{
    Pane pane;
    // A baseline of the same trace: its first step (the graph launch, at
    // 1100 us) lies where this one's does, so the shift is 0.
    pane.view.setBaseline(fixture(), {});
    ASSERT_TRUE(pane.view.baselineScene());
    EXPECT_DOUBLE_EQ(pane.view.baselineShiftNs(), 0);
    pane.view.showRange(1'090'000, 1'140'000);
    pane.view.grab();
    EXPECT_DOUBLE_EQ(pane.view.baselineScene()->startNs, 1'090'000);
    // This trace's lanes in the upper half of the area under the overview
    // strip (about 28 px of the 400), the baseline's below them.
    const TimelineLayout& layout = pane.view.layoutForTests();
    ASSERT_FALSE(layout.rows.empty());
    EXPECT_LT(layout.rows.back().top + layout.rows.back().height, pane.view.height() * 0.56);
    EXPECT_LT(layout.lanes.bottom(), pane.view.height() * 0.56);
    pane.view.setBaseline(nullptr, {});
    EXPECT_FALSE(pane.view.baselineScene());
}

TEST(TimelineView, TheWindowShowsItAsATabBesideTheRoofline)
{
    MainWindow window;
    ASSERT_TRUE(window.chartTabs());
    EXPECT_EQ(window.chartTabs()->count(), 2);
    EXPECT_EQ(window.chartTabs()->tabText(1), QStringLiteral("Timeline"));
    EXPECT_EQ(window.chartTabs()->widget(1), window.timelinePane());
    ASSERT_TRUE(loadAndShow(window, fixture()->tracePath));
    EXPECT_EQ(window.timelineView()->scene().timeline, window.result()->timeline);

    // A range picked on the timeline: the analysis of its events alone,
    // said beside the tabs, and cleared from there.
    QSignalSpy finished(window.controller(), &AnalysisController::finished);
    Q_EMIT window.timelineView()->rangeRequested(1100, 1137);
    ASSERT_TRUE(finished.wait(60000));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.result() && window.result()->gpuRangeUs.has_value(); }, 5000));
    EXPECT_DOUBLE_EQ(window.result()->totalGpuKernelTimeUs, 35);
    auto* indicator = window.findChild<QLabel*>(QStringLiteral("timelineRange"));
    ASSERT_TRUE(indicator);
    ASSERT_TRUE(QTest::qWaitFor([&] { return indicator->isVisibleTo(&window); }, 5000));
    EXPECT_TRUE(indicator->text().contains(QStringLiteral("range: 1.10 ms to 1.14 ms"))) << qPrintable(indicator->text());
    Q_EMIT indicator->linkActivated(QStringLiteral("clear"));
    ASSERT_TRUE(finished.wait(60000));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.result() && !window.result()->gpuRangeUs; }, 5000));
    EXPECT_DOUBLE_EQ(window.result()->totalGpuKernelTimeUs, 85);
}

TEST(TimelineView, ALibraryOpBoxSelectsItsRowWhoseCallsAreOutlinedAndSteppedThrough)
{
    // Two aten::addmm calls, a GEMM each at 0-50 and 300-340 us from the
    // origin on GPU 2 stream 0 (libraryOpsAndExecuteRanges).
    static TempTraces traces;
    const QString path = traces.write(QStringLiteral("libraryops.json"), traceJson(libraryOpsAndExecuteRanges()));
    MainWindow window;
    window.resize(1600, 900);
    window.show();
    ASSERT_TRUE(loadAndShow(window, path));
    window.chartTabs()->setCurrentWidget(window.timelinePane());
    TimelineView& view = *window.timelineView();
    view.showRange(-10'000, 420'000);
    view.grab();
    const TimelineLayout& layout = view.layoutForTests();
    ASSERT_FALSE(layout.rows.empty());
    ASSERT_EQ(layout.rows[0].lane, 0u);
    const QPoint firstGemm(int(std::lround(layout.xOf(view.scene(), 25'000))), int(layout.rows[0].top + layout.rows[0].height / 2));
    EXPECT_TRUE(view.toolTipAt(firstGemm).contains(QStringLiteral("<b>aten::addmm (141 x 512 x 512)</b>")))
        << qPrintable(view.toolTipAt(firstGemm));
    EXPECT_TRUE(view.toolTipAt(firstGemm).contains(QStringLiteral("GEMM, library op")));
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, firstGemm);

    // The table's current row is the op's, and the inspector shows it.
    const QModelIndex current = window.kernelView()->currentIndex();
    ASSERT_TRUE(current.isValid());
    const int row = current.data(KernelTableModel::RowIndexRole).toInt();
    ASSERT_GE(row, 0);
    EXPECT_EQ(window.result()->rows[size_t(row)].kind, RowKind::LibraryOp);
    EXPECT_EQ(window.result()->rows[size_t(row)].name, QStringLiteral("aten::addmm"));
    EXPECT_TRUE(window.inspector()->markdown().contains(QStringLiteral("aten::addmm")));
    // The row, now current, outlines both its calls; N and P step through them.
    ASSERT_GE(view.scene().highlightedLabel, 0);
    ASSERT_FALSE(view.scene().highlightedEvents.empty());
    EXPECT_EQ(view.scene().highlightedEvents[0], (std::vector<std::uint32_t> { 0, 2 }));
    view.showRange(-20'000, -10'000); // before both calls
    QTest::keyClick(&view, Qt::Key_N);
    ASSERT_TRUE(view.scene().selectedEvent);
    EXPECT_EQ(*view.scene().selectedEvent, 0u);
    QTest::keyClick(&view, Qt::Key_N);
    EXPECT_EQ(*view.scene().selectedEvent, 2u);
    EXPECT_GT(view.endNs(), 300'000.0); // brought into view
    QTest::keyClick(&view, Qt::Key_P);
    EXPECT_EQ(*view.scene().selectedEvent, 0u);
}

TEST(TimelineView, DoubleClickOnAnExecuteRangeAsksForItsGpuSpan)
{
    static TempTraces traces;
    const auto result = analyze(traces.write(QStringLiteral("execute.json"), traceJson(libraryOpsAndExecuteRanges()))).result;
    ASSERT_TRUE(result && result->timeline);
    TimelineView view;
    view.resize(1000, 400);
    view.setResult(result);
    view.show();
    view.showRange(-10'000, 420'000);
    view.grab();
    std::optional<std::uint32_t> executeLane;
    for (size_t l = 0; l < result->timeline->lanes.size(); ++l) {
        if (result->timeline->lanes[l].kind == TimelineLaneKind::ExecuteRanges)
            executeLane = std::uint32_t(l);
    }
    ASSERT_TRUE(executeLane);
    const TimelineLayout& layout = view.layoutForTests();
    QPoint second;
    for (const TimelineLayout::Row& row : layout.rows) {
        if (row.lane == *executeLane)
            second = QPoint(int(std::lround(layout.xOf(view.scene(), 320'000))), int(row.top + row.height / 2));
    }
    ASSERT_FALSE(second.isNull());
    EXPECT_TRUE(view.toolTipAt(second).contains(QStringLiteral("execute_2_context_0_generation_4")));
    QSignalSpy ranges(&view, &TimelineView::rangeRequested);
    QTest::mouseDClick(&view, Qt::LeftButton, Qt::NoModifier, second);
    ASSERT_EQ(ranges.count(), 1);
    // execute_2's GEMM [300, 340) us, and 1 ns more so that its last event's start is in.
    EXPECT_DOUBLE_EQ(ranges.front()[0].toDouble(), 300);
    EXPECT_DOUBLE_EQ(ranges.front()[1].toDouble(), 340.001);
}

TEST(TimelineView, TheLegendGetsTheLinesItsItemsNeedAtAnyWidth)
{
    // An empty timeline draws no lanes and no gaps: the legend alone. Its
    // last item, "GPU idle", is drawn at every width (it was cut from the
    // third line of a narrow pane), and the legend is taller where it wraps.
    TimelineScene scene;
    scene.timeline = std::make_shared<Timeline>();
    const QFont font = QApplication::font();
    double narrowHeight = 0, wideHeight = 0;
    for (int width : { 320, 480, 700, 1000, 1800 }) {
        QImage image(width, 400, QImage::Format_RGB32);
        QPainter painter(&image);
        const TimelineLayout layout = TimelinePainter::paint(painter, scene, QRectF(0, 0, width, 400), font);
        painter.end();
        ASSERT_GT(layout.legend.height(), 0) << width;
        const QImage legend = image.copy(layout.legend.toAlignedRect());
        const QRgb idle = scene.palette.idle().rgb();
        bool found = false;
        for (int y = 0; y < legend.height() && !found; ++y) {
            for (int x = 0; x < legend.width() && !found; ++x)
                found = legend.pixel(x, y) == idle;
        }
        EXPECT_TRUE(found) << "no GPU idle swatch in the legend at width " << width;
        if (width == 320)
            narrowHeight = layout.legend.height();
        if (width == 1800)
            wideHeight = layout.legend.height();
    }
    EXPECT_GT(narrowHeight, wideHeight);
}
