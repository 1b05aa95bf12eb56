// The one time and the one percent formatter, on hand-picked values: the
// unit and the decimals at each boundary, where rounding carries a value
// into the next unit, negatives and values that are not numbers.
#include "engine/base/text/units.h"

#include <gtest/gtest.h>
#include <limits>

using namespace Ridgeline;

namespace {

const QString mu = QStringLiteral("\u00b5s");

} // namespace

TEST(FormatTimeUs, ThreeSignificantDigitsInEachUnit)
{
    EXPECT_EQ(formatTimeUs(0), QStringLiteral("0.00 ") + mu);
    EXPECT_EQ(formatTimeUs(4.4), QStringLiteral("4.40 ") + mu);
    EXPECT_EQ(formatTimeUs(58.7), QStringLiteral("58.7 ") + mu);
    EXPECT_EQ(formatTimeUs(527.382), QStringLiteral("527 ") + mu);
    EXPECT_EQ(formatTimeUs(7800), QStringLiteral("7.80 ms"));
    EXPECT_EQ(formatTimeUs(12'345), QStringLiteral("12.3 ms"));
    EXPECT_EQ(formatTimeUs(1'171'600), QStringLiteral("1.17 s"));
    // Past the largest unit the digits left of the point all stay.
    EXPECT_EQ(formatTimeUs(1'234'000'000), QStringLiteral("1234 s"));
}

TEST(FormatTimeUs, RoundingCarriesIntoTheNextDecimalAndUnit)
{
    EXPECT_EQ(formatTimeUs(9.994), QStringLiteral("9.99 ") + mu);
    EXPECT_EQ(formatTimeUs(9.996), QStringLiteral("10.0 ") + mu); // not "10.00"
    EXPECT_EQ(formatTimeUs(99.96), QStringLiteral("100 ") + mu); // not "100.0"
    EXPECT_EQ(formatTimeUs(999.4), QStringLiteral("999 ") + mu);
    EXPECT_EQ(formatTimeUs(999.6), QStringLiteral("1.00 ms")); // not "1000 µs"
    EXPECT_EQ(formatTimeUs(999.995), QStringLiteral("1.00 ms"));
    EXPECT_EQ(formatTimeUs(1000), QStringLiteral("1.00 ms"));
    EXPECT_EQ(formatTimeUs(999'600), QStringLiteral("1.00 s")); // not "1000 ms"
}

TEST(FormatTimeUs, NegativesTakeTheUnitOfTheirMagnitude)
{
    EXPECT_EQ(formatTimeUs(-58.7), QStringLiteral("-58.7 ") + mu);
    EXPECT_EQ(formatTimeUs(-7800), QStringLiteral("-7.80 ms"));
    EXPECT_EQ(formatTimeUs(-999.995), QStringLiteral("-1.00 ms"));
    EXPECT_EQ(formatTimeUs(-2'500'000), QStringLiteral("-2.50 s"));
}

TEST(FormatTimeUs, NotANumberReadsAsADash)
{
    EXPECT_EQ(formatTimeUs(std::numeric_limits<double>::quiet_NaN()), QStringLiteral("–"));
    EXPECT_EQ(formatTimeUs(std::numeric_limits<double>::infinity()), QStringLiteral("–"));
    EXPECT_EQ(formatTimeUs(-std::numeric_limits<double>::infinity()), QStringLiteral("–"));
}

TEST(FormatPercent, DecimalsAsAsked)
{
    EXPECT_EQ(formatPercent(0.042), QStringLiteral("4.20 %"));
    EXPECT_EQ(formatPercent(0.5762), QStringLiteral("57.62 %"));
    EXPECT_EQ(formatPercent(0.042, 1), QStringLiteral("4.2 %"));
    EXPECT_EQ(formatPercent(0.042, 0), QStringLiteral("4 %"));
    EXPECT_EQ(formatPercent(0), QStringLiteral("0.00 %"));
    EXPECT_EQ(formatPercent(1), QStringLiteral("100.00 %"));
    EXPECT_EQ(formatPercent(1.5, 1), QStringLiteral("150.0 %")); // above the roof
    EXPECT_EQ(formatPercent(-0.125, 1), QStringLiteral("-12.5 %"));
    EXPECT_EQ(formatPercent(0.99996), QStringLiteral("100.00 %"));
}

TEST(FormatPercent, NotANumberReadsAsADash)
{
    EXPECT_EQ(formatPercent(std::numeric_limits<double>::quiet_NaN()), QStringLiteral("–"));
    EXPECT_EQ(formatPercent(std::numeric_limits<double>::infinity(), 1), QStringLiteral("–"));
}
