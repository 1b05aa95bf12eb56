#include "engine/results/calltimes.h"

#include <algorithm>

namespace Ridgeline {

CallTimes::CallTimes(std::vector<double> timesUs)
{
    std::sort(timesUs.begin(), timesUs.end());
    for (double t : timesUs) {
        if (!m_values.empty() && m_values.back() == t && m_counts.back() < UINT32_MAX) {
            ++m_counts.back();
        } else {
            m_values.push_back(t);
            m_counts.push_back(1);
        }
    }
    m_values.shrink_to_fit();
    m_counts.shrink_to_fit();
    m_count = std::int64_t(timesUs.size());
    m_suffixSums.assign(m_values.size() + 1, 0.0);
    m_suffixCounts.assign(m_values.size() + 1, 0);
    for (size_t i = m_values.size(); i-- > 0;) {
        m_suffixSums[i] = m_suffixSums[i + 1] + m_values[i] * double(m_counts[i]);
        m_suffixCounts[i] = m_suffixCounts[i + 1] + m_counts[i];
    }
}

double CallTimes::excessOver(double thresholdUs) const
{
    if (m_values.empty())
        return 0;
    const auto above = std::upper_bound(m_values.begin(), m_values.end(), thresholdUs);
    const size_t first = size_t(above - m_values.begin());
    return std::max(0.0, m_suffixSums[first] - double(m_suffixCounts[first]) * thresholdUs);
}

} // namespace Ridgeline
