#include "table/provenancedelegate.h"

#include "table/badgepainter.h"

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
    paintBadge(painter, option.rect, option.font, text, badgeColor(text), BadgeLook { .bold = true, .padding = 14, .fitCell = false });
}

QSize ProvenanceDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(std::max(size.width() + 16, 64));
    return size;
}

} // namespace Ridgeline
