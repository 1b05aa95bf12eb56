#include "timeline/timelineexportdialog.h"

#include "engine/base/text/units.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>

namespace Ridgeline {

TimelineExportDialog::TimelineExportDialog(const TimelineExportOptions& defaults, QWidget* parent)
    : QDialog(parent)
    , m_defaults(defaults)
    , m_image(this, tr("PNG image (*.png);;SVG image (*.svg)"), defaults.path, defaults.size, defaults.scale)
    , m_range(new QComboBox)
{
    setWindowTitle(tr("Export Timeline"));
    if (defaults.rangeUs) {
        const auto [from, to] = *defaults.rangeUs;
        m_range->addItem(tr("The range in view (%1 to %2)").arg(formatTimeUs(from), formatTimeUs(to)), true);
    }
    m_range->addItem(tr("The whole trace"), false);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* form = new QFormLayout(this);
    m_image.addRows(form);
    form->addRow(tr("Range:"), m_range);
    form->addRow(buttons);
}

TimelineExportOptions TimelineExportDialog::options() const
{
    TimelineExportOptions options = m_defaults;
    options.path = m_image.path();
    options.size = m_image.size();
    options.scale = m_image.scale();
    if (!m_range->currentData().toBool())
        options.rangeUs.reset();
    return options;
}

} // namespace Ridgeline
