// Kernels drawn apart. Latency-bound ones (too small to reach any roof) are
// grey and small, with a legend entry that says what to do about them.
// Kernels outside the shown frame each sit on the edge they lie beyond, drawn
// as an arrow pointing out, so that zooming in (or a fitted frame that leaves
// latency-bound kernels out) never hides that they exist.
#include "roofline/rooflinechart.h"

#include <QImage>
#include <QPainter>
#include <QPolygonF>
#include <QScatterSeries>
#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

// An arrow of `px` pixels pointing along `edge`: 0 left, 1 right, 2 down, 3 up.
QImage arrowImage(int edge, int px, const QColor& ink)
{
    QImage image(px, px, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.translate(px / 2.0, px / 2.0);
    painter.rotate(edge == 0 ? 180 : edge == 1 ? 0 : edge == 2 ? 90 : -90);
    const double r = px / 2.0 - 1;
    // A shaft and a head pointing right (+x) before the rotation.
    const QPolygonF arrow { QPointF(-r, -r * 0.22), QPointF(r * 0.15, -r * 0.22), QPointF(r * 0.15, -r * 0.7), QPointF(r, 0),
        QPointF(r * 0.15, r * 0.7), QPointF(r * 0.15, r * 0.22), QPointF(-r, r * 0.22) };
    painter.setPen(Qt::NoPen);
    painter.setBrush(ink);
    painter.drawPolygon(arrow);
    return image;
}

} // namespace

void RooflineChart::buildLatencyBoundLegend()
{
    const auto latencyBound = [](const RooflinePoint& p) { return p.latencyBound; };
    if (std::none_of(m_data.points.begin(), m_data.points.end(), latencyBound)
        && std::none_of(m_data.memoryOnlyPoints.begin(), m_data.memoryOnlyPoints.end(), latencyBound))
        return;
    QColor grey = m_colors.neutral;
    grey.setAlpha(150);
    QScatterSeries* entry = addScatter(QStringLiteral("latency-bound (grey): fuse, not tune"), "legend", QScatterSeries::MarkerShapeCircle,
        grey, grey.darker(140), m_textPx * 0.07);
    entry->setMarkerSize(m_textPx * 0.5);
    setCompactName(entry, QStringLiteral("latency"));
}

void RooflineChart::buildEdgeMarkers()
{
    const int px = std::max(8, int(std::lround(m_textPx * 1.1)));
    QColor ink = m_colors.neutralBorder;
    for (int edge = 0; edge < 4; ++edge) {
        QScatterSeries* series = addScatter(QString(), "outside", QScatterSeries::MarkerShapeCircle, Qt::transparent, Qt::transparent, 0);
        series->setMarkerSize(px);
        series->setLightMarker(arrowImage(edge, px, ink)); // drawn instead of the marker
        hideFromLegend(series);
        m_edgeSeries[size_t(edge)] = series;
    }
}

void RooflineChart::placeEdgeMarkers()
{
    m_edgeMarkers.clear();
    if (!m_edgeSeries[0])
        return;
    const double x0 = std::log10(m_frame.xMin()), x1 = std::log10(m_frame.xMax());
    const double y0 = std::log10(m_frame.yMin()), y1 = std::log10(m_frame.yMax());
    // Just inside the edge: a marker centred on it would be half cut.
    const double padX = (x1 - x0) * 0.015, padY = (y1 - y0) * 0.025;
    QList<QPointF> values[4];
    QList<int> kernels[4];
    for (const RooflinePoint& point : m_data.points) {
        if (!(point.intensity > 0 && point.tflops > 0))
            continue;
        const double x = std::log10(point.intensity), y = std::log10(point.tflops);
        const bool insideX = x >= x0 && x <= x1, insideY = y >= y0 && y <= y1;
        if (insideX && insideY)
            continue;
        const int edge = !insideX ? (x < x0 ? 0 : 1) : (y < y0 ? 2 : 3);
        const double cx = std::clamp(x, x0 + padX, x1 - padX), cy = std::clamp(y, y0 + padY, y1 - padY);
        const QPointF value(std::pow(10.0, cx), std::pow(10.0, cy));
        values[edge] << value;
        kernels[edge] << point.kernelIndex;
        m_edgeMarkers.push_back({ point.kernelIndex, value, m_edgeSeries[size_t(edge)]->markerSize(), m_edgeSeries[size_t(edge)] });
    }
    for (int edge = 0; edge < 4; ++edge) {
        m_edgeSeries[size_t(edge)]->replace(values[edge]);
        m_edgeSeries[size_t(edge)]->setProperty(KernelsProperty, QVariant::fromValue(kernels[edge]));
    }
}

} // namespace Ridgeline
