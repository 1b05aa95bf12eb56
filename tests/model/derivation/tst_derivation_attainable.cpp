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

// MI300X, datasheet peaks, and this t0 with its source.
TraceJudgement judgedWith(double t0, LatencyFloor::Source source = LatencyFloor::Source::Default)
{
    TraceJudgement judged = judgedOnMi300x(AnalysisResult {})->trace;
    judged.budget.latencyFloor.us = t0;
    judged.budget.latencyFloor.source = source;
    judged.budget.latencyFloor.sourceText = QStringLiteral("the test's");
    return judged;
}

QString attainableSection(const KernelRow& row, double t0, LatencyFloor::Source source = LatencyFloor::Source::Default)
{
    MarkdownWriter md;
    Derivation::writeAttainableTime(md, row, judgedWith(t0, source));
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
                                           "over twice their attainable time")))
        << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("**Recoverable = 42 us**"))) << qPrintable(md);
    MarkdownWriter glance;
    Derivation::writeAtAGlance(glance, slow, judgedWith(2.0));
    EXPECT_TRUE(glance.text().contains(QStringLiteral("; slow for its size: attainable 3.00 \u00b5s per call, it runs 8.0x that, "
                                                      "42.0 \u00b5s recoverable (tune, not fuse)")))
        << qPrintable(glance.text());
    // FLOPs unknown, its bytes under t0: bytes-only attainable 3, one call of 10.
    const QString user = attainableSection(modelledRow(QStringLiteral("user"), 5.3e6, std::nullopt, { 10 }), 2.0);
    EXPECT_TRUE(user.contains(QStringLiteral("**Limiter: FLOPs unknown**"))) << qPrintable(user);
    EXPECT_TRUE(user.contains(QStringLiteral("**Recoverable = 7 us**"))) << qPrintable(user);
}

TEST(AttainableDerivation, TheSectionFollowsTheRooflineUnderTheJudgementsFloor)
{
    const auto sample = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    ASSERT_TRUE(sample);
    const KernelRow& row = sample->rows.front();
    const QString with = derivationMarkdown(row, judgedOnMi300x(sample)->trace);
    const qsizetype roofline = with.indexOf(QStringLiteral("## Roofline"));
    const qsizetype attainable = with.indexOf(QStringLiteral("## Attainable time"));
    EXPECT_GT(roofline, 0);
    EXPECT_GT(attainable, roofline);
    // The user's t0 reaches the text: the lens, not a parameter of its own.
    const QString chosen = derivationMarkdown(row, judgedOnMi300x(sample, PeakSet::Datasheet, 7.0)->trace);
    EXPECT_TRUE(chosen.contains(QStringLiteral("**Latency floor t0 = 7 us** — override"))) << qPrintable(chosen);
}

TEST(AttainableDerivation, AtAGlanceSaysRecoverableOrLatencyBound)
{
    const auto fixture = timeBudgetFixture();
    MarkdownWriter memory;
    Derivation::writeAtAGlance(memory, fixture->rows[0], judgedWith(2.0));
    EXPECT_TRUE(memory.text().contains(QStringLiteral(", 3.00 \u00b5s recoverable (94.74 % of attainable)"))) << qPrintable(memory.text());
    MarkdownWriter latency;
    Derivation::writeAtAGlance(latency, fixture->rows[2], judgedWith(2.0));
    EXPECT_TRUE(latency.text().contains(
        QStringLiteral("; latency-bound: attainable 3.00 \u00b5s per call, 4.00 \u00b5s recoverable (fuse, not tune)")))
        << qPrintable(latency.text());
    EXPECT_FALSE(latency.text().contains(QStringLiteral("of its roof")));
}
