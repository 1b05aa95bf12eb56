// Folder table/: the kernel table's widgets.
// Colours compare mode's speedup and delta columns: green where this trace
// does better than its baseline, red where worse, lighter shades on dark
// palettes. The text carries the sign and an arrow, so colour is never the
// only cue.
#pragma once

#include <QStyledItemDelegate>

namespace Ridgeline {

class ChangeDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

} // namespace Ridgeline
