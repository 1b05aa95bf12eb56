// Folder table/: the kernel table's widgets.
// A rounded badge with white text centred in a table cell: the provenance
// (V2/V1/none) and limiter columns draw their values so.
#pragma once

#include <QFont>
#include <QFontMetrics>
#include <QPainter>
#include <QRect>
#include <algorithm>

namespace Ridgeline {

struct BadgeLook
{
    bool bold = false;
    int padding = 10; // text advance plus this is the badge's width
    bool fitCell = false; // narrower than the cell, the text elided to fit
};

inline void paintBadge(
    QPainter* painter, const QRect& cell, const QFont& cellFont, const QString& text, const QColor& color, BadgeLook look)
{
    QFont font = cellFont;
    font.setBold(look.bold);
    font.setPointSizeF(font.pointSizeF() * 0.9);
    const QFontMetrics metrics(font);
    int width = metrics.horizontalAdvance(text) + look.padding;
    if (look.fitCell)
        width = std::min(width, cell.width() - 2);
    const int height = metrics.height() + 2;
    const QRect badge(cell.center().x() - width / 2, cell.center().y() - height / 2, width, height);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawRoundedRect(badge, height / 2.0, height / 2.0);
    painter->setPen(Qt::white);
    painter->setFont(font);
    painter->drawText(badge, Qt::AlignCenter, look.fitCell ? metrics.elidedText(text, Qt::ElideRight, badge.width() - 6) : text);
    painter->restore();
}

} // namespace Ridgeline
