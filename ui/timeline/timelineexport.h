// Folder timeline/: the timeline pane, its drawing and its export.
// The timeline as an image file (PNG at a size and scale, or SVG), drawn
// by the pane's own painter without a window: `ridgeline --export-timeline`.
#pragma once

#include "engine/lens/judgement.h"

#include <QSize>
#include <QString>
#include <optional>
#include <utility>

namespace Ridgeline {

struct TimelineExportOptions
{
    QString path; // .png or .svg
    QSize size { 1600, 700 }; // logical pixels (SVG: user units)
    double scale = 1.0; // device pixel ratio for PNG
    // us from the first GPU event; nullopt: the whole trace.
    std::optional<std::pair<double, double>> rangeUs;
    bool dark = false;
};

// On failure returns false and sets *error to a line naming the file; a
// PNG past the memory budget is drawn at a lower scale and *warning says so.
// The trace's boxes are coloured by the judgement's time budget (its GPU,
// peaks and t0).
bool exportTimeline(const TraceJudgement& judged, const TimelineExportOptions& options, QString* error, QString* warning = nullptr);

} // namespace Ridgeline
