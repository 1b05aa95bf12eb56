// Stage results/: calls grouped into unique kernel rows.
// A row's per-call GPU times, kept so that time above any threshold (an
// attainable time that changes with the GPU and peaks chosen) sums exactly:
// distinct values with their counts, so a kernel called a million times at
// a few hundred distinct durations costs a few kilobytes.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace Ridgeline {

class CallTimes
{
public:
    CallTimes() = default;
    explicit CallTimes(std::vector<double> timesUs);

    std::int64_t count() const { return m_count; }
    // Sum over calls of max(0, time - thresholdUs): linear in the distinct
    // times above the threshold (a budget evaluates each row once).
    double excessOver(double thresholdUs) const;
    size_t distinctValues() const { return m_data ? m_data->values.size() : m_count > 0 ? 1 : 0; }

    bool operator==(const CallTimes& other) const;

private:
    // 12 bytes per distinct time: no prefix sums, which would double it for
    // the kernel called millions of times at as many distinct durations.
    // Shared between copies of a row; none where every call took one time.
    struct Data
    {
        std::vector<double> values; // ascending, distinct
        std::vector<std::uint32_t> counts;
    };
    std::shared_ptr<const Data> m_data; // null where every call took the same time
    std::int64_t m_count = 0;
    // That one time, held here: most rows of a trace of many distinct
    // kernels ran once, and a Data costs them about 130 bytes each.
    double m_onlyValue = 0;
};

} // namespace Ridgeline
