// Folder export/: the roofline as a file (PNG, SVG, PDF or CSV), headless or from the dialog.
// The pixels of a PNG export (the roofline's and the timeline's): the
// figure's logical size times its scale, within a memory budget. A figure
// of 16384x16384 took 1 GiB at scale 1; past the budget the scale is
// lowered until the image fits, with a warning naming both sizes, and the
// figure looks the same at a lower resolution. A scale outside [0.1, 16],
// or an image under one pixel, is refused: nothing useful is drawn.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>
#include <functional>
#include <optional>

class QPainter;

namespace Ridgeline {

inline constexpr double minExportScale = 0.1;
inline constexpr double maxExportScale = 16;
inline constexpr qint64 maxRasterBytes = qint64(256) << 20; // ARGB32: 64 Mpx, 8192 x 8192

struct RasterPlan
{
    QSize pixels;
    double scale = 1;
    QString warning; // set when the budget lowered the scale
};

// nullopt with *error (a line naming `path`) when the scale or the size
// cannot make an image.
std::optional<RasterPlan> planRaster(const QString& path, const QSize& size, double scale, QString* error);

// A figure's logical size, the same for every format (points for SVG and
// PDF): 1 to maxExportSide a side.
inline constexpr int maxExportSide = 16384;

// What both exporters check before drawing: the logical size, and for a
// PNG its pixels planned into *raster (a lowered scale said in *warning,
// when given). False with *error naming `path`.
bool planFigure(
    const QString& path, const QSize& size, double scale, bool png, std::optional<RasterPlan>* raster, QString* error, QString* warning);

// Draws with `draw` (in logical units of `plan`'s size) into a white or
// transparent image of the plan's pixels and encodes it as PNG. Empty with
// *error when the image could not be allocated or encoded.
QByteArray rasterPng(const QString& path, const RasterPlan& plan, const std::function<void(QPainter&)>& draw, QString* error);

} // namespace Ridgeline
