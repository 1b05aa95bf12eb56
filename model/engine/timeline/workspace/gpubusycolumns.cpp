#include "engine/timeline/workspace/gpubusycolumns.h"

#include "engine/timeline/timelinens.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace Ridgeline {
namespace {

using Interval = std::pair<double, double>;

// The GPU lanes' events reaching into [from, to), clipped to it, sorted by
// start: each lane's come sorted, so lanes are merged, never sorted whole.
std::vector<Interval> clippedIntervals(const Timeline& timeline, double from, double to, const std::optional<QString>& device)
{
    std::vector<Interval> intervals;
    for (const TimelineLane& lane : timeline.lanes) {
        if (lane.kind != TimelineLaneKind::GpuStream || (device && lane.device != *device))
            continue;
        const size_t before = intervals.size();
        for (std::uint32_t i = lane.events.firstReaching(timelineNsOf(from)); i < lane.events.size(); ++i) {
            const double start = double(lane.events.startNs(i));
            if (start >= to)
                break;
            const double a = std::max(start, from), b = std::min(double(lane.events.endNs(i)), to);
            if (b > a)
                intervals.emplace_back(a, b);
        }
        std::inplace_merge(intervals.begin(), intervals.begin() + std::ptrdiff_t(before), intervals.end());
    }
    return intervals;
}

// Overlapping intervals joined: the union, sorted and disjoint.
std::vector<Interval> unionOf(const std::vector<Interval>& sorted)
{
    std::vector<Interval> merged;
    for (const Interval& interval : sorted) {
        if (!merged.empty() && interval.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, interval.second);
        else
            merged.push_back(interval);
    }
    return merged;
}

} // namespace

double GpuBusyColumns::summedNs() const
{
    return std::accumulate(busy.begin(), busy.end(), 0.0, [](double sum, float share) { return sum + double(share); }) * nsPerPixel;
}

GpuBusyColumns gpuBusyColumns(
    const Timeline& timeline, double startNs, double nsPerPixel, int widthPx, const std::optional<QString>& device)
{
    GpuBusyColumns columns;
    columns.startNs = startNs;
    columns.nsPerPixel = nsPerPixel;
    if (widthPx <= 0 || !(nsPerPixel > 0) || !std::isfinite(startNs) || !std::isfinite(nsPerPixel))
        return columns;
    columns.busy.assign(size_t(widthPx), 0.0f);
    const double endNs = startNs + nsPerPixel * widthPx;
    std::vector<double> covered(size_t(widthPx), 0.0);
    // Each piece of the union adds its overlap to the columns it crosses:
    // the columns it covers whole at once, the two at its ends in part.
    for (const auto& [a, b] : unionOf(clippedIntervals(timeline, startNs, endNs, device))) {
        columns.busyNs += b - a;
        const double x0 = (a - startNs) / nsPerPixel, x1 = (b - startNs) / nsPerPixel;
        const size_t first = std::min(size_t(widthPx) - 1, size_t(std::max(0.0, std::floor(x0))));
        const size_t last = std::min(size_t(widthPx) - 1, size_t(std::max(0.0, std::floor(x1))));
        if (first == last) {
            covered[first] += x1 - x0;
            continue;
        }
        covered[first] += double(first + 1) - x0;
        for (size_t c = first + 1; c < last; ++c)
            covered[c] = 1.0;
        covered[last] += x1 - double(last);
    }
    for (size_t c = 0; c < covered.size(); ++c)
        columns.busy[c] = float(std::clamp(covered[c], 0.0, 1.0));
    return columns;
}

double gpuBusyNs(const Timeline& timeline, double fromNs, double toNs, const std::optional<QString>& device)
{
    double busy = 0;
    if (!(toNs > fromNs))
        return busy;
    for (const auto& [a, b] : unionOf(clippedIntervals(timeline, fromNs, toNs, device)))
        busy += b - a;
    return busy;
}

} // namespace Ridgeline
