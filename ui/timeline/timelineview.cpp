#include "timeline/timelineview.h"

#include "engine/base/text/units.h"
#include "engine/results/naming/rowdisplayname.h"
#include "engine/timeline/timelinedetail.h"
#include "engine/timeline/timelinens.h"
#include "engine/timeline/workspace/gpubusycolumns.h"
#include "engine/timeline/workspace/hostframelanes.h"
#include "engine/timeline/workspace/labelrow.h"
#include "engine/timeline/workspace/stepalignment.h"
#include "timeline/busytrack.h"
#include "timeline/timelinetooltip.h"

#include <QContextMenuEvent>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

constexpr double minimumSpanNs = 1000; // 1 us across the view: kernels are longer

// A share in a tool tip: "4.2 %" where small, else "42 %".
int percentDecimals(double fraction)
{
    return fraction < 0.1 ? 1 : 0;
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(320, 160);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

double TimelineView::totalNs() const
{
    return m_scene.timeline ? std::max<double>(minimumSpanNs, double(m_scene.timeline->endNs)) : minimumSpanNs;
}

void TimelineView::setResult(std::shared_ptr<const AnalysisResult> result)
{
    m_result = std::move(result);
    const TimelinePalette kept = m_scene.palette;
    m_scene = TimelineScene();
    m_scene.palette = kept;
    m_scene.timeline = m_result ? m_result->timeline : nullptr;
    // The busy track is the main device's, as the budget's busy time is.
    if (m_result && !m_result->activity.devices.empty())
        m_scene.busyDevice = m_result->activity.devices.front().device;
    m_overviewBusy = GpuBusyColumns();
    m_figures.clear();
    m_labelOfKernel.assign(m_result ? m_result->rows.size() : 0, -1);
    m_labelOfLibrary.assign(m_result ? m_result->libraryKernels.size() : 0, -1);
    if (m_scene.timeline) {
        const std::vector<TimelineLabel>& labels = m_scene.timeline->labels;
        for (size_t l = 0; l < labels.size(); ++l) {
            if (labels[l].kernelRow >= 0 && size_t(labels[l].kernelRow) < m_labelOfKernel.size())
                m_labelOfKernel[size_t(labels[l].kernelRow)] = std::int32_t(l);
            if (labels[l].libraryRow >= 0 && size_t(labels[l].libraryRow) < m_labelOfLibrary.size())
                m_labelOfLibrary[size_t(labels[l].libraryRow)] = std::int32_t(l);
        }
        m_scene.colouring = TimelineColouring(*m_scene.timeline, {});
    }
    setLaunchThreadsShown(m_launchThreadsShown);
    m_measureText.clear();
    m_lastCallNs.reset();
    m_searchSpot.reset();
    showAll();
    Q_EMIT resultShown();
}

void TimelineView::setBaseline(
    std::shared_ptr<const AnalysisResult> baseline, const std::vector<KernelTimeFigures>& figures, StepKind alignOn)
{
    m_baseline = baseline && baseline->timeline ? std::move(baseline) : nullptr;
    m_baselineScene = TimelineScene();
    m_baselineShiftNs = 0;
    if (m_baseline) {
        m_baselineScene.timeline = m_baseline->timeline;
        m_baselineScene.colouring = TimelineColouring(*m_baseline->timeline, figures);
        for (const TimelineLane& lane : m_baseline->timeline->lanes)
            m_baselineScene.laneShown.push_back(m_launchThreadsShown || lane.kind != TimelineLaneKind::LaunchThread);
        m_baselineScene.legend = true;
        // The kind the comparison counts steps by (graph launch, compiled
        // graph call, outermost module call, ProfilerStep), in its words.
        const QString at = alignOn == StepKind::None ? tr("its first step") : tr("its first %1").arg(stepKindWords(alignOn, 1));
        m_baselineScene.title = tr("baseline: %1, aligned at %2").arg(m_baseline->tracePath.section(u'/', -1), at);
        if (m_result && m_scene.timeline)
            m_baselineShiftNs = firstStepNs(*m_result, alignOn) - firstStepNs(*m_baseline, alignOn);
    }
    update();
}

void TimelineView::setKernelFigures(const std::vector<KernelTimeFigures>& figures)
{
    m_figures = figures;
    if (m_scene.timeline)
        m_scene.colouring = TimelineColouring(*m_scene.timeline, m_figures);
    update();
}

void TimelineView::setHighlightedLabel(int label)
{
    if (m_scene.highlightedLabel != label)
        m_lastCallNs.reset();
    m_scene.highlightedLabel = label;
    m_scene.highlightedEvents.clear();
    if (m_scene.timeline && label >= 0)
        m_scene.highlightedEvents = eventsOfLabel(*m_scene.timeline, std::uint32_t(label));
    update();
}

void TimelineView::setHighlightedKernel(int kernelIndex)
{
    setHighlightedLabel(kernelIndex >= 0 && size_t(kernelIndex) < m_labelOfKernel.size() ? m_labelOfKernel[size_t(kernelIndex)] : -1);
}

void TimelineView::setHighlightedLibraryKernel(int libraryIndex)
{
    setHighlightedLabel(libraryIndex >= 0 && size_t(libraryIndex) < m_labelOfLibrary.size() ? m_labelOfLibrary[size_t(libraryIndex)] : -1);
}

void TimelineView::setShownRows(const std::optional<QSet<int>>& kernels, const std::optional<QSet<int>>& libraryKernels)
{
    m_scene.labelDimmed.clear();
    if (m_scene.timeline && (kernels || libraryKernels)) {
        const std::vector<TimelineLabel>& labels = m_scene.timeline->labels;
        m_scene.labelDimmed.assign(labels.size(), false);
        for (size_t l = 0; l < labels.size(); ++l) {
            if (labels[l].kernelRow >= 0 && kernels)
                m_scene.labelDimmed[l] = !kernels->contains(labels[l].kernelRow);
            else if (labels[l].libraryRow >= 0 && libraryKernels)
                m_scene.labelDimmed[l] = !libraryKernels->contains(labels[l].libraryRow);
        }
    }
    update();
}

void TimelineView::setLaunchThreadsShown(bool shown)
{
    m_launchThreadsShown = shown;
    m_scene.laneShown.clear();
    if (m_scene.timeline) {
        for (const TimelineLane& lane : m_scene.timeline->lanes)
            m_scene.laneShown.push_back(shown || lane.kind != TimelineLaneKind::LaunchThread);
    }
    update();
}

void TimelineView::setDark(bool dark)
{
    m_scene.palette.dark = dark;
    update();
}

void TimelineView::showRange(double startNs, double endNs)
{
    const double total = totalNs();
    double span = std::clamp(endNs - startNs, minimumSpanNs, total * 1.1);
    startNs = std::clamp(startNs, -total * 0.05, total * 1.05 - span);
    m_scene.startNs = startNs;
    m_scene.endNs = startNs + span;
    update();
}

void TimelineView::showAll()
{
    const double total = totalNs();
    m_scene.startNs = -total * 0.005;
    m_scene.endNs = total * 1.005;
    update();
}

void TimelineView::zoomBy(double factor, double aboutNs)
{
    const double start = aboutNs - (aboutNs - m_scene.startNs) / factor;
    const double end = aboutNs + (m_scene.endNs - aboutNs) / factor;
    showRange(start, end);
}

QRectF TimelineView::overviewRect() const
{
    const double line = QFontMetricsF(font()).height();
    return QRectF(0, 0, width(), std::round(line * 1.6));
}

QRectF TimelineView::timelineRect() const
{
    const QRectF overview = overviewRect();
    return QRectF(0, overview.bottom() + 2, width(), height() - overview.bottom() - 2);
}

void TimelineView::paintEvent(QPaintEvent*)
{
    // A dark window gets a dark timeline.
    m_scene.palette.dark = palette().color(QPalette::Window).lightness() < 128;
    QPainter painter(this);
    const TimelinePalette& colours = m_scene.palette;
    painter.fillRect(rect(), colours.background());
    if (m_baseline) {
        // Compare mode: this trace above, the baseline below over the same
        // stretch of time from their first steps.
        QRectF top = timelineRect(), bottom = top;
        top.setHeight(std::floor(top.height() / 2));
        bottom.setTop(top.bottom());
        m_scene.legend = false;
        m_scene.title = tr("this trace: %1").arg(m_result ? m_result->tracePath.section(u'/', -1) : QString());
        m_layout = TimelinePainter::paint(painter, m_scene, top, font());
        m_baselineScene.palette = m_scene.palette;
        m_baselineScene.startNs = m_scene.startNs - m_baselineShiftNs;
        m_baselineScene.endNs = m_scene.endNs - m_baselineShiftNs;
        TimelinePainter::paint(painter, m_baselineScene, bottom, font());
    } else {
        m_scene.legend = true;
        m_scene.title.clear();
        m_layout = TimelinePainter::paint(painter, m_scene, timelineRect(), font());
    }
    if (!m_scene.timeline) {
        painter.setPen(colours.faintText());
        painter.drawText(rect(), Qt::AlignCenter, tr("Open a trace to see its GPU timeline"));
        return;
    }
    // The overview: how busy the GPU is over the whole trace (computed once
    // per trace and width), and the visible range.
    const QRectF overview = overviewRect().adjusted(m_layout.lanes.left(), 3, -(width() - m_layout.lanes.right()), -3);
    const int overviewWidth = std::max(1, int(overview.width()));
    if (int(m_overviewBusy.busy.size()) != overviewWidth)
        m_overviewBusy = gpuBusyColumns(*m_scene.timeline, 0, totalNs() / overviewWidth, overviewWidth, m_scene.busyDevice);
    drawBusyTrack(painter, m_overviewBusy, overview, colours);
    const TimelineViewport whole { 0, totalNs() / std::max(1.0, overview.width()), overviewWidth };
    const double x0 = overview.left() + std::max(0.0, m_scene.startNs / whole.nsPerPixel);
    const double x1 = overview.left() + std::min(overview.width(), m_scene.endNs / whole.nsPerPixel);
    painter.setPen(QPen(colours.selectionEdge(), 1.5));
    painter.setBrush(colours.selection());
    painter.drawRect(QRectF(x0, overview.top() - 2, std::max(3.0, x1 - x0), overview.height() + 4));
    painter.setPen(colours.faintText());
    painter.drawText(
        QRectF(0, overview.top(), m_layout.lanes.left() - 6, overview.height()), Qt::AlignRight | Qt::AlignVCenter, tr("whole trace"));
    if (!m_measureText.isEmpty()) {
        const QFontMetricsF metrics(font());
        const QRectF box(m_layout.lanes.left() + 6, m_layout.ruler.top() + 1, metrics.horizontalAdvance(m_measureText) + 12,
            m_layout.ruler.height() - 2);
        painter.setPen(colours.selectionEdge());
        painter.setBrush(colours.background());
        painter.drawRect(box);
        painter.setPen(colours.text());
        painter.drawText(box, Qt::AlignCenter, m_measureText);
    }
}

std::optional<TimelineView::Hit> TimelineView::hitAt(const QPoint& position) const
{
    if (!m_scene.timeline || !m_layout.lanes.contains(position))
        return std::nullopt;
    const std::optional<std::uint32_t> lane = m_layout.laneAt(position.y());
    if (!lane)
        return std::nullopt;
    const double nsPerPixel = (m_scene.endNs - m_scene.startNs) / std::max(1.0, m_layout.lanes.width());
    const auto event = hitTest(m_scene.timeline->lanes[*lane].events, m_layout.nsAt(m_scene, position.x()), 3 * nsPerPixel);
    if (!event)
        return std::nullopt;
    return Hit { *lane, *event };
}

void TimelineView::setFillHeight(bool fill)
{
    m_scene.fillHeight = fill;
    update();
}

QString TimelineView::toolTipAt(const QPoint& position) const
{
    const std::optional<Hit> hit = hitAt(position);
    if (!hit)
        return {};
    const KernelRow* row = m_result ? rowOfLabel(*m_result, m_scene.timeline->lanes[hit->lane].events.label(hit->event)) : nullptr;
    return timelineToolTip(m_scene, m_figures, hit->lane, hit->event, row ? rowNames(*row).full : QString());
}

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    const QPointF position = event->position();
    m_pressPosition = position;
    m_pressStartNs = m_scene.startNs;
    m_pressEndNs = m_scene.endNs;
    m_anchorNs = m_layout.nsAt(m_scene, position.x());
    if (event->button() != Qt::LeftButton)
        return;
    if (overviewRect().contains(position)) {
        m_drag = Drag::Overview;
        mouseMoveEvent(event);
    } else if (m_layout.ruler.contains(position)) {
        m_drag = Drag::Measure;
    } else if (event->modifiers() & Qt::ShiftModifier) {
        m_drag = Drag::Range;
    } else {
        m_drag = Drag::Pan;
    }
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF position = event->position();
    switch (m_drag) {
    case Drag::None:
        setCursor(m_layout.ruler.contains(position) ? Qt::IBeamCursor : Qt::ArrowCursor);
        return;
    case Drag::Pan: {
        const double nsPerPixel = (m_pressEndNs - m_pressStartNs) / std::max(1.0, m_layout.lanes.width());
        const double shift = (position.x() - m_pressPosition.x()) * nsPerPixel;
        showRange(m_pressStartNs - shift, m_pressEndNs - shift);
        return;
    }
    case Drag::Measure:
    case Drag::Range: {
        const double here = m_layout.nsAt(m_scene, position.x());
        m_scene.rangeNs = std::pair(std::min(m_anchorNs, here), std::max(m_anchorNs, here));
        updateMeasure();
        update();
        return;
    }
    case Drag::Overview: {
        const QRectF overview = overviewRect().adjusted(m_layout.lanes.left(), 0, -(width() - m_layout.lanes.right()), 0);
        const double centre = (position.x() - overview.left()) / std::max(1.0, overview.width()) * totalNs();
        const double span = m_scene.endNs - m_scene.startNs;
        showRange(centre - span / 2, centre + span / 2);
        return;
    }
    }
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    const Drag drag = std::exchange(m_drag, Drag::None);
    const bool click = (event->position() - m_pressPosition).manhattanLength() < 4;
    if (drag == Drag::Pan && click) {
        m_scene.selectedLane.reset();
        m_scene.selectedEvent.reset();
        m_scene.flowFrom.reset();
        m_scene.flowEvents.clear();
        if (const std::optional<Hit> hit = hitAt(event->position().toPoint())) {
            m_scene.selectedLane = hit->lane;
            m_scene.selectedEvent = hit->event;
            // A host frame: the GPU work it launched, outlined and linked to it.
            if (m_scene.timeline->lanes[hit->lane].kind == TimelineLaneKind::HostFrames) {
                m_scene.flowFrom = std::pair(hit->lane, hit->event);
                m_scene.flowEvents = launchedFrom(*m_scene.timeline, hit->lane, hit->event).events;
            }
            const TimelineLabel& label = m_scene.timeline->labels[m_scene.timeline->lanes[hit->lane].events.label(hit->event)];
            if (label.kernelRow >= 0)
                Q_EMIT kernelClicked(label.kernelRow);
            else if (label.libraryRow >= 0)
                Q_EMIT libraryKernelClicked(label.libraryRow);
        }
        update();
    } else if ((drag == Drag::Measure || drag == Drag::Range) && click) {
        m_scene.rangeNs.reset();
        m_measureText.clear();
        update();
    } else if (drag == Drag::Range && m_scene.rangeNs) {
        Q_EMIT rangeRequested(m_scene.rangeNs->first / 1000.0, m_scene.rangeNs->second / 1000.0);
    }
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event)
{
    const std::optional<Hit> hit = hitAt(event->position().toPoint());
    if (!hit)
        return;
    const TimelineLane& lane = m_scene.timeline->lanes[hit->lane];
    if (lane.kind != TimelineLaneKind::Steps && lane.kind != TimelineLaneKind::ExecuteRanges
        && lane.kind != TimelineLaneKind::GraphLaunches)
        return;
    const double start = double(lane.events.startNs(hit->event));
    const double end = double(lane.events.endNs(hit->event));
    m_scene.rangeNs = std::pair(start, end);
    updateMeasure();
    update();
    // Events that start in it: a graph launch's last kernel starts before its end.
    Q_EMIT rangeRequested(start / 1000.0, (end + 1) / 1000.0);
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0)
        return;
    zoomBy(std::pow(1.25, steps), m_layout.nsAt(m_scene, event->position().x()));
    event->accept();
}

bool TimelineView::stepToCall(int direction)
{
    if (!m_scene.timeline || m_scene.highlightedLabel < 0)
        return false;
    const double from = m_lastCallNs.value_or(direction > 0 ? m_scene.startNs - 1 : m_scene.endNs + 1);
    std::optional<std::pair<double, std::pair<std::uint32_t, std::uint32_t>>> best;
    // The nearest call past `from` on any lane: a binary search in each
    // lane's calls of the row.
    for (std::uint32_t l = 0; l < m_scene.highlightedEvents.size() && l < m_scene.timeline->lanes.size(); ++l) {
        const TimelineEvents& events = m_scene.timeline->lanes[l].events;
        const std::vector<std::uint32_t>& calls = m_scene.highlightedEvents[l];
        const auto after = std::upper_bound(
            calls.begin(), calls.end(), from, [&](double ns, std::uint32_t e) { return ns < double(events.startNs(e)); });
        const auto before = std::lower_bound(
            calls.begin(), calls.end(), from, [&](std::uint32_t e, double ns) { return double(events.startNs(e)) < ns; });
        std::optional<std::uint32_t> candidate;
        if (direction > 0 && after != calls.end())
            candidate = *after;
        else if (direction < 0 && before != calls.begin())
            candidate = *(before - 1);
        if (!candidate)
            continue;
        const double start = double(events.startNs(*candidate));
        if (!best || (direction > 0 ? start < best->first : start > best->first))
            best = std::pair(start, std::pair(l, *candidate));
    }
    if (!best)
        return false;
    m_lastCallNs = best->first;
    m_scene.selectedLane = best->second.first;
    m_scene.selectedEvent = best->second.second;
    const double span = m_scene.endNs - m_scene.startNs;
    if (best->first < m_scene.startNs || best->first > m_scene.endNs)
        showRange(best->first - span / 2, best->first + span / 2);
    update();
    return true;
}

std::int64_t TimelineView::setSearchText(const QString& text)
{
    m_searchSpot.reset();
    m_scene.labelMatched.clear();
    if (m_scene.timeline && !text.isEmpty())
        m_scene.labelMatched = labelsMatching(*m_scene.timeline, text, [this](std::uint32_t label) {
            // A box's label is its row's display name: the name as the trace wrote it is matched too.
            const KernelRow* row = m_result ? rowOfLabel(*m_result, label) : nullptr;
            return row ? row->name : QString();
        });
    update();
    return m_scene.timeline ? countMatches(*m_scene.timeline, m_scene.labelMatched, m_scene.laneShown) : 0;
}

bool TimelineView::stepToMatch(int direction)
{
    if (!m_scene.timeline)
        return false;
    const std::optional<TimelineSpot> next
        = Ridgeline::stepToMatch(*m_scene.timeline, m_scene.labelMatched, m_scene.laneShown, m_searchSpot, direction);
    if (!next)
        return false;
    m_searchSpot = next;
    m_scene.selectedLane = next->lane;
    m_scene.selectedEvent = next->event;
    // Centred, at the zoom the user chose (a match longer than the view: its start).
    const double span = m_scene.endNs - m_scene.startNs;
    const double length = double(m_scene.timeline->lanes[next->lane].events.durationNs(next->event));
    const double middle = double(next->startNs) + std::min(span, length) / 2;
    showRange(middle - span / 2, middle + span / 2);
    return true;
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    const double centre = (m_scene.startNs + m_scene.endNs) / 2;
    const double span = m_scene.endNs - m_scene.startNs;
    switch (event->key()) {
    case Qt::Key_W:
        zoomBy(1.5, centre);
        break;
    case Qt::Key_S:
        zoomBy(1 / 1.5, centre);
        break;
    case Qt::Key_A:
        showRange(m_scene.startNs - span * 0.2, m_scene.endNs - span * 0.2);
        break;
    case Qt::Key_D:
        showRange(m_scene.startNs + span * 0.2, m_scene.endNs + span * 0.2);
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        showAll();
        break;
    case Qt::Key_F:
        if (m_scene.rangeNs)
            showRange(m_scene.rangeNs->first, m_scene.rangeNs->second);
        break;
    case Qt::Key_N:
        stepToCall(+1);
        break;
    case Qt::Key_P:
        stepToCall(-1);
        break;
    case Qt::Key_Escape:
        m_scene.rangeNs.reset();
        m_measureText.clear();
        update();
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void TimelineView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    QAction* threads = menu.addAction(tr("Show the CPU threads that launched GPU work"));
    threads->setCheckable(true);
    threads->setChecked(m_launchThreadsShown);
    connect(threads, &QAction::toggled, this, &TimelineView::setLaunchThreadsShown);
    menu.addAction(tr("Show the whole trace (0)"), this, &TimelineView::showAll);
    if (m_scene.rangeNs) {
        menu.addAction(tr("Zoom to the measured range (F)"), this, [this] { showRange(m_scene.rangeNs->first, m_scene.rangeNs->second); });
        menu.addAction(tr("Filter the analysis to the measured range"), this,
            [this] { Q_EMIT rangeRequested(m_scene.rangeNs->first / 1000.0, m_scene.rangeNs->second / 1000.0); });
    }
    menu.exec(event->globalPos());
}

void TimelineView::updateMeasure()
{
    m_measureText.clear();
    if (!m_scene.rangeNs || !m_scene.timeline)
        return;
    const auto [from, to] = *m_scene.rangeNs;
    // Busy: the union of the GPU lanes' events clipped to the range, as the
    // busy track draws it; Triton time: the Triton calls' part of it.
    const double busyNs = gpuBusyNs(*m_scene.timeline, from, to, m_scene.busyDevice);
    double tritonNs = 0;
    for (const TimelineLane& lane : m_scene.timeline->lanes) {
        if (lane.kind != TimelineLaneKind::GpuStream)
            continue;
        for (std::uint32_t i = lane.events.firstReaching(timelineNsOf(from)); i < lane.events.size(); ++i) {
            const double start = double(lane.events.startNs(i));
            if (start >= to)
                break;
            const double a = std::max(start, from), b = std::min(double(lane.events.endNs(i)), to);
            const std::uint32_t label = lane.events.label(i);
            if (b > a && label < m_scene.timeline->labels.size() && m_scene.timeline->labels[label].work == GpuWork::Triton)
                tritonNs += b - a;
        }
    }
    const double length = std::max(1.0, to - from);
    m_measureText = tr("%1: GPU busy %2, Triton %3")
                        .arg(TimelinePainter::duration(to - from), formatPercent(busyNs / length, percentDecimals(busyNs / length)),
                            TimelinePainter::duration(tritonNs));
}

} // namespace Ridgeline
