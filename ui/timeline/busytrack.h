// Folder timeline/: the timeline pane, its drawing and its export.
// The GPU-busy track: each pixel column's busy share (engine/timeline/
// gpubusycolumns.h) as a bar from the track's floor, with a faint line at
// 100 %. The pane's ruler row and its whole-trace overview draw it alike.
#pragma once

#include "engine/timeline/workspace/gpubusycolumns.h"
#include "timeline/timelinepalette.h"

#include <QRectF>

class QPainter;

namespace Ridgeline {

void drawBusyTrack(QPainter& painter, const GpuBusyColumns& columns, const QRectF& area, const TimelinePalette& palette);

} // namespace Ridgeline
