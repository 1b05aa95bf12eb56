// Folder timeline/: the GPU timeline, drawn in the window and to files.
// Asks where and how to export the timeline: file (PNG or SVG), size, scale,
// and whether to draw the range in view or the whole trace: what
// `--export-timeline` takes as --size, --scale and --range.
#pragma once

#include "export/imageexportfields.h"
#include "timeline/timelineexport.h"

#include <QDialog>

class QComboBox;

namespace Ridgeline {

class TimelineExportDialog final : public QDialog
{
    Q_OBJECT
public:
    // `defaults.rangeUs` set: the range in view, offered first.
    TimelineExportDialog(const TimelineExportOptions& defaults, QWidget* parent = nullptr);

    // The chosen file, size and scale; the range in view where that was
    // chosen, else none (the whole trace). The palette: the defaults'.
    TimelineExportOptions options() const;

private:
    TimelineExportOptions m_defaults;
    ImageExportFields m_image;
    QComboBox* m_range;
};

} // namespace Ridgeline
