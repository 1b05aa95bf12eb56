// Folder export/: the roofline as a file (PNG, SVG, PDF or CSV), headless or from the dialog.
// Renders the roofline to an image file without a window: PNG at a chosen
// size and scale, SVG, or PDF, with title, axis titles, legend and labels.
// Used by the GUI's export dialog and by `ridgeline --export-roofline`.
#pragma once

#include "engine/lens/judgement.h"
#include "roofline/rooflineview.h"

#include <QSize>
#include <QString>

namespace Ridgeline {

struct RooflineExportOptions
{
    QString path; // .png, .svg or .pdf
    QSize size { 1600, 1000 }; // logical pixels (points for PDF)
    double scale = 1.0; // device pixel ratio for PNG
    RooflineView::Frame frame = RooflineView::Frame::FitToData;
};

// On failure returns false and sets *error to a line naming the file; a
// PNG past the memory budget is drawn at a lower scale and *warning says so.
// Draws the judged roofline of the open trace: its points with the
// latency-bound ones marked under the judged t0, the arrows from the
// baseline in compare mode, and the cache roofs when the lens shows them.
bool exportRoofline(const Judgement& judgement, const RooflineExportOptions& options, QString* error, QString* warning = nullptr);

} // namespace Ridgeline
