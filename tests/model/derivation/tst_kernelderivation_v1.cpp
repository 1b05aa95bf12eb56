// The inspector's Markdown for the Inductor cache: a V1 row's derivation
// (file, block, size_hints, signature, formulas with numbers), a V2 row's
// cross-check with the output-write note, and the Triton source.
#include "cachefixtures.h"
#include "derivation/kernelderivation.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const QString rmsNorm = QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0");
const QString silu = QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2");

QString derivationOf(const QString& trace, const QString& cache, const QString& kernel)
{
    const auto outcome = analyzeWithCache(trace, cache);
    if (outcome.status != AnalysisOutcome::Status::Ok)
        return QStringLiteral("analysis failed: ") + outcome.error;
    const KernelRow* row = findRow(*outcome.result, kernel);
    if (!row)
        return QStringLiteral("no row ") + kernel;
    const GpuCatalog catalog = GpuCatalog::builtIn();
    return derivationMarkdown(*row, judgedOnMi300x(AnalysisResult {}, PeakSet::Datasheet)->trace);
}

} // namespace

TEST(KernelDerivationV1, V1RowShowsTheBlockAndTheFormulasWithNumbers)
{
    CacheFixtures fixtures;
    const QString md = derivationOf(fixtures.traceWithoutV2Args(), fixtures.cacheDirectory(), rmsNorm);
    EXPECT_TRUE(md.contains(QStringLiteral("**Provenance: `V1`**"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("## Inductor cache block")));
    EXPECT_TRUE(md.contains(QStringLiteral("cache/") + QString::fromLatin1(fixtureWrapperMember)));
    EXPECT_TRUE(md.contains(QStringLiteral("**Block:** 0 of the file, line 47")));
    EXPECT_TRUE(md.contains(QStringLiteral("`{'x': 32768, 'r0_': 2048}` (dict form, PyTorch 2.7 and later)")));
    EXPECT_TRUE(md.contains(QStringLiteral("**Original ATen:** `pow, mean, add, rsqrt, mul`")));
    // The signature term by term, and the bytes formula of the spec's RMSNorm V1 example.
    EXPECT_TRUE(md.contains(QStringLiteral("| 2 | `out_ptr0` | `*bf16` | 2 | 32,768 | 1 | 65,536 |"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("| 0 | `in_ptr0` | `*bf16` | 2 | 67,108,864 | 1 | 134,217,728 |")));
    EXPECT_TRUE(md.contains(QStringLiteral("`(2 + 2) x 32768 x 2048 + 2 x 32768 = 268500992`")));
    EXPECT_TRUE(md.contains(QStringLiteral("**Total bytes** = 134,217,728 + 134,217,728 + 65,536 = **268,500,992 B**")));
    EXPECT_TRUE(md.contains(QStringLiteral("`(2 + 1 + 1 + 2 + 1) x 32768 x 2048 = 469762048`")));
    EXPECT_TRUE(md.contains(QStringLiteral("Ops from the block's Original ATen comment")));
    EXPECT_TRUE(md.contains(QStringLiteral("they are exact, not size_hints' powers of two")));
    // The V2 wording does not leak into a V1 row.
    EXPECT_FALSE(md.contains(QStringLiteral("Each tensor arg")));
    // The source comes last, fenced as Python for the highlighter.
    const qsizetype source = md.indexOf(QStringLiteral("## Triton source\n\n```python\n"));
    ASSERT_GE(source, 0);
    EXPECT_GT(source, md.indexOf(QStringLiteral("## Roofline")));
    EXPECT_TRUE(md.mid(source).contains(
        QStringLiteral("def triton_red_fused_add_mean_mul_pow_rsqrt_0(in_ptr0, in_ptr1, out_ptr0, xnumel, r0_numel")));
    EXPECT_TRUE(md.trimmed().endsWith(QStringLiteral("```")));
}

TEST(KernelDerivationV1, V2RowIsCrossCheckedAgainstTheCache)
{
    CacheFixtures fixtures;
    const QString md = derivationOf(bundledSampleTrace(), fixtures.cacheDirectory(), silu);
    EXPECT_TRUE(md.contains(QStringLiteral("**Provenance: `V2`**"))) << qPrintable(md);
    // The write-back of in_out_ptr0 confirms V2's extra write of the first tensor.
    EXPECT_TRUE(md.contains(QStringLiteral("**Inductor cache:** V1 signature agrees: the first pointer, in_out_ptr0"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("## Cross-check against the Inductor cache")));
    // V2 and V1 side by side: the same elements, so the same bytes (2 + 2 x 2 bytes over 268,435,456 elements).
    EXPECT_TRUE(md.contains(QStringLiteral("| xnumel | 268,435,456 | 268,435,456 |"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("| bytes | 1,610,612,736 | 1,610,612,736 |"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("`(2 x 2 + 2) x 268435456 = 1610612736`"))) << qPrintable(md);
    EXPECT_TRUE(md.contains(QStringLiteral("## Triton source")));
}

TEST(KernelDerivationV1, WithoutACacheThereIsNoCacheSection)
{
    const auto outcome = analyze(bundledSampleTrace());
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    const KernelRow* row = findRow(*outcome.result, silu);
    ASSERT_NE(row, nullptr);
    const QString md = derivationMarkdown(*row, judgedOnMi300x(AnalysisResult {}, PeakSet::Datasheet)->trace);
    EXPECT_FALSE(md.contains(QStringLiteral("## Inductor cache block")));
    EXPECT_FALSE(md.contains(QStringLiteral("## Cross-check against the Inductor cache")));
    EXPECT_FALSE(md.contains(QStringLiteral("```python")));
    // The kernel's source section says there is none, why, and how to attach one.
    EXPECT_TRUE(md.contains(QStringLiteral("## Kernel source\n\nNo source: ")));
}
