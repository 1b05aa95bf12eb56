#include "itemmodels/comparisoncolumns.h"

#include "engine/base/text/units.h"

#include <QCoreApplication>
#include <cmath>
#include <limits>

namespace Ridgeline::ComparisonColumns {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ComparisonColumns", text);
}

QString signedFigure(double value)
{
    return (value > 0 ? QStringLiteral("+") : value < 0 ? QStringLiteral("−") : QString()) + formatFigure(std::abs(value));
}

std::optional<double> value(const TraceComparison& comparison, int match, Column column)
{
    const KernelMatch& m = comparison.matching.matches[size_t(match)];
    const KernelDelta& delta = comparison.deltas[size_t(match)];
    switch (column) {
    case BaselineTime: {
        const KernelRow* base = comparison.baselineRow(m);
        return base && base->kernelTimeUs ? std::optional(base->kernelTimeUs->mean) : std::nullopt;
    }
    case Speedup:
        return delta.speedup;
    case DeltaTime:
        return delta.timeUs;
    case DeltaTbPerS:
        return delta.tbPerS;
    case DeltaRoof:
        return delta.fractionOfRoof;
    case Match:
    case Count:
        break;
    }
    return std::nullopt;
}

} // namespace

QString header(Column column)
{
    switch (column) {
    case Match:
        return tr("Match");
    case BaselineTime:
        return tr("Baseline (mean)");
    case Speedup:
        return tr("Speedup");
    case DeltaTime:
        return tr("Δ time (sum)");
    case DeltaTbPerS:
        return tr("Δ TB/s");
    case DeltaRoof:
        return tr("Δ % of roof");
    case Count:
        break;
    }
    return {};
}

QString display(const TraceComparison& comparison, int match, Column column)
{
    if (column == Match)
        return matchKindKey(comparison.matching.matches[size_t(match)].kind);
    const auto v = value(comparison, match, column);
    if (!v)
        return QStringLiteral("–");
    switch (column) {
    case BaselineTime:
        return formatTimeUs(*v);
    case Speedup:
        // ▲ faster, ▼ slower: the sign of the change without its colour.
        return QStringLiteral("%1× %2").arg(QString::number(*v, 'f', *v >= 10 ? 1 : 2),
            *v > 1 + unchangedWithin       ? QStringLiteral("▲")
                : *v < 1 - unchangedWithin ? QStringLiteral("▼")
                                           : QStringLiteral("="));
    case DeltaTime:
        return (*v > 0 ? QStringLiteral("+") : *v < 0 ? QStringLiteral("−") : QString()) + formatTimeUs(std::abs(*v));
    case DeltaTbPerS:
        return signedFigure(*v);
    case DeltaRoof:
        return (*v > 0 ? QStringLiteral("+") : *v < 0 ? QStringLiteral("−") : QString()) + formatPercent(std::abs(*v));
    case Match:
    case Count:
        break;
    }
    return {};
}

double sortValue(const TraceComparison& comparison, int match, Column column)
{
    if (column == Match)
        return double(comparison.matching.matches[size_t(match)].kind);
    return value(comparison, match, column).value_or(-std::numeric_limits<double>::infinity());
}

int direction(const TraceComparison& comparison, int match, Column column)
{
    const auto v = value(comparison, match, column);
    if (!v || column == BaselineTime || column == Match)
        return 0;
    // Faster: less time, more TB/s, more of the roof.
    bool better = false, worse = false;
    if (column == Speedup) {
        better = *v > 1 + unchangedWithin;
        worse = *v < 1 - unchangedWithin;
    } else if (column == DeltaTime) {
        better = *v < 0;
        worse = *v > 0;
    } else {
        better = *v > 0;
        worse = *v < 0;
    }
    return better ? 1 : worse ? -1 : 0;
}

QString toolTip(const TraceComparison& comparison, int match, Column column)
{
    const KernelMatch& m = comparison.matching.matches[size_t(match)];
    const KernelRow* base = comparison.baselineRow(m);
    switch (column) {
    case Match:
        switch (m.kind) {
        case MatchKind::Same:
            return tr("Same name and signature as in the baseline");
        case MatchKind::Reshaped:
            return tr("Same name as in the baseline, other shapes");
        case MatchKind::Renamed:
            return tr("Renamed from %1: same category, fused ops, input dims and types").arg(base->name);
        case MatchKind::Similar:
            return tr("Like %1 of the baseline: same category and fused ops, other shapes or index").arg(base->name);
        case MatchKind::Added:
            return tr("Not in the baseline");
        case MatchKind::Removed:
            return tr("Only in the baseline: this trace has no such kernel");
        }
        break;
    case Speedup:
        return tr("Baseline mean time over this trace's mean time: above 1 is faster");
    case DeltaRoof:
        return comparison.differentGpus()
            ? tr("Each trace against its own GPU's roofs (%1, %2)").arg(comparison.baselineGpu, comparison.candidateGpu)
            : QString();
    default:
        break;
    }
    return {};
}

bool isChanged(const TraceComparison& comparison, int match)
{
    if (comparison.matching.matches[size_t(match)].kind != MatchKind::Same)
        return true;
    const auto speedup = comparison.deltas[size_t(match)].speedup;
    return speedup && std::abs(*speedup - 1) > unchangedWithin;
}

} // namespace Ridgeline::ComparisonColumns
