// Folder timeline/: the timeline pane, its drawing and its export.
// The timeline's hues: Triton calls on a scale from red (far from their
// attainable time) through amber to green (at it), magenta above it; other
// work in neutral greys and muted blues that the scale never uses; a light
// and a dark variant.
#pragma once

#include "engine/timeline/timelinecolours.h"

#include <QColor>

namespace Ridgeline {

struct TimelinePalette
{
    bool dark = false;

    QColor of(TimelineColour colour) const;
    QColor background() const { return dark ? QColor(0x1e, 0x1f, 0x22) : QColor(Qt::white); }
    QColor laneBand() const { return dark ? QColor(0x26, 0x28, 0x2c) : QColor(0xf4, 0xf5, 0xf7); }
    QColor text() const { return dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x20, 0x20, 0x20); }
    QColor faintText() const { return dark ? QColor(0xa0, 0xa4, 0xab) : QColor(0x60, 0x64, 0x6b); }
    QColor grid() const { return dark ? QColor(0x3a, 0x3d, 0x42) : QColor(0xdd, 0xdf, 0xe3); }
    QColor idle() const { return dark ? QColor(0x55, 0x4a, 0x3a) : QColor(0xe9, 0xdc, 0xc4); }
    QColor selection() const { return dark ? QColor(0x64, 0xb5, 0xf6, 60) : QColor(0x15, 0x65, 0xc0, 40); }
    QColor selectionEdge() const { return dark ? QColor(0x64, 0xb5, 0xf6) : QColor(0x15, 0x65, 0xc0); }
    QColor highlight() const { return dark ? QColor(0xff, 0xff, 0xff) : QColor(0x00, 0x00, 0x00); }
    QColor busy() const { return dark ? QColor(0x4d, 0xb6, 0xac) : QColor(0x00, 0x79, 0x6b); } // teal: no box colour
    QColor searchMatch() const { return dark ? QColor(0xff, 0xd5, 0x4f) : QColor(0xff, 0x8f, 0x00); }
    QColor latencyMark() const { return dark ? QColor(0xff, 0xff, 0xff, 200) : QColor(0x20, 0x20, 0x20, 200); }
};

} // namespace Ridgeline
