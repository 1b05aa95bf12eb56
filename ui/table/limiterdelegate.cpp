#include "table/limiterdelegate.h"

#include "itemmodels/kerneltablemodel.h"
#include "table/badgepainter.h"

#include <QPainter>

namespace Ridgeline {

QColor LimiterDelegate::badgeColor(const QString& limiterKey)
{
    // The roofline's own hues: the HBM roof's blue, the compute roofs' orange.
    if (limiterKey == u"memory")
        return QColor(0x15, 0x65, 0xc0);
    if (limiterKey == u"compute")
        return QColor(0xd8, 0x43, 0x15);
    if (limiterKey == u"latency")
        return QColor(0x6a, 0x1b, 0x9a);
    // Too small for a roof but slow: a tuning target, in a warning's red.
    if (limiterKey == u"slow-for-size")
        return QColor(0xad, 0x14, 0x57);
    // Unknown: a muted slate, not a bound.
    if (limiterKey == u"flops-unknown")
        return QColor(0x54, 0x6e, 0x7a);
    return {};
}

void LimiterDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QColor color = badgeColor(index.data(KernelTableModel::LimiterKeyRole).toString());
    if (!color.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    background.text.clear();
    QStyledItemDelegate::paint(painter, background, index); // selection and alternate colours

    paintBadge(painter, option.rect, option.font, index.data(Qt::DisplayRole).toString(), color,
        BadgeLook { .bold = false, .padding = 10, .fitCell = true });
}

QSize LimiterDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (!badgeColor(index.data(KernelTableModel::LimiterKeyRole).toString()).isValid())
        return size;
    // The badge's text is smaller than the cell's; its rounded ends need room.
    QFont font = option.font;
    font.setPointSizeF(font.pointSizeF() * 0.9);
    size.setWidth(QFontMetrics(font).horizontalAdvance(index.data(Qt::DisplayRole).toString()) + 16);
    return size;
}

} // namespace Ridgeline
