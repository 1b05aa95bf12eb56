#include "export/imageexportfields.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace Ridgeline {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ImageExportFields", text);
}

} // namespace

ImageExportFields::ImageExportFields(QWidget* dialog, QString filters, const QString& path, QSize size, double scale)
    : m_dialog(dialog)
    , m_filters(std::move(filters))
    , m_path(new QLineEdit(path))
    , m_width(new QSpinBox)
    , m_height(new QSpinBox)
    , m_scale(new QDoubleSpinBox)
{
    m_path->setMinimumWidth(m_path->fontMetrics().averageCharWidth() * 56); // a path, not its last letters
    // The command line's bounds are wider (a scale of 0.1 to 16); a PNG past
    // the export's memory budget is drawn smaller, and the window says so.
    for (QSpinBox* box : { m_width, m_height }) {
        box->setRange(200, 10000);
        box->setSuffix(tr(" px"));
    }
    m_width->setValue(size.width());
    m_height->setValue(size.height());
    m_scale->setRange(0.5, 8);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(scale);
    m_scale->setSuffix(QStringLiteral(" ×"));
    m_scale->setToolTip(tr("Pixel density of PNG exports: 2 × doubles the pixels, not the layout"));
}

void ImageExportFields::addRows(QFormLayout* form)
{
    auto* browse = new QPushButton(tr("Browse…"));
    QObject::connect(browse, &QPushButton::clicked, m_dialog, [this] { this->browse(); });
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    form->addRow(tr("File:"), pathRow);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Height:"), m_height);
    form->addRow(tr("Scale:"), m_scale);
}

void ImageExportFields::browse()
{
    const QString path = QFileDialog::getSaveFileName(m_dialog, m_dialog->windowTitle(), m_path->text(), m_filters);
    if (!path.isEmpty())
        m_path->setText(path);
}

QString ImageExportFields::path() const
{
    return m_path->text();
}

QSize ImageExportFields::size() const
{
    return QSize(m_width->value(), m_height->value());
}

double ImageExportFields::scale() const
{
    return m_scale->value();
}

} // namespace Ridgeline
