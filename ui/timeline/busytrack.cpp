#include "timeline/busytrack.h"

#include <QPainter>
#include <QPainterPath>

namespace Ridgeline {

void drawBusyTrack(QPainter& painter, const GpuBusyColumns& columns, const QRectF& area, const TimelinePalette& palette)
{
    painter.fillRect(area, palette.laneBand());
    if (columns.busy.empty())
        return;
    // One filled outline, not a rectangle per column: an SVG export of a
    // 4000 px figure stays one path.
    const double step = area.width() / double(columns.busy.size());
    QPainterPath path(QPointF(area.left(), area.bottom()));
    for (size_t c = 0; c < columns.busy.size(); ++c) {
        const double y = area.bottom() - double(columns.busy[c]) * area.height();
        path.lineTo(area.left() + double(c) * step, y);
        path.lineTo(area.left() + double(c + 1) * step, y);
    }
    path.lineTo(area.right(), area.bottom());
    path.closeSubpath();
    QColor fill = palette.busy();
    fill.setAlphaF(0.75f);
    painter.save();
    painter.setPen(Qt::NoPen);
    painter.setBrush(fill);
    painter.drawPath(path);
    painter.setPen(QPen(palette.grid(), 1, Qt::DotLine));
    painter.drawLine(QPointF(area.left(), area.top() + 0.5), QPointF(area.right(), area.top() + 0.5));
    painter.restore();
}

} // namespace Ridgeline
