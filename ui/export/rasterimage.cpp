#include "export/rasterimage.h"

#include <QBuffer>
#include <QPainter>
#include <cmath>

namespace Ridgeline {
namespace {

QString pixelsText(double width, double height)
{
    return QStringLiteral("%1x%2 px").arg(std::llround(width)).arg(std::llround(height));
}

} // namespace

std::optional<RasterPlan> planRaster(const QString& path, const QSize& size, double scale, QString* error)
{
    if (!(scale >= minExportScale && scale <= maxExportScale)) {
        *error = path + QStringLiteral(": scale %1 is out of range (%2 to %3)").arg(scale).arg(minExportScale).arg(maxExportScale);
        return std::nullopt;
    }
    const double width = size.width() * scale, height = size.height() * scale;
    if (!(width >= 1 && height >= 1)) {
        *error = path + QStringLiteral(": %1 at scale %2 is under one pixel").arg(pixelsText(size.width(), size.height())).arg(scale);
        return std::nullopt;
    }
    RasterPlan plan;
    plan.scale = scale;
    const double bytes = width * height * 4;
    if (bytes > double(maxRasterBytes)) {
        // The same figure at a lower resolution: the scale shrinks, the
        // logical size (and so the layout and the text) stays.
        plan.scale = scale * std::sqrt(double(maxRasterBytes) / bytes) * 0.999;
        plan.warning = path
            + QStringLiteral(": %1 would take %2 MiB; drawn at %3 instead (at most %4 MiB)")
                  .arg(pixelsText(width, height))
                  .arg(std::llround(bytes / (1 << 20)))
                  .arg(pixelsText(size.width() * plan.scale, size.height() * plan.scale))
                  .arg(maxRasterBytes >> 20);
    }
    plan.pixels
        = QSize(std::max(1, int(std::lround(size.width() * plan.scale))), std::max(1, int(std::lround(size.height() * plan.scale))));
    return plan;
}

bool planFigure(
    const QString& path, const QSize& size, double scale, bool png, std::optional<RasterPlan>* raster, QString* error, QString* warning)
{
    if (size.width() < 1 || size.height() < 1 || size.width() > maxExportSide || size.height() > maxExportSide) {
        *error = path
            + QStringLiteral(": size %1x%2 is out of range (1 to %3 a side)").arg(size.width()).arg(size.height()).arg(maxExportSide);
        return false;
    }
    if (!png)
        return true;
    *raster = planRaster(path, size, scale, error);
    if (!*raster)
        return false;
    if (warning)
        *warning = (*raster)->warning;
    return true;
}

QByteArray rasterPng(const QString& path, const RasterPlan& plan, const std::function<void(QPainter&)>& draw, QString* error)
{
    QImage image(plan.pixels, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        *error = path + QStringLiteral(": cannot allocate an image of %1").arg(pixelsText(plan.pixels.width(), plan.pixels.height()));
        return {};
    }
    image.setDevicePixelRatio(plan.scale);
    image.fill(Qt::white);
    // 96 dpi per unit of scale: a 2x export opens at its logical size.
    const int dotsPerMeter = int(std::lround(96.0 * plan.scale / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    {
        QPainter painter(&image);
        draw(painter);
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG") || bytes.isEmpty()) {
        *error = path + QStringLiteral(": cannot encode the PNG image");
        return {};
    }
    return bytes;
}

} // namespace Ridgeline
