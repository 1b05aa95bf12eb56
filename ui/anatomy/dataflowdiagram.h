// Folder anatomy/: the kernel's anatomy in the inspector.
// The dataflow drawing: the pointers read (coloured and labelled by kind:
// contiguous, broadcast ×reuse, slice, gather with its rows range, masked)
// -> each load at its index expression -> the ops -> the reductions ->
// each store -> the pointers written. Clicking a pointer or an access
// selects it; the selected pointer and its accesses are drawn in the
// highlight colour.
#pragma once

#include "anatomy/dataflowgraph.h"

#include <QWidget>

namespace Ridgeline {

class DataflowDiagram final : public QWidget
{
    Q_OBJECT
public:
    explicit DataflowDiagram(QWidget* parent = nullptr);

    // `anatomy` must outlive the next call (the view keeps its copy).
    void setGraph(const KernelAnatomy* anatomy, DataflowGraph graph);
    // -1 clears; `access` -1 highlights only the pointer.
    void highlight(int pointer, int access);
    int highlightedPointer() const { return m_pointer; }
    int highlightedAccess() const { return m_access; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return { 320, 80 }; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

Q_SIGNALS:
    void pointerClicked(int pointer);
    void accessClicked(int pointer, int access);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    struct Box
    {
        QRectF rect;
        int pointer = -1;
        int access = -1; // -1: a pointer's box
        QString title, detail;
        QColor color;
    };
    std::vector<Box> layoutBoxes(qreal width, QRectF* ops, std::vector<QRectF>* reductions) const;
    int rows() const;
    qreal rowHeight() const;

    const KernelAnatomy* m_anatomy = nullptr;
    DataflowGraph m_graph;
    int m_pointer = -1;
    int m_access = -1;
};

} // namespace Ridgeline
