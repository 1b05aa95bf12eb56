#include "engine/comparison/kernelmatcher.h"

#include "engine/comparison/closestsharepairing.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

QString signature(const KernelRow& row)
{
    return row.kind == RowKind::KernelOnly ? QStringLiteral("<kernel-only>") : row.args->groupKey();
}

// The category and the fused ops as a set (order and repeats aside): the
// renamed and the similar tiers' common part, built once per row.
QString kindAndOps(const KernelRow& row)
{
    QStringList ops = row.parsedName.fusedOps();
    ops.sort();
    ops.removeDuplicates();
    return categoryKey(row.parsedName.category) + u'\n' + ops.join(u',');
}

// A share that sorts: a NaN or an infinity (a hostile row) as none.
double share(const KernelRow& row)
{
    const double value = row.shareOfGpuTime.value_or(0);
    return std::isfinite(value) ? value : 0;
}

// One side's rows, then its library kernels, as one list without copying
// either (a trace may hold a million library kernels).
class SideRows
{
public:
    SideRows(const std::vector<KernelRow>& rows, const std::vector<KernelRow>& library)
        : m_rows(rows)
        , m_library(library)
    { }

    size_t size() const { return m_rows.size() + m_library.size(); }
    const KernelRow& operator[](size_t i) const { return i < m_rows.size() ? m_rows[i] : m_library[i - m_rows.size()]; }

private:
    const std::vector<KernelRow>& m_rows;
    const std::vector<KernelRow>& m_library;
};

// Each tier's key of one side's rows; empty: no evidence, no match in that tier.
class TierKeys
{
public:
    explicit TierKeys(const SideRows& rows)
        : m_rows(rows)
        , m_kindAndOps(rows.size())
    { }

    QString key(MatchKind tier, size_t i)
    {
        const KernelRow& row = m_rows[i];
        switch (tier) {
        case MatchKind::Same:
            return row.name + u'\n' + signature(row);
        case MatchKind::Reshaped:
            return row.name;
        case MatchKind::Renamed:
            // No dims to vouch for a rename; and a rename has another name:
            // rows of one name are the reshaped tier's, which leaves no row
            // of a name on both sides, but rows without one would pair here.
            if (row.kind == RowKind::KernelOnly || !row.args->hasInputDims || row.name.isEmpty())
                return {};
            return kindAndOpsOf(i) + u'\n' + row.args->inputDimsJson + u'\n' + row.args->inputTypesJson;
        case MatchKind::Similar:
            // Without fused ops (generic names, unknown ops) every kernel of a
            // category would look alike: no evidence, no match.
            if (row.parsedName.fusedOps().isEmpty())
                return {};
            return kindAndOpsOf(i);
        case MatchKind::Added:
        case MatchKind::Removed:
            break;
        }
        return {};
    }

private:
    const QString& kindAndOpsOf(size_t i)
    {
        if (m_kindAndOps[i].isNull())
            m_kindAndOps[i] = kindAndOps(m_rows[i]);
        return m_kindAndOps[i];
    }

    const SideRows& m_rows;
    std::vector<QString> m_kindAndOps;
};

// Pairs the unmatched rows whose keys are equal, closest time shares first:
// the rows sorted by key, side and share, each bucket paired on its own.
void matchTier(const SideRows& baseline, const SideRows& candidate, MatchKind tier, TierKeys& baselineKeys, TierKeys& candidateKeys,
    std::vector<int>& candidateMatch, std::vector<MatchKind>& candidateKind, std::vector<bool>& baselineTaken)
{
    struct Entry
    {
        int bucket;
        bool candidate;
        ShareItem item;
    };
    std::vector<Entry> entries;
    {
        // Buckets by the baseline's keys: a candidate key no baseline row has pairs nothing.
        QHash<QString, int> bucketOf;
        for (size_t b = 0; b < baseline.size(); ++b) {
            if (baselineTaken[b])
                continue;
            const QString k = baselineKeys.key(tier, b);
            if (k.isEmpty())
                continue;
            auto it = bucketOf.find(k);
            if (it == bucketOf.end())
                it = bucketOf.insert(k, int(bucketOf.size()));
            entries.push_back({ *it, false, { share(baseline[b]), int(b) } });
        }
        for (size_t c = 0; c < candidate.size(); ++c) {
            if (candidateMatch[c] >= 0)
                continue;
            const QString k = candidateKeys.key(tier, c);
            if (k.isEmpty())
                continue;
            if (const auto found = bucketOf.constFind(k); found != bucketOf.constEnd())
                entries.push_back({ *found, true, { share(candidate[c]), int(c) } });
        }
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
        if (x.bucket != y.bucket)
            return x.bucket < y.bucket;
        if (x.candidate != y.candidate)
            return !x.candidate;
        return x.item.share != y.item.share ? x.item.share < y.item.share : x.item.index < y.item.index;
    });
    std::vector<ShareItem> base, cand;
    std::vector<std::pair<int, int>> pairs;
    for (size_t begin = 0; begin < entries.size();) {
        size_t end = begin;
        base.clear();
        cand.clear();
        for (; end < entries.size() && entries[end].bucket == entries[begin].bucket; ++end)
            (entries[end].candidate ? cand : base).push_back(entries[end].item);
        begin = end;
        pairs.clear();
        pairClosestShares(base, cand, &pairs);
        for (const auto& [c, b] : pairs) {
            candidateMatch[size_t(c)] = b;
            candidateKind[size_t(c)] = tier;
            baselineTaken[size_t(b)] = true;
        }
    }
}

} // namespace

QString matchKindKey(MatchKind kind)
{
    switch (kind) {
    case MatchKind::Same:
        return QStringLiteral("same");
    case MatchKind::Reshaped:
        return QStringLiteral("reshaped");
    case MatchKind::Renamed:
        return QStringLiteral("renamed");
    case MatchKind::Similar:
        return QStringLiteral("similar");
    case MatchKind::Added:
        return QStringLiteral("added");
    case MatchKind::Removed:
        return QStringLiteral("removed");
    }
    return {};
}

KernelMatching matchKernels(const std::vector<KernelRow>& baseline, const std::vector<KernelRow>& candidate)
{
    return matchKernels(baseline, {}, candidate, {});
}

KernelMatching matchKernels(const std::vector<KernelRow>& baselineRows, const std::vector<KernelRow>& baselineLibrary,
    const std::vector<KernelRow>& candidateRows, const std::vector<KernelRow>& candidateLibrary)
{
    const SideRows baseline(baselineRows, baselineLibrary);
    const SideRows candidate(candidateRows, candidateLibrary);
    std::vector<int> candidateMatch(candidate.size(), -1);
    std::vector<MatchKind> candidateKind(candidate.size(), MatchKind::Added);
    std::vector<bool> baselineTaken(baseline.size(), false);
    TierKeys baselineKeys(baseline);
    TierKeys candidateKeys(candidate);
    for (MatchKind tier : { MatchKind::Same, MatchKind::Reshaped, MatchKind::Renamed, MatchKind::Similar })
        matchTier(baseline, candidate, tier, baselineKeys, candidateKeys, candidateMatch, candidateKind, baselineTaken);

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
