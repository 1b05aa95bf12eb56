#include "timeline/timelineexportdialog.h"

#include "engine/base/text/units.h"

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

TimelineExportDialog::TimelineExportDialog(const TimelineExportOptions& defaults, QWidget* parent)
    : QDialog(parent)
    , m_defaults(defaults)
    , m_path(new QLineEdit(defaults.path))
    , m_width(new QSpinBox)
    , m_height(new QSpinBox)
    , m_scale(new QDoubleSpinBox)
    , m_range(new QComboBox)
{
    setWindowTitle(tr("Export Timeline"));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, &TimelineExportDialog::browse);
    m_path->setMinimumWidth(m_path->fontMetrics().averageCharWidth() * 56); // a path, not its last letters
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    // The command line's bounds are wider (a scale of 0.1 to 16); a PNG past
    // the export's memory budget is drawn smaller, and the window says so.
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
    if (defaults.rangeUs) {
        const auto [from, to] = *defaults.rangeUs;
        m_range->addItem(tr("The range in view (%1 to %2)").arg(formatTimeUs(from), formatTimeUs(to)), true);
    }
    m_range->addItem(tr("The whole trace"), false);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* form = new QFormLayout(this);
    form->addRow(tr("File:"), pathRow);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Height:"), m_height);
    form->addRow(tr("Scale:"), m_scale);
    form->addRow(tr("Range:"), m_range);
    form->addRow(buttons);
}

void TimelineExportDialog::browse()
{
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Export Timeline"), m_path->text(), tr("PNG image (*.png);;SVG image (*.svg)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

TimelineExportOptions TimelineExportDialog::options() const
{
    TimelineExportOptions options = m_defaults;
    options.path = m_path->text();
    options.size = QSize(m_width->value(), m_height->value());
    options.scale = m_scale->value();
    if (!m_range->currentData().toBool())
        options.rangeUs.reset();
    return options;
}

} // namespace Ridgeline
