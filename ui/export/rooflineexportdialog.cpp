#include "export/rooflineexportdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace Ridgeline {

RooflineExportDialog::RooflineExportDialog(const RooflineExportOptions& defaults, QWidget* parent)
    : QDialog(parent)
    , m_path(new QLineEdit(defaults.path))
    , m_width(new QSpinBox)
    , m_height(new QSpinBox)
    , m_scale(new QDoubleSpinBox)
    , m_frame(new QComboBox)
{
    setWindowTitle(tr("Export Roofline"));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, &RooflineExportDialog::browse);
    m_path->setMinimumWidth(m_path->fontMetrics().averageCharWidth() * 56); // a path, not its last letters
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    for (QSpinBox* box : { m_width, m_height }) {
        box->setRange(200, 10000);
        box->setSuffix(tr(" px"));
    }
    m_width->setValue(defaults.size.width());
    m_height->setValue(defaults.size.height());
    m_scale->setRange(0.5, 8);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(defaults.scale);
    m_scale->setSuffix(QStringLiteral(" ×"));
    m_scale->setToolTip(tr("Pixel density of PNG exports: 2 × doubles the pixels, not the layout"));
    m_frame->addItem(tr("Fit to data"), int(RooflineView::Frame::FitToData));
    m_frame->addItem(tr("Fixed frame from the GPU's roofs"), int(RooflineView::Frame::GpuRoofs));
    m_frame->setCurrentIndex(defaults.frame == RooflineView::Frame::GpuRoofs ? 1 : 0);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* form = new QFormLayout(this);
    form->addRow(tr("File:"), pathRow);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Height:"), m_height);
    form->addRow(tr("Scale:"), m_scale);
    form->addRow(tr("Frame:"), m_frame);
    form->addRow(buttons);
}

void RooflineExportDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Roofline"), m_path->text(),
        tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf);;"
           "Points and roofs as CSV (*.csv)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

RooflineExportOptions RooflineExportDialog::options() const
{
    RooflineExportOptions options;
    options.path = m_path->text();
    options.size = QSize(m_width->value(), m_height->value());
    options.scale = m_scale->value();
    options.frame = RooflineView::Frame(m_frame->currentData().toInt());
    return options;
}

} // namespace Ridgeline
