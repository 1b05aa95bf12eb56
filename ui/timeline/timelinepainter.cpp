#include "timeline/timelinepainter.h"

#include "engine/base/textescaping.h"
#include "engine/timeline/timelinedetail.h"
#include "engine/timeline/timelinens.h"
#include "engine/timeline/workspace/gpubusycolumns.h"
#include "engine/timeline/workspace/timelineticks.h"
#include "timeline/busytrack.h"

#include <QBuffer>
#include <QFontMetricsF>
#include <QPainter>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

double laneHeight(TimelineLaneKind kind, double line)
{
    return kind == TimelineLaneKind::GpuStream ? std::round(line * 1.7) : std::round(line * 1.15);
}

bool shown(const std::vector<bool>& flags, size_t index, bool otherwise)
{
    return index < flags.size() ? flags[index] : otherwise;
}

void drawRuler(QPainter& painter, const TimelineScene& scene, const TimelineLayout& layout, const QFontMetricsF& metrics)
{
    const TimelinePalette& palette = scene.palette;
    const QRectF& ruler = layout.ruler;
    painter.setPen(palette.grid());
    painter.drawLine(QPointF(ruler.left(), ruler.bottom()), QPointF(ruler.right(), ruler.bottom()));
    // Step and label precision chosen together (engine/timeline/timelineticks.h):
    // no two labels alike at any zoom, counted in integers far from zero.
    const TimelineTicks ticks
        = timelineTicks(scene.startNs, scene.endNs, ruler.width(), [&](const QString& text) { return metrics.horizontalAdvance(text); });
    for (const TimelineTick& tick : ticks.ticks) {
        const double x = layout.xOf(scene, double(tick.ns));
        painter.setPen(palette.grid());
        painter.drawLine(QPointF(x, ruler.bottom() - 5), QPointF(x, layout.lanes.bottom()));
        painter.setPen(palette.faintText());
        painter.drawText(QRectF(x + 3, ruler.top(), metrics.horizontalAdvance(tick.label) + 4, ruler.height() - 4),
            Qt::AlignLeft | Qt::AlignVCenter, tick.label);
    }
}

// The GPU's idle gaps in view: between the union of what the GPU lanes
// drew, shaded across them, with their length where it fits.
void drawIdleGaps(QPainter& painter, const TimelineScene& scene, const TimelineLayout& layout, std::vector<std::pair<double, double>>& busy,
    double gpuTop, double gpuBottom, const QFontMetricsF& metrics)
{
    if (busy.empty() || gpuBottom <= gpuTop)
        return;
    std::sort(busy.begin(), busy.end());
    std::vector<std::pair<double, double>> merged;
    for (const auto& interval : busy) {
        if (!merged.empty() && interval.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, interval.second);
        else
            merged.push_back(interval);
    }
    for (size_t i = 0; i + 1 < merged.size(); ++i) {
        const double from = merged[i].second, to = merged[i + 1].first;
        const double x0 = std::max(layout.lanes.left(), layout.xOf(scene, from));
        const double x1 = std::min(layout.lanes.right(), layout.xOf(scene, to));
        if (x1 - x0 < 3)
            continue;
        painter.fillRect(QRectF(x0, gpuTop, x1 - x0, gpuBottom - gpuTop), scene.palette.idle());
        const QString text = TimelinePainter::duration(to - from);
        if (metrics.horizontalAdvance(text) + 8 <= x1 - x0) {
            painter.setPen(scene.palette.faintText());
            painter.drawText(QRectF(x0, gpuTop, x1 - x0, gpuBottom - gpuTop), Qt::AlignCenter, text);
        }
    }
}

// A clicked host frame's GPU work: each kernel in view outlined, with a
// line from the frame's start (the first few hundred: a frame around a
// whole step launches thousands).
void drawFlows(QPainter& painter, const TimelineScene& scene, const TimelineLayout& layout)
{
    const Timeline& timeline = *scene.timeline;
    if (!scene.flowFrom || scene.flowFrom->first >= timeline.lanes.size())
        return;
    const auto rowOf = [&](std::uint32_t lane) -> const TimelineLayout::Row* {
        const auto row = std::find_if(layout.rows.begin(), layout.rows.end(), [&](const TimelineLayout::Row& r) { return r.lane == lane; });
        return row == layout.rows.end() ? nullptr : &*row;
    };
    const TimelineEvents& host = timeline.lanes[scene.flowFrom->first].events;
    const TimelineLayout::Row* hostRow = rowOf(scene.flowFrom->first);
    if (scene.flowFrom->second >= host.size())
        return;
    const QPointF from(std::max(layout.lanes.left(), layout.xOf(scene, double(host.startNs(scene.flowFrom->second)))),
        hostRow ? hostRow->top : layout.lanes.bottom());
    painter.setBrush(Qt::NoBrush);
    int lines = 0;
    for (std::uint32_t lane = 0; lane < scene.flowEvents.size() && lane < timeline.lanes.size(); ++lane) {
        const TimelineLayout::Row* row = rowOf(lane);
        if (!row)
            continue;
        const TimelineEvents& events = timeline.lanes[lane].events;
        for (std::uint32_t e : scene.flowEvents[lane]) {
            const double start = double(events.startNs(e)), end = double(events.endNs(e));
            if (end < scene.startNs || start > scene.endNs)
                continue;
            const double x0 = layout.xOf(scene, start), x1 = std::max(x0 + 3, layout.xOf(scene, end));
            painter.setPen(QPen(scene.palette.selectionEdge(), 2));
            painter.drawRect(QRectF(x0, row->top + 1, x1 - x0, row->height - 2));
            if (hostRow && ++lines <= 300) {
                painter.setPen(QPen(scene.palette.selectionEdge(), 1));
                painter.drawLine(from, QPointF(x0, row->top + row->height - 1));
            }
        }
    }
}

// The legend: the Triton scale first, then one swatch per other colour,
// flowed into as many lines as the width needs (the layout gives it them).
struct LegendItem
{
    TimelineColour colour = TimelineColour::Other;
    QString text;
    bool latencyMark = false;
    bool idle = false;
};

const std::vector<LegendItem>& legendItems()
{
    static const std::vector<LegendItem> items = [] {
        std::vector<LegendItem> list;
        list.push_back({ TimelineColour::AboveAttainable, QStringLiteral("above attainable") });
        list.push_back({ TimelineColour(3), QStringLiteral("latency-bound"), true });
        for (TimelineColour colour : { TimelineColour::TritonUnmodelled, TimelineColour::Gemm, TimelineColour::Attention,
                 TimelineColour::Communication, TimelineColour::Memcpy, TimelineColour::Memset, TimelineColour::Other })
            list.push_back({ colour, timelineColourTitle(colour) });
        list.push_back({ TimelineColour::Other, QStringLiteral("GPU idle"), false, true });
        return list;
    }();
    return items;
}

const QString& legendScaleTitle()
{
    static const QString title = QStringLiteral("Triton, % of attainable:");
    return title;
}

double legendSwatch(const QFontMetricsF& metrics)
{
    return std::round(metrics.height() * 1.1);
}

double legendScaleWidth(const QFontMetricsF& metrics)
{
    return metrics.horizontalAdvance(legendScaleTitle()) + 6 + metrics.horizontalAdvance(QStringLiteral("0")) + 4
        + fractionColours * legendSwatch(metrics) + 4 + metrics.horizontalAdvance(QStringLiteral("100")) + 14;
}

double legendItemWidth(const LegendItem& item, const QFontMetricsF& metrics)
{
    return legendSwatch(metrics) + 4 + metrics.horizontalAdvance(item.text) + 14;
}

// Where the scale (index 0) and each item go: x from the left, and the line.
std::vector<std::pair<double, int>> legendFlow(double width, const QFontMetricsF& metrics)
{
    std::vector<std::pair<double, int>> places { { 0.0, 0 } };
    double x = legendScaleWidth(metrics);
    int line = 0;
    for (const LegendItem& item : legendItems()) {
        const double itemWidth = legendItemWidth(item, metrics);
        if (x > 0 && x + itemWidth > width) {
            ++line;
            x = 0;
        }
        places.emplace_back(x, line);
        x += itemWidth;
    }
    return places;
}

constexpr double legendLineSpacing = 1.15;

double legendHeight(double width, const QFontMetricsF& metrics)
{
    const int lines = legendFlow(width, metrics).back().second + 1;
    return std::ceil(metrics.height() * (lines * legendLineSpacing + 0.5));
}

void drawLegend(QPainter& painter, const TimelineScene& scene, const QRectF& area, const QFontMetricsF& metrics)
{
    const TimelinePalette& palette = scene.palette;
    const double h = metrics.height();
    const double swatch = legendSwatch(metrics);
    const std::vector<std::pair<double, int>> places = legendFlow(area.width(), metrics);
    const auto yOf = [&](int line) { return area.top() + h * 0.25 + line * h * legendLineSpacing; };
    double x = area.left();
    const double y = yOf(0);
    painter.setPen(palette.text());
    painter.drawText(QRectF(x, y, metrics.horizontalAdvance(legendScaleTitle()) + 2, h), Qt::AlignVCenter, legendScaleTitle());
    x += metrics.horizontalAdvance(legendScaleTitle()) + 6;
    painter.setPen(palette.faintText());
    painter.drawText(QRectF(x, y, metrics.horizontalAdvance(QStringLiteral("0")) + 2, h), Qt::AlignVCenter, QStringLiteral("0"));
    x += metrics.horizontalAdvance(QStringLiteral("0")) + 4;
    for (int c = 0; c < fractionColours; ++c)
        painter.fillRect(QRectF(x + c * swatch, y + 2, swatch, h - 4), palette.of(TimelineColour(c)));
    x += fractionColours * swatch + 4;
    painter.drawText(QRectF(x, y, metrics.horizontalAdvance(QStringLiteral("100")) + 2, h), Qt::AlignVCenter, QStringLiteral("100"));
    const std::vector<LegendItem>& items = legendItems();
    for (size_t i = 0; i < items.size(); ++i) {
        const LegendItem& item = items[i];
        const double left = area.left() + places[i + 1].first, top = yOf(places[i + 1].second);
        const QRectF box(left, top + 2, swatch, h - 4);
        painter.fillRect(box, item.idle ? palette.idle() : palette.of(item.colour));
        if (item.latencyMark)
            painter.fillRect(QRectF(box.left(), box.bottom() - 3, box.width(), 3), palette.latencyMark());
        painter.setPen(palette.text());
        painter.drawText(QRectF(left + swatch + 4, top, legendItemWidth(item, metrics), h), Qt::AlignVCenter, item.text);
    }
}

} // namespace

TimelineLayout TimelineLayout::of(const TimelineScene& scene, const QRectF& area, const QFont& font)
{
    TimelineLayout layout;
    const QFontMetricsF metrics(font);
    const double line = metrics.height();
    double top = area.top() + 4;
    if (!scene.title.isEmpty()) {
        layout.title = QRectF(area.left() + 6, top, area.width() - 12, line * 1.4);
        top = layout.title.bottom();
    }
    double titleWidth = metrics.horizontalAdvance(QStringLiteral("GPU 0 stream 00"));
    if (scene.timeline) {
        for (size_t l = 0; l < scene.timeline->lanes.size(); ++l) {
            if (shown(scene.laneShown, l, true))
                titleWidth = std::max(titleWidth, metrics.horizontalAdvance(scene.timeline->lanes[l].title));
        }
    }
    // A third of a narrow pane at most: "GPU 2 stream 0" whole at 1366x768 and scale 1.25.
    titleWidth = std::min(titleWidth + 16, area.width() / 3);
    // As many legend lines as its items need at this width: none is cut.
    const double legendLines = !scene.legend ? 0 : legendHeight(area.width() - 12, metrics);
    layout.ruler = QRectF(area.left() + titleWidth, top, area.width() - titleWidth - 6, line * 1.5);
    double lanesTop = layout.ruler.bottom();
    if (scene.busyTrack && scene.timeline) {
        layout.busy = QRectF(layout.ruler.left(), lanesTop + 2, layout.ruler.width(), std::round(line * 1.8));
        lanesTop = layout.busy.bottom() + 2;
    }
    layout.titles = QRectF(area.left(), lanesTop, titleWidth, area.bottom() - legendLines - lanesTop);
    layout.lanes = QRectF(layout.ruler.left(), lanesTop, layout.ruler.width(), layout.titles.height());
    layout.legend = QRectF(area.left() + 6, area.bottom() - legendLines, area.width() - 12, legendLines);
    double y = layout.lanes.top() + 2;
    if (scene.timeline) {
        for (size_t l = 0; l < scene.timeline->lanes.size(); ++l) {
            if (!shown(scene.laneShown, l, true))
                continue;
            const double height = laneHeight(scene.timeline->lanes[l].kind, line);
            layout.rows.push_back({ std::uint32_t(l), y, height });
            y += height + 2;
        }
    }
    // Room to spare goes to the GPU streams, up to twenty lines each more
    // (a trace of one stream fills a tall pane instead of leaving it blank);
    // in an exported figure all of it, so that no part of the image is blank.
    const auto gpuRows = std::count_if(layout.rows.begin(), layout.rows.end(),
        [&](const Row& row) { return scene.timeline->lanes[row.lane].kind == TimelineLaneKind::GpuStream; });
    const double spare = layout.lanes.bottom() - 4 - y;
    if (gpuRows > 0 && spare > 0) {
        const double more = std::floor(scene.fillHeight ? spare / double(gpuRows) : std::min(spare / double(gpuRows), line * 20));
        double shift = 0;
        for (Row& row : layout.rows) {
            row.top += shift;
            if (scene.timeline->lanes[row.lane].kind == TimelineLaneKind::GpuStream) {
                row.height += more;
                shift += more;
            }
        }
    }
    return layout;
}

std::optional<std::uint32_t> TimelineLayout::laneAt(double y) const
{
    for (const Row& row : rows) {
        if (y >= row.top && y < row.top + row.height)
            return row.lane;
    }
    return std::nullopt;
}

double TimelineLayout::nsAt(const TimelineScene& scene, double x) const
{
    return scene.startNs + (x - lanes.left()) * (scene.endNs - scene.startNs) / std::max(1.0, lanes.width());
}

double TimelineLayout::xOf(const TimelineScene& scene, double ns) const
{
    return lanes.left() + (ns - scene.startNs) * std::max(1.0, lanes.width()) / std::max(1e-9, scene.endNs - scene.startNs);
}

QByteArray TimelinePainter::svg(const TimelineScene& scene, const QSize& size, const QFont& font)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(printableText(scene.title));
    generator.setDescription(QStringLiteral("GPU timeline drawn by Ridgeline"));
    {
        QPainter painter(&generator);
        paint(painter, scene, QRectF(QPointF(0, 0), QSizeF(size)), font);
    } // the painter ends the document
    return bytes;
}

QString TimelinePainter::duration(double ns)
{
    const double magnitude = std::abs(ns);
    const auto number = [](double value) {
        return QString::number(value, 'f', value >= 100 || value == std::floor(value) ? 0 : value >= 10 ? 1 : 2);
    };
    if (magnitude >= 1e9)
        return number(ns / 1e9) + QStringLiteral(" s");
    if (magnitude >= 1e6)
        return number(ns / 1e6) + QStringLiteral(" ms");
    if (magnitude >= 1e3)
        return number(ns / 1e3) + QStringLiteral(" µs");
    return number(ns) + QStringLiteral(" ns");
}

TimelineLayout TimelinePainter::paint(QPainter& painter, const TimelineScene& scene, const QRectF& area, const QFont& font)
{
    const TimelineLayout layout = TimelineLayout::of(scene, area, font);
    const TimelinePalette& palette = scene.palette;
    const QFontMetricsF metrics(font);
    painter.save();
    painter.setFont(font);
    painter.fillRect(area, palette.background());
    if (!scene.title.isEmpty()) {
        QFont bold = font;
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(palette.text());
        painter.drawText(layout.title, Qt::AlignLeft | Qt::AlignVCenter, printableText(scene.title));
        painter.setFont(font);
    }
    if (!scene.timeline) {
        painter.restore();
        return layout;
    }
    const Timeline& timeline = *scene.timeline;
    TimelineViewport view;
    view.startNs = scene.startNs;
    view.widthPx = int(std::floor(layout.lanes.width()));
    view.nsPerPixel = (scene.endNs - scene.startNs) / std::max(1.0, layout.lanes.width());

    // Lane bands and titles first, then the gaps, then the boxes over them.
    std::vector<LaneDetail> details(layout.rows.size());
    std::vector<std::pair<double, double>> busy;
    double gpuTop = 1e300, gpuBottom = -1e300;
    for (size_t r = 0; r < layout.rows.size(); ++r) {
        const TimelineLayout::Row& row = layout.rows[r];
        const TimelineLane& lane = timeline.lanes[row.lane];
        painter.fillRect(QRectF(layout.lanes.left(), row.top, layout.lanes.width(), row.height), palette.laneBand());
        painter.setPen(lane.kind == TimelineLaneKind::GpuStream ? palette.text() : palette.faintText());
        painter.drawText(QRectF(layout.titles.left() + 6, row.top, layout.titles.width() - 10, row.height),
            Qt::AlignLeft | Qt::AlignVCenter, metrics.elidedText(printableText(lane.title), Qt::ElideMiddle, layout.titles.width() - 10));
        details[r] = laneDetail(lane.events, scene.colouring, view, 2.0, scene.colouring.summaryOf(row.lane));
        if (lane.kind != TimelineLaneKind::GpuStream)
            continue;
        gpuTop = std::min(gpuTop, row.top);
        gpuBottom = std::max(gpuBottom, row.top + row.height);
        for (const TimelineBox& box : details[r].boxes)
            busy.emplace_back(double(lane.events.startNs(box.event)), double(lane.events.endNs(box.event)));
        for (const TimelineColumn& column : details[r].columns)
            busy.emplace_back(view.nsAt(column.x), view.nsAt(column.x + 1));
        // The work just outside the view bounds the gaps at its edges.
        if (const std::uint32_t first = lane.events.firstReaching(timelineNsOf(scene.startNs)); first > 0)
            busy.emplace_back(double(lane.events.endNs(first - 1)) - 1, double(lane.events.endNs(first - 1)));
        if (const std::uint32_t next = lane.events.firstStartingAtOrAfter(timelineNsOf(std::ceil(scene.endNs))); next < lane.events.size())
            busy.emplace_back(double(lane.events.startNs(next)), double(lane.events.startNs(next)) + 1);
    }
    if (!layout.busy.isEmpty()) {
        const GpuBusyColumns columns = gpuBusyColumns(timeline, scene.startNs, view.nsPerPixel, view.widthPx, scene.busyDevice);
        drawBusyTrack(painter, columns, QRectF(layout.busy.left(), layout.busy.top(), view.widthPx, layout.busy.height()), palette);
        painter.setPen(palette.text());
        painter.drawText(QRectF(area.left() + 6, layout.busy.top(), layout.titles.width() - 10, layout.busy.height()),
            Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("GPU busy"));
    }
    painter.setClipRect(QRectF(layout.lanes.left(), layout.ruler.top(), layout.lanes.width(), layout.lanes.bottom() - layout.ruler.top()));
    drawIdleGaps(painter, scene, layout, busy, gpuTop, gpuBottom, metrics);
    drawRuler(painter, scene, layout, metrics);

    for (size_t r = 0; r < layout.rows.size(); ++r) {
        const TimelineLayout::Row& row = layout.rows[r];
        const TimelineLane& lane = timeline.lanes[row.lane];
        const LaneDetail& detail = details[r];
        const double left = layout.lanes.left();
        for (const TimelineColumn& column : detail.columns) {
            QColor colour = palette.of(column.dominant);
            colour.setAlphaF(float(0.35 + 0.65 * column.density));
            painter.fillRect(QRectF(left + column.x, row.top + 1, 1, row.height - 2), colour);
        }
        for (const TimelineBox& box : detail.boxes) {
            const std::uint32_t label = lane.events.label(box.event);
            const double x0 = std::max(box.x0, -2.0) + left, x1 = std::min(box.x1, layout.lanes.width() + 2) + left;
            const QRectF rect(x0, row.top + 1, x1 - x0, row.height - 2);
            QColor colour = palette.of(box.style.colour);
            if (shown(scene.labelDimmed, label, false))
                colour.setAlphaF(0.18f);
            painter.fillRect(rect, colour);
            if (box.style.latencyBound)
                painter.fillRect(QRectF(rect.left(), rect.bottom() - 3, rect.width(), 3), palette.latencyMark());
            if (rect.width() >= 40 && label < timeline.labels.size()) {
                painter.setPen(
                    lane.kind == TimelineLaneKind::GpuStream && box.style.colour != TimelineColour::Memset ? Qt::white : palette.text());
                // A kernel's name differs at its end (triton_poi_fused_..._15),
                // an op's at its start once its namespace goes (aten::_scaled_...),
                // a library kernel's short name at its end too ("… MT 256x112x32",
                // "…elementwise_kernel<…>"): its start is the shared prefix.
                const TimelineLabel& named = timeline.labels[label];
                const bool op = named.kernelRow >= 0 && named.work != GpuWork::Triton;
                const QString text = printableText(op ? named.name.section(QStringLiteral("::"), -1) : named.name);
                const Qt::TextElideMode elide = op ? Qt::ElideRight : named.libraryRow >= 0 ? Qt::ElideLeft : Qt::ElideMiddle;
                painter.drawText(
                    rect.adjusted(3, 0, -3, 0), Qt::AlignLeft | Qt::AlignVCenter, metrics.elidedText(text, elide, rect.width() - 6));
            }
            if (shown(scene.labelMatched, label, false)) {
                painter.setPen(QPen(palette.searchMatch(), 2));
                painter.setBrush(Qt::NoBrush);
                painter.drawRect(rect.adjusted(1, 1, -1, -1));
            }
            if (scene.highlightedLabel >= 0 && label == std::uint32_t(scene.highlightedLabel)) {
                painter.setPen(QPen(palette.highlight(), 1.5));
                painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
            }
        }
        // A highlighted row's calls too thin for a box: a tick at the top
        // and the bottom of the lane, one per pixel column at most, so that
        // a row of thousands of calls does not paint the whole lane over.
        if (row.lane < scene.highlightedEvents.size()) {
            const std::vector<std::uint32_t>& calls = scene.highlightedEvents[row.lane];
            auto it = std::lower_bound(calls.begin(), calls.end(), scene.startNs - view.nsPerPixel,
                [&](std::uint32_t e, double ns) { return double(lane.events.endNs(e)) < ns; });
            int lastX = -1;
            for (; it != calls.end(); ++it) {
                const double start = double(lane.events.startNs(*it));
                if (start >= scene.endNs)
                    break;
                const int x = int(std::floor(view.xOf(start)));
                if (x == lastX || view.xOf(double(lane.events.endNs(*it))) - view.xOf(start) >= 2.0)
                    continue;
                lastX = x;
                const double tick = std::clamp(std::round(row.height / 8), 3.0, 6.0);
                painter.fillRect(QRectF(left + x - 0.5, row.top, 2, tick), palette.highlight());
                painter.fillRect(QRectF(left + x - 0.5, row.top + row.height - tick, 2, tick), palette.highlight());
            }
        }
        if (scene.selectedLane && *scene.selectedLane == row.lane && scene.selectedEvent && *scene.selectedEvent < lane.events.size()) {
            const double x0 = layout.xOf(scene, double(lane.events.startNs(*scene.selectedEvent)));
            const double x1 = std::max(x0 + 3, layout.xOf(scene, double(lane.events.endNs(*scene.selectedEvent))));
            painter.setPen(QPen(palette.selectionEdge(), 2.5));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(QRectF(x0, row.top, x1 - x0, row.height));
        }
    }
    drawFlows(painter, scene, layout);
    if (scene.rangeNs) {
        const double x0 = layout.xOf(scene, scene.rangeNs->first), x1 = layout.xOf(scene, scene.rangeNs->second);
        painter.fillRect(QRectF(x0, layout.ruler.top(), x1 - x0, layout.lanes.bottom() - layout.ruler.top()), palette.selection());
        painter.setPen(QPen(palette.selectionEdge(), 1.5));
        painter.drawLine(QPointF(x0, layout.ruler.top()), QPointF(x0, layout.lanes.bottom()));
        painter.drawLine(QPointF(x1, layout.ruler.top()), QPointF(x1, layout.lanes.bottom()));
    }
    painter.setClipping(false);
    if (scene.legend)
        drawLegend(painter, scene, layout.legend, metrics);
    painter.restore();
    return layout;
}

} // namespace Ridgeline
