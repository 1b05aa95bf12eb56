// Folder table/: the kernel table's widgets.
// The kernel table widget: provenance badges, columns that can be hidden
// and reordered (header context menu), and Copy of the selected rows as TSV.
#pragma once

#include <QTableView>

namespace Ridgeline {

class KernelTableView final : public QTableView
{
    Q_OBJECT
public:
    explicit KernelTableView(QWidget* parent = nullptr);

    // The selected rows as tab-separated text with a header line, in view
    // order and visible columns only: what Copy puts on the clipboard.
    QString selectionAsTsv() const;
    // Kernel indices (into AnalysisResult::kernels) of the selected rows.
    QList<int> selectedKernelIndices() const;
    // Selects and shows the row of one kernel; false when it is filtered out.
    bool selectKernel(int kernelIndex);

public Q_SLOTS:
    void copySelection();

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void showHeaderMenu(const QPoint& position);
};

} // namespace Ridgeline
