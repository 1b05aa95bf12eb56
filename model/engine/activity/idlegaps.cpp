#include "engine/activity/idlegaps.h"

#include <algorithm>
#include <iterator>

namespace Ridgeline {

std::optional<std::pair<double, double>> IdleGapCounter::add(double begin, double end, std::optional<double> launchTs)
{
    end = std::max(begin, end);
    if (!m_any) {
        m_any = true;
        m_first = begin;
        m_cursor = end;
        m_busy = end - begin;
        return std::nullopt;
    }
    if (end <= m_cursor)
        return std::nullopt; // inside the union so far
    const double gap = begin - m_cursor;
    if (gap < minGapUs) { // overlapping, adjacent or a rounding hole: one busy stretch
        m_busy += end - m_cursor;
        m_cursor = end;
        return std::nullopt;
    }
    int bucket = int(std::size(bucketBoundsUs)) - 1;
    while (bucket > 0 && gap < bucketBoundsUs[bucket])
        --bucket;
    ++m_counts[bucket];
    m_totals[bucket] += gap;
    // Host-bound, whole: the GPU had nothing to run because the call that
    // gave it the next work had not begun when it fell idle.
    if (launchTs && *launchTs > m_cursor) {
        ++m_hostBoundGaps;
        m_hostBoundUs += gap;
    }
    m_busy += end - begin;
    const std::pair<double, double> idle(m_cursor, begin);
    m_cursor = end;
    return idle;
}

void IdleGapCounter::finish(DeviceActivity& device) const
{
    device.idleGaps.clear();
    for (size_t i = 0; i < std::size(bucketBoundsUs); ++i) {
        IdleGapBucket bucket;
        bucket.minUs = bucketBoundsUs[i];
        if (i + 1 < std::size(bucketBoundsUs))
            bucket.maxUs = bucketBoundsUs[i + 1];
        bucket.count = m_counts[i];
        bucket.totalUs = m_totals[i];
        device.idleGaps.push_back(bucket);
    }
    if (!m_any)
        return;
    device.firstStartUs = m_first;
    device.lastEndUs = m_cursor;
    device.spanUs = m_cursor - m_first;
    device.busyUs = m_busy;
    device.idleUs = std::max(0.0, device.spanUs - m_busy);
    device.hostBoundGaps = m_hostBoundGaps;
    device.hostBoundIdleUs = m_hostBoundUs;
}

} // namespace Ridgeline
