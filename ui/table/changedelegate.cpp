#include "table/changedelegate.h"

#include "itemmodels/kerneltablemodel.h"

namespace Ridgeline {

void ChangeDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const int direction = index.data(KernelTableModel::ChangeDirectionRole).toInt();
    if (direction == 0 || (option->state & QStyle::State_Selected))
        return;
    const bool dark = option->palette.color(QPalette::Base).lightness() < 128;
    const QColor better = dark ? QColor(0x81, 0xc7, 0x84) : QColor(0x1b, 0x7a, 0x35);
    const QColor worse = dark ? QColor(0xef, 0x9a, 0x9a) : QColor(0xc6, 0x28, 0x28);
    option->palette.setColor(QPalette::Text, direction > 0 ? better : worse);
}

} // namespace Ridgeline
