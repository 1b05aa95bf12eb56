// The roofline's frame beyond whole decades: the wheel zooms about the
// pointer, a middle-button drag pans, an axis zoomed in between decades gets
// labels between them, and on a short chart no two labels overlap.
#include "engine/analysis.h"
#include "engine/lens/judgement.h"
#include "roofline/rooflinechart.h"
#include "roofline/rooflineview.h"

#include <QAbstractAxis>
#include <QChartView>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QTest>
#include <QWheelEvent>
#include <cmath>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

// The view draws a judgement: the result (an empty one for roofs alone) under a lens.
std::shared_ptr<const Judgement> judged(
    std::shared_ptr<const AnalysisResult> result = {}, PeakSet peaks = PeakSet::Datasheet, const QString& gpu = {}, bool cacheRoofs = false)
{
    Lens lens;
    lens.peaks = PeakSet::Datasheet;
    lens.peaks = peaks;
    lens.gpuChoice = gpu;
    lens.cacheRoofs = cacheRoofs;
    return judge(result ? std::move(result) : std::make_shared<const AnalysisResult>(), lens);
}

std::shared_ptr<const AnalysisResult> bundled()
{
    static const auto outcome
        = analyzeTrace(QStringLiteral(RIDGELINE_SOURCE_DIR "/resources/samples/transformer_block_mi300x.json.gz"), {}, {});
    return outcome.result;
}

RooflineChart* chartOf(const RooflineView& view)
{
    return qobject_cast<RooflineChart*>(view.chart());
}

QWidget* viewportOf(const RooflineView& view)
{
    return view.findChild<QChartView*>()->viewport();
}

void show(RooflineView& view, QSize size = QSize(1200, 800))
{
    view.resize(size);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents();
}

// Where a value is drawn, in viewport pixels (fractional).
QPointF viewportPositionOf(const RooflineView& view, const QPointF& value)
{
    QChart* chart = view.chart();
    const QPointF inChart = chart->mapToPosition(value, chart->series().front());
    return view.findChild<QChartView*>()->mapFromScene(chart->mapToScene(inChart));
}

void wheel(RooflineView& view, const QPoint& at, int notches)
{
    QWidget* viewport = viewportOf(view);
    QWheelEvent event(
        at, viewport->mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(viewport, &event);
}

} // namespace

TEST(RooflineZoom, TheWheelZoomsAboutThePointer)
{
    RooflineView view;
    show(view);
    view.setJudgement(judged(bundled()));
    QCoreApplication::processEvents();
    const LogFrame before = chartOf(view)->shownFrame();

    const QPointF value(3, 20); // FLOP/B, TFLOPS/s: off-centre on both axes
    const QPoint pointer = viewportPositionOf(view, value).toPoint();
    wheel(view, pointer, 2);
    const LogFrame after = chartOf(view)->shownFrame();
    EXPECT_NEAR(after.xSpan(), before.xSpan() * 0.64, 1e-9); // 0.8 a notch
    EXPECT_NEAR(after.ySpan(), before.ySpan() * 0.64, 1e-9);
    const QPointF now = viewportPositionOf(view, value);
    EXPECT_LT(std::abs(now.x() - pointer.x()), 1.5) << now.x() << " vs " << pointer.x();
    EXPECT_LT(std::abs(now.y() - pointer.y()), 1.5) << now.y() << " vs " << pointer.y();

    // Scrolling back returns to the frame; far in stops at a tenth of a decade.
    wheel(view, pointer, -2);
    EXPECT_NEAR(chartOf(view)->shownFrame().xMinLog, before.xMinLog, 0.01);
    EXPECT_NEAR(chartOf(view)->shownFrame().yMaxLog, before.yMaxLog, 0.01);
    for (int i = 0; i < 40; ++i)
        wheel(view, pointer, 1);
    EXPECT_NEAR(chartOf(view)->shownFrame().xSpan(), LogFrameLimits::MinSpan, 1e-9);
    EXPECT_NEAR(chartOf(view)->shownFrame().ySpan(), LogFrameLimits::MinSpan, 1e-9);
    view.resetZoom();
    EXPECT_EQ(chartOf(view)->shownFrame(), before);
}

TEST(RooflineZoom, AMiddleButtonDragPansWithThePointer)
{
    RooflineView view;
    show(view);
    view.setJudgement(judged(bundled()));
    QCoreApplication::processEvents();
    const LogFrame before = chartOf(view)->shownFrame();
    const QPointF value(1, 10);
    const QPoint from = viewportPositionOf(view, value).toPoint();
    const QPoint to = from + QPoint(-120, 80);
    QWidget* viewport = viewportOf(view);
    QTest::mousePress(viewport, Qt::MiddleButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, to, viewport->mapToGlobal(to), Qt::NoButton, Qt::MiddleButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
    QTest::mouseRelease(viewport, Qt::MiddleButton, {}, to);

    const LogFrame after = chartOf(view)->shownFrame();
    EXPECT_NEAR(after.xSpan(), before.xSpan(), 1e-9); // moved, not zoomed
    EXPECT_NEAR(after.ySpan(), before.ySpan(), 1e-9);
    EXPECT_GT(after.xMinLog, before.xMinLog); // dragged left: later decades come in
    const QPointF now = viewportPositionOf(view, value);
    EXPECT_LT(std::abs(now.x() - to.x()), 1.5) << now.x() << " vs " << to.x();
    EXPECT_LT(std::abs(now.y() - to.y()), 1.5) << now.y() << " vs " << to.y();
}

TEST(RooflineZoom, AnAxisBetweenDecadesGetsLabelsBetweenThem)
{
    RooflineView view;
    show(view);
    view.setJudgement(judged(bundled()));
    RooflineChart* chart = chartOf(view);
    chart->showFrame(LogFrame::ofValues(2, 8, 20, 80)); // no decade on either axis
    QCoreApplication::processEvents();
    EXPECT_EQ(chart->tickTexts(Qt::Horizontal), QStringList({ QStringLiteral("2"), QStringLiteral("5") }));
    EXPECT_EQ(chart->tickTexts(Qt::Vertical), QStringList({ QStringLiteral("20"), QStringLiteral("50") }));

    // A tenth of a decade: tenths of the mantissa, each within the frame.
    chart->showFrame(LogFrame::ofValues(2.12, 2.67, 0.00213, 0.00268));
    QCoreApplication::processEvents();
    for (Qt::Orientation orientation : { Qt::Horizontal, Qt::Vertical }) {
        const QStringList texts = chart->tickTexts(orientation);
        EXPECT_GE(texts.size(), 2) << qPrintable(texts.join(u' '));
        for (const QString& text : texts) {
            const double value = text.toDouble();
            const double low = orientation == Qt::Horizontal ? 2.12 : 0.00213;
            EXPECT_TRUE(value >= low && value <= low * 1.26) << qPrintable(text);
        }
    }
    // Two decades or more: decades only, as before.
    chart->showFrame(LogFrame::ofValues(0.1, 100, 0.1, 100));
    QCoreApplication::processEvents();
    EXPECT_EQ(chart->tickTexts(Qt::Horizontal), QStringLiteral("0.1 1 10 100").split(u' '));
}

// On a laptop's chart (about 600 x 330 in a 1366 x 768 window) FP8 and
// BF16 are a text line apart: one label for both, and nothing on top of
// anything else, ridge label included.
TEST(RooflineZoom, LabelsOfAShortChartNeverOverlap)
{
    for (const QSize size : { QSize(600, 330), QSize(520, 280), QSize(900, 420), QSize(1200, 800) }) {
        for (PeakSet peaks : { PeakSet::Datasheet, PeakSet::MaxAchievable }) {
            RooflineView view;
            show(view, size);
            view.setJudgement(judged(bundled(), peaks));
            QCoreApplication::processEvents();
            RooflineChart* chart = chartOf(view);
            const QList<QPolygonF> rects = chart->labelOutlines();
            const QStringList texts = chart->labelTexts();
            ASSERT_EQ(rects.size(), texts.size());
            for (qsizetype i = 0; i < rects.size(); ++i) {
                for (qsizetype j = i + 1; j < rects.size(); ++j)
                    EXPECT_FALSE(rects[i].intersects(rects[j])) // the real outlines: the memory roof's is rotated
                        << size.width() << "x" << size.height() << ": \"" << qPrintable(texts[i]) << "\" and \"" << qPrintable(texts[j])
                        << "\"";
            }
            // Every roof keeps its figure on the plot, merged or not.
            const QString all = texts.join(u'|');
            const QString top = peaks == PeakSet::Datasheet ? QStringLiteral("2614.9") : QStringLiteral("1273");
            EXPECT_TRUE(all.contains(top)) << qPrintable(all);
            EXPECT_TRUE(all.contains(QStringLiteral("FLOPS/Byte"))) << qPrintable(all);
        }
    }
}

// A splitter moved back and forth resizes the chart many times: it must end
// up drawn as a chart made at the final size, never with labels or plot left
// over from a size it passed through.
TEST(RooflineZoom, SplitterMovesLeaveTheChartAsIfMadeAtItsFinalSize)
{
    RooflineView moved;
    show(moved, QSize(1200, 800));
    moved.setJudgement(judged(bundled()));
    QCoreApplication::processEvents();
    for (const QSize size : { QSize(360, 800), QSize(1400, 800), QSize(420, 800), QSize(900, 600) }) {
        moved.resize(size);
        QCoreApplication::processEvents();
        const QRectF plot = moved.chart()->plotArea();
        EXPECT_GT(plot.width(), size.width() / 4) << size.width();
        EXPECT_GT(plot.height(), size.height() / 4) << size.width();
        EXPECT_TRUE(QRectF(QPointF(0, 0), moved.chart()->size()).contains(plot)) << size.width();
        const QList<QPolygonF> rects = chartOf(moved)->labelOutlines();
        for (qsizetype i = 0; i < rects.size(); ++i) {
            for (qsizetype j = i + 1; j < rects.size(); ++j)
                EXPECT_FALSE(rects[i].intersects(rects[j])) << "at " << size.width() << " wide";
        }
    }
    RooflineView fresh;
    show(fresh, QSize(900, 600));
    fresh.setJudgement(judged(bundled()));
    QCoreApplication::processEvents();
    EXPECT_EQ(chartOf(moved)->labelTexts(), chartOf(fresh)->labelTexts());
    EXPECT_EQ(moved.chart()->plotArea(), fresh.chart()->plotArea());
}

// A laptop's short chart: the y title was cut to "Perfor…" and the legend's
// one row to "0 …", "a…". Titles longer than their axis give the unit alone;
// the legend row keeps short names and drops what the chart labels itself.
TEST(RooflineZoom, AShortChartKeepsWholeAxisTitlesAndLegendNames)
{
    RooflineView view;
    show(view, QSize(430, 260));
    view.setJudgement(judged(bundled()));
    QCoreApplication::processEvents();
    QChart* chart = view.chart();
    const QRectF plot = chart->plotArea();
    for (Qt::Orientation orientation : { Qt::Vertical, Qt::Horizontal }) {
        QAbstractAxis* axis = chart->axes(orientation).front();
        QString title = axis->titleText();
        title = title.left(title.indexOf(QStringLiteral("<br>")) < 0 ? title.size() : title.indexOf(QStringLiteral("<br>")));
        const double length = orientation == Qt::Vertical ? plot.height() : plot.width();
        EXPECT_LE(QFontMetricsF(axis->titleFont()).horizontalAdvance(title), length) << qPrintable(axis->titleText());
    }
    EXPECT_EQ(chart->legend()->alignment(), Qt::AlignBottom);
    double row = 0;
    for (QLegendMarker* marker : chart->legend()->markers()) {
        if (marker->isVisible())
            row += QFontMetricsF(chart->legend()->font()).horizontalAdvance(marker->label()) + chart->legend()->font().pixelSize() * 2;
    }
    EXPECT_LE(row, view.width()) << "the legend's row is cut";

    // Narrower still (a side pane at 200 %): fewer entries, each whole.
    view.resize(260, 300);
    QCoreApplication::processEvents();
    row = 0;
    int entries = 0;
    for (QLegendMarker* marker : chart->legend()->markers()) {
        if (marker->isVisible()) {
            row += QFontMetricsF(chart->legend()->font()).horizontalAdvance(marker->label()) + chart->legend()->font().pixelSize() * 2;
            ++entries;
        }
    }
    EXPECT_LE(row, view.width()) << entries << " entries";
    EXPECT_GE(entries, 2) << "the categories' colours stay (the sample has two)";
}
