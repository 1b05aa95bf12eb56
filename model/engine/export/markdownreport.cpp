#include "engine/export/markdownreport.h"

#include "engine/timebudget/gputimecoverage.h"
#include "engine/base/textescaping.h"
#include "engine/timebudget/opportunities.h"
#include "engine/timebudget/timebudget.h"

#include <QFileInfo>

#include <algorithm>
#include <numeric>

namespace Ridgeline {
namespace {

constexpr int topItems = 10;

// Every text from a trace (names of kernels, files, GPUs, streams) goes in
// through engine/base/textescaping.h: a name is a code span, any other text
// plain text that no renderer reads as markup.
QString nameCell(const QString& name)
{
    return markdownCodeSpan(name, MarkdownPlace::TableCell);
}

QString percent(double fraction)
{
    return QString::number(100.0 * fraction, 'f', 1) + QStringLiteral(" %");
}

QString ratio(std::optional<double> value)
{
    return value ? QString::number(*value, 'f', 3) + QStringLiteral("\u00d7") : QStringLiteral("–");
}

QString figure(std::optional<double> value)
{
    return value ? QString::number(*value, 'g', 3) : QStringLiteral("–");
}

void budgetSection(QString& out, const AnalysisResult& result, const TimeBudget& budget)
{
    out += QStringLiteral("## Where the time goes\n\n");
    const DeviceActivity* device = result.activity.mainDevice();
    if (!device) {
        out += QStringLiteral("The trace holds no GPU events.\n\n");
        return;
    }
    const auto share = [&](double us) { return device->spanUs > 0 ? percent(us / device->spanUs) : QStringLiteral("–"); };
    out += QStringLiteral("| Device %1 | time | of the span |\n|---|---:|---:|\n").arg(markdownText(device->device));
    out += QStringLiteral("| GPU span (first to last GPU event) | %1 | 100 % |\n").arg(formatDurationUs(device->spanUs));
    out += QStringLiteral("| busy (kernels, copies, memsets; streams merged) | %1 | %2 |\n").arg(formatDurationUs(device->busyUs), share(device->busyUs));
    out += QStringLiteral("| idle | %1 | %2 |\n").arg(formatDurationUs(device->idleUs), share(device->idleUs));
    out += QStringLiteral("| idle after late host launches | %1 | %2 |\n\n").arg(formatDurationUs(device->hostBoundIdleUs), share(device->hostBoundIdleUs));
    QStringList gaps;
    for (const IdleGapBucket& bucket : device->idleGaps) {
        const QString range = bucket.maxUs ? QStringLiteral("%1-%2").arg(formatDurationUs(bucket.minUs), formatDurationUs(*bucket.maxUs))
                                           : QStringLiteral("over %1").arg(formatDurationUs(bucket.minUs));
        gaps << QStringLiteral("%1: %2 gaps, %3").arg(range).arg(bucket.count).arg(formatDurationUs(bucket.totalUs));
    }
    out += QStringLiteral("Idle gaps by length: ") + gaps.join(QStringLiteral("; ")) + QStringLiteral(".\n\n");
    QStringList work;
    for (const auto& [kind, us] : result.gpuTime.us)
        work << QStringLiteral("%1 %2 (%3)").arg(gpuWorkTitle(kind), formatDurationUs(us), percent(result.gpuTime.share(kind)));
    out += QStringLiteral("GPU time by kind of work (sums of durations, which exceed busy time where streams overlap): ")
        + work.join(QStringLiteral(", ")) + QStringLiteral(".\n\n");
    out += QStringLiteral("Triton kernels: %1, of which %2 recoverable by tuning (memory- or compute-bound kernels above their "
                          "attainable time), %3 in latency-bound kernels (fuse or remove them) and %4 the rest.\n\n")
               .arg(formatDurationUs(budget.tritonTimeUs), formatDurationUs(budget.tritonRecoverableUs),
                    formatDurationUs(budget.tritonLatencyBoundUs), formatDurationUs(budget.tritonRestUs));
    const StepFigures& steps = result.activity.steps;
    if (steps.kind != StepKind::None) {
        out += QStringLiteral("Per step (%1, %2 steps: %3): GPU time %4, Triton %5%6.")
                   .arg(steps.kind == StepKind::GraphLaunch ? QStringLiteral("graph launches") : QStringLiteral("ProfilerStep annotations"))
                   .arg(steps.count)
                   .arg(markdownText(steps.what), formatDurationUs(steps.gpuTimePerStepUs), formatDurationUs(steps.tritonTimePerStepUs),
                        steps.idlePerStepUs ? QStringLiteral(", idle ") + formatDurationUs(*steps.idlePerStepUs) : QString());
        // What runs once (warm-up, encoders, a decoder) is no step's: said
        // apart, and the other kind of step the trace counts beside it.
        if (steps.oneOffGpuTimeUs > 0)
            out += QStringLiteral(" Outside the steps (run once): GPU time %1.").arg(formatDurationUs(steps.oneOffGpuTimeUs));
        for (const StepFigures& other : result.activity.stepKinds) {
            if (other.kind != steps.kind)
                out += QStringLiteral(" The trace also has %1 %2 (%3), %4 of GPU time each.")
                           .arg(other.count)
                           .arg(other.kind == StepKind::GraphLaunch
                                    ? (other.count == 1 ? QStringLiteral("graph launch") : QStringLiteral("graph launches"))
                                    : (other.count == 1 ? QStringLiteral("ProfilerStep annotation") : QStringLiteral("ProfilerStep annotations")),
                                markdownText(other.what), formatDurationUs(other.gpuTimePerStepUs));
        }
        out += QStringLiteral("\n\n");
    }
}

void opportunitiesSection(QString& out, const TimeBudget& budget)
{
    out += QStringLiteral("## What to fix first\n\n");
    if (budget.opportunities.empty()) {
        out += QStringLiteral("Nothing to win back under these roofs.\n\n");
        return;
    }
    out += QStringLiteral("| # | what | time at stake | of GPU time | why |\n|---:|---|---:|---:|---|\n");
    int rank = 0;
    for (const Opportunity& item : budget.opportunities) {
        if (++rank > topItems)
            break;
        const bool named = item.kind == Opportunity::Kind::Kernel || item.kind == Opportunity::Kind::Unmodelled;
        const QString what = named ? nameCell(item.name) : markdownText(item.name);
        // The idle GPU by its span: idle over kernel time passes 100 % on a host-bound trace.
        const QString share = item.shareOfSpan ? percent(*item.shareOfSpan) + QStringLiteral(" of the span") : percent(item.shareOfGpuTime);
        out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                   .arg(rank)
                   .arg(what, formatDurationUs(item.recoverableUs), share, markdownTextWithCode(item.why, MarkdownPlace::TableCell));
    }
    out += u'\n';
}

void kernelsSection(QString& out, const AnalysisResult& result, const TimeBudget& budget)
{
    std::vector<size_t> order(result.kernels.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return budget.kernels[a].recoverableUs > budget.kernels[b].recoverableUs; });
    out += QStringLiteral("## Triton kernels and library ops by recoverable time\n\n");
    out += QStringLiteral("| Kernel | Calls | Time | Recoverable | % of attainable | Limiter | TB/s | TFLOPS/s |\n"
                          "|---|---:|---:|---:|---:|---|---:|---:|\n");
    for (size_t i = 0; i < order.size() && i < size_t(topItems); ++i) {
        const KernelRow& row = result.kernels[order[i]];
        const KernelTimeFigures& figures = budget.kernels[order[i]];
        out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                   .arg(nameCell(row.name))
                   .arg(row.calls)
                   .arg(formatDurationUs(figures.measuredUs), formatDurationUs(figures.recoverableUs),
                        figures.fractionOfAttainable ? percent(*figures.fractionOfAttainable) : QStringLiteral("–"),
                        limiterTitle(figures.limiter), figure(row.tbPerS ? std::optional(row.tbPerS->mean) : std::nullopt),
                        figure(row.tflopsPerS ? std::optional(row.tflopsPerS->mean) : std::nullopt));
    }
    out += u'\n';
}

void comparisonSection(QString& out, const TraceComparison& comparison)
{
    out += QStringLiteral("## Against the baseline\n\n");
    out += QStringLiteral("Baseline: %1 (%2)\n\n")
               .arg(markdownCodeSpan(QFileInfo(comparison.baseline->tracePath).fileName()), markdownText(comparison.baselineGpu));
    // In words a slowdown reads as one ("10.5× slower", not "0.095×");
    // the export and the tables keep the ratio.
    const auto words = [](std::optional<double> speedup) { return speedup ? speedupInWords(*speedup) : QStringLiteral("not comparable"); };
    const StepComparison* steps = comparison.perStep ? &*comparison.perStep : nullptr;
    out += QStringLiteral("Compared %1.\n\n").arg(markdownTextWithCode(comparisonBasis(comparison)));
    out += QStringLiteral("GPU time %1, Triton time %2 %3.\n\n")
               .arg(words(steps ? steps->gpuTimeSpeedup : comparison.gpuTimeSpeedup),
                    words(steps ? steps->tritonTimeSpeedup : comparison.tritonTimeSpeedup),
                    !steps ? QStringLiteral("in total")
                           : steps->kind == StepKind::GraphLaunch ? QStringLiteral("per graph launch")
                                                                  : QStringLiteral("per ProfilerStep"));
    out += QStringLiteral("Recoverable time: %1 in the baseline, %2 here.\n\n")
               .arg(formatDurationUs(comparison.baselineRecoverableUs), formatDurationUs(comparison.candidateRecoverableUs));
    const auto changes = [&](const QString& title, const std::vector<int>& indices) {
        if (indices.empty())
            return;
        out += QStringLiteral("%1:\n\n| Kernel | change of total time | speedup |\n|---|---:|---:|\n").arg(title);
        for (int i : indices) {
            const KernelMatch& match = comparison.matching.matches[size_t(i)];
            const KernelRow* row = comparison.candidateRow(match) ? comparison.candidateRow(match) : comparison.baselineRow(match);
            const KernelDelta& delta = comparison.deltas[size_t(i)];
            out += QStringLiteral("| %1 | %2%3 | %4 |\n")
                       .arg(nameCell(row->name), delta.timeUs > 0 ? QStringLiteral("+") : QString(), formatDurationUs(delta.timeUs), ratio(delta.speedup));
        }
        out += u'\n';
    };
    changes(QStringLiteral("Largest regressions"), comparison.largestRegressions);
    changes(QStringLiteral("Largest improvements"), comparison.largestImprovements);
}

// Both traces by kind of work, with the whole GPU time and the span: where
// the time moved, also where no kernel pairs across (another vendor's BLAS).
void workComparisonSection(QString& out, const WorkComparison& work)
{
    const auto change = [](double us) { return (us > 0 ? QStringLiteral("+") : QString()) + formatDurationUs(us); };
    const auto span = [](const std::optional<double>& us) { return us ? formatDurationUs(*us) : QStringLiteral("–"); };
    out += QStringLiteral("By kind of work (sums of event durations):\n\n| Kind of work | baseline | this trace | change |\n"
                          "|---|---:|---:|---:|\n");
    for (const WorkTimeChange& row : work.byWork)
        out += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                   .arg(gpuWorkTitle(row.work), formatDurationUs(row.baselineUs), formatDurationUs(row.candidateUs), change(row.changeUs()));
    out += QStringLiteral("| GPU time | %1 | %2 | %3 |\n")
               .arg(formatDurationUs(work.baselineGpuTimeUs), formatDurationUs(work.candidateGpuTimeUs),
                    change(work.candidateGpuTimeUs - work.baselineGpuTimeUs));
    out += QStringLiteral("| span (first to last GPU event) | %1 | %2 | %3 |\n\n")
               .arg(span(work.baselineSpanUs), span(work.candidateSpanUs),
                    work.baselineSpanUs && work.candidateSpanUs ? change(*work.candidateSpanUs - *work.baselineSpanUs) : QStringLiteral("–"));
}

} // namespace

QByteArray markdownReport(const ReportInputs& inputs)
{
    const TraceJudgement& judged = inputs.judgement->trace;
    const AnalysisResult& result = *judged.result;
    const GpuSpec& gpu = judged.gpuSpec();
    const PeakFigures& peaks = judged.peaks();
    const TimeBudget& budget = judged.budget;
    QString out;
    out += QStringLiteral("# Ridgeline: %1\n\n").arg(markdownText(QFileInfo(result.tracePath).fileName()));
    out += QStringLiteral("- GPU: %1, %2 (HBM %3 TB/s)%4\n")
               .arg(markdownText(gpu.name), peakSetTitle(gpu.setUsedFor(judged.peakSet)))
               .arg(peaks.memoryBandwidthTBps)
               .arg(result.traceGpuName.isEmpty() || result.traceGpuName == gpu.name
                        ? QString()
                        : QStringLiteral("; the trace names %1").arg(markdownText(result.traceGpuName)));
    out += QStringLiteral("- Latency floor t0: %1 (%2)\n").arg(formatDurationUs(budget.latencyFloor.us), markdownText(budget.latencyFloor.sourceText));
    const auto libraryOps = std::count_if(result.kernels.begin(), result.kernels.end(), [](const KernelRow& row) { return row.isLibraryOp(); });
    out += QStringLiteral("- GPU kernel time %1; %2 Triton kernels, %3 library ops, %4 library kernels of no op\n")
               .arg(formatDurationUs(result.totalGpuKernelTimeUs))
               .arg(qsizetype(result.kernels.size()) - libraryOps)
               .arg(libraryOps)
               .arg(result.libraryKernels.size());
    // Everything below speaks for this much of the GPU time; the time-only
    // rest is ranked among the opportunities as `unmodelled` where it is large.
    out += QStringLiteral("- Coverage: %1; the rest is time only\n\n").arg(coverageText(gpuTimeCoverage(result)));
    out += QStringLiteral("Sort by Recoverable: it is the time a fix could win back. Latency-bound means fuse, not tune.\n\n");
    budgetSection(out, result, budget);
    opportunitiesSection(out, budget);
    kernelsSection(out, result, budget);
    if (!inputs.rooflineImage.isEmpty())
        out += QStringLiteral("![Roofline](%1)\n\n").arg(markdownLinkTarget(inputs.rooflineImage));
    if (const TraceComparison* comparison = inputs.judgement->comparison.get()) {
        comparisonSection(out, *comparison);
        workComparisonSection(out, comparison->work);
    }
    return out.toUtf8();
}

} // namespace Ridgeline
