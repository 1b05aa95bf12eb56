// Stage timeline/: every GPU event of a trace over time, for the timeline.
// Level of detail and hit testing: what one lane shows in a range of pixel
// columns, and which box lies under a point. A box at least `minBoxPx`
// wide is drawn as itself; narrower ones are merged per pixel column (the
// column of their start) into a density (the share of the column's time
// they cover, at most 1) and the colour that covers most of it. Boxes that
// overlap (later ones drawn on top) give only what shows of them: a lane
// holds at most one box per pixel column however many events overlap. Both
// walk only the events in view, found by binary search: a frame costs the
// events it shows, never the whole lane.
#pragma once

#include "engine/timeline/timeline.h"
#include "engine/timeline/timelinecolours.h"
#include "engine/timeline/timelineevents.h"
#include "engine/timeline/timelinens.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

// Which time the pixel columns show: column x covers
// [startNs + x * nsPerPixel, startNs + (x + 1) * nsPerPixel).
struct TimelineViewport
{
    double startNs = 0;
    double nsPerPixel = 1;
    int widthPx = 0;

    double xOf(double ns) const { return (ns - startNs) / nsPerPixel; }
    double nsAt(double x) const { return startNs + x * nsPerPixel; }
    double endNs() const { return nsAt(widthPx); }
};

struct TimelineBox
{
    double x0 = 0; // pixels, may lie outside [0, width)
    double x1 = 0;
    std::uint32_t event = 0;
    TimelineStyle style;
};

struct TimelineColumn
{
    int x = 0;
    double density = 0; // share of the column covered, 0..1
    TimelineColour dominant = TimelineColour::Other;
    std::uint32_t events = 0;
};

struct LaneDetail
{
    std::vector<TimelineBox> boxes;
    std::vector<TimelineColumn> columns; // by x, only those that hold merged events
    std::uint32_t eventsVisited = 0;
    std::uint32_t blocksMerged = 0; // blocks of summaryBlock events merged without a visit
};

// `summary`: the lane's block summaries (TimelineColouring::summaryOf), so
// that blocks narrower than a pixel merge without visiting their events.
LaneDetail laneDetail(const TimelineEvents& events, const TimelineColouring& colouring, const TimelineViewport& view, double minBoxPx = 2.0,
    const std::vector<TimelineBlockSummary>* summary = nullptr);

// The event under `ns`: the latest-starting one that covers it, else the
// nearest one within `toleranceNs` (thin boxes are hard to hit). O(log n).
std::optional<std::uint32_t> hitTest(const TimelineEvents& events, double ns, double toleranceNs);

// Per lane, the events of one label in order of start: a selected row's
// calls, found once when it is selected, then drawn and stepped through
// by binary search.
std::vector<std::vector<std::uint32_t>> eventsOfLabel(const Timeline& timeline, std::uint32_t label);

// Events [first, last) that start in [fromNs, toNs).
struct EventSpan
{
    std::uint32_t first = 0;
    std::uint32_t last = 0;
};
EventSpan eventsStartingIn(const TimelineEvents& events, std::int64_t fromNs, std::int64_t toNs);

} // namespace Ridgeline
