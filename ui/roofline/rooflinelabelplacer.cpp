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
{
}

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
    return !avoidLines
        || std::none_of(m_lines.begin(), m_lines.end(), [&](const QLineF& line) { return crosses(line, outline); });
}

int RooflineLabelPlacer::place(QGraphicsItem* item, const QList<QPointF>& candidates, bool force, bool alongLine)
{
    if (candidates.isEmpty()) {
        item->setVisible(false);
        return -1;
    }
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        item->setPos(candidates[i]);
        QPolygonF outline = outlineOf(item);
        const QRectF rect = outline.boundingRect();
        if (!alongLine && rect.width() <= m_bounds.width() && rect.height() <= m_bounds.height()) {
            // A label beside a marker near the edge slides inwards rather
            // than leaving its marker.
            const QPointF shift(std::clamp(rect.left(), m_bounds.left(), m_bounds.right() - rect.width()) - rect.left(),
                                std::clamp(rect.top(), m_bounds.top(), m_bounds.bottom() - rect.height()) - rect.top());
            item->setPos(candidates[i] + shift);
            outline.translate(shift);
        }
        if (isFree(outline, !alongLine)) {
            item->setVisible(true);
            m_taken.append(outline);
            return int(i);
        }
    }
    // Forced: the first place, slid inside the bounds as above, so that a
    // flag at the plot's edge is never cut off by the chart's.
    item->setPos(candidates.front());
    const QRectF rect = outlineOf(item).boundingRect();
    if (!alongLine && rect.width() <= m_bounds.width() && rect.height() <= m_bounds.height())
        item->setPos(candidates.front()
                     + QPointF(std::clamp(rect.left(), m_bounds.left(), m_bounds.right() - rect.width()) - rect.left(),
                               std::clamp(rect.top(), m_bounds.top(), m_bounds.bottom() - rect.height()) - rect.top()));
    item->setVisible(force);
    if (force)
        m_taken.append(outlineOf(item));
    return -1;
}

} // namespace Ridgeline
