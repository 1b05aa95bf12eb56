#include "roofline/rooflinelabelplacer.h"

#include <QGraphicsItem>
#include <algorithm>

namespace Ridgeline {
namespace {

bool crosses(const QLineF& line, const QPolygonF& outline)
{
    if (outline.containsPoint(line.p1(), Qt::OddEvenFill) || outline.containsPoint(line.p2(), Qt::OddEvenFill))
        return true;
    for (qsizetype i = 0; i + 1 < outline.size(); ++i) {
        if (line.intersects(QLineF(outline[i], outline[i + 1]), nullptr) == QLineF::BoundedIntersection)
            return true;
    }
    return false;
}

QPolygonF outlineOf(const QGraphicsItem* item)
{
    QPolygonF outline = item->mapToParent(item->boundingRect());
    if (!outline.isClosed() && !outline.isEmpty())
        outline << outline.front();
    return outline;
}

} // namespace

RooflineLabelPlacer::RooflineLabelPlacer(const QRectF& bounds)
    : m_bounds(bounds)
{ }

void RooflineLabelPlacer::block(const QRectF& rect)
{
    m_taken.append(QPolygonF(rect));
}

void RooflineLabelPlacer::blockLine(const QLineF& line)
{
    m_lines.append(line);
}

bool RooflineLabelPlacer::isFree(const QPolygonF& outline, bool avoidLines) const
{
    if (!m_bounds.contains(outline.boundingRect()))
        return false;
    if (std::any_of(m_taken.begin(), m_taken.end(), [&](const QPolygonF& taken) { return taken.intersects(outline); }))
        return false;
    return !avoidLines || std::none_of(m_lines.begin(), m_lines.end(), [&](const QLineF& line) { return crosses(line, outline); });
}

bool RooflineLabelPlacer::clearOfLabels(const QPolygonF& outline) const
{
    return std::none_of(m_labels.begin(), m_labels.end(), [&](const QPolygonF& label) { return label.intersects(outline); });
}

QPolygonF RooflineLabelPlacer::moveTo(QGraphicsItem* item, const QPointF& candidate, bool alongLine) const
{
    item->setPos(candidate);
    QPolygonF outline = outlineOf(item);
    const QRectF rect = outline.boundingRect();
    if (!alongLine && rect.width() <= m_bounds.width() && rect.height() <= m_bounds.height()) {
        // A label beside a marker near the edge slides inwards rather
        // than leaving its marker.
        const QPointF shift(std::clamp(rect.left(), m_bounds.left(), m_bounds.right() - rect.width()) - rect.left(),
            std::clamp(rect.top(), m_bounds.top(), m_bounds.bottom() - rect.height()) - rect.top());
        item->setPos(candidate + shift);
        outline.translate(shift);
    }
    return outline;
}

int RooflineLabelPlacer::place(QGraphicsItem* item, const QList<QPointF>& candidates, bool force, bool alongLine)
{
    const auto keep = [&](const QPolygonF& outline) {
        item->setVisible(true);
        m_taken.append(outline);
        m_labels.append(outline);
    };
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        const QPolygonF outline = moveTo(item, candidates[i], alongLine);
        if (isFree(outline, !alongLine)) {
            keep(outline);
            return int(i);
        }
    }
    // Forced: the first place inside the plot and clear of the other
    // labels, slid inside the bounds as above, so that a flag at the plot's
    // edge is never cut off by the chart's.
    if (force) {
        for (const QPointF& candidate : candidates) {
            const QPolygonF outline = moveTo(item, candidate, alongLine);
            if (m_bounds.contains(outline.boundingRect()) && clearOfLabels(outline)) {
                keep(outline);
                return -1;
            }
        }
    }
    item->setVisible(false);
    return -1;
}

} // namespace Ridgeline
