// Stage results/: calls grouped into unique kernel rows.
// Summary statistics of per-call samples, as TraceLens reports them.
#pragma once

#include <optional>
#include <vector>

namespace Ridgeline {

struct SampleStats
{
    int count = 0;
    double sum = 0;
    double mean = 0;
    double median = 0;
    double min = 0;
    double max = 0;
    std::optional<double> std; // sample standard deviation (ddof 1); nullopt below 2 samples
};

// nullopt for no samples.
std::optional<SampleStats> summarize(std::vector<double> samples);

} // namespace Ridgeline
