#include "engine/timeline/timelinecolours.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {

QString timelineColourTitle(TimelineColour colour)
{
    const int c = int(colour);
    if (c < fractionColours)
        return QStringLiteral("%1-%2 % of attainable").arg(c * 10).arg(c * 10 + 10);
    switch (colour) {
    case TimelineColour::AboveAttainable:
        return QStringLiteral("above attainable (model or unit error)");
    case TimelineColour::TritonUnmodelled:
        return QStringLiteral("Triton, not modelled");
    case TimelineColour::Gemm:
        return QStringLiteral("GEMM");
    case TimelineColour::Attention:
        return QStringLiteral("attention");
    case TimelineColour::Communication:
        return QStringLiteral("communication");
    case TimelineColour::Memcpy:
        return QStringLiteral("memcpy");
    case TimelineColour::Memset:
        return QStringLiteral("memset");
    case TimelineColour::Other:
        return QStringLiteral("other");
    case TimelineColour::Step:
        return QStringLiteral("step");
    case TimelineColour::GraphLaunch:
        return QStringLiteral("graph launch");
    case TimelineColour::Launch:
        return QStringLiteral("launch call");
    default:
        return {};
    }
}

namespace {

TimelineColour colourOfWork(GpuWork work)
{
    switch (work) {
    case GpuWork::Triton:
        return TimelineColour::TritonUnmodelled;
    case GpuWork::Gemm:
        return TimelineColour::Gemm;
    case GpuWork::Attention:
        return TimelineColour::Attention;
    case GpuWork::Communication:
        return TimelineColour::Communication;
    case GpuWork::Memcpy:
        return TimelineColour::Memcpy;
    case GpuWork::Memset:
        return TimelineColour::Memset;
    case GpuWork::Other:
        return TimelineColour::Other;
    }
    return TimelineColour::Other;
}

} // namespace

TimelineColouring::TimelineColouring(const Timeline& timeline, const std::vector<KernelTimeFigures>& figures)
{
    m_labels.resize(timeline.labels.size());
    for (size_t l = 0; l < timeline.labels.size(); ++l) {
        const TimelineLabel& label = timeline.labels[l];
        LabelColour& colour = m_labels[l];
        switch (label.kind) {
        case TimelineLabelKind::Step:
        case TimelineLabelKind::ExecuteRange:
            colour.colour = TimelineColour::Step;
            continue;
        case TimelineLabelKind::GraphLaunch:
            colour.colour = TimelineColour::GraphLaunch;
            continue;
        case TimelineLabelKind::Launch:
        case TimelineLabelKind::HostFrame:
            colour.colour = TimelineColour::Launch;
            continue;
        case TimelineLabelKind::GpuWork:
            break;
        }
        colour.colour = colourOfWork(label.work);
        // A library op's attainable time is per call, which may span many
        // boxes: its boxes keep the colour of their kind.
        if (label.work == GpuWork::Triton && label.kernelRow >= 0 && size_t(label.kernelRow) < figures.size()) {
            const KernelTimeFigures& figure = figures[size_t(label.kernelRow)];
            if (figure.attainableUs && *figure.attainableUs > 0)
                colour.attainableNs = *figure.attainableUs * 1000.0;
            colour.latencyBound = figure.limiter == Limiter::Latency;
        }
    }
    // Once per colouring (a change of GPU, peaks or t0), not per frame.
    m_summaries.resize(timeline.lanes.size());
    for (size_t l = 0; l < timeline.lanes.size(); ++l) {
        const TimelineEvents& events = timeline.lanes[l].events;
        std::vector<TimelineBlockSummary>& blocks = m_summaries[l];
        blocks.reserve((events.size() + summaryBlock - 1) / summaryBlock);
        for (std::uint32_t first = 0; first < events.size(); first += summaryBlock) {
            const std::uint32_t last = std::min(events.size(), first + summaryBlock);
            std::array<double, size_t(TimelineColour::Count)> covered {};
            TimelineBlockSummary block;
            block.startNs = events.startNs(first);
            block.endNs = block.startNs;
            for (std::uint32_t i = first; i < last; ++i) {
                const std::int64_t duration = events.durationNs(i);
                covered[size_t(style(events.label(i), duration).colour)] += double(duration);
                block.coveredNs += double(duration);
                block.endNs = std::max(block.endNs, events.startNs(i) + duration);
            }
            block.dominant = TimelineColour(std::max_element(covered.begin(), covered.end()) - covered.begin());
            blocks.push_back(block);
        }
    }
}

std::optional<double> TimelineColouring::fraction(std::uint32_t label, std::int64_t durationNs) const
{
    if (label >= m_labels.size() || m_labels[label].attainableNs <= 0 || durationNs <= 0)
        return std::nullopt;
    return m_labels[label].attainableNs / double(durationNs);
}

TimelineColour TimelineColouring::colourOfFraction(double fraction)
{
    if (fraction > 1.0)
        return TimelineColour::AboveAttainable;
    const int step = std::clamp(int(std::floor(fraction * fractionColours)), 0, fractionColours - 1);
    return TimelineColour(step);
}

TimelineStyle TimelineColouring::style(std::uint32_t label, std::int64_t durationNs) const
{
    if (label >= m_labels.size())
        return {};
    const LabelColour& colour = m_labels[label];
    if (const std::optional<double> f = fraction(label, durationNs))
        return { colourOfFraction(*f), colour.latencyBound };
    return { colour.colour, colour.latencyBound };
}

} // namespace Ridgeline
