// A row's statistics read back as they were given, whether they are kept
// inline (one sample) or on the heap (any other), and copies share them.
#include "engine/results/compactstats.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

using namespace Ridgeline;

namespace {

void expectSameBits(const SampleStats& a, const SampleStats& b)
{
    EXPECT_EQ(a.count, b.count);
    for (auto field : { &SampleStats::sum, &SampleStats::mean, &SampleStats::median, &SampleStats::min, &SampleStats::max }) {
        EXPECT_EQ(std::bit_cast<std::uint64_t>(a.*field), std::bit_cast<std::uint64_t>(b.*field));
    }
    ASSERT_EQ(a.std.has_value(), b.std.has_value());
    if (a.std) {
        EXPECT_EQ(std::bit_cast<std::uint64_t>(*a.std), std::bit_cast<std::uint64_t>(*b.std));
    }
}

} // namespace

TEST(CompactStats, OneSampleIsKeptInlineAndReadsBackAsSummarizeGaveIt)
{
    for (double v : { 12.5, 0.0, -0.0, 1e-300, 4.4e-324, 1e308, -3.0, std::numeric_limits<double>::infinity() }) {
        const std::optional<SampleStats> given = summarize({ v });
        ASSERT_TRUE(given);
        const CompactStats kept(given);
        // -0.0 sums to +0.0 beside a median of -0.0: kept whole, read back the same.
        EXPECT_EQ(kept.isInline(), !std::signbit(v) || v != 0) << v;
        ASSERT_TRUE(kept.has_value());
        expectSameBits(*kept, *given);
        EXPECT_EQ(kept->count, 1);
        expectSameBits(*kept.toOptional(), *given);
    }
}

TEST(CompactStats, AnythingElseIsKeptWholeOnTheHeap)
{
    const CompactStats several(summarize({ 1.0, 2.0, 4.0 }));
    EXPECT_FALSE(several.isInline());
    expectSameBits(*several, *summarize({ 1.0, 2.0, 4.0 }));
    EXPECT_DOUBLE_EQ(several->median, 2.0);

    // A NaN sample, and one sample whose fields disagree (not what summarize
    // gives): both are kept as they are, not made up from the sum.
    SampleStats nanSample = *summarize({ 1.0 });
    nanSample.sum = nanSample.mean = nanSample.median = nanSample.min = nanSample.max = std::numeric_limits<double>::quiet_NaN();
    const CompactStats nan(nanSample);
    EXPECT_FALSE(nan.isInline());
    EXPECT_TRUE(std::isnan(nan->sum));
    SampleStats odd = *summarize({ 3.0 });
    odd.max = 4.0;
    const CompactStats oddKept(odd);
    EXPECT_FALSE(oddKept.isInline());
    EXPECT_DOUBLE_EQ(oddKept->max, 4.0);
}

TEST(CompactStats, EmptyReadsAsNulloptAndResets)
{
    CompactStats none;
    EXPECT_FALSE(none);
    EXPECT_FALSE(none.toOptional());
    EXPECT_FALSE(CompactStats(std::optional<SampleStats>()).has_value());
    CompactStats one(summarize({ 5.0 }));
    EXPECT_TRUE(one);
    one.reset();
    EXPECT_FALSE(one);
    CompactStats many(summarize({ 5.0, 6.0 }));
    const CompactStats copy = many;
    many = std::nullopt;
    EXPECT_FALSE(many);
    ASSERT_TRUE(copy); // the copy keeps what it shared
    EXPECT_EQ(copy->count, 2);
}
