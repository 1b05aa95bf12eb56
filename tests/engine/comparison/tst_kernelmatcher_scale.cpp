// The kernel matcher against a brute force, and at hostile scale: one
// table row per class of input. The brute force builds every pair of a
// tier, sorts them (closest shares, then candidate, then baseline row) and
// pairs greedily, as the matcher did before it became O(n log n); shares
// are multiples of 1/64, so every distance is exact and ties are real ties.
#include "engine/comparison/closestsharepairing.h"
#include "engine/comparison/kernelmatcher.h"
#include "engine/triton/opcatalog.h"
#include "testsupport.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <random>

using namespace Ridgeline;

namespace {

// ---- the pairing of one bucket -------------------------------------------

std::vector<std::pair<int, int>> bruteForcePairs(const std::vector<ShareItem>& baseline, const std::vector<ShareItem>& candidate)
{
    struct Pair
    {
        double distance;
        int c, b;
    };
    std::vector<Pair> all;
    for (const ShareItem& c : candidate)
        for (const ShareItem& b : baseline)
            all.push_back({ std::abs(c.share - b.share), c.index, b.index });
    std::sort(all.begin(), all.end(),
        [](const Pair& x, const Pair& y) { return std::tie(x.distance, x.c, x.b) < std::tie(y.distance, y.c, y.b); });
    std::vector<bool> cUsed(candidate.size() + baseline.size() + 1), bUsed(cUsed.size());
    std::vector<std::pair<int, int>> pairs;
    for (const Pair& p : all) {
        if (cUsed[size_t(p.c)] || bUsed[size_t(p.b)])
            continue;
        cUsed[size_t(p.c)] = bUsed[size_t(p.b)] = true;
        pairs.push_back({ p.c, p.b });
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

struct PairingCase
{
    const char* name;
    int baselineRows;
    int candidateRows;
    int distinctShares; // shares drawn from this many multiples of 1/64
};

class ClosestSharePairing : public testing::TestWithParam<PairingCase>
{
};

TEST_P(ClosestSharePairing, EqualsTheBruteForce)
{
    const PairingCase& param = GetParam();
    for (unsigned seed = 1; seed <= 200; ++seed) {
        std::mt19937 random(seed);
        std::uniform_int_distribution<int> level(0, param.distinctShares - 1);
        const auto side = [&](int count) {
            std::vector<ShareItem> items;
            for (int i = 0; i < count; ++i)
                items.push_back({ level(random) / 64.0, i });
            std::sort(items.begin(), items.end(),
                [](const ShareItem& x, const ShareItem& y) { return std::tie(x.share, x.index) < std::tie(y.share, y.index); });
            return items;
        };
        const std::vector<ShareItem> baseline = side(param.baselineRows);
        const std::vector<ShareItem> candidate = side(param.candidateRows);
        std::vector<std::pair<int, int>> pairs;
        pairClosestShares(baseline, candidate, &pairs);
        std::sort(pairs.begin(), pairs.end());
        ASSERT_EQ(pairs, bruteForcePairs(baseline, candidate)) << "seed " << seed;
        ASSERT_EQ(pairs.size(), size_t(std::min(param.baselineRows, param.candidateRows)));
    }
}

INSTANTIATE_TEST_SUITE_P(Classes, ClosestSharePairing,
    testing::Values(PairingCase { "DistinctShares", 12, 9, 4096 }, PairingCase { "AllSharesEqual", 7, 11, 1 },
        PairingCase { "FewShares", 20, 20, 3 }, PairingCase { "ManyTiesAtADistance", 15, 6, 8 },
        PairingCase { "OneBaselineRow", 1, 30, 16 }, PairingCase { "OneCandidateRow", 30, 1, 16 },
        PairingCase { "NoCandidateRow", 5, 0, 4 }),
    [](const testing::TestParamInfo<PairingCase>& entry) { return std::string(entry.param.name); });

// ---- whole matchings --------------------------------------------------------

KernelRow row(const QString& name, const QString& dims, double share)
{
    KernelRow r;
    r.name = name;
    r.parsedName = parseKernelName(name, OpCatalog::builtIn());
    r.args.edit().inputDimsJson = dims;
    r.args.edit().hasInputDims = true;
    r.args.edit().inputTypesJson = QStringLiteral("[\"c10::BFloat16\"]");
    r.args.edit().hasInputTypes = true;
    r.shareOfGpuTime = share;
    return r;
}

// The tiers' keys as kernelmatcher.h states them, for Launched rows with dims.
QString referenceKey(MatchKind tier, const KernelRow& r)
{
    QStringList ops = r.parsedName.fusedOps();
    ops.sort();
    ops.removeDuplicates();
    const QString kind = categoryKey(r.parsedName.category) + u'\n' + ops.join(u',');
    switch (tier) {
    case MatchKind::Same:
        return r.name + u'\n' + r.args->groupKey();
    case MatchKind::Reshaped:
        return r.name;
    case MatchKind::Renamed:
        return r.name.isEmpty() ? QString() : kind + u'\n' + r.args->inputDimsJson + u'\n' + r.args->inputTypesJson;
    case MatchKind::Similar:
        return r.parsedName.fusedOps().isEmpty() ? QString() : kind;
    default:
        return {};
    }
}

std::vector<int> bruteForceMatching(
    const std::vector<KernelRow>& baseline, const std::vector<KernelRow>& candidate, std::vector<MatchKind>* kinds)
{
    std::vector<int> match(candidate.size(), -1);
    kinds->assign(candidate.size(), MatchKind::Added);
    std::vector<bool> taken(baseline.size());
    for (MatchKind tier : { MatchKind::Same, MatchKind::Reshaped, MatchKind::Renamed, MatchKind::Similar }) {
        struct Pair
        {
            double distance;
            size_t c, b;
        };
        std::vector<Pair> pairs;
        for (size_t c = 0; c < candidate.size(); ++c) {
            const QString ck = match[c] < 0 ? referenceKey(tier, candidate[c]) : QString();
            for (size_t b = 0; !ck.isEmpty() && b < baseline.size(); ++b) {
                if (taken[b] || referenceKey(tier, baseline[b]) != ck)
                    continue;
                if (tier == MatchKind::Renamed && candidate[c].name == baseline[b].name)
                    continue;
                pairs.push_back({ std::abs(*candidate[c].shareOfGpuTime - *baseline[b].shareOfGpuTime), c, b });
            }
        }
        std::sort(pairs.begin(), pairs.end(),
            [](const Pair& x, const Pair& y) { return std::tie(x.distance, x.c, x.b) < std::tie(y.distance, y.c, y.b); });
        for (const Pair& p : pairs) {
            if (match[p.c] >= 0 || taken[p.b])
                continue;
            match[p.c] = int(p.b);
            (*kinds)[p.c] = tier;
            taken[p.b] = true;
        }
    }
    return match;
}

// Every baseline row at most once; counts add up to the rows of each side.
void expectOneToOne(const KernelMatching& matching, size_t baselineRows, size_t candidateRows)
{
    std::vector<int> seen(baselineRows);
    int matched = 0;
    for (size_t i = 0; i < matching.matches.size(); ++i) {
        const KernelMatch& m = matching.matches[i];
        if (i < candidateRows) {
            ASSERT_EQ(m.candidate, int(i));
        }
        if (m.baseline >= 0) {
            ASSERT_EQ(++seen[size_t(m.baseline)], 1) << "baseline row " << m.baseline << " matched twice";
        }
        if (m.baseline >= 0 && m.candidate >= 0)
            ++matched;
    }
    EXPECT_EQ(size_t(matched + matching.count(MatchKind::Added)), candidateRows);
    EXPECT_EQ(size_t(matched + matching.count(MatchKind::Removed)), baselineRows);
    EXPECT_EQ(matching.matches.size(), candidateRows + size_t(matching.count(MatchKind::Removed)));
}

const QString names[] = { QStringLiteral("triton_poi_fused_add_0"), QStringLiteral("triton_poi_fused_add_1"),
    QStringLiteral("triton_poi_fused_mul_2"), QStringLiteral("triton_red_fused_sum_3"), QStringLiteral("triton_poi_4"), QString() };

std::vector<KernelRow> randomRows(std::mt19937& random, int count)
{
    std::uniform_int_distribution<int> name(0, std::size(names) - 1), dims(0, 3), share(0, 7);
    std::vector<KernelRow> rows;
    for (int i = 0; i < count; ++i)
        rows.push_back(row(names[name(random)], QStringLiteral("[[%1]]").arg(dims(random)), share(random) / 64.0));
    return rows;
}

TEST(KernelMatcherScale, SmallRandomMatchingsEqualTheBruteForce)
{
    for (unsigned seed = 1; seed <= 300; ++seed) {
        std::mt19937 random(seed);
        const std::vector<KernelRow> baseline = randomRows(random, int(random() % 24));
        const std::vector<KernelRow> candidate = randomRows(random, int(random() % 24));
        std::vector<MatchKind> kinds;
        const std::vector<int> expected = bruteForceMatching(baseline, candidate, &kinds);
        const KernelMatching matching = matchKernels(baseline, candidate);
        expectOneToOne(matching, baseline.size(), candidate.size());
        for (size_t c = 0; c < candidate.size(); ++c) {
            ASSERT_EQ(matching.matches[c].baseline, expected[c]) << "seed " << seed << ", candidate row " << c;
            ASSERT_EQ(matching.matches[c].kind, kinds[c]) << "seed " << seed << ", candidate row " << c;
        }
    }
}

// Buckets of many rows: `names` kernels of `shapes` shapes per side; the
// candidate's shapes are the baseline's shifted by half, so each name's
// buckets hold half its rows as same, the other half reshaped.
struct BucketCase
{
    const char* name;
    int names;
    int shapes;
    bool uniqueNames; // every row its own name: 100k unique kernels per side
};

class KernelMatcherBuckets : public testing::TestWithParam<BucketCase>
{
};

TEST_P(KernelMatcherBuckets, EveryRowPairedOnce)
{
    if (Ridgeline::Test::builtWithSanitizers())
        GTEST_SKIP() << "hostile scale: release build only";
    const BucketCase& param = GetParam();
#ifndef NDEBUG
    if (param.uniqueNames)
        GTEST_SKIP() << "100k against 100k: release build only";
#endif
    std::vector<KernelRow> baseline, candidate;
    const int rows = param.names * param.shapes;
    baseline.reserve(size_t(rows));
    candidate.reserve(size_t(rows));
    if (param.uniqueNames) {
        // Half kept, a quarter renamed (index moved, same dims), a quarter
        // replaced by reductions no baseline row resembles.
        for (int i = 0; i < rows; ++i) {
            const QString dims = QStringLiteral("[[%1]]").arg(i + 1);
            const double share = (i % 1024) / 1024.0;
            baseline.push_back(row(QStringLiteral("triton_poi_fused_add_%1").arg(i), dims, share));
            if (i < rows / 2)
                candidate.push_back(row(QStringLiteral("triton_poi_fused_add_%1").arg(i), dims, share));
            else if (i < rows * 3 / 4)
                candidate.push_back(row(QStringLiteral("triton_poi_fused_add_%1").arg(i + rows), dims, share));
            else
                candidate.push_back(row(QStringLiteral("triton_red_fused_sum_%1").arg(i), dims, share));
        }
    } else {
        for (int n = 0; n < param.names; ++n) {
            const QString name = QStringLiteral("triton_poi_fused_add_%1").arg(n);
            for (int s = 0; s < param.shapes; ++s) {
                baseline.push_back(row(name, QStringLiteral("[[%1]]").arg(s), (s % 64) / 64.0));
                candidate.push_back(row(name, QStringLiteral("[[%1]]").arg(s + param.shapes / 2), (s % 32) / 64.0));
            }
        }
    }
    const KernelMatching matching = matchKernels(baseline, candidate);
    expectOneToOne(matching, baseline.size(), candidate.size());
    if (param.uniqueNames) {
        EXPECT_EQ(matching.count(MatchKind::Same), rows / 2);
        EXPECT_EQ(matching.count(MatchKind::Renamed), rows / 4);
        EXPECT_EQ(matching.count(MatchKind::Added), rows / 4);
        EXPECT_EQ(matching.count(MatchKind::Removed), rows / 4);
    } else {
        // No bucket is capped: every row pairs, half of them on their shape.
        EXPECT_EQ(matching.count(MatchKind::Same), rows / 2);
        EXPECT_EQ(matching.count(MatchKind::Reshaped), rows / 2);
        EXPECT_EQ(matching.count(MatchKind::Added), 0);
        EXPECT_EQ(matching.count(MatchKind::Removed), 0);
    }
}

INSTANTIATE_TEST_SUITE_P(Classes, KernelMatcherBuckets,
    testing::Values(BucketCase { "SixteenNamesOf2048Shapes", 16, 2048, false },
        BucketCase { "FortyEightNamesOf2048Shapes", 48, 2048, false }, BucketCase { "HundredThousandUniqueKernels", 1, 100000, true }),
    [](const testing::TestParamInfo<BucketCase>& entry) { return std::string(entry.param.name); });

} // namespace
