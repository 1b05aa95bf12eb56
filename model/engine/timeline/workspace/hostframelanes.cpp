#include "engine/timeline/workspace/hostframelanes.h"

#include <algorithm>
#include <numeric>

namespace Ridgeline {
namespace {

// The thread with the most launch calls: the one whose frames explain the GPU's work.
std::optional<std::uint32_t> mainLaunchThread(const RawTrace& trace)
{
    std::unordered_map<std::uint32_t, std::int64_t> launches;
    for (const LaunchRecord& launch : trace.launches)
        ++launches[launch.thread];
    std::optional<std::pair<std::uint32_t, std::int64_t>> most;
    for (const auto& [thread, count] : launches) {
        if (!most || count > most->second || (count == most->second && thread < most->first))
            most = std::pair(thread, count);
    }
    return most ? std::optional(most->first) : std::nullopt;
}

struct Frame
{
    std::int64_t startNs;
    std::int64_t endNs;
    std::uint32_t nameId;
    HostSpanKind kind;
};

} // namespace

void appendHostFrameLanes(const RawTrace& trace, double originUs, TimelineClock& clock,
    const std::unordered_map<std::uint32_t, size_t>& launchLaneOfThread, Timeline& timeline)
{
    const std::optional<std::uint32_t> thread = mainLaunchThread(trace);
    if (!thread)
        return;
    std::vector<Frame> frames;
    for (const HostSpan& span : trace.hostSpans.spans()) {
        if (span.thread != *thread || (span.kind != HostSpanKind::Frame && span.kind != HostSpanKind::CompiledGraphCall))
            continue;
        const std::int64_t start = clock.toNs(span.begin - originUs);
        frames.push_back({ start, std::max(start, clock.toNs(span.end - originUs)), span.nameId, span.kind });
    }
    if (frames.empty())
        return;
    // Outer before inner: by start, the longer first.
    std::sort(frames.begin(), frames.end(),
        [](const Frame& a, const Frame& b) { return a.startNs != b.startNs ? a.startNs < b.startNs : a.endNs > b.endNs; });

    // Each frame's depth: how many frames enclose it; and per depth its
    // longest frame.
    std::vector<std::uint32_t> depths(frames.size());
    std::vector<std::int64_t> enclosing; // their ends
    std::vector<std::int64_t> longest;
    std::int64_t firstStart = frames.front().startNs, lastEnd = frames.front().endNs;
    for (size_t f = 0; f < frames.size(); ++f) {
        while (!enclosing.empty() && enclosing.back() <= frames[f].startNs)
            enclosing.pop_back();
        depths[f] = std::uint32_t(enclosing.size());
        enclosing.push_back(frames[f].endNs);
        longest.resize(std::max(longest.size(), size_t(depths[f]) + 1), 0);
        longest[depths[f]] = std::max(longest[depths[f]], frames[f].endNs - frames[f].startNs);
        lastEnd = std::max(lastEnd, frames[f].endNs);
    }
    // The trunk (runpy's main, the script's <module>, a profile() wrapper, a
    // pipeline's __call__: a frame around nine tenths of all or more) says
    // nothing: the lanes begin at the first depth without such a frame.
    const double span = double(lastEnd - firstStart);
    size_t first = 0;
    while (first + 1 < longest.size() && double(longest[first]) >= 0.9 * span)
        ++first;

    const auto launchLane = launchLaneOfThread.find(*thread);
    const size_t firstLane = timeline.lanes.size();
    std::unordered_map<std::uint32_t, std::uint32_t> labelOfName;
    for (size_t f = 0; f < frames.size(); ++f) {
        const Frame& frame = frames[f];
        if (depths[f] < first || depths[f] >= first + size_t(maxHostDepth))
            continue;
        const size_t depth = depths[f] - first;
        while (timeline.lanes.size() <= firstLane + depth) {
            TimelineLane& lane = timeline.lanes.emplace_back();
            lane.kind = TimelineLaneKind::HostFrames;
            lane.depth = std::int32_t(first + timeline.lanes.size() - 1 - firstLane);
            lane.title = lane.depth == 0 ? QStringLiteral("host frames") : QStringLiteral("host depth %1").arg(lane.depth + 1);
            lane.launchLane = launchLane != launchLaneOfThread.end() ? std::int32_t(launchLane->second) : -1;
        }
        auto label = labelOfName.find(frame.nameId);
        if (label == labelOfName.end()) {
            HostSpan named;
            named.nameId = frame.nameId;
            timeline.labels.push_back({ trace.hostSpans.nameOf(named), TimelineLabelKind::HostFrame, GpuWork::Other, -1, -1 });
            label = labelOfName.emplace(frame.nameId, std::uint32_t(timeline.labels.size() - 1)).first;
        }
        // Within a depth, frames come by start and never overlap: in order.
        timeline.lanes[firstLane + depth].events.append(frame.startNs, frame.endNs - frame.startNs, label->second);
    }
    for (size_t l = firstLane; l < timeline.lanes.size(); ++l)
        timeline.lanes[l].events.shrinkToFit();
}

LaunchedWork launchedFrom(const Timeline& timeline, std::uint32_t hostLane, std::uint32_t event, std::int64_t cap)
{
    LaunchedWork work;
    work.events.resize(timeline.lanes.size());
    if (hostLane >= timeline.lanes.size())
        return work;
    const TimelineLane& host = timeline.lanes[hostLane];
    if (host.kind != TimelineLaneKind::HostFrames || event >= host.events.size() || host.launchLane < 0
        || size_t(host.launchLane) >= timeline.lanes.size())
        return work;
    const TimelineLane& launches = timeline.lanes[size_t(host.launchLane)];
    if (launches.launched.size() != launches.events.size())
        return work; // past maxLaunchTargets: no flows kept
    const std::int64_t from = host.events.startNs(event), to = host.events.endNs(event);
    for (std::uint32_t i = launches.events.firstStartingAtOrAfter(from); i < launches.events.size() && launches.events.startNs(i) < to;
        ++i) {
        const TimelineLaunchTarget& target = launches.launched[i];
        if (target.gpuLane >= timeline.lanes.size())
            continue;
        ++work.count;
        if (work.count > cap) {
            work.capped = true;
            continue;
        }
        const TimelineEvents& gpu = timeline.lanes[target.gpuLane].events;
        const std::uint32_t found = gpu.firstStartingAtOrAfter(target.gpuStartNs);
        if (found < gpu.size() && gpu.startNs(found) == target.gpuStartNs)
            work.events[target.gpuLane].push_back(found);
    }
    // Launch order is not always start order across a lane: sorted, once each.
    for (std::vector<std::uint32_t>& lane : work.events) {
        std::sort(lane.begin(), lane.end());
        lane.erase(std::unique(lane.begin(), lane.end()), lane.end());
    }
    return work;
}

} // namespace Ridgeline
