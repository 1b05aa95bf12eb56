#include "engine/results/calltimes.h"

#include <algorithm>

namespace Ridgeline {

CallTimes::CallTimes(std::vector<double> timesUs)
{
    if (timesUs.empty())
        return;
    if (timesUs.size() == 1 && !std::isnan(timesUs.front())) {
        m_onlyValue = timesUs.front();
        return;
    }
    std::sort(timesUs.begin(), timesUs.end());
    Data data;
    data.count = std::int64_t(timesUs.size());
    for (double t : timesUs) {
        if (!data.values.empty() && data.values.back() == t && data.counts.back() < UINT32_MAX) {
            ++data.counts.back();
        } else {
            data.values.push_back(t);
            data.counts.push_back(1);
        }
    }
    data.values.shrink_to_fit();
    data.counts.shrink_to_fit();
    m_data = std::move(data);
}

bool CallTimes::operator==(const CallTimes& other) const
{
    if (!m_data || !other.m_data) {
        if (m_data || other.m_data)
            return false;
        return count() == other.count() && (count() == 0 || m_onlyValue == other.m_onlyValue);
    }
    const Data& a = *m_data;
    const Data& b = *other.m_data;
    return &a == &b || (a.count == b.count && a.values == b.values && a.counts == b.counts);
}

double CallTimes::excessOver(double thresholdUs) const
{
    if (!m_data)
        return count() > 0 && m_onlyValue > thresholdUs ? m_onlyValue - thresholdUs : 0;
    const std::vector<double>& values = m_data->values;
    const auto above = std::upper_bound(values.begin(), values.end(), thresholdUs);
    double excess = 0;
    for (size_t i = size_t(above - values.begin()); i < values.size(); ++i)
        excess += (values[i] - thresholdUs) * double(m_data->counts[i]);
    return excess;
}

} // namespace Ridgeline
