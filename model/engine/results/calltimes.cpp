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
}

double CallTimes::excessOver(double thresholdUs) const
{
    const auto above = std::upper_bound(m_values.begin(), m_values.end(), thresholdUs);
    double excess = 0;
    for (size_t i = size_t(above - m_values.begin()); i < m_values.size(); ++i)
        excess += (m_values[i] - thresholdUs) * double(m_counts[i]);
    return excess;
}

} // namespace Ridgeline
