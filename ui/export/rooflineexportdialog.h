// Folder export/: the roofline as a file (PNG, SVG, PDF or CSV), headless or from the dialog.
// Asks where and how to export the roofline: file (PNG, SVG, PDF, CSV),
// size, scale and frame.
#pragma once

#include "export/imageexportfields.h"
#include "export/rooflineexport.h"

#include <QDialog>

class QComboBox;

namespace Ridgeline {

class RooflineExportDialog final : public QDialog
{
    Q_OBJECT
public:
    RooflineExportDialog(const RooflineExportOptions& defaults, QWidget* parent = nullptr);

    RooflineExportOptions options() const;

private:
    ImageExportFields m_image;
    QComboBox* m_frame;
};

} // namespace Ridgeline
