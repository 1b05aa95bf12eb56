#include "timeline/timelinetooltip.h"

#include "engine/base/text/units.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>

namespace Ridgeline {
namespace {

// The pane's translation context: the texts were the pane's own.
QString tr(const char* text)
{
    return QCoreApplication::translate("Ridgeline::TimelineView", text);
}

// A share: "4.2 %" where small, else "42 %".
int percentDecimals(double fraction)
{
    return fraction < 0.1 ? 1 : 0;
}

} // namespace

QString timelineToolTip(const TimelineScene& scene, const std::vector<KernelTimeFigures>& figures, std::uint32_t laneIndex,
    std::uint32_t event, const QString& fullName)
{
    if (!scene.timeline || laneIndex >= scene.timeline->lanes.size())
        return {};
    const Timeline& timeline = *scene.timeline;
    const TimelineLane& lane = timeline.lanes[laneIndex];
    if (event >= lane.events.size())
        return {};
    const std::uint32_t labelIndex = lane.events.label(event);
    if (labelIndex >= timeline.labels.size())
        return {};
    const TimelineLabel& label = timeline.labels[labelIndex];
    const std::int64_t duration = lane.events.durationNs(event);
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(label.name.toHtmlEscaped());
    if (!fullName.isEmpty() && !label.name.startsWith(fullName)) { // a library op's label is its name and shape
        // A template's whole name runs to thousands of characters: a tool tip
        // shows the head that tells it apart, wrapped at the commas it has.
        constexpr qsizetype shownCharacters = 600;
        const QString shown = fullName.size() > shownCharacters ? fullName.left(shownCharacters) + QStringLiteral("…") : fullName;
        lines << QStringLiteral("<i>%1</i>").arg(shown.toHtmlEscaped());
    }
    lines << tr("%1 at %2, %3")
                 .arg(TimelinePainter::duration(double(duration)), TimelinePainter::duration(double(lane.events.startNs(event))),
                     lane.title.toHtmlEscaped());
    if (label.kernelRow >= 0 && label.work != GpuWork::Triton)
        lines << tr("%1, library op").arg(gpuWorkTitle(label.work));
    if (label.kernelRow >= 0 && size_t(label.kernelRow) < figures.size()) {
        const KernelTimeFigures& row = figures[size_t(label.kernelRow)];
        if (const std::optional<double> fraction = scene.colouring.fraction(labelIndex, duration)) {
            lines << tr("%1 of attainable (%2 attainable per call)%3")
                         .arg(formatPercent(std::min(*fraction, 1.0), percentDecimals(std::min(*fraction, 1.0))),
                             TimelinePainter::duration(*row.attainableUs * 1000.0),
                             *fraction > 1 ? tr(": faster than attainable, a model or unit error?") : QString());
        }
        lines << tr("limiter: %1").arg(limiterTitle(row.limiter));
    } else if (label.kind == TimelineLabelKind::GpuWork) {
        lines << gpuWorkTitle(label.work) + (label.work == GpuWork::Triton ? tr(", no figures: time only") : QString());
    } else if (label.kind == TimelineLabelKind::Step || label.kind == TimelineLabelKind::ExecuteRange
        || label.kind == TimelineLabelKind::GraphLaunch) {
        lines << tr("double-click: filter the analysis to it");
    } else if (label.kind == TimelineLabelKind::HostFrame) {
        lines << tr("host frame: click to outline the GPU work it launched");
    }
    return lines.join(QStringLiteral("<br>"));
}

} // namespace Ridgeline
