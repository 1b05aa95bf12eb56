// Folder export/: the roofline as a file (PNG, SVG, PDF or CSV), headless or from the dialog.
// The fields every image export dialog asks for (the roofline's, the
// timeline's): the file with a Browse… button, width, height and pixel
// density, as rows of the dialog's form.
#pragma once

#include <QSize>
#include <QString>

class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QSpinBox;
class QWidget;

namespace Ridgeline {

class ImageExportFields
{
public:
    // `filters`: the file dialog's, "PNG image (*.png);;SVG image (*.svg)".
    ImageExportFields(QWidget* dialog, QString filters, const QString& path, QSize size, double scale);

    void addRows(QFormLayout* form);
    QString path() const;
    QSize size() const;
    double scale() const;

private:
    void browse();

    QWidget* m_dialog;
    QString m_filters;
    QLineEdit* m_path;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QDoubleSpinBox* m_scale;
};

} // namespace Ridgeline
