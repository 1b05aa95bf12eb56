#include "timeline/timelineexport.h"

#include "engine/timeline/timeline.h"
#include "export/rasterimage.h"
#include "timeline/timelinepainter.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

// Text scales with the figure, as the roofline's does: 13 px at 1600 x 700.
double textPixelsFor(const QSize& size)
{
    return std::clamp(std::sqrt(double(size.width()) * size.height()) / 81.0, 7.0, 96.0);
}

} // namespace

bool exportTimeline(const TraceJudgement& judged, const TimelineExportOptions& options, QString* error, QString* warning)
{
    const AnalysisResult& result = *judged.result;
    const QString suffix = QFileInfo(options.path).suffix().toLower();
    if (suffix != u"png" && suffix != u"svg") {
        *error = options.path + QStringLiteral(": unknown timeline format (use .png or .svg)");
        return false;
    }
    const QSize& size = options.size;
    std::optional<RasterPlan> raster;
    if (!planFigure(options.path, size, options.scale, suffix == u"png", &raster, error, warning))
        return false;
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance())) {
        *error = options.path + QStringLiteral(": drawing a timeline needs a QGuiApplication");
        return false;
    }
    if (!result.timeline) {
        *error = options.path + QStringLiteral(": the analysis kept no timeline");
        return false;
    }

    TimelineScene scene;
    scene.timeline = result.timeline;
    scene.colouring = TimelineColouring(*result.timeline, judged.budget.rows);
    scene.startNs = 0;
    scene.endNs = std::max<double>(1, double(result.timeline->endNs));
    if (options.rangeUs) {
        scene.startNs = options.rangeUs->first * 1000.0;
        scene.endNs = options.rangeUs->second * 1000.0;
    }
    // The launching CPU threads are optional lanes: not in a figure.
    for (const TimelineLane& lane : result.timeline->lanes)
        scene.laneShown.push_back(lane.kind != TimelineLaneKind::LaunchThread);
    scene.palette.dark = options.dark;
    scene.fillHeight = true;
    scene.title = QStringLiteral("%1: GPU timeline, %2 to %3 from the first GPU event, Triton kernels by %4 of attainable on %5")
                      .arg(QFileInfo(result.tracePath).fileName(), TimelinePainter::duration(scene.startNs),
                          TimelinePainter::duration(scene.endNs), QStringLiteral("%"), judged.gpuSpec().name);
    QFont font;
    font.setPixelSize(int(std::lround(textPixelsFor(size))));
    const QRectF area(QPointF(0, 0), QSizeF(size));

    QByteArray bytes;
    if (suffix == u"png") {
        bytes = rasterPng(
            options.path, *raster,
            [&](QPainter& painter) {
                painter.setRenderHint(QPainter::TextAntialiasing);
                TimelinePainter::paint(painter, scene, area, font);
            },
            error);
        if (bytes.isEmpty())
            return false;
    } else {
        bytes = TimelinePainter::svg(scene, size, font);
    }

    QSaveFile file(options.path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = options.path + QStringLiteral(": cannot write: ") + file.errorString();
        return false;
    }
    return true;
}

} // namespace Ridgeline
