// Stage results/: calls grouped into unique kernel rows.
// A row's per-call GPU times, kept so that time above any threshold (an
// attainable time that changes with the GPU and peaks chosen) sums exactly:
// distinct values with their counts, so a kernel called a million times at
// a few hundred distinct durations costs a few kilobytes.
#pragma once

#include "engine/base/memory/heapoptional.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace Ridgeline {

class CallTimes
{
public:
    CallTimes() = default;
    explicit CallTimes(std::vector<double> timesUs);

    std::int64_t count() const { return m_data ? m_data->count : std::isnan(m_onlyValue) ? 0 : 1; }
    // Sum over calls of max(0, time - thresholdUs): linear in the distinct
    // times above the threshold (a budget evaluates each row once).
    double excessOver(double thresholdUs) const;
    size_t distinctValues() const { return m_data ? m_data->values.size() : count() > 0 ? 1 : 0; }

    bool operator==(const CallTimes& other) const;

private:
    // 12 bytes per distinct time: no prefix sums, which would double it for
    // the kernel called millions of times at as many distinct durations.
    // Shared between copies of a row; none where the row has one call.
    struct Data
    {
        std::vector<double> values; // ascending, distinct
        std::vector<std::uint32_t> counts;
        std::int64_t count = 0; // the sum of counts
    };
    HeapOptional<Data> m_data; // null where the row has at most one call
    // That one call's time, held here (NaN where there is none): most rows
    // of a trace of many distinct kernels ran once, and a Data costs them
    // about 130 bytes each. 16 bytes in all: a row of a million holds one.
    double m_onlyValue = std::numeric_limits<double>::quiet_NaN();
};
static_assert(sizeof(CallTimes) == 16);

} // namespace Ridgeline
