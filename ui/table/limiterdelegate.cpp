#include "table/limiterdelegate.h"

#include "itemmodels/kerneltablemodel.h"

#include <QPainter>

#include <algorithm>

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

    const QString text = index.data(Qt::DisplayRole).toString();
    QFont font = option.font;
    font.setPointSizeF(font.pointSizeF() * 0.9);
    const QFontMetrics metrics(font);
    const int width = std::min(metrics.horizontalAdvance(text) + 10, option.rect.width() - 2);
    const int height = metrics.height() + 2;
    const QRect badge(option.rect.center().x() - width / 2, option.rect.center().y() - height / 2, width, height);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawRoundedRect(badge, height / 2.0, height / 2.0);
    painter->setPen(Qt::white);
    painter->setFont(font);
    painter->drawText(badge, Qt::AlignCenter, metrics.elidedText(text, Qt::ElideRight, badge.width() - 6));
    painter->restore();
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
