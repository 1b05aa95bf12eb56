// Folder table/: the kernel table's widgets.
// The kernel table widget: provenance badges, columns that can be hidden
// and reordered (header context menu), the kernel column frozen at the left
// while the figures scroll, and Copy of the selected rows as TSV.
#pragma once

#include <QTableView>

namespace Ridgeline {

class KernelTableView final : public QTableView
{
    Q_OBJECT
public:
    explicit KernelTableView(QWidget* parent = nullptr);

    // The columns of a first look, in this order: name, source, calls, one
    // time column, recoverable time, % of attainable, limiter, TB/s,
    // TFLOPS/s, % of roof (visible at 1366 pixels wide); the rest (share,
    // bound, shape and FLOPS/Byte among them) hidden, a header right-click away.
    void showDefaultColumns();
    // Figure columns as wide as their text, the name taking what is left:
    // after a model reset, and when columns appear (compare mode's).
    void fitFigureColumns();
    // Said in the table's area while it has no rows (no trace yet, a trace
    // without Triton kernels, a filter that hides them all).
    void setEmptyText(const QString& text);
    QString emptyText() const { return m_emptyText; }
    // The frozen copy of the kernel column drawn over the left edge.
    QTableView* frozenKernelColumn() const { return m_frozen; }

    // The selected rows as tab-separated text with a header line, in view
    // order and visible columns only: what Copy puts on the clipboard.
    QString selectionAsTsv() const;
    // Kernel indices (into AnalysisResult::rows) of the selected rows.
    QList<int> selectedKernelIndices() const;
    // Selects and shows the row of one kernel; false when it is filtered out.
    bool selectKernel(int kernelIndex);
    // Selects the rows of these kernels (and of these library kernels, into
    // AnalysisResult::libraryKernels), the first shown becoming current;
    // returns how many are in view (the others are filtered out).
    int selectKernels(const QList<int>& kernelIndices, const QList<int>& libraryIndices = {});

public Q_SLOTS:
    void copySelection();

    void setModel(QAbstractItemModel* model) override;

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void scrollTo(const QModelIndex& index, ScrollHint hint = EnsureVisible) override;

private:
    void showHeaderMenu(const QPoint& position);
    void placeFrozenColumn();
    int headerWidth(int column) const; // its title's, and the sort arrow's where it shows
    void fitKernelColumn();

    QTableView* m_frozen = nullptr;
    QString m_emptyText;
    bool m_kernelWidthChosen = false; // the user resized the kernel column
    bool m_fittingKernelColumn = false;
};

} // namespace Ridgeline
