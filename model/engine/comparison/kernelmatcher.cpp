#include "engine/comparison/kernelmatcher.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

// A bucket of rows sharing a key larger than this pairs only its first rows:
// the pairs within a bucket are enumerated, and a hostile pair of traces
// must not make that quadratic in their size.
constexpr size_t maxBucketRows = 2048;

QString signature(const KernelRow& row)
{
    return row.kind == RowKind::KernelOnly ? QStringLiteral("<kernel-only>") : row.args.groupKey();
}

// The fused ops as a set: order and repeats aside.
QString fusedOpSet(const KernelRow& row)
{
    QStringList ops = row.parsedName.fusedOps;
    ops.sort();
    ops.removeDuplicates();
    return ops.join(u',');
}

QString dimsAndTypes(const KernelRow& row)
{
    return row.args.inputDimsJson + u'\n' + row.args.inputTypesJson;
}

double share(const KernelRow& row)
{
    return row.shareOfGpuTime.value_or(0);
}

using KeyOf = QString (*)(const KernelRow&);

QString sameKey(const KernelRow& row)
{
    return row.name + u'\n' + signature(row);
}

QString reshapedKey(const KernelRow& row)
{
    return row.name;
}

QString renamedKey(const KernelRow& row)
{
    if (row.kind == RowKind::KernelOnly || !row.args.hasInputDims)
        return {}; // no dims to vouch for a rename
    return categoryKey(row.parsedName.category) + u'\n' + fusedOpSet(row) + u'\n' + dimsAndTypes(row);
}

QString similarKey(const KernelRow& row)
{
    // Without fused ops (generic names, unknown ops) every kernel of a
    // category would look alike: no evidence, no match.
    if (row.parsedName.fusedOps.isEmpty())
        return {};
    return categoryKey(row.parsedName.category) + u'\n' + fusedOpSet(row);
}

// Pairs the unmatched rows whose keys are equal, closest time shares first.
void matchTier(const std::vector<KernelRow>& baseline, const std::vector<KernelRow>& candidate, KeyOf key,
               MatchKind kind, std::vector<int>& candidateMatch, std::vector<MatchKind>& candidateKind,
               std::vector<bool>& baselineTaken)
{
    QHash<QString, std::vector<int>> byKey;
    for (int b = 0; b < int(baseline.size()); ++b) {
        if (baselineTaken[size_t(b)])
            continue;
        const QString k = key(baseline[size_t(b)]);
        if (k.isEmpty())
            continue;
        auto& rows = byKey[k];
        if (rows.size() < maxBucketRows)
            rows.push_back(b);
    }
    struct Pair
    {
        double distance;
        int candidate;
        int baseline;
    };
    std::vector<Pair> pairs;
    QHash<QString, int> seenPerKey;
    for (int c = 0; c < int(candidate.size()); ++c) {
        if (candidateMatch[size_t(c)] >= 0)
            continue;
        const QString k = key(candidate[size_t(c)]);
        if (k.isEmpty())
            continue;
        const auto found = byKey.constFind(k);
        if (found == byKey.constEnd() || ++seenPerKey[k] > int(maxBucketRows))
            continue;
        for (int b : *found) {
            if (kind == MatchKind::Renamed && candidate[size_t(c)].name == baseline[size_t(b)].name)
                continue; // a rename has another name; same-name pairs were the reshaped tier's
            pairs.push_back({ std::abs(share(candidate[size_t(c)]) - share(baseline[size_t(b)])), c, b });
        }
    }
    std::sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) {
        if (x.distance != y.distance)
            return x.distance < y.distance;
        return x.candidate != y.candidate ? x.candidate < y.candidate : x.baseline < y.baseline;
    });
    for (const Pair& pair : pairs) {
        if (candidateMatch[size_t(pair.candidate)] >= 0 || baselineTaken[size_t(pair.baseline)])
            continue;
        candidateMatch[size_t(pair.candidate)] = pair.baseline;
        candidateKind[size_t(pair.candidate)] = kind;
        baselineTaken[size_t(pair.baseline)] = true;
    }
}

} // namespace

QString matchKindKey(MatchKind kind)
{
    switch (kind) {
    case MatchKind::Same: return QStringLiteral("same");
    case MatchKind::Reshaped: return QStringLiteral("reshaped");
    case MatchKind::Renamed: return QStringLiteral("renamed");
    case MatchKind::Similar: return QStringLiteral("similar");
    case MatchKind::Added: return QStringLiteral("added");
    case MatchKind::Removed: return QStringLiteral("removed");
    }
    return {};
}

KernelMatching matchKernels(const std::vector<KernelRow>& baseline, const std::vector<KernelRow>& candidate)
{
    std::vector<int> candidateMatch(candidate.size(), -1);
    std::vector<MatchKind> candidateKind(candidate.size(), MatchKind::Added);
    std::vector<bool> baselineTaken(baseline.size(), false);
    const std::pair<KeyOf, MatchKind> tiers[] = {
        { sameKey, MatchKind::Same },
        { reshapedKey, MatchKind::Reshaped },
        { renamedKey, MatchKind::Renamed },
        { similarKey, MatchKind::Similar },
    };
    for (const auto& [key, kind] : tiers)
        matchTier(baseline, candidate, key, kind, candidateMatch, candidateKind, baselineTaken);

    KernelMatching matching;
    matching.matches.reserve(candidate.size() + baseline.size());
    for (int c = 0; c < int(candidate.size()); ++c) {
        matching.matches.push_back({ candidateKind[size_t(c)], c, candidateMatch[size_t(c)] });
        ++matching.counts[int(candidateKind[size_t(c)])];
    }
    for (int b = 0; b < int(baseline.size()); ++b) {
        if (!baselineTaken[size_t(b)]) {
            matching.matches.push_back({ MatchKind::Removed, -1, b });
            ++matching.counts[int(MatchKind::Removed)];
        }
    }
    return matching;
}

} // namespace Ridgeline
