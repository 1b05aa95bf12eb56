#include "summarystrip.h"

#include "engine/base/text/units.h"
#include "engine/timebudget/gputimecoverage.h"
#include "engine/timebudget/opportunities.h"
#include "engine/triton/kernelcategory.h"
#include "tracesummary.h"

#include <QFileInfo>
#include <algorithm>
#include <vector>

namespace Ridgeline {

SummaryStrip::SummaryStrip(QWidget* parent)
    : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setContentsMargins(4, 4, 4, 4);
    showPrompt();
}

void SummaryStrip::showPrompt()
{
    setText(tr("Open a PyTorch profiler trace with <b>File ▸ Open</b> (Ctrl+O), or drop one on the window."));
}

void SummaryStrip::showLoading(const QString& path)
{
    setText(tr("Reading <b>%1</b>…").arg(QFileInfo(path).fileName().toHtmlEscaped()));
}

namespace {

// "GPU time: GEMM 47.6 %, attention 29.3 %, Triton 9.7 % (poi 4.4 %, red 4.1 %,
// per 1.2 %), other 13.0 %": the whole GPU time by kind of work, largest first.
QString gpuTimeLine(const GpuTimeBreakdown& breakdown)
{
    const double total = breakdown.totalUs();
    if (!(total > 0))
        return {};
    std::vector<std::pair<double, GpuWork>> parts;
    for (const auto& [work, us] : breakdown.us) {
        if (us > 0)
            parts.emplace_back(us, work);
    }
    std::sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    QStringList shown;
    for (const auto& [us, work] : parts) {
        QString part = QStringLiteral("%1 %2").arg(gpuWorkTitle(work), formatPercent(us / total));
        if (work == GpuWork::Triton) {
            QStringList categories;
            for (const auto& [category, categoryUs] : breakdown.tritonUs)
                categories << QStringLiteral("%1 %2").arg(categoryKey(category), formatPercent(categoryUs / total));
            if (categories.size() > 1)
                part = QStringLiteral("<b>%1</b> (%2)").arg(part, categories.join(QStringLiteral(", ")));
            else
                part = QStringLiteral("<b>%1</b>").arg(part);
        }
        shown << part;
    }
    // Shares of kernels and copies: said once here, so that the Triton share
    // of kernel time in the first line is not read as the same figure.
    return QObject::tr("GPU time by kind, as shares of kernels and copies (%1): %2")
        .arg(formatTimeUs(total), shown.join(QStringLiteral(", ")));
}

// Which Inductor cache the V1 model read, or a hint where one would help.
QString cacheLine(const AnalysisResult& result, const TraceSummary& summary)
{
    if (result.inductorCache.source.isEmpty()) {
        const int unmodelled = summary.byProvenance.value(QStringLiteral("none"));
        return unmodelled > 0 ? SummaryStrip::tr("No Inductor cache: %1 kernels have no figures; attach the cache torch.compile wrote "
                                                 "(<b>File ▸ Attach Inductor Cache</b>, or drop its folder) for V1 figures")
                                    .arg(unmodelled)
                              : QString(); // nothing a cache would add but cross-checks: no need to say more
    }
    const QString origin = result.inductorCache.origin == u"given"
        ? SummaryStrip::tr("attached")
        : SummaryStrip::tr("found in %1").arg(result.inductorCache.origin.toHtmlEscaped());
    const auto plural = [](int n, const char* one, const char* many) {
        return QStringLiteral("%1 %2").arg(n).arg(SummaryStrip::tr(n == 1 ? one : many));
    };
    return SummaryStrip::tr("Inductor cache <b>%1</b> (%2, %3): %4 with %5; defines %6 of this trace's kernels")
        .arg(QFileInfo(result.inductorCache.source).fileName().toHtmlEscaped(),
            result.inductorCache.kind.isEmpty() ? SummaryStrip::tr("unreadable") : result.inductorCache.kind.toHtmlEscaped(), origin,
            plural(result.inductorCache.wrapperFiles, "wrapper file", "wrapper files"),
            plural(result.inductorCache.kernelBlocks, "kernel block", "kernel blocks"))
        .arg(result.inductorCache.traceKernels);
}

// CUDA/HIP graphs: what was matched to which captures, and what was not.
QString graphLine(const GraphMergeSummary& graphs)
{
    if (!graphs.any())
        return {};
    QStringList files;
    for (const CaptureSummary& capture : graphs.captures)
        files << (capture.isReplayTrace ? SummaryStrip::tr("this trace") : QFileInfo(capture.path).fileName().toHtmlEscaped());
    if (!graphs.launches.empty() && graphs.launchesWithoutTriton == int(graphs.launches.size())) {
        // An SGLang decode or a vLLM graph of library kernels only, and no
        // capture of it: "0 of N matched" would read as a failed match.
        const int n = int(graphs.launches.size());
        return n == 1 ? SummaryStrip::tr("CUDA/HIP graphs: the graph launch runs no Triton kernels, only library ones, "
                                         "and no capture holds it: its kernels have time only")
                      : SummaryStrip::tr("CUDA/HIP graphs: none of the %1 graph launches runs a Triton kernel, only library "
                                         "ones, and no capture holds them: their kernels have time only")
                            .arg(n);
    }
    if (graphs.launches.empty())
        return SummaryStrip::tr("CUDA/HIP graph capture: %1 in %2, no replays in this trace")
            .arg(graphs.windows.size() == 1 ? SummaryStrip::tr("1 capture window")
                                            : SummaryStrip::tr("%1 capture windows").arg(graphs.windows.size()),
                files.join(QStringLiteral(", ")));
    // Launches of library kernels only that no capture holds: counted apart.
    QString line = SummaryStrip::tr("CUDA/HIP graphs: <b>%1 of %2</b> graph launches matched to captures")
                       .arg(graphs.matchedLaunches)
                       .arg(int(graphs.launches.size()) - graphs.launchesWithoutTriton);
    if (graphs.launchesWithoutTriton > 0)
        line += SummaryStrip::tr(" (and %1 of library kernels only that no capture holds)").arg(graphs.launchesWithoutTriton);
    line += files.isEmpty() ? SummaryStrip::tr(" (no capture: <b>File ▸ Attach Capture Trace</b>, or drop it on the window)")
                            : SummaryStrip::tr(" in %1").arg(files.join(QStringLiteral(", ")));
    line += SummaryStrip::tr("; %1 of %2 replayed Triton kernels attributed")
                .arg(graphs.attributedKernels)
                .arg(graphs.replayedTritonKernels);
    if (graphs.replayedLibraryKernels > 0)
        line += SummaryStrip::tr(", %1 of %2 library kernels (memcpy, memset) to their captured ops")
                    .arg(graphs.attributedLibraryKernels)
                    .arg(graphs.replayedLibraryKernels);
    if (graphs.ambiguousLaunches > 0)
        line += SummaryStrip::tr(", %1 launches ambiguous").arg(graphs.ambiguousLaunches);
    return line;
}

QString comparisonLine(const TraceComparison& c)
{
    QStringList kinds;
    for (int k = 0; k < matchKindCount; ++k) {
        if (c.matching.counts[k] > 0)
            kinds << QStringLiteral("%1 %2").arg(c.matching.counts[k]).arg(matchKindKey(MatchKind(k)));
    }
    // Per step by the finest kind both traces count: totals of a trace that
    // replayed its graph 4 times against one that replayed it once would be
    // off by the number of steps. The headline says which, and a slowdown in
    // words ("10.5× slower", not "0.095×"); the table keeps the ratio.
    const bool perStep = c.perStep && (c.perStep->tritonTimeSpeedup || c.perStep->gpuTimeSpeedup);
    const auto ratio = [](const QString& what, const std::optional<double>& value) {
        if (!value)
            return SummaryStrip::tr("%1 not comparable").arg(what);
        const QString words = speedupInWords(*value);
        const QString arrow = words == speedupInWords(1) ? QStringLiteral("=") : *value > 1 ? QStringLiteral("▲") : QStringLiteral("▼");
        return SummaryStrip::tr("%1 %2 <b>%3</b>").arg(what, arrow, words);
    };
    QString speedup = ratio(SummaryStrip::tr("Triton time"), perStep ? c.perStep->tritonTimeSpeedup : c.tritonTimeSpeedup);
    speedup += QStringLiteral(", ") + ratio(SummaryStrip::tr("GPU time"), perStep ? c.perStep->gpuTimeSpeedup : c.gpuTimeSpeedup);
    speedup += u' ' + comparisonBasis(c).toHtmlEscaped();
    speedup += SummaryStrip::tr("; recoverable %1 → %2 (%3%4)")
                   .arg(formatTimeUs(c.baselineRecoverableUs), formatTimeUs(c.candidateRecoverableUs),
                       c.candidateRecoverableUs >= c.baselineRecoverableUs ? QStringLiteral("+") : QString(),
                       formatTimeUs(c.candidateRecoverableUs - c.baselineRecoverableUs));
    QString line = SummaryStrip::tr("Compared with baseline <b>%1</b> (%2): %3; <b>%4</b> %5; %6")
                       .arg(QFileInfo(c.baseline->tracePath).fileName().toHtmlEscaped(), c.baselineGpu.toHtmlEscaped(), speedup)
                       .arg(c.regressionCount)
                       .arg(c.regressionCount == 1 ? SummaryStrip::tr("regression") : SummaryStrip::tr("regressions"),
                           kinds.join(QStringLiteral(", ")));
    if (c.differentGpus())
        line += SummaryStrip::tr("; different GPUs: each trace against its own roofs");
    return line + SummaryStrip::tr(" &nbsp;(<b>File ▸ Leave Compare Mode</b>)");
}

// "By kind of work, baseline → this trace: GEMM 10.2 ms → 12.0 ms (+1.80 ms),
// ...; GPU time ...; span ...": where the time moved, also the time of
// kernels no match pairs (another vendor's BLAS names its GEMMs otherwise).
QString workComparisonLine(const WorkComparison& work)
{
    const auto change = [](double from, double to) {
        return QStringLiteral("%1 → %2 (%3%4)")
            .arg(formatTimeUs(from), formatTimeUs(to), to >= from ? QStringLiteral("+") : QString(), formatTimeUs(to - from));
    };
    QStringList parts;
    for (const WorkTimeChange& row : work.byWork)
        parts << QStringLiteral("%1 %2").arg(gpuWorkTitle(row.work), change(row.baselineUs, row.candidateUs));
    QString line = SummaryStrip::tr("By kind of work, baseline → this trace: %1; <b>GPU time</b> %2")
                       .arg(parts.join(QStringLiteral(", ")), change(work.baselineGpuTimeUs, work.candidateGpuTimeUs));
    if (work.baselineSpanUs && work.candidateSpanUs)
        line += SummaryStrip::tr("; <b>span</b> (first to last GPU event) %1").arg(change(*work.baselineSpanUs, *work.candidateSpanUs));
    return line;
}

} // namespace

void SummaryStrip::setJudgement(const Judgement& judgement)
{
    const AnalysisResult& result = *judgement.trace.result;
    const GpuSpec& gpu = judgement.trace.gpuSpec();
    const PeakSet peaks = judgement.lens.peaks;
    const QStringList gpuWarnings = judgement.gpuWarnings();
    const TraceComparison* comparison = judgement.comparison.get();
    const TraceSummary summary = summarize(result);
    QStringList categories;
    for (auto it = summary.byCategory.cbegin(); it != summary.byCategory.cend(); ++it)
        categories << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    QStringList provenances;
    for (const char16_t* key : { u"V2", u"V1", u"none" }) {
        const int count = summary.byProvenance.value(QString::fromUtf16(key));
        if (count > 0)
            provenances << QStringLiteral("%1 %2").arg(count).arg(QString::fromUtf16(key));
    }
    const QString recorded = result.traceGpuName.isEmpty() ? tr("GPU not recorded") : result.traceGpuName;
    QString html = tr("<b>%1</b> &nbsp;│&nbsp; %2 &nbsp;│&nbsp; roofs: %3, %4 &nbsp;│&nbsp; GPU kernel time <b>%5</b>, "
                      "Triton <b>%6</b> (%7 of kernel time) &nbsp;│&nbsp; %8 unique Triton kernels, %9 calls%10")
                       .arg(QFileInfo(result.tracePath).fileName().toHtmlEscaped(), recorded.toHtmlEscaped(), gpu.name.toHtmlEscaped(),
                           peakSetTitle(peaks), formatTimeUs(summary.totalGpuKernelTimeUs), formatTimeUs(summary.tritonKernelTimeUs),
                           formatPercent(summary.tritonShare))
                       .arg(summary.uniqueKernels)
                       .arg(formatCount(summary.calls),
                           summary.uniqueKernels == 0 ? QString()
                                                      : QStringLiteral(": ") + categories.join(QStringLiteral(", ")) + QStringLiteral("; ")
                                   + provenances.join(QStringLiteral(", ")));
    if (summary.replayed > 0)
        html += tr(", %1 from graph replays with their captured ops").arg(summary.replayed);
    if (summary.kernelOnly > 0)
        html += tr(", %1 graph-replayed (time only)").arg(summary.kernelOnly);
    if (summary.opOnly > 0)
        html += tr(", %1 captured without a kernel").arg(summary.opOnly);
    if (summary.libraryOps > 0)
        html += tr(" &nbsp;│&nbsp; %1 library ops (GEMM, attention, ...) with the GPU kernels under them").arg(summary.libraryOps);
    if (const QString breakdown = gpuTimeLine(result.gpuTime); !breakdown.isEmpty())
        html += QStringLiteral("<br>") + breakdown + QStringLiteral(" &nbsp;│&nbsp; <b>%1</b>").arg(coverageText(gpuTimeCoverage(result)));
    if (const QString cache = cacheLine(result, summary); !cache.isEmpty())
        html += QStringLiteral("<br>") + cache;
    if (const QString graphs = graphLine(result.graphs); !graphs.isEmpty())
        html += QStringLiteral("<br>") + graphs;
    if (comparison)
        html += QStringLiteral("<br>") + comparisonLine(*comparison) + QStringLiteral("<br>") + workComparisonLine(comparison->work);
    for (const QString& warning : gpuWarnings)
        html += QStringLiteral("<br><span style='color:#b26a00'>⚠ %1</span>").arg(warning.toHtmlEscaped());
    if (!result.warnings.isEmpty()) {
        const QString first = withFileNames(result.warnings.front()).toHtmlEscaped();
        html += QStringLiteral("<br><span style='color:#b26a00'>⚠ %1</span>")
                    .arg(result.warnings.size() == 1
                            ? first
                            : tr("%1 (and %2 more warnings; see the status bar tooltip)").arg(first).arg(result.warnings.size() - 1));
    }
    setText(html);
    QStringList tip;
    if (!result.inductorCache.source.isEmpty())
        tip << tr("Inductor cache: %1").arg(result.inductorCache.source);
    for (const CaptureSummary& capture : result.graphs.captures)
        tip << tr("Capture trace: %1 (%2 windows, %3 graph launches matched)")
                   .arg(capture.path)
                   .arg(capture.windows)
                   .arg(capture.matchedLaunches);
    setToolTip((tip + gpuWarnings + result.warnings).join(u'\n'));
}

} // namespace Ridgeline
