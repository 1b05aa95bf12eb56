// Folder table/: the kernel table's widgets.
// Draws a kernel's name so that what tells it apart survives a narrow
// column: Inductor names differ in their tail (the last fused ops and the
// index: `..._view_25` / `_27`), so they lose their middle, never their
// end; the table's frozen column, its kernel column and the opportunity
// list use it, and elide() serves the roofline's labels too.
#pragma once

#include <QStyledItemDelegate>
#include <functional>

namespace Ridgeline {

class KernelNameDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    // `cover`, when set and visible, is drawn over this column (the table's
    // frozen copy of it): its cells are then not drawn twice.
    explicit KernelNameDelegate(QObject* parent = nullptr, const QWidget* cover = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    // `name` as it fits (`fits` says whether a text does): whole; then
    // without "triton_" and "fused_" ("poi_addmm_gelu_view_15"); then the
    // kind, "…" and as many whole words of the tail as fit
    // ("poi_…gelu_view_15"); then fewer characters of the tail. A library
    // op's label keeps its shape and loses the front of its op name
    // ("…mm (8 x 32 x 2432)"); any other name (a library kernel's) loses
    // its middle.
    static QString elide(const QString& name, const std::function<bool(const QString&)>& fits);
    static QString elide(const QString& name, const QFontMetrics& metrics, int width);

private:
    const QWidget* m_cover;
};

} // namespace Ridgeline
