// Stage timeline/, workspace/: what the timeline pane works with.
// Host lanes: the host frames the reader keeps (python_function frames, an
// nn.Module's forward among them, and "## Call CompiledFxGraph ##" ranges)
// of the thread that launched the most GPU work, one lane per depth of
// nesting from the first depth where no frame spans nine tenths of all
// (the trunk around everything skipped) for maxHostDepth depths (deeper frames are
// left out: a bounded number of lanes), and from a frame the GPU work its launches ran: the flow from
// host to kernels, through the launch calls' correlation keys.
#pragma once

#include "engine/input/rawtrace.h"
#include "engine/timeline/timeline.h"
#include "engine/timeline/timelinens.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace Ridgeline {

inline constexpr int maxHostDepth = 6;

// Appends the HostFrames lanes (none when the trace kept no frames of a
// launching thread). launchLaneOfThread: each launching thread's lane.
void appendHostFrameLanes(const RawTrace& trace, double originUs, TimelineClock& clock,
    const std::unordered_map<std::uint32_t, size_t>& launchLaneOfThread, Timeline& timeline);

struct LaunchedWork
{
    // Per lane, the GPU events launched from within the frame, by index
    // (the shape TimelineScene::highlightedEvents has).
    std::vector<std::vector<std::uint32_t>> events;
    std::int64_t count = 0; // launches found (all of them, past the cap too)
    bool capped = false; // more than `cap` launches: the first `cap` listed
};

// The GPU work launched by the calls made during a host frame: the launch
// calls of its thread that begin within it, followed to their GPU events.
LaunchedWork launchedFrom(const Timeline& timeline, std::uint32_t hostLane, std::uint32_t event, std::int64_t cap = 100000);

} // namespace Ridgeline
