#include "table/provenancedelegate.h"

#include <QPainter>

namespace Ridgeline {

QColor ProvenanceDelegate::badgeColor(const QString& provenance)
{
    if (provenance == u"V2")
        return QColor(0x2e, 0x7d, 0x32);
    if (provenance == u"V1")
        return QColor(0x15, 0x65, 0xc0);
    return QColor(0x75, 0x75, 0x75);
}

void ProvenanceDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    background.text.clear();
    QStyledItemDelegate::paint(painter, background, index); // selection and alternate colours

    const QString text = index.data(Qt::DisplayRole).toString();
    QFont font = option.font;
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 0.9);
    const QFontMetrics metrics(font);
    const int width = metrics.horizontalAdvance(text) + 14;
    const int height = metrics.height() + 2;
    const QRect badge(option.rect.center().x() - width / 2, option.rect.center().y() - height / 2, width, height);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(badgeColor(text));
    painter->drawRoundedRect(badge, height / 2.0, height / 2.0);
    painter->setPen(Qt::white);
    painter->setFont(font);
    painter->drawText(badge, Qt::AlignCenter, text);
    painter->restore();
}

QSize ProvenanceDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(std::max(size.width() + 16, 64));
    return size;
}

} // namespace Ridgeline
