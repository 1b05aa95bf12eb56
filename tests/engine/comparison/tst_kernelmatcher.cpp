// Matching kernels across two traces, one fixture per match kind: each row
// is built by hand (name, args, time share), so the evidence is plain.
#include "engine/comparison/kernelmatcher.h"
#include "engine/triton/opcatalog.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

KernelRow row(const QString& name, const QString& dims, double share, const QString& types = QStringLiteral("[\"c10::BFloat16\"]"))
{
    KernelRow r;
    r.name = name;
    r.parsedName = parseKernelName(name, OpCatalog::builtIn());
    r.args.edit().inputDimsJson = dims;
    r.args.edit().hasInputDims = true;
    r.args.edit().inputTypesJson = types;
    r.args.edit().hasInputTypes = true;
    r.args.edit().inputDims = {}; // the JSON text is what groups and matches
    r.shareOfGpuTime = share;
    return r;
}

const KernelMatch& matchOf(const KernelMatching& matching, int candidate)
{
    return matching.matches[size_t(candidate)];
}

} // namespace

TEST(KernelMatcher, EveryKindOnOneFixture)
{
    const std::vector<KernelRow> baseline {
        row(QStringLiteral("triton_poi_fused_add_mul_0"), QStringLiteral("[[1024]]"), 0.10), // 0: same
        row(QStringLiteral("triton_red_fused_sum_1"), QStringLiteral("[[64, 128]]"), 0.20), // 1: reshaped
        row(QStringLiteral("triton_poi_fused_silu_2"), QStringLiteral("[[4096]]"), 0.05), // 2: renamed (index moved)
        row(QStringLiteral("triton_per_fused_mean_rsqrt_3"), QStringLiteral("[[8, 512]]"), 0.15), // 3: similar
        row(QStringLiteral("triton_poi_fused_cat_4"), QStringLiteral("[[2, 3]]"), 0.01), // 4: removed
    };
    const std::vector<KernelRow> candidate {
        row(QStringLiteral("triton_poi_fused_add_mul_0"), QStringLiteral("[[1024]]"), 0.11),
        row(QStringLiteral("triton_red_fused_sum_1"), QStringLiteral("[[128, 128]]"), 0.25),
        row(QStringLiteral("triton_poi_fused_silu_7"), QStringLiteral("[[4096]]"), 0.05),
        row(QStringLiteral("triton_per_fused_mean_rsqrt_9"), QStringLiteral("[[16, 512]]"), 0.14),
        row(QStringLiteral("triton_poi_fused_exp_5"), QStringLiteral("[[99]]"), 0.02), // added
    };
    const KernelMatching matching = matchKernels(baseline, candidate);
    ASSERT_EQ(matching.matches.size(), 6u);
    EXPECT_EQ(matchOf(matching, 0).kind, MatchKind::Same);
    EXPECT_EQ(matchOf(matching, 0).baseline, 0);
    EXPECT_EQ(matchOf(matching, 1).kind, MatchKind::Reshaped);
    EXPECT_EQ(matchOf(matching, 1).baseline, 1);
    EXPECT_EQ(matchOf(matching, 2).kind, MatchKind::Renamed);
    EXPECT_EQ(matchOf(matching, 2).baseline, 2);
    EXPECT_EQ(matchOf(matching, 3).kind, MatchKind::Similar);
    EXPECT_EQ(matchOf(matching, 3).baseline, 3);
    EXPECT_EQ(matchOf(matching, 4).kind, MatchKind::Added);
    EXPECT_EQ(matchOf(matching, 4).baseline, -1);
    EXPECT_EQ(matching.matches[5].kind, MatchKind::Removed);
    EXPECT_EQ(matching.matches[5].baseline, 4);
    EXPECT_EQ(matching.matches[5].candidate, -1);
    for (MatchKind kind :
        { MatchKind::Same, MatchKind::Reshaped, MatchKind::Renamed, MatchKind::Similar, MatchKind::Added, MatchKind::Removed })
        EXPECT_EQ(matching.count(kind), 1) << qPrintable(matchKindKey(kind));
}

TEST(KernelMatcher, StrongerEvidenceWinsOverACloserShare)
{
    // The candidate's exact twin exists; a same-name row with a closer share must not take it.
    const std::vector<KernelRow> baseline {
        row(QStringLiteral("triton_poi_fused_add_0"), QStringLiteral("[[8]]"), 0.50),
        row(QStringLiteral("triton_poi_fused_add_0"), QStringLiteral("[[16]]"), 0.10),
    };
    const std::vector<KernelRow> candidate { row(QStringLiteral("triton_poi_fused_add_0"), QStringLiteral("[[8]]"), 0.10) };
    const KernelMatching matching = matchKernels(baseline, candidate);
    EXPECT_EQ(matchOf(matching, 0).kind, MatchKind::Same);
    EXPECT_EQ(matchOf(matching, 0).baseline, 0);
    EXPECT_EQ(matching.count(MatchKind::Removed), 1);
}

TEST(KernelMatcher, TiesGoToTheCloserShareOfGpuTime)
{
    const std::vector<KernelRow> baseline {
        row(QStringLiteral("triton_red_fused_sum_1"), QStringLiteral("[[1, 64]]"), 0.40),
        row(QStringLiteral("triton_red_fused_sum_1"), QStringLiteral("[[2, 64]]"), 0.05),
    };
    const std::vector<KernelRow> candidate {
        row(QStringLiteral("triton_red_fused_sum_1"), QStringLiteral("[[3, 64]]"), 0.06),
        row(QStringLiteral("triton_red_fused_sum_1"), QStringLiteral("[[4, 64]]"), 0.38),
    };
    const KernelMatching matching = matchKernels(baseline, candidate);
    EXPECT_EQ(matchOf(matching, 0).kind, MatchKind::Reshaped);
    EXPECT_EQ(matchOf(matching, 0).baseline, 1);
    EXPECT_EQ(matchOf(matching, 1).baseline, 0);
}

TEST(KernelMatcher, NoFusedOpsIsNoEvidenceForSimilar)
{
    // Generic names say nothing about what a kernel does: no similar match.
    const std::vector<KernelRow> baseline { row(QStringLiteral("triton_0"), QStringLiteral("[[8]]"), 0.5) };
    const std::vector<KernelRow> candidate { row(QStringLiteral("triton_1"), QStringLiteral("[[16]]"), 0.5) };
    const KernelMatching matching = matchKernels(baseline, candidate);
    EXPECT_EQ(matchOf(matching, 0).kind, MatchKind::Added);
    EXPECT_EQ(matching.count(MatchKind::Removed), 1);
    // With the same dims and types they may still be a rename.
    const std::vector<KernelRow> renamed { row(QStringLiteral("triton_1"), QStringLiteral("[[8]]"), 0.5) };
    EXPECT_EQ(matchOf(matchKernels(baseline, renamed), 0).kind, MatchKind::Renamed);
}

TEST(KernelMatcher, OtherCategoryOrOtherOpsNeverMatch)
{
    const std::vector<KernelRow> baseline { row(QStringLiteral("triton_poi_fused_add_0"), QStringLiteral("[[8]]"), 0.5) };
    const std::vector<KernelRow> otherCategory { row(QStringLiteral("triton_red_fused_add_0"), QStringLiteral("[[8]]"), 0.5) };
    const std::vector<KernelRow> otherOps { row(QStringLiteral("triton_poi_fused_mul_1"), QStringLiteral("[[8]]"), 0.5) };
    EXPECT_EQ(matchOf(matchKernels(baseline, otherCategory), 0).kind, MatchKind::Added);
    EXPECT_EQ(matchOf(matchKernels(baseline, otherOps), 0).kind, MatchKind::Added);
}

TEST(KernelMatcher, EmptySides)
{
    const std::vector<KernelRow> rows { row(QStringLiteral("triton_poi_fused_add_0"), QStringLiteral("[[8]]"), 0.5) };
    EXPECT_EQ(matchKernels({}, rows).count(MatchKind::Added), 1);
    EXPECT_EQ(matchKernels(rows, {}).count(MatchKind::Removed), 1);
    EXPECT_TRUE(matchKernels({}, {}).matches.empty());
}
