// Folder export/: the roofline as a file (PNG, SVG, PDF or CSV), headless or from the dialog.
// Renders the roofline to an image file without a window: PNG at a chosen
// size and scale, SVG, or PDF, with title, axis titles, legend and labels.
// Used by the GUI's export dialog and by `ridgeline --export-roofline`.
#pragma once

#include "engine/results/analysisresult.h"
#include "engine/roofline/gpuspec.h"
#include "engine/roofline/rooflinedata.h"
#include "roofline/rooflineview.h"

#include <QSize>
#include <QString>

#include <vector>

namespace Ridgeline {

struct RooflineExportOptions
{
    QString path;                 // .png, .svg or .pdf
    QSize size { 1600, 1000 };    // logical pixels (points for PDF)
    double scale = 1.0;           // device pixel ratio for PNG
    RooflineView::Frame frame = RooflineView::Frame::FitToData;
    bool cacheRoofs = false; // the GPU's cache bandwidths as dotted roofs
    std::optional<double> latencyFloorUs; // the user's t0: which kernels are latency-bound
    // Compare mode: arrows from the baseline's kernels to the result's.
    std::vector<RooflineArrow> arrows;
};

// On failure returns false and sets *error to a line naming the file; a
// PNG past the memory budget is drawn at a lower scale and *warning says so.
bool exportRoofline(const AnalysisResult& result, const GpuSpec& gpu, PeakSet peaks, const RooflineExportOptions& options,
                    QString* error, QString* warning = nullptr);

} // namespace Ridgeline
