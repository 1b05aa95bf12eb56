#include "engine/timeline/workspace/timelinesearch.h"

#include <limits>
#include <tuple>

namespace Ridgeline {
namespace {

bool isShown(const std::vector<bool>& laneShown, size_t lane)
{
    return lane >= laneShown.size() || laneShown[lane];
}

bool isMatched(const std::vector<bool>& matched, std::uint32_t label)
{
    return label < matched.size() && matched[label];
}

auto keyOf(const TimelineSpot& spot)
{
    return std::tuple(spot.startNs, spot.lane, spot.event);
}

} // namespace

std::vector<bool> labelsMatching(const Timeline& timeline, const QString& text, const std::function<QString(std::uint32_t)>& displayName)
{
    std::vector<bool> matched(timeline.labels.size(), false);
    if (text.isEmpty())
        return matched;
    for (std::uint32_t l = 0; l < timeline.labels.size(); ++l) {
        matched[l] = timeline.labels[l].name.contains(text, Qt::CaseInsensitive)
            || (displayName && displayName(l).contains(text, Qt::CaseInsensitive));
    }
    return matched;
}

std::int64_t countMatches(const Timeline& timeline, const std::vector<bool>& matched, const std::vector<bool>& laneShown)
{
    std::int64_t count = 0;
    for (size_t l = 0; l < timeline.lanes.size(); ++l) {
        if (!isShown(laneShown, l))
            continue;
        const TimelineEvents& events = timeline.lanes[l].events;
        for (std::uint32_t i = 0; i < events.size(); ++i)
            count += isMatched(matched, events.label(i)) ? 1 : 0;
    }
    return count;
}

std::optional<TimelineSpot> stepToMatch(const Timeline& timeline, const std::vector<bool>& matched, const std::vector<bool>& laneShown,
    const std::optional<TimelineSpot>& from, int direction)
{
    std::optional<TimelineSpot> best;
    const bool forward = direction > 0;
    for (std::uint32_t l = 0; l < timeline.lanes.size(); ++l) {
        if (!isShown(laneShown, l))
            continue;
        const TimelineEvents& events = timeline.lanes[l].events;
        // Each lane's first match past `from` (its events sorted by start):
        // forward from the first event starting at from's start, backward
        // from the last one starting at or before it.
        if (forward) {
            for (std::uint32_t i = from ? events.firstStartingAtOrAfter(from->startNs) : 0; i < events.size(); ++i) {
                const TimelineSpot spot { l, i, events.startNs(i) };
                if (best && keyOf(spot) >= keyOf(*best))
                    break;
                if (isMatched(matched, events.label(i)) && (!from || keyOf(spot) > keyOf(*from))) {
                    best = spot;
                    break;
                }
            }
        } else {
            std::uint32_t i = from ? events.firstStartingAtOrAfter(
                                         from->startNs == std::numeric_limits<std::int64_t>::max() ? from->startNs : from->startNs + 1)
                                   : events.size();
            while (i > 0) {
                --i;
                const TimelineSpot spot { l, i, events.startNs(i) };
                if (best && keyOf(spot) <= keyOf(*best))
                    break;
                if (isMatched(matched, events.label(i)) && (!from || keyOf(spot) < keyOf(*from))) {
                    best = spot;
                    break;
                }
            }
        }
    }
    return best;
}

} // namespace Ridgeline
