#include "engine/timeline/timelinedetail.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace Ridgeline {
namespace {

// The merged events of one pixel column, flushed when the walk moves on.
class ColumnMerger
{
public:
    ColumnMerger(std::vector<TimelineColumn>& out, double nsPerPixel) : m_out(out), m_nsPerPixel(nsPerPixel) { }

    void add(int x, double coveredNs, TimelineColour colour, std::uint32_t events = 1)
    {
        if (x != m_x)
            flush();
        m_x = x;
        m_coveredNs[size_t(colour)] += coveredNs;
        m_events += events;
    }

    void flush()
    {
        if (m_events == 0)
            return;
        TimelineColumn column;
        column.x = m_x;
        double covered = 0, most = -1;
        for (size_t c = 0; c < m_coveredNs.size(); ++c) {
            covered += m_coveredNs[c];
            if (m_coveredNs[c] > most) {
                most = m_coveredNs[c];
                column.dominant = TimelineColour(c);
            }
        }
        column.density = std::clamp(covered / m_nsPerPixel, 0.0, 1.0);
        column.events = m_events;
        m_out.push_back(column);
        m_coveredNs.fill(0);
        m_events = 0;
    }

private:
    std::vector<TimelineColumn>& m_out;
    double m_nsPerPixel;
    std::array<double, size_t(TimelineColour::Count)> m_coveredNs {};
    int m_x = -1;
    std::uint32_t m_events = 0;
};

} // namespace

LaneDetail laneDetail(const TimelineEvents& events, const TimelineColouring& colouring, const TimelineViewport& view, double minBoxPx,
                      const std::vector<TimelineBlockSummary>* summary)
{
    LaneDetail detail;
    if (events.empty() || view.widthPx <= 0 || view.nsPerPixel <= 0)
        return detail;
    const double endNs = view.endNs();
    ColumnMerger merger(detail.columns, view.nsPerPixel);
    for (std::uint32_t i = events.firstReaching(std::int64_t(std::floor(view.startNs))); i < events.size(); ++i) {
        const std::int64_t start = events.startNs(i);
        if (double(start) >= endNs)
            break;
        // A whole block inside the view and narrower than a pixel: merged as
        // one into the column where it starts, as a sub-pixel event is.
        if (summary && i % TimelineColouring::summaryBlock == 0 && i / TimelineColouring::summaryBlock < summary->size()) {
            const TimelineBlockSummary& block = (*summary)[i / TimelineColouring::summaryBlock];
            const double x0 = view.xOf(double(block.startNs));
            if (x0 >= 0 && view.xOf(double(block.endNs)) - x0 < 1.0 && double(block.endNs) < endNs) {
                merger.add(std::min(int(std::floor(x0)), view.widthPx - 1), block.coveredNs, block.dominant, TimelineColouring::summaryBlock);
                ++detail.blocksMerged;
                i += TimelineColouring::summaryBlock - 1;
                continue;
            }
        }
        ++detail.eventsVisited;
        const std::int64_t duration = events.durationNs(i);
        const TimelineStyle style = colouring.style(events.label(i), duration);
        const double x0 = view.xOf(double(start));
        const double x1 = view.xOf(double(start + duration));
        if (x1 - x0 >= minBoxPx) {
            detail.boxes.push_back({ x0, x1, i, style });
            continue;
        }
        // Its own column, what of it lies in view.
        const int x = std::clamp(int(std::floor(x0)), 0, view.widthPx - 1);
        merger.add(x, double(duration), style.colour);
    }
    merger.flush();
    return detail;
}

std::optional<std::uint32_t> hitTest(const TimelineEvents& events, double ns, double toleranceNs)
{
    if (events.empty())
        return std::nullopt;
    // Events starting up to ns + tolerance; the latest of them that covers
    // ns wins, else the nearest within tolerance.
    const std::uint32_t after = events.firstStartingAtOrAfter(std::int64_t(std::floor(ns + toleranceNs)) + 1);
    std::optional<std::uint32_t> nearest;
    double nearestDistance = toleranceNs;
    for (std::uint32_t i = after; i > 0; --i) {
        const std::uint32_t candidate = i - 1;
        const double start = double(events.startNs(candidate));
        const double end = double(events.endNs(candidate));
        if (start <= ns && ns < end)
            return candidate;
        const double distance = ns < start ? start - ns : ns - end;
        if (distance <= nearestDistance) {
            // Ties: the later event, the one drawn on top.
            if (!nearest || distance < nearestDistance)
                nearest = candidate;
            nearestDistance = distance;
        }
        if (double(events.latestEndThroughBlockOf(candidate)) < ns - toleranceNs)
            break;
    }
    return nearest;
}

std::vector<std::vector<std::uint32_t>> eventsOfLabel(const Timeline& timeline, std::uint32_t label)
{
    std::vector<std::vector<std::uint32_t>> events(timeline.lanes.size());
    for (size_t l = 0; l < timeline.lanes.size(); ++l) {
        const TimelineEvents& lane = timeline.lanes[l].events;
        for (std::uint32_t i = 0; i < lane.size(); ++i) {
            if (lane.label(i) == label)
                events[l].push_back(i);
        }
    }
    return events;
}

EventSpan eventsStartingIn(const TimelineEvents& events, std::int64_t fromNs, std::int64_t toNs)
{
    return { events.firstStartingAtOrAfter(fromNs), events.firstStartingAtOrAfter(toNs) };
}

} // namespace Ridgeline
