#include "export/rooflineexportdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>

namespace Ridgeline {

RooflineExportDialog::RooflineExportDialog(const RooflineExportOptions& defaults, QWidget* parent)
    : QDialog(parent)
    , m_image(this,
          tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf);;"
             "Points and roofs as CSV (*.csv)"),
          defaults.path, defaults.size, defaults.scale)
    , m_frame(new QComboBox)
{
    setWindowTitle(tr("Export Roofline"));
    m_frame->addItem(tr("Fit to data"), int(RooflineView::Frame::FitToData));
    m_frame->addItem(tr("Fixed frame from the GPU's roofs"), int(RooflineView::Frame::GpuRoofs));
    m_frame->setCurrentIndex(defaults.frame == RooflineView::Frame::GpuRoofs ? 1 : 0);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* form = new QFormLayout(this);
    m_image.addRows(form);
    form->addRow(tr("Frame:"), m_frame);
    form->addRow(buttons);
}

RooflineExportOptions RooflineExportDialog::options() const
{
    RooflineExportOptions options;
    options.path = m_image.path();
    options.size = m_image.size();
    options.scale = m_image.scale();
    options.frame = RooflineView::Frame(m_frame->currentData().toInt());
    return options;
}

} // namespace Ridgeline
