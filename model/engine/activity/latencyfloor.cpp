#include "engine/activity/latencyfloor.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {

LowPercentile::LowPercentile(std::int64_t count, double percentile)
    : m_count(std::max<std::int64_t>(count, 0))
{
    const double rank = std::clamp(percentile, 0.0, 100.0) / 100.0 * double(std::max<std::int64_t>(m_count - 1, 0));
    m_low = std::int64_t(std::floor(rank));
    m_fraction = rank - double(m_low);
    m_keep = size_t(std::min<std::int64_t>(m_low + 2, std::max<std::int64_t>(m_count, 1)));
}

void LowPercentile::add(double sample)
{
    ++m_seen;
    if (m_smallest.size() < m_keep) {
        m_smallest.push(sample);
    } else if (sample < m_smallest.top()) {
        m_smallest.pop();
        m_smallest.push(sample);
    }
}

std::optional<double> LowPercentile::value() const
{
    if (m_count == 0 || m_seen < m_count)
        return std::nullopt;
    std::priority_queue<double> heap = m_smallest;
    std::vector<double> sorted;
    sorted.reserve(heap.size());
    while (!heap.empty()) {
        sorted.push_back(heap.top());
        heap.pop();
    }
    std::reverse(sorted.begin(), sorted.end());
    const double low = sorted[size_t(m_low)];
    if (size_t(m_low) + 1 >= sorted.size())
        return low;
    return low + (sorted[size_t(m_low) + 1] - low) * m_fraction;
}

} // namespace Ridgeline
