// Stage timeline/, workspace/: what the timeline pane works with.
// Search on the timeline: which labels a text matches (their name, and a
// display name where one is given, case-insensitive), and stepping from one
// matching box to the next or previous in time order over the shown lanes.
// Each step is one pass over the lanes from where the last one stopped: no
// index per search, bounded by the events.
#pragma once

#include "engine/timeline/timeline.h"

#include <QString>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace Ridgeline {

struct TimelineSpot
{
    std::uint32_t lane = 0;
    std::uint32_t event = 0;
    std::int64_t startNs = 0;
};

// Per label, whether `text` occurs in its name or in `displayName(label)`
// (when given and not empty). Empty text matches nothing.
std::vector<bool> labelsMatching(
    const Timeline& timeline, const QString& text, const std::function<QString(std::uint32_t)>& displayName = nullptr);

// Boxes of matching labels on the shown lanes (laneShown: missing entries shown).
std::int64_t countMatches(const Timeline& timeline, const std::vector<bool>& matched, const std::vector<bool>& laneShown);

// The matching box after (direction > 0) or before `from` in the order of
// (start, lane, event); from nullopt: the first (or the last). Nullopt when none.
std::optional<TimelineSpot> stepToMatch(const Timeline& timeline, const std::vector<bool>& matched, const std::vector<bool>& laneShown,
    const std::optional<TimelineSpot>& from, int direction);

} // namespace Ridgeline
