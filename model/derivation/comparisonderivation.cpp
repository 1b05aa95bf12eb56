#include "derivation/comparisonderivation.h"

#include "engine/base/text/markdownwriter.h"
#include "engine/base/text/units.h"
#include "engine/roofline/roofline.h"

#include <QFileInfo>

namespace Ridgeline {
namespace {

using MD = MarkdownWriter;

template <typename Format> QString orDash(std::optional<double> value, Format format)
{
    return value ? format(*value) : QStringLiteral("–");
}

std::optional<double> fractionOfRoof(const KernelRow& row, const PeakFigures& peaks)
{
    const auto placement = placeKernel(row, peaks);
    return placement ? std::optional(placement->fractionOfRoof) : std::nullopt;
}

QString matchText(MatchKind kind)
{
    switch (kind) {
    case MatchKind::Same:
        return QStringLiteral("same name and signature");
    case MatchKind::Reshaped:
        return QStringLiteral("same name, other shapes");
    case MatchKind::Renamed:
        return QStringLiteral("renamed: same category, fused ops, input dims and types");
    case MatchKind::Similar:
        return QStringLiteral("similar: same category and fused ops, other shapes or index");
    case MatchKind::Added:
        return QStringLiteral("added: not in the baseline");
    case MatchKind::Removed:
        return QStringLiteral("removed: only in the baseline");
    }
    return {};
}

} // namespace

QString comparisonMarkdown(
    const TraceComparison& comparison, int matchIndex, const PeakFigures& baselinePeaks, const PeakFigures& candidatePeaks)
{
    const KernelMatch& match = comparison.matching.matches[size_t(matchIndex)];
    const KernelDelta& delta = comparison.deltas[size_t(matchIndex)];
    const KernelRow* base = comparison.baselineRow(match);
    const KernelRow* cand = comparison.candidateRow(match);
    MarkdownWriter md;
    md.heading(2, QStringLiteral("Compared with the baseline"));
    md.bullet(
        MD::bold(QStringLiteral("Match:")) + u' ' + MD::code(matchKindKey(match.kind)) + QStringLiteral(" — ") + matchText(match.kind));
    md.bullet(MD::bold(QStringLiteral("Baseline:")) + u' ' + MD::plain(QFileInfo(comparison.baseline->tracePath).fileName())
        + QStringLiteral(" on ") + MD::plain(comparison.baselineGpu));
    if (comparison.differentGpus())
        md.bullet(QStringLiteral("The traces ran on different GPUs: each is measured against its own roofs."));
    if (!base || !cand) {
        md.paragraph(match.kind == MatchKind::Removed ? QStringLiteral("This trace has no such kernel; the baseline's derivation follows.")
                                                      : QStringLiteral("The baseline has no such kernel."));
        return md.text();
    }

    const auto row
        = [](const QString& what, const QString& b, const QString& c, const QString& change) { return QStringList { what, b, c, change }; };
    std::vector<QStringList> rows;
    rows.push_back(row(QStringLiteral("Kernel"), MD::code(base->name), MD::code(cand->name),
        base->name == cand->name ? QStringLiteral("same") : QStringLiteral("renamed")));
    rows.push_back(row(QStringLiteral("Calls"), formatCount(base->calls), formatCount(cand->calls), QString()));
    rows.push_back(row(QStringLiteral("Time (mean)"), orDash(meanOf(base->kernelTimeUs), formatTimeUs),
        orDash(meanOf(cand->kernelTimeUs), formatTimeUs),
        delta.speedup ? QStringLiteral("speedup %1×").arg(formatFigure(*delta.speedup)) : QString()));
    rows.push_back(
        row(QStringLiteral("Time (sum)"), orDash(base->kernelTimeUs ? std::optional(base->kernelTimeUs->sum) : std::nullopt, formatTimeUs),
            orDash(cand->kernelTimeUs ? std::optional(cand->kernelTimeUs->sum) : std::nullopt, formatTimeUs),
            (delta.timeUs > 0          ? QStringLiteral("+")
                    : delta.timeUs < 0 ? QStringLiteral("−")
                                       : QString())
                + formatTimeUs(std::abs(delta.timeUs))));
    rows.push_back(row(QStringLiteral("Data moved"), orDash(base->dataMovedMib(), formatMebibytes),
        orDash(cand->dataMovedMib(), formatMebibytes), QString()));
    rows.push_back(row(QStringLiteral("GFLOPS"), orDash(base->gflops(), formatFigure), orDash(cand->gflops(), formatFigure), QString()));
    rows.push_back(row(QStringLiteral("TB/s"), orDash(meanOf(base->tbPerS), formatFigure), orDash(meanOf(cand->tbPerS), formatFigure),
        delta.tbPerS ? (*delta.tbPerS >= 0 ? QStringLiteral("+") : QStringLiteral("−")) + formatFigure(std::abs(*delta.tbPerS))
                     : QString()));
    rows.push_back(row(QStringLiteral("TFLOPS/s"), orDash(meanOf(base->tflopsPerS), formatFigure),
        orDash(meanOf(cand->tflopsPerS), formatFigure), QString()));
    const auto baseRoof = fractionOfRoof(*base, baselinePeaks);
    const auto candRoof = fractionOfRoof(*cand, candidatePeaks);
    const auto percent = [](double fraction) { return formatPercent(fraction); };
    if (baseRoof || candRoof)
        rows.push_back(row(QStringLiteral("% of roof"), orDash(baseRoof, percent), orDash(candRoof, percent),
            delta.fractionOfRoof
                ? (*delta.fractionOfRoof >= 0 ? QStringLiteral("+") : QStringLiteral("−")) + formatPercent(std::abs(*delta.fractionOfRoof))
                : QString()));
    md.table({ QString(), QStringLiteral("baseline"), QStringLiteral("this trace"), QStringLiteral("change") }, rows,
        { MD::Align::Left, MD::Align::Right, MD::Align::Right, MD::Align::Right });

    // The args that decide a kernel's work: the evidence of the match.
    std::vector<QStringList> differing;
    const auto compare = [&](const char* what, const QString& b, const QString& c) {
        if (b != c)
            differing.push_back({ QString::fromLatin1(what), MD::code(b.isEmpty() ? QStringLiteral("(none)") : b.left(300)),
                MD::code(c.isEmpty() ? QStringLiteral("(none)") : c.left(300)) });
    };
    compare("Input Dims", base->args->inputDimsJson, cand->args->inputDimsJson);
    compare("Input type", base->args->inputTypesJson, cand->args->inputTypesJson);
    compare("Input Strides", base->args->inputStridesJson, cand->args->inputStridesJson);
    compare("Concrete Inputs", base->args->concreteInputsJson, cand->args->concreteInputsJson);
    if (differing.empty())
        md.paragraph(QStringLiteral("Args: Input Dims, Input type, Input Strides and Concrete Inputs are the same."));
    else
        md.table({ QStringLiteral("args that differ"), QStringLiteral("baseline"), QStringLiteral("this trace") }, differing);
    return md.text();
}

} // namespace Ridgeline
