#include "table/kerneltableview.h"

#include "itemmodels/kerneltablemodel.h"
#include "table/changedelegate.h"
#include "table/kernelnamedelegate.h"
#include "table/limiterdelegate.h"
#include "table/provenancedelegate.h"

#include <QAbstractProxyModel>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QSet>
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
    setItemDelegateForColumn(KernelTableModel::Limiter, new LimiterDelegate(this));
    auto* change = new ChangeDelegate(this);
    for (int column :
        { KernelTableModel::Speedup, KernelTableModel::DeltaTime, KernelTableModel::DeltaTbPerS, KernelTableModel::DeltaRoof })
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

    // As Qt's frozen-column example: a second view over the left edge that
    // shows the kernel column only, sharing model, selection and rows.
    m_frozen = new QTableView(this);
    m_frozen->setObjectName(QStringLiteral("frozenKernelColumn"));
    m_frozen->setFocusPolicy(Qt::NoFocus);
    m_frozen->verticalHeader()->hide();
    m_frozen->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    m_frozen->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_frozen->horizontalHeader()->setHighlightSections(false);
    m_frozen->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_frozen->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_frozen->setAlternatingRowColors(true);
    m_frozen->setWordWrap(false);
    m_frozen->setTextElideMode(Qt::ElideMiddle);
    m_frozen->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollMode(verticalScrollMode());
    m_frozen->verticalHeader()->setDefaultSectionSize(verticalHeader()->defaultSectionSize());
    m_frozen->setFrameShape(QFrame::NoFrame);
    m_frozen->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_frozen->addAction(copy);
    viewport()->stackUnder(m_frozen);
    // The cells under the frozen copy are not drawn twice (eliding every
    // long name is most of the table's first paint).
    setItemDelegateForColumn(KernelTableModel::Kernel, new KernelNameDelegate(this, m_frozen));
    m_frozen->setItemDelegateForColumn(KernelTableModel::Kernel, new KernelNameDelegate(m_frozen));
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (logical == KernelTableModel::Kernel) {
            m_kernelWidthChosen = m_kernelWidthChosen || !m_fittingKernelColumn;
            m_frozen->setColumnWidth(KernelTableModel::Kernel, size);
            placeFrozenColumn();
        }
    });
    connect(horizontalHeader(), &QHeaderView::sectionMoved, this, [this] { placeFrozenColumn(); });
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this](int column, Qt::SortOrder order) {
        // The sorted column's header gains the arrow: room for it, never less.
        if (model() && column != KernelTableModel::Kernel && column >= 0 && columnWidth(column) < headerWidth(column)) {
            setColumnWidth(column, headerWidth(column));
            fitKernelColumn();
        }
        m_frozen->horizontalHeader()->setSortIndicatorShown(column == KernelTableModel::Kernel);
        m_frozen->horizontalHeader()->setSortIndicator(column, order);
    });
    // A click on the frozen header sorts the table by name, as the real one would.
    m_frozen->horizontalHeader()->setSectionsClickable(true);
    connect(m_frozen->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int logical) {
        const bool descending
            = horizontalHeader()->sortIndicatorSection() == logical && horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder;
        sortByColumn(logical, descending ? Qt::DescendingOrder : Qt::AscendingOrder);
    });
    connect(m_frozen->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(), &QAbstractSlider::setValue);
    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, m_frozen->verticalScrollBar(), &QAbstractSlider::setValue);
}

void KernelTableView::setModel(QAbstractItemModel* model)
{
    QTableView::setModel(model);
    m_frozen->setModel(model);
    m_frozen->setSelectionModel(selectionModel());
    for (int column = 0; column < model->columnCount(); ++column)
        m_frozen->setColumnHidden(column, column != KernelTableModel::Kernel);
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        fitFigureColumns();
        placeFrozenColumn();
    });
    connect(model, &QAbstractItemModel::layoutChanged, this, [this] { placeFrozenColumn(); });
    connect(model, &QAbstractItemModel::rowsInserted, this, [this] { placeFrozenColumn(); });
    connect(model, &QAbstractItemModel::rowsRemoved, this, [this] { placeFrozenColumn(); });
    m_frozen->setColumnWidth(KernelTableModel::Kernel, columnWidth(KernelTableModel::Kernel));
    placeFrozenColumn();
}

void KernelTableView::showDefaultColumns()
{
    using M = KernelTableModel;
    QHeaderView* header = horizontalHeader();
    // Recoverable time first of the figures: what a fix could win is what
    // the user sorts by (the window's default sort).
    // Not Shape: at 1366 px its 95 pixels squeezed the names to "red_…view_16"
    // and pushed % roof off screen; it is a header right-click away.
    static constexpr int order[] = { M::Kernel, M::Provenance, M::Calls, M::TimeSum, M::Recoverable, M::AttainablePercent, M::Limiter,
        M::TbPerS, M::TflopsPerS, M::RoofPercent };
    int to = 0;
    for (int column : order)
        header->moveSection(header->visualIndex(column), to++);
    for (int column = 0; column < M::FirstComparisonColumn; ++column)
        header->setSectionHidden(column, std::find(std::begin(order), std::end(order), column) == std::end(order));
    fitFigureColumns();
}

void KernelTableView::fitFigureColumns()
{
    // Figures as wide as their text, so that the first look fits a laptop;
    // the kernel's name takes what is left (elided in the middle).
    QHeaderView* header = horizontalHeader();
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('m'));
    for (int column = 0; column < header->count(); ++column) {
        if (column == KernelTableModel::Kernel || header->isSectionHidden(column))
            continue;
        // Qt's own fit keeps room for a sort arrow in every header; only the
        // sorted column shows one, and ten arrows' room is a column more.
        setColumnWidth(column, std::min(std::max(sizeHintForColumn(column), headerWidth(column)), 12 * em));
    }
    m_kernelWidthChosen = false;
    fitKernelColumn();
}

int KernelTableView::headerWidth(int column) const
{
    const QHeaderView* header = horizontalHeader();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    // As QCommonStyle sizes a header section: a margin either side of the title.
    int width = header->fontMetrics().horizontalAdvance(model()->headerData(column, Qt::Horizontal).toString()) + 2 * margin + 2;
    if (header->isSortIndicatorShown() && header->sortIndicatorSection() == column)
        width += header->style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header) + 2 * margin;
    return width;
}

void KernelTableView::fitKernelColumn()
{
    // Until the user sets it: what the figures leave, 14 to 40 ems (14: the
    // first look's ten columns fit a 1366-pixel screen; names keep their
    // kind and tail, and the inspector and tool tips give them whole).
    if (m_kernelWidthChosen || !model())
        return;
    QHeaderView* header = horizontalHeader();
    int others = 0;
    for (int column = 0; column < header->count(); ++column) {
        if (column != KernelTableModel::Kernel && !header->isSectionHidden(column))
            others += header->sectionSize(column);
    }
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('m'));
    const int width = std::clamp(viewport()->width() - others, 14 * em, 40 * em);
    m_fittingKernelColumn = true;
    setColumnWidth(KernelTableModel::Kernel, width);
    m_fittingKernelColumn = false;
}

void KernelTableView::placeFrozenColumn()
{
    // Only while the kernel column is the first one shown: moved elsewhere
    // by the user, it scrolls like the rest.
    QHeaderView* header = horizontalHeader();
    const bool first = header->visualIndex(KernelTableModel::Kernel) == 0;
    // Nor over an empty table: it would cover the left of its message.
    m_frozen->setVisible(model() && model()->rowCount() > 0 && first && !header->isSectionHidden(KernelTableModel::Kernel));
    const int left = frameWidth();
    m_frozen->setGeometry(left, left, columnWidth(KernelTableModel::Kernel) + 1, viewport()->height() + header->height());
}

void KernelTableView::setEmptyText(const QString& text)
{
    m_emptyText = text;
    viewport()->update();
}

void KernelTableView::paintEvent(QPaintEvent* event)
{
    QTableView::paintEvent(event);
    if (m_emptyText.isEmpty() || (model() && model()->rowCount() > 0))
        return;
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    // Wrapped within the viewport as it is now (no column width counts):
    // the message is never cut at either side.
    const int margin = fontMetrics().height();
    painter.drawText(
        viewport()->rect().adjusted(margin, 2 * margin, -margin, -margin), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, m_emptyText);
}

void KernelTableView::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    fitKernelColumn();
    placeFrozenColumn();
}

QModelIndex KernelTableView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    // Keyboard moves to the right keep the current cell out from under the
    // frozen column.
    const QModelIndex current = QTableView::moveCursor(cursorAction, modifiers);
    if (m_frozen->isVisible() && cursorAction == MoveLeft && current.column() > 0
        && visualRect(current).topLeft().x() < m_frozen->columnWidth(KernelTableModel::Kernel)) {
        const int newValue
            = horizontalScrollBar()->value() + visualRect(current).topLeft().x() - m_frozen->columnWidth(KernelTableModel::Kernel);
        horizontalScrollBar()->setValue(newValue);
    }
    return current;
}

void KernelTableView::scrollTo(const QModelIndex& index, ScrollHint hint)
{
    // The kernel column is always in view: for it, scroll the rows only.
    const int shown = horizontalHeader()->logicalIndexAt(columnWidth(KernelTableModel::Kernel) + 1);
    if (index.column() != KernelTableModel::Kernel || !m_frozen->isVisible() || shown < 0)
        QTableView::scrollTo(index, hint);
    else
        QTableView::scrollTo(model()->index(index.row(), shown, index.parent()), hint);
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

int KernelTableView::selectKernels(const QList<int>& kernelIndices, const QList<int>& libraryIndices)
{
    const QSet<int> wanted(kernelIndices.begin(), kernelIndices.end());
    const QSet<int> wantedLibrary(libraryIndices.begin(), libraryIndices.end());
    QItemSelection selection;
    QModelIndex first;
    int shown = 0;
    for (int row = 0; row < model()->rowCount(); ++row) {
        const QModelIndex index = model()->index(row, 0);
        // A library row's RowIndexRole is -1, a Triton row's LibraryIndexRole too: -1 is wanted by neither.
        if (!wanted.contains(index.data(KernelTableModel::RowIndexRole).toInt())
            && !wantedLibrary.contains(index.data(KernelTableModel::LibraryIndexRole).toInt()))
            continue;
        selection.select(index, model()->index(row, model()->columnCount() - 1));
        ++shown;
        if (!first.isValid())
            first = index;
    }
    if (!first.isValid())
        return 0;
    // Current first: a current-row change selects that row alone.
    selectionModel()->setCurrentIndex(first, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    selectionModel()->select(selection, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    scrollTo(first);
    return shown;
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
