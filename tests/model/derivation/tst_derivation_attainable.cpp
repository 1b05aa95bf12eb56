// The inspector's attainable-time section: t0 and its source, the roof
// terms, attainable per call, measured mean, fraction of attainable,
// recoverable time and the limiter's meaning, with the hand-derived figures
// of timebudgetfixture.h; and the section's place in a real derivation.
#include "derivation/derivationsections.h"
#include "derivation/kernelderivation.h"
#include "testsupport.h"
#include "timebudgetfixture.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

QString attainableSection(const KernelRow& row, double t0, LatencyFloor::Source source = LatencyFloor::Source::Default)
{
    LatencyFloor floor;
    floor.us = t0;
    floor.source = source;
    floor.sourceText = QStringLiteral("the test's");
    MarkdownWriter md;
    Derivation::writeAttainableTime(md, row, mi300x(), PeakSet::Datasheet, floor);
    return md.text();
}

} // namespace

TEST(AttainableDerivation, MemoryBoundKernelWithItsNumbers)
{
    const auto fixture = timeBudgetFixture();
    const QString md = attainableSection(fixture->rows[0], 2.0);
    EXPECT_TRUE(md.contains(QStringLiteral("## Attainable time"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("**Latency floor t0 = 2 us** — default: the test's"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("Bytes / HBM roof = 53000000 B / 5.3 TB/s = 10 us"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("FLOPs / compute roof = 1000000 / 163.4 TFLOPS (FP32 vector) = 0.00611995 us")))
        << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("**Attainable per call = t0 + roof term = 2 us + 10 us = 12 us**"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("Measured mean = 38 us / 3 timed calls = 12.6667 us"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("= 3 × 12 us / 38 us = 94.7368 %"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("**Recoverable = 3 us**"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("**Limiter: memory-bound**"))) << qPrintable(md);
}

TEST(AttainableDerivation, LatencyBoundMeansFuseNotTune)
{
    const auto fixture = timeBudgetFixture();
    const QString md = attainableSection(fixture->rows[2], 2.0);
    EXPECT_TRUE(md.contains(QStringLiteral("**Limiter: latency-bound**"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("Latency-bound means fuse, not tune"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("**Recoverable = 4 us**"))) << qPrintable(md);
    // An override names itself.
    EXPECT_TRUE(attainableSection(fixture->rows[0], 11.0, LatencyFloor::Source::Override)
                    .contains(QStringLiteral("**Latency floor t0 = 11 us** — override")));
}

TEST(AttainableDerivation, UnderTheFloorButSlowOrWithoutFlopsIsNotLatencyBound)
{
    // A reduction under t0 = 2 (5.3 MB = 1 us at HBM; attainable 3) whose
    // calls take 24 us: 8x its attainable time, 42 us recoverable.
    const KernelRow slow = modelledRow(QStringLiteral("red"), 5.3e6, 1.3e6, { 24, 24 });
    const QString md = attainableSection(slow, 2.0);
    EXPECT_TRUE(md.contains(QStringLiteral("**Limiter: slow for its size** — t0 is at least its roof term, yet its calls take "
                                           "over twice their attainable time"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("**Recoverable = 42 us**"))) << qPrintable(md);
    LatencyFloor floor; // Ridgeline's default, 2 us
    MarkdownWriter glance;
    Derivation::writeAtAGlance(glance, slow, mi300x(), PeakSet::Datasheet, &floor);
    EXPECT_TRUE(glance.text().contains(QStringLiteral("; slow for its size: attainable 3.00 \u00b5s per call, it runs 8.0x that, "
                                                      "42.0 \u00b5s recoverable (tune, not fuse)")))
        << qPrintable(glance.text());
    // FLOPs unknown, its bytes under t0: bytes-only attainable 3, one call of 10.
    const QString user = attainableSection(modelledRow(QStringLiteral("user"), 5.3e6, std::nullopt, { 10 }), 2.0);
    EXPECT_TRUE(user.contains(QStringLiteral("**Limiter: FLOPs unknown**"))) << qPrintable(user);
    EXPECT_TRUE(user.contains(QStringLiteral("**Recoverable = 7 us**"))) << qPrintable(user);
}

TEST(AttainableDerivation, TheSectionFollowsTheRooflineWhenAFloorIsGiven)
{
    const auto sample = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    ASSERT_TRUE(sample);
    const KernelRow& row = sample->rows.front();
    LatencyFloor floor;
    const QString with = derivationMarkdown(row, mi300x(), PeakSet::Datasheet, floor);
    const qsizetype roofline = with.indexOf(QStringLiteral("## Roofline"));
    const qsizetype attainable = with.indexOf(QStringLiteral("## Attainable time"));
    EXPECT_GT(roofline, 0);
    EXPECT_GT(attainable, roofline);
    EXPECT_FALSE(derivationMarkdown(row, mi300x(), PeakSet::Datasheet).contains(QStringLiteral("## Attainable time")));
}

TEST(AttainableDerivation, AtAGlanceSaysRecoverableOrLatencyBound)
{
    const auto fixture = timeBudgetFixture();
    LatencyFloor floor; // Ridgeline's default, 2 us
    MarkdownWriter memory;
    Derivation::writeAtAGlance(memory, fixture->rows[0], mi300x(), PeakSet::Datasheet, &floor);
    EXPECT_TRUE(memory.text().contains(QStringLiteral(", 3.00 \u00b5s recoverable (94.74 % of attainable)"))) << qPrintable(memory.text());
    MarkdownWriter latency;
    Derivation::writeAtAGlance(latency, fixture->rows[2], mi300x(), PeakSet::Datasheet, &floor);
    EXPECT_TRUE(latency.text().contains(QStringLiteral("; latency-bound: attainable 3.00 \u00b5s per call, 4.00 \u00b5s recoverable (fuse, not tune)")))
        << qPrintable(latency.text());
    EXPECT_FALSE(latency.text().contains(QStringLiteral("of its roof")));
    MarkdownWriter without;
    Derivation::writeAtAGlance(without, fixture->rows[0], mi300x(), PeakSet::Datasheet);
    EXPECT_FALSE(without.text().contains(QStringLiteral("recoverable")));
}
