#include "engine/timebudget/rooflinelimiters.h"

namespace Ridgeline {

void markLatencyBound(RooflineData& data, const TimeBudget& budget)
{
    const auto mark = [&](std::vector<RooflinePoint>& points) {
        for (RooflinePoint& point : points) {
            const size_t index = size_t(point.kernelIndex);
            point.latencyBound = point.kernelIndex >= 0 && index < budget.rows.size() && budget.rows[index].limiter == Limiter::Latency;
        }
    };
    mark(data.points);
    mark(data.memoryOnlyPoints);
}

} // namespace Ridgeline
