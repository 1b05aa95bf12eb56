// IndexCount::countUnion against brute enumeration: random unions of affine
// boxes (shared and private digits, overlapping and separated strides,
// negative coefficients), the channels-last window case, and overflow.
#include "engine/kernelsource/recipe/indexcount.h"

#include <gtest/gtest.h>
#include <random>
#include <set>

namespace Ridgeline::IndexCount {
namespace {

std::set<std::int64_t> brute(const std::vector<Box>& boxes)
{
    std::set<std::int64_t> values;
    for (const Box& box : boxes) {
        std::vector<std::int64_t> digit(box.terms.size());
        for (size_t k = 0; k < digit.size(); ++k)
            digit[k] = box.terms[k].lo;
        while (true) {
            std::int64_t v = box.constant;
            for (size_t k = 0; k < digit.size(); ++k)
                v += box.terms[k].coefficient * digit[k];
            values.insert(v);
            size_t k = 0;
            for (; k < digit.size(); ++k) {
                if (++digit[k] < box.terms[k].hi)
                    break;
                digit[k] = box.terms[k].lo;
            }
            if (k == digit.size())
                break;
        }
    }
    return values;
}

TEST(IndexCount, RandomUnionsMatchABruteCount)
{
    std::mt19937 random(32);
    const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
    int factored = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        // Digits 0..3 with extents; each box takes some, shared ones identical.
        const int digits = pick(1, 4);
        std::vector<Term> common;
        for (int d = 0; d < digits; ++d) {
            const std::int64_t extent = pick(1, 12);
            const std::int64_t coefficient = std::int64_t(pick(1, 3) == 1 ? pick(1, 4) : pick(1, 300)) * (pick(0, 5) == 0 ? -1 : 1);
            const std::int64_t lo = pick(0, 2) == 0 ? pick(0, int(extent) - 1) : 0;
            common.push_back({ d, coefficient, lo, extent });
        }
        std::vector<Box> boxes(size_t(pick(1, 4)));
        for (Box& box : boxes) {
            box.constant = pick(-40, 40);
            for (const Term& t : common) {
                if (pick(0, 3) == 0)
                    continue;
                Term own = t;
                if (pick(0, 4) == 0)
                    own.hi = std::max(own.lo + 1, own.hi - pick(0, 3)); // a mask narrows it in this box only
                box.terms.push_back(own);
            }
        }
        const std::set<std::int64_t> expected = brute(boxes);
        const Count count = countUnion(boxes);
        ASSERT_TRUE(count.unique.has_value()) << "trial " << trial << ": " << count.why.toStdString();
        ASSERT_EQ(*count.unique, std::int64_t(expected.size())) << "trial " << trial;
        ASSERT_EQ(count.min, *expected.begin()) << "trial " << trial;
        ASSERT_EQ(count.max, *expected.rbegin()) << "trial " << trial;
        factored += boxes.size() > 1;
    }
    EXPECT_GT(factored, 1000);
}

TEST(IndexCount, ChannelsLastWindowsFactorTheChannelsOutWithoutEnumerating)
{
    // Nine 3x3 window loads over 56x56 outputs, channels (64) innermost, and
    // 2^20 images on top: far past the enumeration cap unless the channel
    // digit and the images are factored out.
    std::vector<Box> boxes;
    for (int dy = 0; dy < 3; ++dy) {
        for (int dx = 0; dx < 3; ++dx) {
            Box box;
            box.constant = -7232 + 64 * dx + 7168 * dy;
            box.terms = { { 0, 1, 0, 64 }, { 1, 128, dx == 0 ? 1 : 0, 56 }, { 2, 14336, dy == 0 ? 1 : 0, 56 }, { 3, 802816, 0, 1 << 20 } };
            boxes.push_back(box);
        }
    }
    const Count count = countUnion(boxes);
    ASSERT_TRUE(count.unique.has_value()) << count.why.toStdString();
    EXPECT_EQ(*count.unique, std::int64_t(112 * 112 * 64 - 0) * (1 << 20) - std::int64_t(0));
}

TEST(IndexCount, OverlappingStridesPastTheCapAreNotGuessed)
{
    Box box;
    box.terms = { { 0, 3, 0, 2000 }, { 1, 2, 0, 2000 } };
    const Count count = countUnion({ box });
    EXPECT_FALSE(count.unique.has_value());
    EXPECT_TRUE(count.why.contains(QLatin1String("overlap"))) << count.why.toStdString();
}

TEST(IndexCount, SixtyFourBitsOverflowIsReportedNotWrapped)
{
    Box box;
    box.terms = { { 0, std::int64_t(1) << 40, 0, std::int64_t(1) << 30 } };
    const Count count = countUnion({ box });
    EXPECT_FALSE(count.unique.has_value());
    EXPECT_TRUE(count.why.contains(QLatin1String("64 bits"))) << count.why.toStdString();
    Box huge;
    huge.constant = INT64_MIN;
    EXPECT_FALSE(countUnion({ huge }).unique.has_value());
}

} // namespace
} // namespace Ridgeline::IndexCount
