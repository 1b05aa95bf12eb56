// Folder roofline/: the roofline chart and its exports (QtCharts).
// Colours and fonts the roofline's chart and labels share, so that the
// figure reads as one.
#pragma once

#include <QColor>
#include <QFont>

#include <algorithm>
#include <cmath>

namespace Ridgeline::RooflineStyle {

inline QColor ink() { return QColor(0x20, 0x20, 0x20); }
inline QColor roof() { return QColor(0x3a, 0x3a, 0x3a); }
inline QColor flag() { return QColor(0xd0, 0x00, 0x00); }

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
