// Folder roofline/: the roofline chart (QtCharts).
// Colours and fonts the roofline's chart and labels share, so that the
// figure reads as one.
#pragma once

#include <QColor>
#include <QFont>
#include <algorithm>
#include <cmath>

namespace Ridgeline::RooflineStyle {

// The figure's colours on a light (the default, and every export) or a
// dark window palette. Category colours stay: Okabe-Ito reads on both.
struct Colors
{
    QColor background { 0xff, 0xff, 0xff };
    QColor ink { 0x20, 0x20, 0x20 }; // text
    QColor roof { 0x3a, 0x3a, 0x3a }; // compute roofs and their labels
    QColor memoryRoof { 0x00, 0x00, 0x00 };
    QColor flag { 0xd0, 0x00, 0x00 }; // above the roof
    QColor frame { 0x60, 0x60, 0x60 }; // plot frame and axis lines
    QColor grid { 0xcc, 0xcc, 0xcc };
    QColor minorGrid { 0xec, 0xec, 0xec };
    QColor neutral { 0x9a, 0x9a, 0x9a }; // legend markers that stand for a shape only
    QColor neutralBorder { 0x50, 0x50, 0x50 };
    QColor selection { 0x00, 0x00, 0x00 }; // rings around selected kernels
};

inline Colors light()
{
    return {};
}

inline Colors dark()
{
    Colors c;
    c.background = QColor(0x1e, 0x1f, 0x22);
    c.ink = QColor(0xe6, 0xe6, 0xe6);
    c.roof = QColor(0xc8, 0xc8, 0xc8);
    c.memoryRoof = QColor(0xf2, 0xf2, 0xf2);
    c.flag = QColor(0xff, 0x5c, 0x5c);
    c.frame = QColor(0x9a, 0x9a, 0x9a);
    c.grid = QColor(0x4a, 0x4b, 0x50);
    c.minorGrid = QColor(0x30, 0x31, 0x35);
    c.neutral = QColor(0x8a, 0x8a, 0x8a);
    c.neutralBorder = QColor(0xd0, 0xd0, 0xd0);
    c.selection = QColor(0xff, 0xff, 0xff);
    return c;
}

// Pixel sizes, not points: an export's text is relative to its pixel size
// whatever the paint device's resolution (SVG and PDF are 72 dpi).
inline QFont pixelFont(double px, bool bold = false)
{
    QFont font;
    font.setPixelSize(std::max(6, int(std::lround(px))));
    font.setBold(bold);
    return font;
}

} // namespace Ridgeline::RooflineStyle
