// Folder table/: the kernel table's widgets.
// Draws the Limiter column as a badge coloured by what limits the kernel
// (memory, compute, latency), with its name inside so that colour is never
// the only cue; "not modelled" stays plain text, as it says nothing to fix.
#pragma once

#include <QStyledItemDelegate>

namespace Ridgeline {

class LimiterDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // By limiterKey(): "memory", "compute", "latency", "slow-for-size", "flops-unknown"; invalid for the rest.
    static QColor badgeColor(const QString& limiterKey);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace Ridgeline
