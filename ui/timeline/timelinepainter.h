// Folder timeline/: the timeline pane, its drawing and its export.
// Draws a timeline with QPainter into any device (the pane, a PNG, an SVG):
// an adaptive time ruler, the GPU-busy track, one row per shown lane with its title, boxes and
// merged pixel columns (engine/timeline/timelinedetail.h), idle gaps of the
// GPU shaded with their length, the selected range, and the colour legend.
// The pane and the export draw the same picture with the same code.
#pragma once

#include "engine/timeline/timeline.h"
#include "engine/timeline/timelinecolours.h"
#include "timeline/timelinepalette.h"

#include <QByteArray>
#include <QFont>
#include <QRectF>
#include <QSize>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

class QPainter;

namespace Ridgeline {

struct TimelineScene
{
    std::shared_ptr<const Timeline> timeline;
    TimelineColouring colouring;
    double startNs = 0; // the visible time, from the timeline's origin
    double endNs = 1;
    std::vector<bool> laneShown; // per lane; missing entries shown
    std::vector<bool> labelDimmed; // per label: hidden by the table's filter
    std::vector<bool> labelMatched; // per label: matched by the timeline's search, outlined
    int highlightedLabel = -1; // its calls outlined
    std::vector<std::vector<std::uint32_t>> highlightedEvents; // per lane, its calls (eventsOfLabel)
    std::optional<std::uint32_t> selectedLane; // with selectedEvent: the box outlined strongest
    std::optional<std::uint32_t> selectedEvent;
    // A clicked host frame (lane, event) and, per lane, the GPU events its
    // launches ran (engine/timeline/workspace/hostframelanes.h): outlined,
    // each with a line from the frame.
    std::optional<std::pair<std::uint32_t, std::uint32_t>> flowFrom;
    std::vector<std::vector<std::uint32_t>> flowEvents;
    std::optional<std::pair<double, double>> rangeNs; // a selected or measured range
    QString title; // drawn above the ruler when not empty
    bool legend = true;
    // An exported figure: the lanes share all the height (a pane keeps its
    // GPU streams a readable height and leaves the rest below them).
    bool fillHeight = false;
    // The GPU-busy track under the ruler: the union of the streams of
    // `busyDevice` (nullopt: of every device), per pixel column.
    bool busyTrack = true;
    std::optional<QString> busyDevice;
    TimelinePalette palette;
};

// Where each part lies for a given size and font: the pane maps the pointer
// with it.
struct TimelineLayout
{
    QRectF title;
    QRectF ruler;
    QRectF busy; // the GPU-busy track, under the ruler (empty without it)
    QRectF lanes; // right of the lane titles
    QRectF titles; // the lane titles' column
    QRectF legend;
    struct Row
    {
        std::uint32_t lane = 0;
        double top = 0;
        double height = 0;
    };
    std::vector<Row> rows; // shown lanes, top to bottom

    static TimelineLayout of(const TimelineScene& scene, const QRectF& area, const QFont& font);
    std::optional<std::uint32_t> laneAt(double y) const;
    double nsAt(const TimelineScene& scene, double x) const;
    double xOf(const TimelineScene& scene, double ns) const;
};

class TimelinePainter
{
public:
    // Returns the layout it drew with.
    static TimelineLayout paint(QPainter& painter, const TimelineScene& scene, const QRectF& area, const QFont& font);
    // The scene as an SVG document of `size` pixels, titled with the scene's
    // title (made printable): what the export writes and the fuzz target checks.
    static QByteArray svg(const TimelineScene& scene, const QSize& size, const QFont& font);

    // "12.5 ms", "350 us", "80 ns": a length of time as the ruler writes it.
    static QString duration(double ns);
};

} // namespace Ridgeline
