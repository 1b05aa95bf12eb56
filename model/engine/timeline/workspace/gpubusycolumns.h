// Stage timeline/, workspace/: what the timeline pane works with.
// How busy the GPU is per pixel column: the union of its streams' kernel,
// memcpy and memset intervals (two streams at once count once), as the
// share of each column's time it covers. The timeline's busy track draws
// it over the zoomed range and the whole trace; the measured range's
// "GPU busy" reads the same union. Linear in the events in view: each
// stream's events come sorted, merged into one sorted list, then one sweep.
#pragma once

#include "engine/timeline/timeline.h"

#include <QString>
#include <optional>
#include <vector>

namespace Ridgeline {

struct GpuBusyColumns
{
    double startNs = 0;
    double nsPerPixel = 1;
    std::vector<float> busy; // per column, 0 to 1
    double busyNs = 0; // the union's length within the columns' span

    // The busy time the columns hold (each share times a column's time):
    // busyNs up to float rounding.
    double summedNs() const;
};

// The union of the GPU stream lanes of `device` (nullopt: every device)
// over `widthPx` columns of `nsPerPixel` from `startNs`.
GpuBusyColumns gpuBusyColumns(
    const Timeline& timeline, double startNs, double nsPerPixel, int widthPx, const std::optional<QString>& device = std::nullopt);

// The union's length over [fromNs, toNs).
double gpuBusyNs(const Timeline& timeline, double fromNs, double toNs, const std::optional<QString>& device = std::nullopt);

} // namespace Ridgeline
