// Folder timeline/: the timeline pane, its drawing and its export.
// The timeline as an image file (PNG at a size and scale, or SVG), drawn
// by the pane's own painter without a window: `ridgeline --export-timeline`.
#pragma once

#include "engine/results/analysisresult.h"
#include "engine/roofline/gpuspec.h"

#include <QSize>
#include <QString>

#include <optional>
#include <utility>

namespace Ridgeline {

struct TimelineExportOptions
{
    QString path;              // .png or .svg
    QSize size { 1600, 700 };  // logical pixels (SVG: user units)
    double scale = 1.0;        // device pixel ratio for PNG
    // us from the first GPU event; nullopt: the whole trace.
    std::optional<std::pair<double, double>> rangeUs;
    std::optional<double> latencyFloorUs; // the user's t0
    bool dark = false;
};

// On failure returns false and sets *error to a line naming the file; a
// PNG past the memory budget is drawn at a lower scale and *warning says so.
bool exportTimeline(const AnalysisResult& result, const GpuSpec& gpu, PeakSet peaks, const TimelineExportOptions& options, QString* error,
                    QString* warning = nullptr);

} // namespace Ridgeline
