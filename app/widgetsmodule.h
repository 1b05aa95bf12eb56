// The part of Ridgeline that needs QtWidgets and QtCharts (the window, and
// drawing a roofline) lives in a module of its own, ridgeline-widgets.so,
// that the executable loads only when it needs it: a headless --export
// never maps the widget libraries. Bound at start-up with every symbol
// resolved (BIND_NOW), they cost about 20 ms of a 150-200 ms export of a
// 62 MB trace (measured, issue 11).
//
// Both sides are built together by the same compiler from the same headers,
// so the entry points pass C++ types; only their lookup is by C name.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <utility>

class QCoreApplication;

namespace Ridgeline {
struct Judgement;
}

namespace Ridgeline::App {

// What the window opens with.
struct WindowRequest
{
    QString tracePath;
    QString inductorCache;
    bool searchDefaultCache = true;
    QStringList captures;
    QString baseline;
};

// One roofline to draw (PNG, SVG, PDF or CSV, by the path's suffix).
struct RooflineDrawing
{
    // The judged points (latency-bound ones marked under its t0), the arrows
    // from its baseline, and its lens's cache roofs. Not null.
    const Judgement* judgement = nullptr;
    QString path;
    QSize size;
    double scale = 1;
    bool gpuFrame = false;
};

// One timeline to draw (PNG or SVG, by the path's suffix).
struct TimelineDrawing
{
    const Judgement* judgement = nullptr; // its trace's budget colours the boxes; not null
    QString path;
    QSize size;
    double scale = 1;
    std::optional<std::pair<double, double>> rangeUs; // from the first GPU event; nullopt: all of it
};

struct WidgetsEntryPoints
{
    // Runs the desktop app until its window closes; the exit status.
    int (*runWindow)(int argc, char** argv, const WindowRequest& request);
    // A QApplication on the offscreen platform (unless QT_QPA_PLATFORM says
    // otherwise), which drawing a roofline needs.
    QCoreApplication* (*makeDrawingApplication)(int& argc, char** argv);
    // False with *error on failure; *warning set when a PNG past the memory
    // budget was drawn at a lower scale.
    bool (*drawRoofline)(const RooflineDrawing& drawing, QString* error, QString* warning);
    bool (*drawTimeline)(const TimelineDrawing& drawing, QString* error, QString* warning);
};

// The module's one exported symbol.
#define RIDGELINE_WIDGETS_ENTRY_POINTS "ridgeline_widgets_entry_points"
using WidgetsEntryPointsFunction = const WidgetsEntryPoints* (*)();

// Loads the module beside the executable (the build tree) or in its
// library folder (an installed tree). Null, with *error saying which files
// were tried and why, when it cannot.
const WidgetsEntryPoints* loadWidgetsModule(QString* error);

} // namespace Ridgeline::App
