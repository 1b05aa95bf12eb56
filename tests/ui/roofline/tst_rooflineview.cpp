// The roofline view: roofs of the chosen GPU and peak set, one marker per
// kernel where the model puts it, selection rings, above-roof flags, clicks,
// rubber-band zoom and whole-decade home frames (wheel zoom and panning:
// tst_rooflinezoom.cpp).
#include "engine/analysis.h"
#include "engine/lens/judgement.h"
#include "roofline/rooflinechart.h"
#include "roofline/rooflineticklabels.h"
#include "roofline/rooflineview.h"

#include <QChartView>
#include <QHelpEvent>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTest>
#include <QTextDocument>
#include <QToolTip>
#include <cmath>
#include <gtest/gtest.h>
#include <map>

using namespace Ridgeline;

namespace {

// The view draws a judgement: the result (an empty one for roofs alone) under a lens.
std::shared_ptr<const Judgement> judged(
    std::shared_ptr<const AnalysisResult> result = {}, PeakSet peaks = PeakSet::Datasheet, const QString& gpu = {}, bool cacheRoofs = false)
{
    Lens lens;
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

int kernelIndex(const AnalysisResult& result, const QString& name)
{
    for (size_t i = 0; i < result.rows.size(); ++i) {
        if (result.rows[i].name == name)
            return int(i);
    }
    return -1;
}

RooflineChart* chartOf(const RooflineView& view)
{
    return qobject_cast<RooflineChart*>(view.chart());
}

QList<QXYSeries*> seriesWithRole(const RooflineView& view, const QString& role)
{
    QList<QXYSeries*> found;
    for (QAbstractSeries* series : view.chart()->series()) {
        if (series->property(RooflineChart::RoleProperty).toString() == role)
            found << qobject_cast<QXYSeries*>(series);
    }
    return found;
}

QStringList roofNames(const RooflineView& view)
{
    QStringList names;
    for (const QString& role : { QStringLiteral("memory-roof"), QStringLiteral("compute-roof") }) {
        for (QXYSeries* series : seriesWithRole(view, role))
            names << series->name();
    }
    return names;
}

// Kernel index -> plotted value, from the series a role names.
std::map<int, QPointF> pointsWithRole(const RooflineView& view, const QString& role)
{
    std::map<int, QPointF> points;
    for (QXYSeries* series : seriesWithRole(view, role)) {
        const auto kernels = series->property(RooflineChart::KernelsProperty).value<QList<int>>();
        EXPECT_EQ(kernels.size(), series->count());
        for (qsizetype i = 0; i < kernels.size() && i < series->count(); ++i)
            points[kernels[i]] = series->at(i);
    }
    return points;
}

bool isWholeDecade(double value)
{
    const double exponent = std::log10(value);
    return std::abs(exponent - std::round(exponent)) < 1e-6;
}

QLogValueAxis* axis(const RooflineView& view, Qt::Orientation orientation)
{
    return qobject_cast<QLogValueAxis*>(view.chart()->axes(orientation).value(0));
}

void expectWholeDecades(const RooflineView& view)
{
    for (Qt::Orientation orientation : { Qt::Horizontal, Qt::Vertical }) {
        QLogValueAxis* a = axis(view, orientation);
        ASSERT_NE(a, nullptr);
        EXPECT_TRUE(isWholeDecade(a->min())) << a->min();
        EXPECT_TRUE(isWholeDecade(a->max())) << a->max();
        EXPECT_LT(a->min(), a->max());
    }
}

void expectRange(const RooflineView& view, double xMin, double xMax, double yMin, double yMax)
{
    EXPECT_NEAR(std::log10(axis(view, Qt::Horizontal)->min()), std::log10(xMin), 1e-6);
    EXPECT_NEAR(std::log10(axis(view, Qt::Horizontal)->max()), std::log10(xMax), 1e-6);
    EXPECT_NEAR(std::log10(axis(view, Qt::Vertical)->min()), std::log10(yMin), 1e-6);
    EXPECT_NEAR(std::log10(axis(view, Qt::Vertical)->max()), std::log10(yMax), 1e-6);
}

// A shown view, laid out, so that positions and labels are real.
void show(RooflineView& view)
{
    view.resize(1200, 800);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents();
}

QPoint viewportPosition(RooflineView& view, const QPointF& chartPosition)
{
    auto* chartView = view.findChild<QChartView*>();
    return chartView->mapFromScene(view.chart()->mapToScene(chartPosition));
}

QPoint viewportPositionOfValue(RooflineView& view, const QPointF& value)
{
    QChart* chart = view.chart();
    return viewportPosition(view, chart->mapToPosition(value, chart->series().front()));
}

KernelRow syntheticRow(const QString& name, double tflops)
{
    KernelRow row;
    row.name = name;
    row.parsedName.category = KernelCategory::Pointwise;
    row.model.edit().provenance = Provenance::V2;
    row.model.edit().flops = 1000;
    row.model.edit().bytes = 1000; // 1 FLOP/B: the memory roof allows 5.3 TFLOPS/s
    row.tflopsPerS = SampleStats { 1, tflops, tflops, tflops, tflops, tflops, std::nullopt };
    row.shareOfGpuTime = 0.25;
    return row;
}

} // namespace

TEST(RooflineView, DefaultRoofsAreTheMi300xMaxAchievableOnesTheDatasheetAChoiceAway)
{
    RooflineView view;
    // Max-achievable by default (issue 37): MI300X's HBM as measured, not the datasheet's 5.3 TB/s.
    EXPECT_EQ(view.chart()->title(), QStringLiteral("AMD Instinct MI300X, measured max-achievable peaks"));
    EXPECT_TRUE(roofNames(view).contains(QStringLiteral("HBM 4.3 TB/s"))) << qPrintable(roofNames(view).join(u'|'));

    view.setJudgement(judged({}, PeakSet::Datasheet));
    const QStringList names = roofNames(view);
    EXPECT_TRUE(names.contains(QStringLiteral("HBM 5.3 TB/s"))) << qPrintable(names.join(u'|'));
    EXPECT_TRUE(names.contains(QStringLiteral("BF16 matrix 1307.4 TFLOPS"))) << qPrintable(names.join(u'|'));
    EXPECT_TRUE(names.contains(QStringLiteral("FP16 matrix 1307.4 TFLOPS")));
    EXPECT_TRUE(names.contains(QStringLiteral("FP8 matrix 2614.9 TFLOPS")));
    EXPECT_TRUE(names.contains(QStringLiteral("FP32 matrix 163.4 TFLOPS")));
    EXPECT_TRUE(names.contains(QStringLiteral("FP32 vector 163.4 TFLOPS")));
    EXPECT_FALSE(names.join(u' ').contains(QStringLiteral("FP64"))) << "FP64 clutters a Triton roofline";
    EXPECT_FALSE(names.join(u' ').contains(QStringLiteral("INT8")));
    EXPECT_EQ(view.chart()->title(), QStringLiteral("AMD Instinct MI300X, datasheet peaks"));

    // y = BW x x on the memory roof; compute roofs flat from their ridge point.
    QXYSeries* memory = seriesWithRole(view, QStringLiteral("memory-roof")).value(0);
    ASSERT_NE(memory, nullptr);
    for (const QPointF& p : memory->points())
        EXPECT_NEAR(p.y() / p.x(), 5.3, 1e-9);
    EXPECT_NEAR(memory->points().back().x(), 2614.9 / 5.3, 1e-9); // up to the top ridge point
    for (QXYSeries* roof : seriesWithRole(view, QStringLiteral("compute-roof"))) {
        if (roof->name() == u"BF16 matrix 1307.4 TFLOPS") {
            EXPECT_NEAR(roof->at(0).x(), 1307.4 / 5.3, 1e-9);
            EXPECT_DOUBLE_EQ(roof->at(0).y(), 1307.4);
            EXPECT_DOUBLE_EQ(roof->at(1).y(), 1307.4);
            EXPECT_GT(roof->at(1).x(), 1e4);
        }
    }
    // Ridge points are marked where the roofs meet: one per distinct height.
    QXYSeries* ridges = seriesWithRole(view, QStringLiteral("ridge-points")).value(0);
    ASSERT_NE(ridges, nullptr);
    ASSERT_EQ(ridges->count(), 3); // 2614.9, 1307.4, 163.4
    EXPECT_NEAR(ridges->at(1).x(), 246.68, 0.01);
}

TEST(RooflineView, CacheRoofsAreDrawnDottedOnRequest)
{
    RooflineView view;
    EXPECT_TRUE(seriesWithRole(view, QStringLiteral("cache-roof")).isEmpty()) << "off by default";
    view.setJudgement(judged({}, PeakSet::Datasheet, {}, true));
    const QList<QXYSeries*> caches = seriesWithRole(view, QStringLiteral("cache-roof"));
    ASSERT_EQ(caches.size(), 2); // MI300X: Infinity Cache and L2
    for (QXYSeries* cache : caches) {
        EXPECT_EQ(cache->pen().style(), Qt::DotLine);
        EXPECT_TRUE(cache->name().contains(QStringLiteral("CDNA 3"))) << qPrintable(cache->name()); // its source
        ASSERT_GE(cache->count(), 2);
        const double bandwidth = cache->name().startsWith(u"L2") ? 34.4 : 17.2;
        for (const QPointF& p : cache->points())
            EXPECT_NEAR(p.y() / p.x(), bandwidth, 1e-9);
        // Capped where the highest compute roof (FP8, 2614.9) meets it.
        EXPECT_NEAR(cache->points().back().x(), 2614.9 / bandwidth, 1e-6);
    }
    view.setJudgement(judged());
    EXPECT_TRUE(seriesWithRole(view, QStringLiteral("cache-roof")).isEmpty());
}

TEST(RooflineView, SwitchingPeaksOrGpuRedrawsEveryRoof)
{
    RooflineView view;
    const GpuSpec& mi300x = GpuCatalog::builtIn().defaultGpu();
    view.setJudgement(judged({}, PeakSet::MaxAchievable, mi300x.name));
    QStringList names = roofNames(view);
    EXPECT_TRUE(names.contains(QStringLiteral("BF16 matrix 708 TFLOPS"))) << qPrintable(names.join(u'|'));
    EXPECT_TRUE(names.contains(QStringLiteral("FP32 vector 81 TFLOPS")));
    EXPECT_FALSE(names.join(u' ').contains(QStringLiteral("1307.4")));
    EXPECT_TRUE(view.chart()->title().contains(QStringLiteral("measured max-achievable peaks")));

    const GpuSpec* h100 = GpuCatalog::builtIn().find(QStringLiteral("H100"));
    ASSERT_NE(h100, nullptr);
    view.setJudgement(judged({}, PeakSet::Datasheet, h100->name));
    names = roofNames(view);
    EXPECT_TRUE(names.contains(QStringLiteral("HBM 3.35 TB/s"))) << qPrintable(names.join(u'|'));
    EXPECT_TRUE(names.contains(QStringLiteral("BF16 matrix 989.4 TFLOPS")));
    EXPECT_FALSE(names.join(u' ').contains(QStringLiteral("5.3 TB/s")));
    EXPECT_FALSE(names.join(u' ').contains(QStringLiteral("708")));
    for (const QPointF& p : seriesWithRole(view, QStringLiteral("memory-roof")).value(0)->points())
        EXPECT_NEAR(p.y() / p.x(), 3.35, 1e-9);
}

TEST(RooflineView, AxesAreWholeDecadesInBothFrames)
{
    RooflineView view;
    show(view);
    expectWholeDecades(view);
    expectRange(view, 1e-2, 1e4, 1e-2, 1e4); // nothing to fit: the GPU's frame

    view.setJudgement(judged(bundled()));
    ASSERT_EQ(view.frame(), RooflineView::Frame::FitToData);
    expectWholeDecades(view);
    expectRange(view, 1e-2, 1e4, 1e-1, 1e4);

    view.setFrame(RooflineView::Frame::GpuRoofs);
    EXPECT_EQ(view.frame(), RooflineView::Frame::GpuRoofs);
    expectRange(view, 1e-2, 1e4, 1e-2, 1e4);

    // The tick labels sit on the decades, edges included.
    EXPECT_EQ(axis(view, Qt::Horizontal)->tickCount(), 7);
    EXPECT_EQ(axis(view, Qt::Vertical)->tickCount(), 7);
}

// Decade labels never elided: a narrow chart labels every other decade
// instead; beyond 10^±3 they read as powers of ten.
TEST(RooflineView, TickLabelsThinOutRatherThanClipOnANarrowChart)
{
    EXPECT_EQ(RooflineTickLabels::decadeText(-2), QStringLiteral("0.01"));
    EXPECT_EQ(RooflineTickLabels::decadeText(3), QStringLiteral("1000"));
    EXPECT_EQ(RooflineTickLabels::decadeText(-5), QStringLiteral("10⁻⁵"));
    EXPECT_EQ(RooflineTickLabels::decadeText(12), QStringLiteral("10¹²"));

    RooflineView view;
    view.resize(1400, 800);
    show(view);
    view.setFrame(RooflineView::Frame::GpuRoofs); // 10^-2 .. 10^4 on both axes
    auto* chart = static_cast<RooflineChart*>(view.chart());
    EXPECT_EQ(chart->tickTexts(Qt::Horizontal), QStringLiteral("0.01 0.1 1 10 100 1000 10⁴").split(u' '));
    EXPECT_EQ(chart->tickTexts(Qt::Vertical).size(), 7);

    view.resize(330, 300); // under 30 px a decade
    QCoreApplication::processEvents();
    const QStringList thin = chart->tickTexts(Qt::Horizontal);
    EXPECT_LT(thin.size(), 7) << qPrintable(thin.join(u' '));
    EXPECT_GE(thin.size(), 2);
    EXPECT_TRUE(thin.contains(QStringLiteral("1"))) << "aligned on 10^0: " << qPrintable(thin.join(u' '));
    for (const QString& text : thin)
        EXPECT_FALSE(text.contains(u'…')) << qPrintable(text);
}

TEST(RooflineView, BundledKernelsSitWhereTheModelPutsThem)
{
    const auto result = bundled();
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 8u); // 4 Triton kernels, 4 library ops
    RooflineView view;
    view.setJudgement(judged(result));
    EXPECT_EQ(view.chart()->title(), QStringLiteral("transformer_block_mi300x.json.gz: AMD Instinct MI300X, datasheet peaks"));

    const auto points = pointsWithRole(view, QStringLiteral("kernels"));
    ASSERT_EQ(points.size(), 8u);
    for (const auto& [index, value] : points) {
        const KernelRow& row = result->rows[size_t(index)];
        EXPECT_DOUBLE_EQ(value.x(), *row.flopsPerByte()) << qPrintable(row.name);
        EXPECT_DOUBLE_EQ(value.y(), row.tflopsPerS->mean) << qPrintable(row.name);
    }
    const int silu = kernelIndex(*result, QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
    ASSERT_GE(silu, 0);
    EXPECT_NEAR(points.at(silu).x(), 0.8333333333333334, 1e-12);
    EXPECT_NEAR(points.at(silu).y(), 2.5449820007814252, 1e-12);
    EXPECT_TRUE(pointsWithRole(view, QStringLiteral("above-roof")).empty());

    // Area by share of GPU time: SwiGLU (4.2 %) is drawn larger than add_3 (1.1 %).
    const int add = kernelIndex(*result, QStringLiteral("triton_poi_fused__unsafe_view_add_3"));
    QXYSeries* kernels = seriesWithRole(view, QStringLiteral("kernels")).value(0);
    const auto order = kernels->property(RooflineChart::KernelsProperty).value<QList<int>>();
    const auto sizeOf = [&](int kernel) {
        return kernels->pointConfiguration(int(order.indexOf(kernel))).value(QXYSeries::PointConfiguration::Size).toDouble();
    };
    EXPECT_GT(sizeOf(silu), sizeOf(add));
    // The SDPA's share is the largest now: add_3 may sit at the smallest
    // size, which only makes the ratio smaller than the square root.
    EXPECT_LE(sizeOf(silu) / sizeOf(add),
        std::sqrt(*result->rows[size_t(silu)].shareOfGpuTime / *result->rows[size_t(add)].shareOfGpuTime) + 1e-9);

    // Colour by category and shape by provenance are explained in the legend.
    QStringList legend;
    for (QXYSeries* series : seriesWithRole(view, QStringLiteral("legend")))
        legend << series->name();
    EXPECT_TRUE(legend.contains(QStringLiteral("pointwise"))) << qPrintable(legend.join(u'|'));
    EXPECT_TRUE(legend.contains(QStringLiteral("reduction")));
    EXPECT_TRUE(legend.contains(QStringLiteral("V2: figures from the trace's args")));

    const QString tip = chartOf(view)->toolTip(silu);
    EXPECT_TRUE(tip.contains(QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2")));
    EXPECT_TRUE(tip.contains(QStringLiteral("0.833 FLOPS/Byte")));
    EXPECT_TRUE(tip.contains(QStringLiteral("2.545 TFLOPS/s"))) << qPrintable(tip);
    EXPECT_TRUE(tip.contains(QStringLiteral("memory-bound under the FP32 vector roof")));
    EXPECT_TRUE(tip.contains(QStringLiteral("57.62 %"))) << qPrintable(tip);
}

TEST(RooflineView, SelectionHighlightsExactlyThoseKernels)
{
    const auto result = bundled();
    RooflineView view;
    view.setJudgement(judged(result));
    view.setSelectedKernels({ 1, 3 });
    EXPECT_EQ(view.selectedKernels(), (QList<int> { 1, 3 }));
    const auto all = pointsWithRole(view, QStringLiteral("kernels"));
    const auto selected = pointsWithRole(view, QStringLiteral("selection"));
    ASSERT_EQ(selected.size(), 2u);
    EXPECT_EQ(selected.at(1), all.at(1));
    EXPECT_EQ(selected.at(3), all.at(3));

    view.setSelectedKernels({ 2 });
    ASSERT_EQ(pointsWithRole(view, QStringLiteral("selection")).size(), 1u);
    EXPECT_EQ(pointsWithRole(view, QStringLiteral("selection")).at(2), all.at(2));

    view.setSelectedKernels({});
    EXPECT_TRUE(pointsWithRole(view, QStringLiteral("selection")).empty());
    view.setSelectedKernels({ 0 });
    view.setJudgement(judged(std::make_shared<const AnalysisResult>(*result))); // a new result: old indices mean nothing
    EXPECT_TRUE(view.selectedKernels().isEmpty());
    EXPECT_TRUE(pointsWithRole(view, QStringLiteral("selection")).empty());
}

TEST(RooflineView, AKernelAboveItsRoofIsFlaggedAndStillPlotted)
{
    auto result = std::make_shared<AnalysisResult>();
    result->tracePath = QStringLiteral("/tmp/synthetic.json");
    result->rows.push_back(syntheticRow(QStringLiteral("triton_poi_fused_add_0"), 2.0));
    result->rows.push_back(syntheticRow(QStringLiteral("triton_poi_fused_mul_1"), 9.0)); // 9 > 5.3
    RooflineView view;
    show(view);
    view.setJudgement(judged(result));
    QCoreApplication::processEvents();

    const auto points = pointsWithRole(view, QStringLiteral("kernels"));
    ASSERT_EQ(points.size(), 2u);
    EXPECT_EQ(points.at(1), QPointF(1.0, 9.0));
    const auto flagged = pointsWithRole(view, QStringLiteral("above-roof"));
    ASSERT_EQ(flagged.size(), 1u);
    EXPECT_EQ(flagged.at(1), QPointF(1.0, 9.0));
    // In view: the fit frame reaches the flagged point, and a label says what it means.
    EXPECT_GE(axis(view, Qt::Vertical)->max(), 9.0);
    const QStringList labels = chartOf(view)->labelTexts();
    EXPECT_TRUE(labels.join(u' ').contains(QStringLiteral("above roof"))) << qPrintable(labels.join(u'|'));
    // The flag names its kernel and how far above the roof it is: 9 over 5.3 TFLOPS/s attainable.
    EXPECT_TRUE(labels.contains(QStringLiteral("poi_fused_mul_1\nabove roof (170 %): model or unit error")))
        << qPrintable(labels.join(u'|'));
    EXPECT_TRUE(chartOf(view)->toolTip(1).contains(QStringLiteral("above its roof")));
}

TEST(RooflineView, RoofsAndRidgePointsAreLabelled)
{
    RooflineView view;
    show(view);
    view.setJudgement(judged(bundled()));
    QCoreApplication::processEvents();
    const QString labels = chartOf(view)->labelTexts().join(u'|').replace(u'\n', u' ');
    EXPECT_TRUE(labels.contains(QStringLiteral("BF16/FP16 matrix 1307.4 TFLOPS"))) << qPrintable(labels);
    EXPECT_TRUE(labels.contains(QStringLiteral("FP8 matrix 2614.9 TFLOPS")));
    EXPECT_TRUE(labels.contains(QStringLiteral("FP32 matrix/vector 163.4 TFLOPS")));
    EXPECT_TRUE(labels.contains(QStringLiteral("HBM 5.3 TB/s")));
    EXPECT_TRUE(labels.contains(QStringLiteral("247 FLOPS/Byte")));
    EXPECT_TRUE(labels.contains(QStringLiteral("30.8 FLOPS/Byte")));
    EXPECT_TRUE(labels.contains(QStringLiteral("poi_fused__unsafe_view_mul_silu_2")));
}

TEST(RooflineView, ClickingAMarkerEmitsItsKernel)
{
    const auto result = bundled();
    RooflineView view;
    show(view);
    view.setJudgement(judged(result));
    QCoreApplication::processEvents();
    QSignalSpy clicked(&view, &RooflineView::kernelClicked);
    auto* viewport = view.findChild<QChartView*>()->viewport();

    for (int kernel = 0; kernel < 4; ++kernel) {
        const QPoint at = viewportPosition(view, chartOf(view)->kernelPosition(kernel));
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at);
        ASSERT_EQ(clicked.size(), kernel + 1);
        EXPECT_EQ(clicked.back().at(0).toInt(), kernel);
    }
    // Empty plot: above the memory roof, where no kernel is.
    QTest::mouseClick(viewport, Qt::LeftButton, {}, viewportPositionOfValue(view, QPointF(0.02, 1000)));
    EXPECT_EQ(clicked.size(), 4);
}

// Qt's wake-up tool tip event must not replace a kernel's tool tip with the
// chart's help (it did after about a second, and ran over the table).
TEST(RooflineView, AKernelsToolTipStaysWhileThePointerRests)
{
    const auto result = bundled();
    RooflineView view;
    show(view);
    view.setJudgement(judged(result));
    QCoreApplication::processEvents();
    auto* viewport = view.findChild<QChartView*>()->viewport();
    const QPoint at = viewportPosition(view, chartOf(view)->kernelPosition(0));
    QTest::mouseMove(viewport, at);
    QHelpEvent rest(QEvent::ToolTip, at, viewport->mapToGlobal(at));
    QApplication::sendEvent(viewport, &rest);
    QCoreApplication::processEvents();
    EXPECT_EQ(QToolTip::text(), chartOf(view)->toolTip(0));
    // Off the markers the help is short and wraps: no line wider than the chart.
    const QPoint empty = viewportPositionOfValue(view, QPointF(0.02, 1000));
    QHelpEvent elsewhere(QEvent::ToolTip, empty, viewport->mapToGlobal(empty));
    QApplication::sendEvent(viewport, &elsewhere);
    EXPECT_TRUE(Qt::mightBeRichText(QToolTip::text()) || QToolTip::text().isEmpty()) << qPrintable(QToolTip::text());
    EXPECT_TRUE(view.findChild<QChartView*>()->toolTip().isEmpty()) << "no widget tool tip to replace the kernel's";
    QToolTip::hideText();
}

// The rubber band keeps what it held, to the pixel, not the decades around it.
TEST(RooflineView, RubberBandZoomKeepsTheSelectionAndResetZoomRestores)
{
    RooflineView view;
    show(view);
    view.setJudgement(judged(bundled()));
    QCoreApplication::processEvents();
    auto* viewport = view.findChild<QChartView*>()->viewport();

    const QPoint from = viewportPositionOfValue(view, QPointF(0.2, 30));
    const QPoint to = viewportPositionOfValue(view, QPointF(3, 0.3));
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    QTest::mouseMove(viewport, (from + to) / 2);
    QTest::mouseMove(viewport, to);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
    const double pixel = 0.01; // decades: a pixel or so of the band's corners
    EXPECT_NEAR(std::log10(axis(view, Qt::Horizontal)->min()), std::log10(0.2), pixel);
    EXPECT_NEAR(std::log10(axis(view, Qt::Horizontal)->max()), std::log10(3), pixel);
    EXPECT_NEAR(std::log10(axis(view, Qt::Vertical)->min()), std::log10(0.3), pixel);
    EXPECT_NEAR(std::log10(axis(view, Qt::Vertical)->max()), std::log10(30), pixel);

    // Right-click zooms out one decade on every side.
    const LogFrame zoomed = chartOf(view)->shownFrame();
    QTest::mouseClick(viewport, Qt::RightButton, {}, viewportPositionOfValue(view, QPointF(1, 1)));
    const LogFrame out = chartOf(view)->shownFrame();
    EXPECT_NEAR(out.xMinLog, zoomed.xMinLog - 1, 1e-9);
    EXPECT_NEAR(out.yMaxLog, zoomed.yMaxLog + 1, 1e-9);

    view.resetZoom();
    expectRange(view, 1e-2, 1e4, 1e-1, 1e4);
}
