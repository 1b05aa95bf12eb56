#include "engine/results/calltimes.h"

#include <algorithm>

namespace Ridgeline {

CallTimes::CallTimes(std::vector<double> timesUs)
{
    if (timesUs.empty())
        return;
    std::sort(timesUs.begin(), timesUs.end());
    m_count = std::int64_t(timesUs.size());
    if (timesUs.front() == timesUs.back()) {
        m_onlyValue = timesUs.front();
        return;
    }
    auto data = std::make_shared<Data>();
    for (double t : timesUs) {
        if (!data->values.empty() && data->values.back() == t && data->counts.back() < UINT32_MAX) {
            ++data->counts.back();
        } else {
            data->values.push_back(t);
            data->counts.push_back(1);
        }
    }
    data->values.shrink_to_fit();
    data->counts.shrink_to_fit();
    m_data = std::move(data);
}

bool CallTimes::operator==(const CallTimes& other) const
{
    if (m_count != other.m_count)
        return false;
    if (!m_data || !other.m_data)
        return !m_data && !other.m_data && (m_count == 0 || m_onlyValue == other.m_onlyValue);
    if (m_data == other.m_data)
        return true;
    return m_data && other.m_data && m_data->values == other.m_data->values && m_data->counts == other.m_data->counts;
}

double CallTimes::excessOver(double thresholdUs) const
{
    if (!m_data)
        return m_onlyValue > thresholdUs ? (m_onlyValue - thresholdUs) * double(m_count) : 0;
    const std::vector<double>& values = m_data->values;
    const auto above = std::upper_bound(values.begin(), values.end(), thresholdUs);
    double excess = 0;
    for (size_t i = size_t(above - values.begin()); i < values.size(); ++i)
        excess += (values[i] - thresholdUs) * double(m_data->counts[i]);
    return excess;
}

} // namespace Ridgeline
