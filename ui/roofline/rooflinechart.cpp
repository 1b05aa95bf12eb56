#include "roofline/rooflinechart.h"

#include "engine/base/text/units.h"
#include "engine/base/textescaping.h"
#include "roofline/rooflinelabels.h"
#include "roofline/rooflinestyle.h"
#include "roofline/rooflineticklabels.h"

#include <QFont>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

// Okabe-Ito colours: told apart with the common colour-vision deficiencies.
QColor categoryColor(KernelCategory category)
{
    switch (category) {
    case KernelCategory::Pointwise:
        return QColor(0x00, 0x72, 0xb2);
    case KernelCategory::Reduction:
        return QColor(0xd5, 0x5e, 0x00);
    case KernelCategory::PersistentReduction:
        return QColor(0x00, 0x9e, 0x73);
    case KernelCategory::Template:
        return QColor(0xcc, 0x79, 0xa7);
    case KernelCategory::Foreach:
        return QColor(0xe6, 0x9f, 0x00);
    case KernelCategory::SplitScan:
        return QColor(0x56, 0xb4, 0xe9);
    case KernelCategory::Generic:
        return QColor(0x8c, 0x6d, 0x1f);
    case KernelCategory::Other:
        return QColor(0x80, 0x80, 0x80);
    case KernelCategory::User:
        return QColor(0xb8, 0xa8, 0x00); // Okabe-Ito yellow, darkened to show on white
    // Library ops (GEMM, attention, ...: the only library rows with figures):
    // a plum no Okabe-Ito colour is near, readable on white and on dark.
    case KernelCategory::Library:
        return QColor(0x9b, 0x3a, 0x8a);
    }
    return Qt::gray;
}

QScatterSeries::MarkerShape provenanceShape(Provenance provenance)
{
    return provenance == Provenance::V1 ? QScatterSeries::MarkerShapeRectangle : QScatterSeries::MarkerShapeCircle;
}

QString provenanceLegend(Provenance provenance)
{
    return provenance == Provenance::V1 ? QStringLiteral("V1: figures from the Inductor cache")
                                        : QStringLiteral("V2: figures from the trace's args");
}

QString shortest(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

} // namespace

RooflineChart::RooflineChart(double textPx, QGraphicsItem* parent)
    : QChart(parent)
    , m_textPx(textPx)
    , m_axisX(new QLogValueAxis)
    , m_axisY(new QLogValueAxis)
    , m_labels(std::make_unique<RooflineLabels>(this, textPx))
    , m_ticks(std::make_unique<RooflineTickLabels>(this, textPx))
{
    setTheme(ChartThemeLight);
    setBackgroundRoundness(0);
    // The chart's background reaches the edges of a view or an export.
    if (layout())
        layout()->setContentsMargins(0, 0, 0, 0);
    setDropShadowEnabled(false);
    setBackgroundPen(Qt::NoPen);
    setPlotAreaBackgroundVisible(true);
    const auto px = [&](double ems) { return int(std::lround(textPx * ems)); };
    setMargins(QMargins(px(0.6), px(0.7), px(0.8), px(0.5)));
    setTitleFont(RooflineStyle::pixelFont(textPx * 1.3, true));

    const auto setUpAxis = [&](QLogValueAxis* axis, const QString& title) {
        axis->setBase(10);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(8);
        axis->setLabelsFont(RooflineStyle::pixelFont(textPx));
        axis->setTitleFont(RooflineStyle::pixelFont(textPx * 1.15));
        axis->setTitleText(title);
    };
    setUpAxis(m_axisX, QStringLiteral("Arithmetic intensity (FLOPS/Byte)"));
    setUpAxis(m_axisY, QStringLiteral("Performance (TFLOPS/s)"));
    addAxis(m_axisX, Qt::AlignBottom);
    addAxis(m_axisY, Qt::AlignLeft);

    legend()->setAlignment(Qt::AlignRight);
    legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    legend()->setFont(RooflineStyle::pixelFont(textPx * 0.95));
    applyColors();

    connect(this, &QChart::plotAreaChanged, this, &RooflineChart::updateLabels);
    connect(m_axisX, &QLogValueAxis::rangeChanged, this, &RooflineChart::updateLabels);
    connect(m_axisY, &QLogValueAxis::rangeChanged, this, &RooflineChart::updateLabels);
}

RooflineChart::~RooflineChart() = default;

void RooflineChart::setData(RooflineData data)
{
    m_data = std::move(data);
    // No label layout while series come and go: markers would point at
    // deleted series.
    m_updatingLabels = true;
    m_labels->clear();
    m_markers.clear();
    m_selection = nullptr;
    m_squareSelection = nullptr;
    m_memoryLine = nullptr;
    m_memoryOnlyLane = nullptr;
    m_edgeSeries = {};
    m_edgeMarkers.clear();
    m_computeLines.clear();
    m_cacheLines.clear();
    removeAllSeries();
    m_maxShare = 0;
    for (const RooflinePoint& p : m_data.points)
        m_maxShare = std::max(m_maxShare, p.shareOfGpuTime.value_or(0));
    // A chart title is rich text: a trace's file or GPU name is text in it.
    setTitle(printableText(m_data.title()).toHtmlEscaped());
    buildRoofs();
    buildLegend();
    buildSourceBars(); // under the markers: the point stays where the model puts it
    buildPoints();
    buildArrows(); // over the markers: a short move must still show
    buildEdgeMarkers();
    buildSelection();
    applyCompactLegend();
    m_updatingLabels = false;
    updateLabels();
}

QScatterSeries* RooflineChart::addScatter(
    const QString& name, const char* role, int shape, const QColor& fill, const QColor& border, double borderWidth)
{
    auto* series = new QScatterSeries;
    series->setName(name);
    series->setProperty(RoleProperty, QString::fromLatin1(role));
    addSeries(series);
    series->attachAxis(m_axisX);
    series->attachAxis(m_axisY);
    // After addSeries: the theme would otherwise restyle the series.
    series->setMarkerShape(QScatterSeries::MarkerShape(shape));
    series->setBrush(fill);
    series->setPen(QPen(border, borderWidth));
    series->setMarkerSize(m_textPx * 0.9);
    return series;
}

void RooflineChart::hideFromLegend(QAbstractSeries* series)
{
    const QList<QLegendMarker*> markers = legend()->markers(series);
    for (QLegendMarker* marker : markers)
        marker->setVisible(false);
}

void RooflineChart::buildRoofs()
{
    m_topRidge = 0;
    for (const RooflineRoof& roof : m_data.roofs) {
        if (roof.kind == RooflineRoof::Kind::Compute && roof.plotted)
            m_topRidge = std::max(m_topRidge, roof.ridgePoint);
    }
    m_memoryLine = new QLineSeries;
    m_memoryLine->setName(m_data.memoryRoof().name());
    m_memoryLine->setProperty(RoleProperty, QStringLiteral("memory-roof"));
    addSeries(m_memoryLine);
    m_memoryLine->attachAxis(m_axisX);
    m_memoryLine->attachAxis(m_axisY);
    m_memoryLine->setPen(QPen(m_colors.memoryRoof, m_textPx * 0.19, Qt::SolidLine, Qt::FlatCap));
    hideFromLegend(m_memoryLine);

    m_computeLines.clear();
    for (size_t i = 0; i < m_data.roofs.size(); ++i) {
        const RooflineRoof& roof = m_data.roofs[i];
        if (roof.kind != RooflineRoof::Kind::Compute || !roof.plotted)
            continue;
        auto* line = new QLineSeries;
        line->setName(roof.name());
        line->setProperty(RoleProperty, QStringLiteral("compute-roof"));
        addSeries(line);
        line->attachAxis(m_axisX);
        line->attachAxis(m_axisY);
        // Matrix (tensor core) roofs solid, vector roofs dashed, others dotted.
        const Qt::PenStyle style = roof.key.startsWith(u"matrix") ? Qt::SolidLine
            : roof.key.startsWith(u"vector")                      ? Qt::DashLine
                                                                  : Qt::DashDotLine;
        line->setPen(QPen(m_colors.roof, m_textPx * 0.14, style, Qt::FlatCap));
        hideFromLegend(line);
        m_computeLines.emplace_back(line, i);
    }
    buildCacheRoofs();
    fitRoofsToAxes();
}

void RooflineChart::fitRoofsToAxes()
{
    // Roof lines end at the axes instead of relying on the plot's clip,
    // which SVG output ignores.
    const double x0 = m_axisX->min();
    const double x1 = m_axisX->max();
    const double y0 = m_axisY->min();
    const double y1 = m_axisY->max();
    const double bandwidth = m_data.bandwidthTBps();
    const double from = std::max(x0, y0 / bandwidth);
    const double to = std::min({ x1, m_topRidge > 0 ? m_topRidge : x1, y1 / bandwidth });
    if (from < to)
        m_memoryLine->replace({ QPointF(from, bandwidth * from), QPointF(to, bandwidth * to) });
    else
        m_memoryLine->clear();
    for (const auto& [line, index] : m_computeLines) {
        const RooflineRoof& roof = m_data.roofs[index];
        if (roof.value >= y0 && roof.value <= y1 && roof.ridgePoint < x1)
            line->replace({ QPointF(std::max(roof.ridgePoint, x0), roof.value), QPointF(x1, roof.value) });
        else
            line->clear();
    }
    fitCacheRoofsToAxes();
}

void RooflineChart::buildLegend()
{
    // Empty series whose legend entries explain colour and shape once,
    // instead of one entry per category and provenance pair.
    std::vector<KernelCategory> categories;
    std::vector<Provenance> provenances;
    for (const RooflinePoint& point : m_data.points) {
        if (std::find(categories.begin(), categories.end(), point.category) == categories.end())
            categories.push_back(point.category);
        if (std::find(provenances.begin(), provenances.end(), point.provenance) == provenances.end())
            provenances.push_back(point.provenance);
    }
    std::sort(categories.begin(), categories.end());
    std::sort(provenances.begin(), provenances.end());
    for (KernelCategory category : categories)
        setCompactName(addScatter(categoryTitle(category), "legend", QScatterSeries::MarkerShapeCircle, categoryColor(category),
                           categoryColor(category).darker(140), m_textPx * 0.07),
            categoryKey(category));
    for (Provenance provenance : provenances)
        setCompactName(addScatter(provenanceLegend(provenance), "legend", provenanceShape(provenance), m_colors.neutral,
                           m_colors.neutralBorder, m_textPx * 0.07),
            provenances.size() > 1 ? provenanceKey(provenance) : QString()); // one shape: nothing to tell apart
    buildLatencyBoundLegend();

    // Ridge points: where the memory roof meets each drawn compute roof.
    QScatterSeries* ridges = addScatter(QStringLiteral("ridge point (FLOPS/Byte)"), "ridge-points",
        QScatterSeries::MarkerShapeRotatedRectangle, m_colors.background, m_colors.ink, m_textPx * 0.11);
    ridges->setMarkerSize(m_textPx * 0.8);
    setCompactName(ridges, QString()); // each ridge point is labelled with its FLOPS/Byte
    for (const RooflineRoof& roof : m_data.roofs) {
        if (roof.kind != RooflineRoof::Kind::Compute || !roof.plotted)
            continue;
        const QList<QPointF> shown = ridges->points();
        const bool seen = std::any_of(shown.begin(), shown.end(), [&](const QPointF& p) { return p.y() == roof.value; });
        if (!seen)
            ridges->append(roof.ridgePoint, roof.value);
    }
}

double RooflineChart::markerSize(const RooflinePoint& point) const
{
    // Area proportional to the share of GPU time, relative to the largest
    // kernel; a floor keeps the smallest kernels visible and clickable.
    const double smallest = m_textPx * 0.55;
    const double largest = m_textPx * 2.6;
    if (point.latencyBound)
        return smallest * 0.8;
    if (!point.shareOfGpuTime || !(m_maxShare > 0))
        return smallest;
    return std::max(smallest, largest * std::sqrt(*point.shareOfGpuTime / m_maxShare));
}

void RooflineChart::buildPoints()
{
    std::vector<const RooflinePoint*> order;
    for (const RooflinePoint& point : m_data.points)
        order.push_back(&point);
    // Large markers first, so that small ones are drawn on top of them.
    std::stable_sort(
        order.begin(), order.end(), [&](const RooflinePoint* a, const RooflinePoint* b) { return markerSize(*a) > markerSize(*b); });
    for (Provenance provenance : { Provenance::V2, Provenance::V1 }) {
        QList<QPointF> values;
        QList<int> kernels;
        QXYSeries::PointsConfigurationHash looks;
        std::vector<double> sizes;
        for (const RooflinePoint* point : order) {
            if (point->provenance != provenance)
                continue;
            // Latency-bound kernels are drawn apart, grey and small: no
            // roof is theirs to reach (hollow means a baseline point).
            QColor fill = point->latencyBound ? m_colors.neutral : categoryColor(point->category);
            fill.setAlpha(point->latencyBound ? 150 : 215);
            looks[int(values.size())]
                = { { QXYSeries::PointConfiguration::Color, fill }, { QXYSeries::PointConfiguration::Size, markerSize(*point) } };
            sizes.push_back(markerSize(*point));
            values << QPointF(point->intensity, point->tflops);
            kernels << point->kernelIndex;
        }
        if (values.isEmpty())
            continue;
        // All points and their looks at once: each change redraws the series.
        QScatterSeries* series = addScatter(QStringLiteral("kernels (%1)").arg(provenanceKey(provenance)), "kernels",
            provenanceShape(provenance), Qt::gray, QColor(0, 0, 0, 150), m_textPx * 0.08);
        series->append(values);
        series->setPointsConfiguration(looks);
        series->setProperty(KernelsProperty, QVariant::fromValue(kernels));
        hideFromLegend(series);
        for (qsizetype i = 0; i < values.size(); ++i)
            m_markers.push_back({ kernels[i], values[i], sizes[size_t(i)], series });
    }

    buildMemoryOnlyLane();

    // Above its roof is physically impossible: a model or unit error. Flagged loudly, not clipped.
    QList<QPointF> values;
    QList<int> kernels;
    QXYSeries::PointsConfigurationHash rings;
    for (const Marker& marker : m_markers) {
        if (!m_data.point(marker.kernelIndex)->aboveRoof)
            continue;
        rings[int(values.size())] = { { QXYSeries::PointConfiguration::Size, marker.size + m_textPx * 0.9 } };
        values << marker.value;
        kernels << marker.kernelIndex;
    }
    if (values.isEmpty())
        return;
    QScatterSeries* flagged = addScatter(QStringLiteral("above roof: model or unit error"), "above-roof", QScatterSeries::MarkerShapeCircle,
        Qt::transparent, m_colors.flag, m_textPx * 0.17);
    setCompactName(flagged, QStringLiteral("above roof"));
    flagged->append(values);
    flagged->setPointsConfiguration(rings);
    flagged->setProperty(KernelsProperty, QVariant::fromValue(kernels));
}

void RooflineChart::buildMemoryOnlyLane()
{
    // Kernels of 0 FLOPs have no place on a log intensity axis: a lane of
    // triangles at its left edge, each as far below the memory roof as its
    // TB/s is below its own (HBM; a host copy's: the link): the gap reads
    // as % of roof.
    m_memoryOnlyLane = nullptr;
    if (m_data.memoryOnlyPoints.empty())
        return;
    QList<QPointF> values;
    QList<int> kernels;
    QXYSeries::PointsConfigurationHash looks;
    for (const RooflinePoint& point : m_data.memoryOnlyPoints) {
        QColor fill = point.latencyBound ? m_colors.neutral : categoryColor(point.category);
        fill.setAlpha(215);
        looks[int(values.size())]
            = { { QXYSeries::PointConfiguration::Color, fill }, { QXYSeries::PointConfiguration::Size, markerSize(point) } };
        values << QPointF(1, 1); // placed by placeMemoryOnlyLane once the axes are known
        kernels << point.kernelIndex;
        m_markers.push_back({ point.kernelIndex, QPointF(1, 1), markerSize(point), nullptr });
    }
    m_memoryOnlyLane = addScatter(
        QStringLiteral(
            "0 or unknown FLOPs: at the left edge, as far below the memory roof as TB/s is below HBM (a host copy: the host link)"),
        "memory-only", QScatterSeries::MarkerShapeTriangle, m_colors.neutral, QColor(0, 0, 0, 150), m_textPx * 0.08);
    setCompactName(m_memoryOnlyLane, QStringLiteral("0 FLOPs"));
    m_memoryOnlyLane->append(values);
    m_memoryOnlyLane->setPointsConfiguration(looks);
    m_memoryOnlyLane->setProperty(KernelsProperty, QVariant::fromValue(kernels));
    for (Marker& marker : m_markers) {
        if (!marker.series)
            marker.series = m_memoryOnlyLane;
    }
    placeMemoryOnlyLane();
}

void RooflineChart::placeMemoryOnlyLane()
{
    if (!m_memoryOnlyLane)
        return;
    // A little inside the edge, so that the triangles are whole.
    const double x = m_axisX->min() * std::pow(10.0, 0.12);
    const double bandwidth = m_data.bandwidthTBps();
    QList<QPointF> values;
    for (const RooflinePoint& point : m_data.memoryOnlyPoints) {
        const double y = std::clamp(point.fractionOfRoof * bandwidth * x, m_axisY->min() * 1.2, m_axisY->max() / 1.2);
        values << QPointF(x, y);
    }
    m_memoryOnlyLane->replace(values);
    const QList<int> lane = m_memoryOnlyLane->property(KernelsProperty).value<QList<int>>();
    for (QAbstractSeries* series : this->series()) { // their above-roof rings move with them
        auto* rings = qobject_cast<QScatterSeries*>(series);
        if (!rings || rings->property(RoleProperty).toString() != u"above-roof")
            continue;
        const QList<int> flagged = rings->property(KernelsProperty).value<QList<int>>();
        for (qsizetype i = 0; i < flagged.size(); ++i) {
            if (const qsizetype at = lane.indexOf(flagged[i]); at >= 0)
                rings->replace(int(i), values[at]);
        }
    }
    for (Marker& marker : m_markers) {
        if (marker.series != m_memoryOnlyLane)
            continue;
        const qsizetype i = m_memoryOnlyLane->property(KernelsProperty).value<QList<int>>().indexOf(marker.kernelIndex);
        if (i >= 0)
            marker.value = values[i];
    }
}

void RooflineChart::buildSelection()
{
    m_selection = addScatter(
        QStringLiteral("selected"), "selection", QScatterSeries::MarkerShapeCircle, Qt::transparent, m_colors.selection, m_textPx * 0.15);
    m_squareSelection = addScatter(QStringLiteral("selected"), "selection", QScatterSeries::MarkerShapeRectangle, Qt::transparent,
        m_colors.selection, m_textPx * 0.15);
    setCompactName(m_selection, QStringLiteral("selected")); // may step aside under a narrow chart
    setSelectedKernels(m_selected);

    if (!m_data.points.empty()) {
        // Text-only legend entries: a line series with an invisible pen.
        const auto addNote = [&](const QString& text, const QString& compact) {
            auto* note = new QLineSeries;
            note->setName(text);
            setCompactName(note, compact);
            note->setProperty(RoleProperty, QStringLiteral("legend"));
            addSeries(note);
            note->attachAxis(m_axisX);
            note->attachAxis(m_axisY);
            note->setPen(QPen(Qt::transparent));
        };
        addNote(QStringLiteral("marker area: share of GPU time"), QString());
        if (m_data.unplottedKernels() > 0)
            addNote(QStringLiteral("%1 of %2 kernels without figures").arg(m_data.unplottedKernels()).arg(m_data.kernelCount),
                QStringLiteral("%1 without figures").arg(m_data.unplottedKernels()));
    }
}

void RooflineChart::placeSelectionRings()
{
    // The lane moves with the axes: so do the rings around its kernels.
    setSelectedKernels(m_selected);
}

void RooflineChart::setSelectedKernels(const QList<int>& kernelIndices)
{
    m_selected = kernelIndices;
    if (!m_selection || !m_squareSelection)
        return;
    bool anySelected = false;
    for (QScatterSeries* rings : { m_selection, m_squareSelection }) {
        QList<QPointF> values;
        QList<int> kernels;
        QXYSeries::PointsConfigurationHash sizes;
        for (const Marker& marker : m_markers) {
            const bool square = marker.series->markerShape() == QScatterSeries::MarkerShapeRectangle;
            if (!kernelIndices.contains(marker.kernelIndex) || square != (rings == m_squareSelection))
                continue;
            sizes[int(values.size())] = { { QXYSeries::PointConfiguration::Size, marker.size + m_textPx * 0.45 } };
            values << marker.value;
            kernels << marker.kernelIndex;
        }
        rings->replace(values);
        rings->setPointsConfiguration(sizes);
        rings->setProperty(KernelsProperty, QVariant::fromValue(kernels));
        anySelected = anySelected || !kernels.isEmpty();
    }
    // One legend entry for both shapes.
    for (QLegendMarker* marker : legend()->markers(m_selection))
        marker->setVisible(anySelected);
    for (QLegendMarker* marker : legend()->markers(m_squareSelection))
        marker->setVisible(false);
}

void RooflineChart::showFrame(const LogFrame& frame)
{
    m_frame = frame;
    m_updatingLabels = true; // one layout once both axes have their range
    // A hair beyond the edges: Qt's log axis drops the tick on an edge
    // that rounds to just inside it.
    constexpr double Hair = 1e-9;
    m_axisX->setRange(frame.xMin() * (1 - Hair), frame.xMax() * (1 + Hair));
    m_axisY->setRange(frame.yMin() * (1 - Hair), frame.yMax() * (1 + Hair));
    keepRoomForTickLabels();
    if (m_memoryLine)
        fitRoofsToAxes();
    placeMemoryOnlyLane();
    placeEdgeMarkers();
    placeSelectionRings();
    m_updatingLabels = false;
    updateLabels();
}

int RooflineChart::kernelAt(const QPointF& position)
{
    if (!plotArea().contains(position))
        return -1;
    // The last drawn marker is on top: the smallest of overlapping ones;
    // the arrows of kernels outside the frame over them all.
    for (const Marker& marker : m_edgeMarkers) {
        const QPointF delta = position - mapToPosition(marker.value, marker.series);
        if (std::hypot(delta.x(), delta.y()) <= marker.size / 2 + 3)
            return marker.kernelIndex;
    }
    for (auto it = m_markers.rbegin(); it != m_markers.rend(); ++it) {
        const QPointF centre = mapToPosition(it->value, it->series);
        const QPointF delta = position - centre;
        const double reach = it->size / 2 + 3;
        if (delta.x() * delta.x() + delta.y() * delta.y() <= reach * reach)
            return it->kernelIndex;
    }
    return -1;
}

QPointF RooflineChart::kernelPosition(int kernelIndex)
{
    for (const Marker& marker : m_markers) {
        if (marker.kernelIndex == kernelIndex)
            return mapToPosition(marker.value, marker.series);
    }
    return {};
}

QString RooflineChart::toolTip(int kernelIndex) const
{
    const RooflinePoint* p = m_data.point(kernelIndex);
    if (!p)
        return {};
    QString text = QStringLiteral("<b>%1</b><br>").arg(p->shownName().toHtmlEscaped());
    const QString origin
        = p->provenance == Provenance::V1 ? QStringLiteral("the Inductor cache (V1)") : QStringLiteral("the trace's args (V2)");
    text += QStringLiteral("%1 kernel, figures from %2<br>").arg(categoryTitle(p->category), origin);
    const QString why = !p->servedFromCache.isEmpty()
        ? QStringLiteral("above the HBM roof but below the %1's: probably served from the %1").arg(p->servedFromCache)
        : p->withinDatasheetHbm ? QStringLiteral("above the measured HBM roof, within the datasheet's: the measurement is low")
                                : QStringLiteral("above its roof: a model or unit error");
    const QString above = QStringLiteral("<br><b style=\"color:#d00000\">%1</b>").arg(why);
    if (p->hostLinkTBps) { // a copy between host and device: the link is its roof
        text += QStringLiteral("a copy between host and device: %1 of the host link (%2 TB/s), which carries each byte once")
                    .arg(formatPercent(p->fractionOfRoof), formatFigure(*p->hostLinkTBps));
    } else if (p->intensity == 0) { // the 0-FLOP lane
        text += (p->flopsUnknown ? QStringLiteral("FLOPs unknown: measured by TB/s alone, %1 of the HBM roof (%2 TB/s)")
                                 : QStringLiteral("0 FLOPs: memory-bound by definition, %1 of the HBM roof (%2 TB/s)"))
                    .arg(formatPercent(p->fractionOfRoof), formatFigure(m_data.bandwidthTBps()));
    } else {
        text += QStringLiteral("%1 FLOPS/Byte, %2 TFLOPS/s<br>").arg(formatFigure(p->intensity), formatFigure(p->tflops));
        text += QStringLiteral("%1-bound under the %2 roof (%3 TFLOPS): %4 of the attainable %5 TFLOPS/s")
                    .arg(boundName(p->bound), p->roofLabel, shortest(p->roofTflops), formatPercent(p->fractionOfRoof),
                        formatFigure(p->attainableTflops));
    }
    if (p->shareOfGpuTime)
        text += QStringLiteral("<br>%1 of GPU time").arg(formatPercent(*p->shareOfGpuTime));
    if (p->aboveRoof)
        text += above;
    return text;
}

QStringList RooflineChart::labelTexts() const
{
    return m_labels->texts();
}

QList<QPolygonF> RooflineChart::labelOutlines() const
{
    return m_labels->outlines();
}

QStringList RooflineChart::tickTexts(Qt::Orientation orientation) const
{
    return orientation == Qt::Horizontal ? m_ticks->xTexts() : m_ticks->yTexts();
}

void RooflineChart::updateLabels()
{
    if (m_updatingLabels || series().isEmpty())
        return;
    m_updatingLabels = true;
    keepRoomForTickLabels(); // the titles follow the plot's size
    QAbstractSeries* reference = series().front();
    std::vector<RooflineLabels::Marker> markers;
    for (const Marker& marker : m_markers)
        markers.push_back({ marker.kernelIndex, marker.value, marker.size });
    const QRectF shown(QPointF(m_axisX->min(), m_axisY->min()), QPointF(m_axisX->max(), m_axisY->max()));
    m_ticks->layout(shown, plotArea(), [&](const QPointF& value) { return mapToPosition(value, reference); }, m_colors);
    m_labels->layout(m_data, shown, plotArea(), [&](const QPointF& value) { return mapToPosition(value, reference); }, markers);
    m_updatingLabels = false;
}

} // namespace Ridgeline
