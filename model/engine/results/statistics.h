// Stage results/: calls grouped into unique kernel rows.
// Summary statistics of per-call samples, as TraceLens reports them.
#pragma once

#include <initializer_list>
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

// The mean; nullopt for no samples.
inline std::optional<double> meanOf(const std::optional<SampleStats>& stats)
{
    return stats ? std::optional<double>(stats->mean) : std::nullopt;
}

// nullopt for no samples.
std::optional<SampleStats> summarize(std::vector<double> samples);

// Per-call throughput in units of 1e12 per second; nullopt for a zero time.
std::optional<double> terasPerSecond(double amount, double timeUs);

// A row's figures from its calls' times: the times' statistics, and those of
// each amount's per-call rate (amount / time in tera-units per second, over
// the calls with a positive time: TB/s from bytes, TFLOPS/s from FLOPs).
struct CallStatistics
{
    std::optional<SampleStats> time;
    std::vector<std::optional<SampleStats>> rates; // one per amount; nullopt for no amount
};

// The same figures summarize() gives for the times and for a vector of each
// rate, to the bit, without copying the times or making the rate vectors: a
// kernel may be called millions of times. Sums go in the calls' order, as
// TraceLens sums them; then `timesUs` is sorted in place (it is left
// sorted), and since a rate falls as the time grows, the rates' ascending
// order is the times' reversed.
CallStatistics summarizeCalls(std::vector<double>& timesUs, std::initializer_list<std::optional<double>> amounts);

} // namespace Ridgeline
