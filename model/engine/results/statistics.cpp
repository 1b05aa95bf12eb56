#include "engine/results/statistics.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {

std::optional<SampleStats> summarize(std::vector<double> samples)
{
    return summarizeCalls(samples, {}).time;
}

std::optional<double> terasPerSecond(double amount, double timeUs)
{
    if (!(timeUs > 0))
        return std::nullopt;
    return (amount / 1e12) / (timeUs / 1e6);
}

CallStatistics summarizeCalls(std::vector<double>& timesUs, std::initializer_list<std::optional<double>> amounts)
{
    CallStatistics out;
    if (timesUs.empty()) {
        out.rates.resize(amounts.size());
        return out;
    }
    // In the calls' order: counts and sums.
    SampleStats time;
    time.count = int(timesUs.size());
    for (double t : timesUs)
        time.sum += t;
    time.mean = time.sum / double(time.count);
    std::vector<std::optional<SampleStats>> rates;
    for (const std::optional<double>& amount : amounts) {
        if (!amount) {
            rates.emplace_back();
            continue;
        }
        SampleStats rate;
        for (double t : timesUs) {
            if (const auto value = terasPerSecond(*amount, t)) {
                ++rate.count;
                rate.sum += *value;
            }
        }
        if (rate.count > 0)
            rate.mean = rate.sum / double(rate.count);
        rates.emplace_back(rate);
    }

    // In ascending order: extremes, medians and the squares about the mean.
    std::sort(timesUs.begin(), timesUs.end());
    time.min = timesUs.front();
    time.max = timesUs.back();
    const size_t middle = timesUs.size() / 2;
    time.median = timesUs.size() % 2 ? timesUs[middle] : (timesUs[middle - 1] + timesUs[middle]) / 2.0;
    if (time.count >= 2) {
        double squares = 0;
        for (double t : timesUs)
            squares += (t - time.mean) * (t - time.mean);
        time.std = std::sqrt(squares / double(time.count - 1));
    }
    out.time = time;

    // The rates' samples are the positive times, a suffix of the sorted
    // ones; ascending rates walk it backwards.
    auto it = amounts.begin();
    for (std::optional<SampleStats>& rate : rates) {
        const std::optional<double>& amount = *it++;
        if (!rate || rate->count == 0) {
            rate.reset();
            out.rates.push_back(rate);
            continue;
        }
        const auto rateAt = [&](size_t ascending) { return *terasPerSecond(*amount, timesUs[timesUs.size() - 1 - ascending]); };
        const size_t n = size_t(rate->count);
        rate->min = rateAt(0);
        rate->max = rateAt(n - 1);
        rate->median = n % 2 ? rateAt(n / 2) : (rateAt(n / 2 - 1) + rateAt(n / 2)) / 2.0;
        if (n >= 2) {
            double squares = 0;
            for (size_t i = 0; i < n; ++i) {
                const double value = rateAt(i);
                squares += (value - rate->mean) * (value - rate->mean);
            }
            rate->std = std::sqrt(squares / double(n - 1));
        }
        out.rates.push_back(rate);
    }
    return out;
}

} // namespace Ridgeline
