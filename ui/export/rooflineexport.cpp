#include "export/rooflineexport.h"

#include "engine/roofline/rooflinedata.h"
#include "export/rasterimage.h"
#include "roofline/rooflinechart.h"

#include <QApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

// Text scales with the figure, so that a small export is as readable when
// shown at its size as a large one: 17 px tick labels at 1600 x 1000.
double textPixelsFor(const QSize& size)
{
    return std::clamp(std::sqrt(double(size.width()) * size.height()) / 75.0, 7.0, 96.0);
}

void render(QPainter& painter, QGraphicsScene& scene, const QSize& size)
{
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    const QRectF rect(QPointF(0, 0), QSizeF(size));
    scene.render(&painter, rect, rect, Qt::IgnoreAspectRatio);
}

QByteArray svg(QGraphicsScene& scene, const QSize& size, const QString& title)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title);
    generator.setDescription(QStringLiteral("Roofline drawn by Ridgeline"));
    {
        QPainter painter(&generator);
        render(painter, scene, size);
    }
    // QSvgGenerator gives the size in millimetres at its resolution, which
    // viewers turn back into pixels at their own; pixels are what was drawn.
    static const QRegularExpression physicalSize(QStringLiteral("width=\"[0-9.]+mm\" height=\"[0-9.]+mm\""));
    const qsizetype header = bytes.indexOf("<svg");
    const QString opening = QString::fromUtf8(bytes.mid(header, 200));
    const auto match = physicalSize.match(opening);
    if (header >= 0 && match.hasMatch()) {
        bytes.replace(header + match.capturedStart(), match.capturedLength(),
            QStringLiteral("width=\"%1\" height=\"%2\"").arg(size.width()).arg(size.height()).toUtf8());
    }
    return bytes;
}

QByteArray pdf(QGraphicsScene& scene, const QSize& size, const QString& title)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        // One page the size of the chart, one unit per point.
        writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(72);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("Ridgeline"));
        QPainter painter(&writer);
        render(painter, scene, size);
    }
    return bytes;
}

} // namespace

bool exportRoofline(const Judgement& judgement, const RooflineExportOptions& options, QString* error, QString* warning)
{
    const QString suffix = QFileInfo(options.path).suffix().toLower();
    const QStringList formats { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("csv") };
    if (!formats.contains(suffix)) {
        *error = options.path + QStringLiteral(": unknown roofline format (use .png, .svg, .pdf or .csv)");
        return false;
    }
    const QSize& size = options.size;
    std::optional<RasterPlan> raster;
    if (!planFigure(options.path, size, options.scale, suffix == u"png", &raster, error, warning))
        return false;

    const RooflineData& data = judgement.trace.roofline;
    QByteArray bytes;
    if (suffix == u"csv") {
        bytes = rooflineCsv(data);
    } else {
        if (!qobject_cast<QApplication*>(QCoreApplication::instance())) {
            *error = options.path + QStringLiteral(": drawing a roofline needs a QApplication");
            return false;
        }
        // The chart is laid out in a scene of its own, never shown: exports
        // need no window and no display.
        QGraphicsScene scene;
        auto* chart = new RooflineChart(textPixelsFor(size));
        scene.addItem(chart);
        chart->setCacheRoofsShown(judgement.lens.cacheRoofs);
        chart->setData(data);
        chart->resize(QSizeF(size));
        // Lay it out now; layout requests alone, not the event loop: an
        // export from the window must not run its other events meanwhile.
        if (chart->layout())
            chart->layout()->activate();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        chart->showFrame(options.frame == RooflineView::Frame::GpuRoofs ? gpuFrame(data) : fitFrame(data));
        chart->updateLabels();
        if (suffix == u"png") {
            bytes = rasterPng(options.path, *raster, [&](QPainter& painter) { render(painter, scene, size); }, error);
            if (bytes.isEmpty())
                return false;
        } else if (suffix == u"svg") {
            bytes = svg(scene, size, data.title());
        } else {
            bytes = pdf(scene, size, data.title());
        }
    }

    QSaveFile file(options.path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = options.path + QStringLiteral(": cannot write: ") + file.errorString();
        return false;
    }
    return true;
}

} // namespace Ridgeline
