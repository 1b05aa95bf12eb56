#include "engine/results/statistics.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {

std::optional<SampleStats> summarize(std::vector<double> samples)
{
    if (samples.empty())
        return std::nullopt;
    SampleStats stats;
    stats.count = int(samples.size());
    for (double value : samples)
        stats.sum += value;
    stats.mean = stats.sum / double(stats.count);
    std::sort(samples.begin(), samples.end());
    stats.min = samples.front();
    stats.max = samples.back();
    const size_t middle = samples.size() / 2;
    stats.median = samples.size() % 2 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2.0;
    if (stats.count >= 2) {
        double squares = 0;
        for (double value : samples)
            squares += (value - stats.mean) * (value - stats.mean);
        stats.std = std::sqrt(squares / double(stats.count - 1));
    }
    return stats;
}

} // namespace Ridgeline
