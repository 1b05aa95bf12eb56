// Folder roofline/: the roofline chart (QtCharts).
// Greedy placement of the roofline's text labels: each label takes the first
// of its candidate positions that stays inside the plot and clear of what is
// already there, so that close roofs and ridge points stay readable.
#pragma once

#include <QLineF>
#include <QList>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>

class QGraphicsItem;

namespace Ridgeline {

class RooflineLabelPlacer final
{
public:
    explicit RooflineLabelPlacer(const QRectF& bounds);

    // Space a label must not cover, such as a kernel's marker.
    void block(const QRectF& rect);
    // A roof line: text across a line is hard to read.
    void blockLine(const QLineF& line);
    // Moves `item` to the first free candidate position (the item's pos) and
    // returns its index; when none is free, a `force`d label takes the first
    // candidate inside the bounds and clear of every other label (over markers or lines if need
    // be), else it is hidden, and -1 returned: two labels never overlap,
    // whatever is forced. A label that runs
    // along a line (`alongLine`) does not avoid lines, nor slide: it belongs
    // where it is put. Rotated labels are tested by their real outline.
    int place(QGraphicsItem* item, const QList<QPointF>& candidates, bool force, bool alongLine = false);

private:
    bool isFree(const QPolygonF& outline, bool avoidLines) const;
    bool clearOfLabels(const QPolygonF& outline) const;
    // The candidate's outline, slid inside the bounds unless it runs along a line.
    QPolygonF moveTo(QGraphicsItem* item, const QPointF& candidate, bool alongLine) const;

    QRectF m_bounds;
    QList<QPolygonF> m_taken; // markers and labels
    QList<QPolygonF> m_labels; // labels only
    QList<QLineF> m_lines;
};

} // namespace Ridgeline
