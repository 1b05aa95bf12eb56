// The ruler's ticks: at any zoom, from a whole trace down to a microsecond
// far from zero, every label in view differs from its neighbours, all are
// in one unit, and the step leaves room for the widest label. Labels are
// derived by hand in comments.
#include "engine/timeline/workspace/timelineticks.h"

#include <QStringList>
#include <cmath>
#include <gtest/gtest.h>
#include <set>

using namespace Ridgeline;

namespace {

// A fixed-pitch font of 7 px per character: the widths the test reasons with.
double sevenPerChar(const QString& text)
{
    return 7.0 * double(text.size());
}

QStringList labelsOf(const TimelineTicks& ticks)
{
    QStringList labels;
    for (const TimelineTick& tick : ticks.ticks)
        labels << tick.label;
    return labels;
}

} // namespace

TEST(TimelineTicks, LabelsFromIntegersInOneUnit)
{
    EXPECT_EQ(tickLabel(341250000, 1000000, 2), QStringLiteral("341.25 ms"));
    EXPECT_EQ(tickLabel(341000000, 1000000, 0), QStringLiteral("341 ms"));
    EXPECT_EQ(tickLabel(-5000, 1000, 1), QStringLiteral("-5.0 µs"));
    EXPECT_EQ(tickLabel(1000000001, 1000000000, 9), QStringLiteral("1.000000001 s"));
    EXPECT_EQ(tickLabel(0, 1000000, 3), QStringLiteral("0.000 ms"));
}

TEST(TimelineTicks, DeepZoomAt341MsNeverRepeats)
{
    // 341.000 to 341.200 ms over 800 px: 250 ns a pixel. A 10 us step needs
    // two decimals in ms ("341.20 ms", 9 characters: 63 px + 16 = 79 px) but
    // is 40 px apart; 20 us is 80 px: 341.00, 341.02, ... 341.20 ms.
    const TimelineTicks ticks = timelineTicks(341.0e6, 341.2e6, 800, sevenPerChar);
    EXPECT_EQ(ticks.stepNs, 20000);
    const QStringList labels = labelsOf(ticks);
    ASSERT_EQ(labels.size(), 11);
    EXPECT_EQ(labels.mid(0, 3), QStringList({ QStringLiteral("341.00 ms"), QStringLiteral("341.02 ms"), QStringLiteral("341.04 ms") }));
    EXPECT_EQ(labels.back(), QStringLiteral("341.20 ms"));
}

TEST(TimelineTicks, NoRepeatAtAnyZoomOrOffset)
{
    // Views from 2 s down to 1 us wide, starting at 0, at 341 ms, at 12 s
    // and 2^60 ns (36 years) in: each label distinct, rising by the step,
    // and at most one tick per (widest label + gap) of pixels.
    for (double origin : { 0.0, 341.0e6 + 123.0, 12.0e9 + 7.0, 1152921504606846976.0 }) {
        for (double span = 2.0e9; span >= 1000; span /= 3.7) {
            const TimelineTicks ticks = timelineTicks(origin, origin + span, 600, sevenPerChar);
            SCOPED_TRACE(QStringLiteral("origin %1 span %2").arg(origin).arg(span).toStdString());
            std::set<QString> seen;
            double widest = 0;
            for (size_t i = 0; i < ticks.ticks.size(); ++i) {
                EXPECT_TRUE(seen.insert(ticks.ticks[i].label).second) << ticks.ticks[i].label.toStdString();
                if (i > 0) {
                    EXPECT_EQ(ticks.ticks[i].ns - ticks.ticks[i - 1].ns, ticks.stepNs);
                }
                widest = std::max(widest, sevenPerChar(ticks.ticks[i].label));
            }
            EXPECT_GE(double(ticks.stepNs) * 600 / span, widest + 16 - 1e-9);
            if (span >= 1e5) {
                EXPECT_GE(ticks.ticks.size(), 1u); // a step fits a view this wide
            }
        }
    }
}

TEST(TimelineTicks, FarFromZeroCountsByTheStep)
{
    // 2^60 ns = 1152921504.606846976 s, a view 2048 ns wide (the doubles
    // there are 256 ns apart) over 600 px: 3.41 ns a pixel. A 100 ns step
    // needs 7 decimals in s (20 characters: 156 px, 533 ns), and so do 200
    // and 500; 1 us needs 6 (19: 149 px, 509 ns): ...847, 848 and 849 us,
    // the digits exact.
    const double start = 1152921504606846976.0;
    const TimelineTicks ticks = timelineTicks(start, start + 2048, 600, sevenPerChar);
    EXPECT_EQ(ticks.stepNs, 1000);
    EXPECT_EQ(labelsOf(ticks),
        QStringList(
            { QStringLiteral("1152921504.606847 s"), QStringLiteral("1152921504.606848 s"), QStringLiteral("1152921504.606849 s") }));
}

TEST(TimelineTicks, EmptyOrHostileViewsHaveNoTicks)
{
    EXPECT_TRUE(timelineTicks(5, 5, 600, sevenPerChar).ticks.empty());
    EXPECT_TRUE(timelineTicks(0, std::nan(""), 600, sevenPerChar).ticks.empty());
    EXPECT_TRUE(timelineTicks(0, 1e6, 0, sevenPerChar).ticks.empty());
    // A view past the clock's bound is drawn at it, with a bounded tick count.
    EXPECT_LE(timelineTicks(-1e30, 1e30, 600, sevenPerChar).ticks.size(), 601u);
}
