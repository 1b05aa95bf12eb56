// Lines between two places of one kernel on the roofline chart. Compare
// mode: each matched baseline kernel as a hollow marker, and an arrow from
// it to the candidate kernel's point (Intel Advisor's roofline compare).
// Arrow heads are drawn in log space, so they look the same anywhere on the
// log-log axes. A kernel whose source's bytes and the model's disagree by
// more than 1.5x: a bar from its point to the intensity of its source's
// bytes, with a tick at that end, so the eye sees how far the roofline
// would move it.
#include "roofline/rooflinechart.h"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <cmath>

namespace Ridgeline {
namespace {

constexpr double headDecades = 0.12; // length of an arrow head's barbs
constexpr double headAngle = 0.45; // radians either side of the shaft

QPointF fromLog(double x, double y)
{
    return { std::pow(10.0, x), std::pow(10.0, y) };
}

} // namespace

void RooflineChart::buildArrows()
{
    if (m_data.arrows.empty())
        return;
    const QColor ink = palette().color(QPalette::WindowText);
    QColor shaft = ink;
    shaft.setAlpha(220);
    for (const RooflineArrow& arrow : m_data.arrows) {
        const double x0 = std::log10(arrow.baselineIntensity), y0 = std::log10(arrow.baselineTflops);
        const double x1 = std::log10(arrow.intensity), y1 = std::log10(arrow.tflops);
        const double length = std::hypot(x1 - x0, y1 - y0);
        if (!(length > 1e-9))
            continue; // no move: the hollow marker under the point says so
        auto* line = new QLineSeries;
        line->setProperty(RoleProperty, QStringLiteral("arrow"));
        line->setProperty(KernelsProperty, QVariant::fromValue(QList<int> { arrow.kernelIndex }));
        addSeries(line);
        line->attachAxis(m_axisX);
        line->attachAxis(m_axisY);
        line->setPen(QPen(shaft, m_textPx * 0.16, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        const double angle = std::atan2(y1 - y0, x1 - x0);
        const double head = std::min(headDecades, length * 0.5);
        const QPointF tip = fromLog(x1, y1);
        // One polyline: shaft, one barb, back to the tip, the other barb.
        line->append({ fromLog(x0, y0), tip, fromLog(x1 - head * std::cos(angle - headAngle), y1 - head * std::sin(angle - headAngle)), tip,
            fromLog(x1 - head * std::cos(angle + headAngle), y1 - head * std::sin(angle + headAngle)) });
        hideFromLegend(line);
    }
    QList<QPointF> values;
    QList<int> kernels;
    for (const RooflineArrow& arrow : m_data.arrows) {
        values << QPointF(arrow.baselineIntensity, arrow.baselineTflops);
        kernels << arrow.kernelIndex;
    }
    QScatterSeries* baseline = addScatter(
        tr("baseline (hollow) → this trace"), "baseline", QScatterSeries::MarkerShapeCircle, Qt::transparent, ink, m_textPx * 0.12);
    setCompactName(baseline, tr("baseline"));
    baseline->append(values);
    baseline->setProperty(KernelsProperty, QVariant::fromValue(kernels));
}

void RooflineChart::buildSourceBars()
{
    QColor ink = palette().color(QPalette::WindowText);
    ink.setAlpha(150);
    const double tick = 0.06; // decades either side of the source end
    for (const RooflinePoint& p : m_data.points) {
        if (!p.sourceIntensity || !(*p.sourceIntensity > 0) || !(p.intensity > 0) || !(p.tflops > 0))
            continue;
        const double y = std::log10(p.tflops), xs = std::log10(*p.sourceIntensity);
        auto* bar = new QLineSeries;
        bar->setProperty(RoleProperty, QStringLiteral("source-bytes-bar"));
        bar->setProperty(KernelsProperty, QVariant::fromValue(QList<int> { p.kernelIndex }));
        addSeries(bar);
        bar->attachAxis(m_axisX);
        bar->attachAxis(m_axisY);
        bar->setPen(QPen(ink, m_textPx * 0.12, Qt::DashLine, Qt::FlatCap, Qt::MiterJoin));
        // The bar, then a vertical tick at the source's end.
        bar->append({ QPointF(p.intensity, p.tflops), fromLog(xs, y), fromLog(xs, y + tick), fromLog(xs, y - tick) });
        hideFromLegend(bar);
    }
}

} // namespace Ridgeline
