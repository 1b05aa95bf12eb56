#include "engine/timeline/timelinedetail.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace Ridgeline {
namespace {

// The merged events of a lane's pixel columns, in any order: a dense row of
// per-colour sums, allocated at the first merged event (one lane's width).
class ColumnMerger
{
public:
    ColumnMerger(int widthPx, double nsPerPixel)
        : m_widthPx(widthPx)
        , m_nsPerPixel(nsPerPixel)
    { }

    void add(int x, double coveredNs, TimelineColour colour, std::uint32_t events = 1)
    {
        if (m_columns.empty())
            m_columns.resize(size_t(m_widthPx));
        Column& column = m_columns[size_t(std::clamp(x, 0, m_widthPx - 1))];
        column.coveredNs[size_t(colour)] += coveredNs;
        column.events += events;
    }

    void writeTo(std::vector<TimelineColumn>& out) const
    {
        for (size_t x = 0; x < m_columns.size(); ++x) {
            const Column& merged = m_columns[x];
            if (merged.events == 0)
                continue;
            TimelineColumn column;
            column.x = int(x);
            double covered = 0, most = -1;
            for (size_t c = 0; c < merged.coveredNs.size(); ++c) {
                covered += merged.coveredNs[c];
                if (merged.coveredNs[c] > most) {
                    most = merged.coveredNs[c];
                    column.dominant = TimelineColour(c);
                }
            }
            column.density = std::clamp(covered / m_nsPerPixel, 0.0, 1.0);
            column.events = merged.events;
            out.push_back(column);
        }
    }

private:
    struct Column
    {
        std::array<double, size_t(TimelineColour::Count)> coveredNs {};
        std::uint32_t events = 0;
    };
    int m_widthPx;
    double m_nsPerPixel;
    std::vector<Column> m_columns;
};

// What of the wide boxes shows, drawn in order of start with the later on
// top: their visible segments, left to right. On a stream whose kernels do
// not overlap each box is one segment, itself. Where they overlap (a
// hostile or merged lane: a million kernels on one stream, all running at
// once) only what lies on top is kept, so a lane never draws more boxes
// than it has pixel columns, whatever the overlap.
//
// A stack of the boxes still to be seen: each pushed box hides, for good,
// those below it that end no later, so the stack's ends fall from bottom to
// top and its top is the box in view now. Amortised O(1) a box.
class BoxSkyline
{
public:
    BoxSkyline(LaneDetail& detail, ColumnMerger& merger, double widthPx, double nsPerPixel)
        : m_detail(detail)
        , m_merger(merger)
        , m_widthPx(widthPx)
        , m_nsPerPixel(nsPerPixel)
    { }

    void add(const TimelineBox& box)
    {
        showUntil(box.x0);
        while (!m_stack.empty() && m_stack.back().x1 <= box.x1)
            m_stack.pop_back();
        m_stack.push_back(box);
        m_cursor = box.x0;
    }

    void finish() { showUntil(std::numeric_limits<double>::infinity()); }

private:
    // Emits what lies on top up to x: boxes that end before it, in turn,
    // then the part of the one still open.
    void showUntil(double x)
    {
        while (!m_stack.empty() && m_stack.back().x1 <= x) {
            const TimelineBox top = m_stack.back();
            m_stack.pop_back();
            emit(top, std::max(m_cursor, top.x0), top.x1);
            m_cursor = std::max(m_cursor, top.x1);
        }
        if (!m_stack.empty() && x > m_cursor) {
            emit(m_stack.back(), std::max(m_cursor, m_stack.back().x0), x);
            m_cursor = x;
        }
    }

    // A segment of a pixel or more is a box; a thinner one (a box mostly
    // hidden) merges into its column; one wholly out of view is dropped.
    void emit(const TimelineBox& box, double from, double to)
    {
        if (to <= from || to <= 0 || from >= m_widthPx)
            return;
        if (to - from >= 1.0) {
            m_detail.boxes.push_back({ from, to, box.event, box.style });
            return;
        }
        m_merger.add(int(std::floor(from)), (to - from) * m_nsPerPixel, box.style.colour);
    }

    LaneDetail& m_detail;
    ColumnMerger& m_merger;
    double m_widthPx;
    double m_nsPerPixel;
    std::vector<TimelineBox> m_stack;
    double m_cursor = -std::numeric_limits<double>::infinity();
};

} // namespace

LaneDetail laneDetail(const TimelineEvents& events, const TimelineColouring& colouring, const TimelineViewport& view, double minBoxPx,
    const std::vector<TimelineBlockSummary>* summary)
{
    LaneDetail detail;
    if (events.empty() || view.widthPx <= 0 || view.nsPerPixel <= 0)
        return detail;
    const double endNs = view.endNs();
    ColumnMerger merger(view.widthPx, view.nsPerPixel);
    BoxSkyline skyline(detail, merger, double(view.widthPx), view.nsPerPixel);
    for (std::uint32_t i = events.firstReaching(timelineNsOf(std::floor(view.startNs))); i < events.size(); ++i) {
        const std::int64_t start = events.startNs(i);
        if (double(start) >= endNs)
            break;
        // A whole block inside the view and narrower than a pixel: merged as
        // one into the column where it starts, as a sub-pixel event is.
        if (summary && i % TimelineColouring::summaryBlock == 0 && i / TimelineColouring::summaryBlock < summary->size()) {
            const TimelineBlockSummary& block = (*summary)[i / TimelineColouring::summaryBlock];
            const double x0 = view.xOf(double(block.startNs));
            if (x0 >= 0 && view.xOf(double(block.endNs)) - x0 < 1.0 && double(block.endNs) < endNs) {
                merger.add(
                    std::min(int(std::floor(x0)), view.widthPx - 1), block.coveredNs, block.dominant, TimelineColouring::summaryBlock);
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
            skyline.add({ x0, x1, i, style });
            continue;
        }
        // Its own column, what of it lies in view.
        merger.add(int(std::floor(std::max(x0, 0.0))), double(duration), style.colour);
    }
    skyline.finish();
    merger.writeTo(detail.columns);
    return detail;
}

std::optional<std::uint32_t> hitTest(const TimelineEvents& events, double ns, double toleranceNs)
{
    if (events.empty())
        return std::nullopt;
    // Events starting up to ns + tolerance; the latest of them that covers
    // ns wins, else the nearest within tolerance.
    const std::uint32_t after = events.firstStartingAtOrAfter(timelineNsOf(std::floor(ns + toleranceNs)) + 1);
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
