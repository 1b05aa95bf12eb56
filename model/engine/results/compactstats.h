// Stage results/: calls grouped into unique kernel rows.
// A row's optional statistics (its time, TB/s or TFLOPS/s over calls), small
// where the row has one call. A trace of a million distinct kernels is a
// million rows of one call each, whose statistics are each one number: on
// the heap they would cost 88 bytes apiece (names-1m: 72 MB of its peak).
// Such statistics keep that number inline; any others keep the whole
// statistics on the heap, shared between copies of the row (HeapOptional).
// Reads the way std::optional<SampleStats> does, except that `*` and `->`
// give a value built on the spot, not a reference into the row.
#pragma once

#include "engine/base/memory/heapoptional.h"
#include "engine/results/statistics.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace Ridgeline {

class CompactStats
{
public:
    CompactStats() = default;
    CompactStats(std::nullopt_t) { }
    CompactStats(const SampleStats& stats) { assign(stats); }
    CompactStats(const std::optional<SampleStats>& stats)
    {
        if (stats)
            assign(*stats);
    }
    CompactStats& operator=(std::nullopt_t)
    {
        reset();
        return *this;
    }
    void reset() { *this = CompactStats(); }

    bool has_value() const { return m_box || isInline(); }
    explicit operator bool() const { return has_value(); }

    SampleStats operator*() const { return m_box ? *m_box : ofOneSample(m_value); }
    // `row.tbPerS->mean`: the statistics live as long as the expression.
    struct Arrow
    {
        SampleStats stats;
        const SampleStats* operator->() const { return &stats; }
    };
    Arrow operator->() const { return { **this }; }

    std::optional<SampleStats> toOptional() const { return has_value() ? std::optional<SampleStats>(**this) : std::nullopt; }
    operator std::optional<SampleStats>() const { return toOptional(); }

    // Whether the figures are kept inline (for tests).
    bool isInline() const { return !std::isnan(m_value); }

private:
    // What summarize() gives for one sample.
    static SampleStats ofOneSample(double value)
    {
        SampleStats stats;
        stats.count = 1;
        stats.sum = stats.mean = stats.median = stats.min = stats.max = value;
        return stats;
    }
    static bool sameBits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }
    // Inline only where reading back gives every field bit for bit.
    void assign(const SampleStats& stats)
    {
        const SampleStats one = ofOneSample(stats.sum);
        if (stats.count == 1 && !stats.std && !std::isnan(stats.sum) && sameBits(stats.mean, one.mean) && sameBits(stats.median, one.median)
            && sameBits(stats.min, one.min) && sameBits(stats.max, one.max)) {
            m_value = stats.sum;
        } else {
            m_box = stats;
        }
    }

    HeapOptional<SampleStats> m_box;
    // The one sample's value; NaN where there is none (a NaN sample is boxed).
    double m_value = std::numeric_limits<double>::quiet_NaN();
};
static_assert(sizeof(CompactStats) == 2 * sizeof(void*));

} // namespace Ridgeline
