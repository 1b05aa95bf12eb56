// Stage activity/: what the GPU did over time, measured from the trace.
// Busy time and idle gaps of one device from its GPU events fed in order of
// start: the union of their intervals, the holes in it bucketed by length,
// and which holes the host caused. O(1) memory, one pass.
#pragma once

#include "engine/activity/gpuactivity.h"

#include <optional>
#include <utility>

namespace Ridgeline {

class IdleGapCounter
{
public:
    // Holes shorter than this are float rounding of absolute timestamps
    // (ts ~1e15 us holds ~0.1 ns), not gaps: they count as busy.
    static constexpr double minGapUs = 0.01;
    // The buckets' lower bounds; each excludes the next one's.
    static constexpr double bucketBoundsUs[] = { 0, 10, 100, 1000 };

    // `launchTs`: when the launch call of this event began, when the trace
    // links one (for a replayed kernel: its graph launch's).
    // Returns the idle gap this event ended, [begin, end), if any.
    std::optional<std::pair<double, double>> add(double begin, double end, std::optional<double> launchTs);
    // Span, busy, idle, gaps and host-bound idle into `device`.
    void finish(DeviceActivity& device) const;

private:
    bool m_any = false;
    double m_first = 0;
    double m_cursor = 0; // end of the union so far
    double m_busy = 0;
    std::int64_t m_counts[4] = {};
    double m_totals[4] = {};
    std::int64_t m_hostBoundGaps = 0;
    double m_hostBoundUs = 0;
};

} // namespace Ridgeline
