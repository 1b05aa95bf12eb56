#include "engine/timeline/timelineevents.h"

#include <algorithm>

namespace Ridgeline {
namespace {

std::int64_t wideValue(const auto& table, std::uint32_t index)
{
    const auto it = std::lower_bound(table.begin(), table.end(), index, [](const auto& w, std::uint32_t i) { return w.index < i; });
    return it != table.end() && it->index == index ? it->value : 0;
}

} // namespace

void TimelineEvents::append(std::int64_t startNs, std::int64_t durationNs, std::uint32_t label)
{
    const std::uint32_t index = size();
    durationNs = std::max<std::int64_t>(durationNs, 0);
    if (index % blockSize == 0) {
        m_blockBase.push_back(startNs);
        m_latestEnd.push_back(m_latestEnd.empty() ? startNs + durationNs : m_latestEnd.back());
    }
    const std::int64_t offset = startNs - m_blockBase.back();
    if (offset >= 0 && offset < std::int64_t(farStart)) {
        m_startOffset.push_back(std::uint32_t(offset));
    } else {
        m_startOffset.push_back(farStart);
        m_farStarts.push_back({ index, startNs });
    }
    if (durationNs < std::int64_t(longDuration)) {
        m_durationNs.push_back(std::uint32_t(durationNs));
    } else {
        m_durationNs.push_back(longDuration);
        m_longDurations.push_back({ index, durationNs });
    }
    m_label.push_back(label);
    m_latestEnd.back() = std::max(m_latestEnd.back(), startNs + durationNs);
}

void TimelineEvents::reserve(std::uint32_t count)
{
    const size_t blocks = (size_t(count) + blockSize - 1) / blockSize;
    m_blockBase.reserve(blocks);
    m_latestEnd.reserve(blocks);
    m_startOffset.reserve(count);
    m_durationNs.reserve(count);
    m_label.reserve(count);
}

void TimelineEvents::shrinkToFit()
{
    m_blockBase.shrink_to_fit();
    m_latestEnd.shrink_to_fit();
    m_startOffset.shrink_to_fit();
    m_durationNs.shrink_to_fit();
    m_label.shrink_to_fit();
    m_farStarts.shrink_to_fit();
    m_longDurations.shrink_to_fit();
}

std::int64_t TimelineEvents::startNs(std::uint32_t index) const
{
    const std::uint32_t offset = m_startOffset[index];
    return offset == farStart ? wideValue(m_farStarts, index) : m_blockBase[index / blockSize] + offset;
}

std::int64_t TimelineEvents::durationNs(std::uint32_t index) const
{
    const std::uint32_t duration = m_durationNs[index];
    return duration == longDuration ? wideValue(m_longDurations, index) : duration;
}

std::uint32_t TimelineEvents::firstStartingAtOrAfter(std::int64_t ns) const
{
    std::uint32_t low = 0, high = size();
    while (low < high) {
        const std::uint32_t mid = low + (high - low) / 2;
        if (startNs(mid) < ns)
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}

std::uint32_t TimelineEvents::firstReaching(std::int64_t ns) const
{
    std::uint32_t first = firstStartingAtOrAfter(ns);
    // Walk back over the events that started before `ns`; a block whose
    // latest end (over all blocks up to it) is not past `ns` ends the walk.
    for (std::uint32_t i = first; i > 0; --i) {
        const std::uint32_t candidate = i - 1;
        if (latestEndThroughBlockOf(candidate) <= ns)
            break;
        if (endNs(candidate) > ns)
            first = candidate;
    }
    return first;
}

double TimelineEvents::bytesPerEvent() const
{
    if (empty())
        return 0;
    const double bytes = double(m_blockBase.size() + m_latestEnd.size()) * 8.0
        + double(m_startOffset.size() + m_durationNs.size() + m_label.size()) * 4.0
        + double(m_farStarts.size() + m_longDurations.size()) * double(sizeof(Wide));
    return bytes / double(size());
}

} // namespace Ridgeline
