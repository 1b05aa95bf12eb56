#include "table/kerneltableview.h"

#include "itemmodels/kerneltablemodel.h"
#include "table/changedelegate.h"
#include "table/provenancedelegate.h"

#include <QAbstractProxyModel>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>

#include <algorithm>

namespace Ridgeline {

KernelTableView::KernelTableView(QWidget* parent)
    : QTableView(parent)
{
    setSortingEnabled(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideMiddle);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    horizontalHeader()->setSectionsMovable(true);
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    connect(horizontalHeader(), &QWidget::customContextMenuRequested, this, &KernelTableView::showHeaderMenu);
    setItemDelegateForColumn(KernelTableModel::Provenance, new ProvenanceDelegate(this));
    auto* change = new ChangeDelegate(this);
    for (int column : { KernelTableModel::Speedup, KernelTableModel::DeltaTime, KernelTableModel::DeltaTbPerS, KernelTableModel::DeltaRoof })
        setItemDelegateForColumn(column, change);
    // Compare mode's columns appear with a baseline (MainWindow shows them).
    for (int column = KernelTableModel::FirstComparisonColumn; column < KernelTableModel::ColumnCount; ++column)
        horizontalHeader()->setSectionHidden(column, true);

    auto* copy = new QAction(tr("Copy Rows as TSV"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &KernelTableView::copySelection);
    addAction(copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

void KernelTableView::showHeaderMenu(const QPoint& position)
{
    QMenu menu(this);
    QHeaderView* header = horizontalHeader();
    for (int logical = 0; logical < model()->columnCount(); ++logical) {
        QAction* action = menu.addAction(model()->headerData(logical, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!header->isSectionHidden(logical));
        action->setEnabled(logical != KernelTableModel::Kernel); // the name always stays
        connect(action, &QAction::toggled, this, [header, logical](bool shown) { header->setSectionHidden(logical, !shown); });
    }
    menu.exec(header->mapToGlobal(position));
}

QString KernelTableView::selectionAsTsv() const
{
    if (!model() || !selectionModel())
        return {};
    QHeaderView* header = horizontalHeader();
    QList<int> columns; // visible, in the order the user arranged them
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            columns << logical;
    }
    QModelIndexList rows = selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    if (rows.isEmpty())
        return {};

    QStringList lines;
    QStringList fields;
    for (int column : columns)
        fields << model()->headerData(column, Qt::Horizontal).toString();
    lines << fields.join(u'\t');
    for (const QModelIndex& row : rows) {
        fields.clear();
        for (int column : columns)
            fields << model()->index(row.row(), column).data().toString().replace(u'\t', u' ');
        lines << fields.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

QList<int> KernelTableView::selectedKernelIndices() const
{
    QList<int> indices;
    if (!selectionModel())
        return indices;
    for (const QModelIndex& index : selectionModel()->selectedRows()) {
        const int kernel = index.data(KernelTableModel::RowIndexRole).toInt();
        if (kernel >= 0) // compare mode's removed rows are no kernel of this trace
            indices << kernel;
    }
    std::sort(indices.begin(), indices.end());
    return indices;
}

bool KernelTableView::selectKernel(int kernelIndex)
{
    for (int row = 0; row < model()->rowCount(); ++row) {
        const QModelIndex index = model()->index(row, 0);
        if (index.data(KernelTableModel::RowIndexRole).toInt() == kernelIndex) {
            selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            scrollTo(index);
            return true;
        }
    }
    return false;
}

void KernelTableView::copySelection()
{
    const QString tsv = selectionAsTsv();
    if (!tsv.isEmpty())
        QApplication::clipboard()->setText(tsv);
}

void KernelTableView::keyPressEvent(QKeyEvent* event)
{
    if (event->matches(QKeySequence::Copy)) {
        copySelection();
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
}

} // namespace Ridgeline
