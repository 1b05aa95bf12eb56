// The widgets module's side of widgetsmodule.h: the window and roofline
// drawing, behind the one exported entry point.
#include "export/rooflineexport.h"
#include "guimain.h"
#include "timeline/timelineexport.h"
#include "widgetsmodule.h"

#include <QApplication>

namespace Ridgeline::App {
namespace {

int runWindow(int argc, char** argv, const WindowRequest& request)
{
    return runGui(argc, argv, request.tracePath, request.inductorCache, request.searchDefaultCache, request.captures, request.baseline);
}

QCoreApplication* makeDrawingApplication(int& argc, char** argv)
{
    // Qt Charts draws with QtWidgets, which needs a QApplication; the
    // offscreen platform keeps the export free of any display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return new QApplication(argc, argv);
}

bool drawRoofline(const RooflineDrawing& drawing, QString* error, QString* warning)
{
    RooflineExportOptions figure;
    figure.path = drawing.path;
    figure.size = drawing.size;
    figure.scale = drawing.scale;
    figure.frame = drawing.gpuFrame ? RooflineView::Frame::GpuRoofs : RooflineView::Frame::FitToData;
    return exportRoofline(*drawing.judgement, figure, error, warning);
}

bool drawTimeline(const TimelineDrawing& drawing, QString* error, QString* warning)
{
    TimelineExportOptions figure;
    figure.path = drawing.path;
    figure.size = drawing.size;
    figure.scale = drawing.scale;
    figure.rangeUs = drawing.rangeUs;
    return exportTimeline(drawing.judgement->trace, figure, error, warning);
}

constexpr WidgetsEntryPoints entryPoints { runWindow, makeDrawingApplication, drawRoofline, drawTimeline };

} // namespace
} // namespace Ridgeline::App

extern "C" Q_DECL_EXPORT const Ridgeline::App::WidgetsEntryPoints* ridgeline_widgets_entry_points()
{
    return &Ridgeline::App::entryPoints;
}
