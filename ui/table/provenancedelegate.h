// Folder table/: the kernel table's widgets.
// Paints the provenance column as a coloured badge: V2 green, V1 blue,
// none grey, so that a glance down the table tells where figures came from.
#pragma once

#include <QStyledItemDelegate>

namespace Ridgeline {

class ProvenanceDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    static QColor badgeColor(const QString& provenance);
};

} // namespace Ridgeline
