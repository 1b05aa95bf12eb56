// Stage activity/: what the GPU did over time, measured from the trace.
// The latency floor: the fixed cost of one kernel on this GPU (launch,
// ramp-up, drain), which no kernel however small can beat. No datasheet
// publishes one, so it is measured from the trace's own shortest kernels.
#pragma once

#include <cstdint>
#include <optional>
#include <queue>
#include <vector>

namespace Ridgeline {

// The 1st percentile of a device's kernel durations: the near-empty kernels
// every model launches (a fill, a one-element write) run this long. The
// minimum would be one outlier; 1 % of 200 is two kernels.
inline constexpr double latencyFloorPercentile = 1.0;
inline constexpr std::int64_t latencyFloorMinKernels = 200;

// A low percentile of `count` samples fed one by one, as numpy's default
// (linear between the two nearest ranks), keeping only the samples below
// it: 1 % of them, not all.
class LowPercentile
{
public:
    LowPercentile(std::int64_t count, double percentile);
    void add(double sample);
    std::optional<double> value() const; // nullopt before `count` samples

private:
    std::int64_t m_count = 0;
    std::int64_t m_seen = 0;
    std::int64_t m_low = 0; // rank below the percentile (0-based)
    double m_fraction = 0; // where between ranks m_low and m_low + 1
    size_t m_keep = 0; // the m_keep smallest samples
    std::priority_queue<double> m_smallest; // largest kept on top
};

} // namespace Ridgeline
