#include "engine/export/markdownreport.h"

#include "engine/base/text/markdownwriter.h"
#include "engine/base/text/units.h"
#include "engine/comparison/stepcomparison.h"
#include "engine/results/naming/rowdisplayname.h"
#include "engine/timebudget/gputimecoverage.h"
#include "engine/timebudget/opportunities.h"
#include "engine/timebudget/timebudget.h"

#include <QFileInfo>
#include <algorithm>
#include <numeric>

namespace Ridgeline {
namespace {

using MD = MarkdownWriter;
using Align = MarkdownWriter::Align;

constexpr int topItems = 10;
constexpr int percentDecimals = 1; // "12.3 %"

// Every text from a trace (names of kernels, files, GPUs, streams) goes in
// through the writer's escaping: a name is a code span, any other text
// plain text that no renderer reads as markup.
QString nameCell(const QString& name)
{
    return MD::code(name, MarkdownPlace::TableCell);
}

QString ratio(std::optional<double> value)
{
    return value ? QString::number(*value, 'f', 3) + QStringLiteral("\u00d7") : QStringLiteral("–");
}

QString figure(std::optional<double> value)
{
    return value ? QString::number(*value, 'g', 3) : QStringLiteral("–");
}

QString stepsParagraph(const GpuActivity& activity)
{
    const StepFigures& steps = activity.steps;
    QString text = QStringLiteral("Per step (%1, %2 %3: %4): GPU time %5, Triton %6%7.")
                       .arg(stepKindWords(steps.kind, 2))
                       .arg(steps.count)
                       .arg(steps.count == 1 ? QStringLiteral("step") : QStringLiteral("steps"), MD::plain(steps.what),
                           formatTimeUs(steps.gpuTimePerStepUs), formatTimeUs(steps.tritonTimePerStepUs),
                           steps.idlePerStepUs ? QStringLiteral(", idle ") + formatTimeUs(*steps.idlePerStepUs) : QString());
    // What runs once (warm-up, encoders, a decoder) is no step's: said
    // apart, and the other kind of step the trace counts beside it.
    if (steps.oneOffGpuTimeUs > 0)
        text += QStringLiteral(" Outside the steps (run once): GPU time %1.").arg(formatTimeUs(steps.oneOffGpuTimeUs));
    for (const StepFigures& other : activity.stepKinds) {
        if (other.kind != steps.kind)
            text += QStringLiteral(" The trace also has %1 %2 (%3), %4 of GPU time each.")
                        .arg(other.count)
                        .arg(stepKindWords(other.kind, other.count), MD::plain(other.what), formatTimeUs(other.gpuTimePerStepUs));
    }
    return text;
}

// Each cause with its largest gap: what the launching thread was doing.
QString idleCausesParagraph(const std::vector<IdleCause>& causes)
{
    QStringList parts;
    for (const IdleCause& cause : causes) {
        QString part = QStringLiteral("%1 %2 in %3 %4")
                           .arg(idleCauseClassKey(cause.cls), formatTimeUs(cause.totalUs))
                           .arg(cause.count)
                           .arg(cause.count == 1 ? QStringLiteral("gap") : QStringLiteral("gaps"));
        if (!cause.largest.empty()) {
            const ClassifiedGap& gap = cause.largest.front();
            QString what = cause.cls == IdleCauseClass::Sync ? MD::code(gap.call, MarkdownPlace::Prose) : QString();
            if (cause.cls == IdleCauseClass::Sync && gap.bytes)
                what += QStringLiteral(" of %1 bytes").arg(*gap.bytes);
            if (!gap.op.isEmpty())
                what += (what.isEmpty() ? QString() : QStringLiteral(" in ")) + MD::code(gap.op, MarkdownPlace::Prose);
            part += QStringLiteral(" (largest %1 at %2%3)")
                        .arg(formatTimeUs(gap.lengthUs), formatTimeUs(gap.startUs),
                            what.isEmpty() ? QString() : QStringLiteral(": ") + what);
        }
        parts << part;
    }
    return QStringLiteral("Idle gaps by cause (what the launching thread was doing): ") + parts.join(QStringLiteral("; ")) + u'.';
}

void budgetSection(MD& md, const AnalysisResult& result, const TimeBudget& budget)
{
    md.heading(2, QStringLiteral("Where the time goes"));
    const DeviceActivity* device = result.activity.mainDevice();
    if (!device) {
        md.paragraph(QStringLiteral("The trace holds no GPU events."));
        return;
    }
    const auto share
        = [&](double us) { return device->spanUs > 0 ? formatPercent(us / device->spanUs, percentDecimals) : QStringLiteral("–"); };
    md.table({ QStringLiteral("Device ") + MD::plain(device->device), QStringLiteral("time"), QStringLiteral("of the span") },
        { { QStringLiteral("GPU span (first to last GPU event)"), formatTimeUs(device->spanUs), QStringLiteral("100 %") },
            { QStringLiteral("busy (kernels, copies, memsets; streams merged)"), formatTimeUs(device->busyUs), share(device->busyUs) },
            { QStringLiteral("idle"), formatTimeUs(device->idleUs), share(device->idleUs) },
            { QStringLiteral("idle after late host launches"), formatTimeUs(device->hostBoundIdleUs), share(device->hostBoundIdleUs) } },
        { Align::Left, Align::Right, Align::Right });
    QStringList gaps;
    for (const IdleGapBucket& bucket : device->idleGaps) {
        const QString range = bucket.maxUs ? QStringLiteral("%1-%2").arg(formatTimeUs(bucket.minUs), formatTimeUs(*bucket.maxUs))
                                           : QStringLiteral("over %1").arg(formatTimeUs(bucket.minUs));
        gaps << QStringLiteral("%1: %2 gaps, %3").arg(range).arg(bucket.count).arg(formatTimeUs(bucket.totalUs));
    }
    md.paragraph(QStringLiteral("Idle gaps by length: ") + gaps.join(QStringLiteral("; ")) + u'.');
    if (!result.activity.idleCauses.empty())
        md.paragraph(idleCausesParagraph(result.activity.idleCauses));
    QStringList work;
    for (const auto& [kind, us] : result.gpuTime.us)
        work << QStringLiteral("%1 %2 (%3)")
                    .arg(gpuWorkTitle(kind), formatTimeUs(us), formatPercent(result.gpuTime.share(kind), percentDecimals));
    md.paragraph(QStringLiteral("GPU time by kind of work (sums of durations, which exceed busy time where streams overlap): ")
        + work.join(QStringLiteral(", ")) + u'.');
    md.paragraph(QStringLiteral("Triton kernels: %1, of which %2 recoverable by tuning (memory- or compute-bound kernels above their "
                                "attainable time), %3 in latency-bound kernels (fuse or remove them) and %4 the rest.")
            .arg(formatTimeUs(budget.tritonTimeUs), formatTimeUs(budget.tritonRecoverableUs), formatTimeUs(budget.tritonLatencyBoundUs),
                formatTimeUs(budget.tritonRestUs)));
    if (result.activity.steps.kind != StepKind::None)
        md.paragraph(stepsParagraph(result.activity));
}

// The findings the listed items hold, under their rank: what to change in
// the kernel, each with its row's recoverable time (the item's own or part
// of it: never added up).
void opportunityFindings(MD& md, const AnalysisResult& result, const TimeBudget& budget, int listed)
{
    bool any = false;
    for (int rank = 0; rank < listed && size_t(rank) < budget.opportunities.size(); ++rank) {
        for (const Opportunity::RowFinding& cited : budget.opportunities[size_t(rank)].findings) {
            if (!any)
                md.paragraph(QStringLiteral("What the kernels' launch and source say to change (each at stake: its kernel's "
                                            "recoverable time, already in its item's):"));
            any = true;
            const QString name = cited.row >= 0 && size_t(cited.row) < result.rows.size() ? result.rows[size_t(cited.row)].name : QString();
            // One sentence through the escaping, so that its figures never
            // start a line (a leading "44 %" would be escaped as a list's number).
            md.bullet(MD::plainWithCode(QStringLiteral("`%1` `%2` (item #%3): %4 (at stake %5)")
                    .arg(name, findingKindKey(cited.finding.kind))
                    .arg(rank + 1)
                    .arg(cited.finding.text, formatTimeUs(cited.timeAtStakeUs))));
        }
    }
}

void opportunitiesSection(MD& md, const AnalysisResult& result, const TimeBudget& budget)
{
    md.heading(2, QStringLiteral("What to fix first"));
    if (budget.opportunities.empty()) {
        md.paragraph(QStringLiteral("Nothing to win back under these roofs."));
        return;
    }
    std::vector<QStringList> rows;
    for (const Opportunity& item : budget.opportunities) {
        if (rows.size() == size_t(topItems))
            break;
        const bool named = item.kind == Opportunity::Kind::Kernel || item.kind == Opportunity::Kind::Unmodelled;
        // The idle GPU by its span: idle over kernel time passes 100 % on a host-bound trace.
        const QString share = item.shareOfSpan ? formatPercent(*item.shareOfSpan, percentDecimals) + QStringLiteral(" of the span")
                                               : formatPercent(item.shareOfGpuTime, percentDecimals);
        rows.push_back({ QString::number(rows.size() + 1), named ? nameCell(opportunityShownName(result, item)) : MD::plain(item.name),
            formatTimeUs(item.recoverableUs), share, MD::plainWithCode(item.why, MarkdownPlace::TableCell) });
    }
    md.table({ QStringLiteral("#"), QStringLiteral("what"), QStringLiteral("time at stake"), QStringLiteral("of GPU time"),
                 QStringLiteral("why") },
        rows, { Align::Right, Align::Left, Align::Right, Align::Right });
    opportunityFindings(md, result, budget, int(rows.size()));
}

void kernelsSection(MD& md, const AnalysisResult& result, const TimeBudget& budget)
{
    std::vector<size_t> order(result.rows.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(
        order.begin(), order.end(), [&](size_t a, size_t b) { return budget.rows[a].recoverableUs > budget.rows[b].recoverableUs; });
    md.heading(2, QStringLiteral("Triton kernels and library ops by recoverable time"));
    std::vector<QStringList> rows;
    for (size_t i = 0; i < order.size() && i < size_t(topItems); ++i) {
        const KernelRow& row = result.rows[order[i]];
        const KernelTimeFigures& figures = budget.rows[order[i]];
        const std::optional<double> fraction = figures.fractionOfAttainable;
        rows.push_back({ nameCell(rowNames(row).display), QString::number(row.calls), formatTimeUs(figures.measuredUs),
            formatTimeUs(figures.recoverableUs), fraction ? formatPercent(*fraction, percentDecimals) : QStringLiteral("–"),
            limiterTitle(figures.limiter), figure(row.tbPerS ? std::optional(row.tbPerS->mean) : std::nullopt),
            figure(row.tflopsPerS ? std::optional(row.tflopsPerS->mean) : std::nullopt) });
    }
    md.table({ QStringLiteral("Kernel"), QStringLiteral("Calls"), QStringLiteral("Time"), QStringLiteral("Recoverable"),
                 QStringLiteral("% of attainable"), QStringLiteral("Limiter"), QStringLiteral("TB/s"), QStringLiteral("TFLOPS/s") },
        rows, { Align::Left, Align::Right, Align::Right, Align::Right, Align::Right, Align::Left, Align::Right, Align::Right });
}

void comparisonSection(MD& md, const TraceComparison& comparison)
{
    md.heading(2, QStringLiteral("Against the baseline"));
    md.paragraph(QStringLiteral("Baseline: %1 (%2)")
            .arg(MD::code(QFileInfo(comparison.baseline->tracePath).fileName(), MarkdownPlace::Prose), MD::plain(comparison.baselineGpu)));
    // In words a slowdown reads as one ("10.5× slower", not "0.095×");
    // the export and the tables keep the ratio.
    const auto words = [](std::optional<double> speedup) { return speedup ? speedupInWords(*speedup) : QStringLiteral("not comparable"); };
    const StepComparison* steps = comparison.perStep ? &*comparison.perStep : nullptr;
    md.paragraph(QStringLiteral("Compared %1.").arg(MD::plainWithCode(comparisonBasis(comparison))));
    md.paragraph(QStringLiteral("GPU time %1, Triton time %2 %3.")
            .arg(words(steps ? steps->gpuTimeSpeedup : comparison.gpuTimeSpeedup),
                words(steps ? steps->tritonTimeSpeedup : comparison.tritonTimeSpeedup),
                steps ? perStepWords(steps->kind) : QStringLiteral("in total")));
    md.paragraph(QStringLiteral("Recoverable time: %1 in the baseline, %2 here.")
            .arg(formatTimeUs(comparison.baselineRecoverableUs), formatTimeUs(comparison.candidateRecoverableUs)));
    const auto changes = [&](const QString& title, const std::vector<int>& indices) {
        if (indices.empty())
            return;
        std::vector<QStringList> rows;
        for (int i : indices) {
            const KernelMatch& match = comparison.matching.matches[size_t(i)];
            const KernelRow* row = comparison.candidateRow(match) ? comparison.candidateRow(match) : comparison.baselineRow(match);
            const KernelDelta& delta = comparison.deltas[size_t(i)];
            rows.push_back({ nameCell(rowNames(*row).display),
                (delta.timeUs > 0 ? QStringLiteral("+") : QString()) + formatTimeUs(delta.timeUs), ratio(delta.speedup) });
        }
        md.paragraph(title + u':');
        md.table({ QStringLiteral("Kernel"), QStringLiteral("change of total time"), QStringLiteral("speedup") }, rows,
            { Align::Left, Align::Right, Align::Right });
    };
    changes(QStringLiteral("Largest regressions"), comparison.largestRegressions);
    changes(QStringLiteral("Largest improvements"), comparison.largestImprovements);
}

// Both traces by kind of work, with the whole GPU time and the span: where
// the time moved, also where no kernel pairs across (another vendor's BLAS).
void workComparisonSection(MD& md, const WorkComparison& work)
{
    const auto change = [](double us) { return (us > 0 ? QStringLiteral("+") : QString()) + formatTimeUs(us); };
    const auto span = [](const std::optional<double>& us) { return us ? formatTimeUs(*us) : QStringLiteral("–"); };
    std::vector<QStringList> rows;
    for (const WorkTimeChange& row : work.byWork)
        rows.push_back({ gpuWorkTitle(row.work), formatTimeUs(row.baselineUs), formatTimeUs(row.candidateUs), change(row.changeUs()) });
    rows.push_back({ QStringLiteral("GPU time"), formatTimeUs(work.baselineGpuTimeUs), formatTimeUs(work.candidateGpuTimeUs),
        change(work.candidateGpuTimeUs - work.baselineGpuTimeUs) });
    rows.push_back({ QStringLiteral("span (first to last GPU event)"), span(work.baselineSpanUs), span(work.candidateSpanUs),
        work.baselineSpanUs && work.candidateSpanUs ? change(*work.candidateSpanUs - *work.baselineSpanUs) : QStringLiteral("–") });
    md.paragraph(QStringLiteral("By kind of work (sums of event durations):"));
    md.table({ QStringLiteral("Kind of work"), QStringLiteral("baseline"), QStringLiteral("this trace"), QStringLiteral("change") }, rows,
        { Align::Left, Align::Right, Align::Right, Align::Right });
}

} // namespace

QByteArray markdownReport(const ReportInputs& inputs)
{
    const TraceJudgement& judged = inputs.judgement->trace;
    const AnalysisResult& result = *judged.result;
    const GpuSpec& gpu = judged.gpuSpec();
    const PeakFigures& peaks = judged.peaks();
    const TimeBudget& budget = judged.budget;
    MD md;
    md.heading(1, QStringLiteral("Ridgeline: ") + MD::plain(QFileInfo(result.tracePath).fileName()));
    md.bullet(QStringLiteral("GPU: %1, %2 (HBM %3 TB/s)%4")
            .arg(MD::plain(gpu.name), peakSetTitle(judged.peakSetUsed()))
            .arg(peaks.memoryBandwidthTBps)
            .arg(result.traceGpuName.isEmpty() || result.traceGpuName == gpu.name
                    ? QString()
                    : QStringLiteral("; the trace names %1").arg(MD::plain(result.traceGpuName))));
    // Every figure below is of the range alone; with a baseline, its same offsets.
    if (result.gpuRangeUs)
        md.bullet(QStringLiteral("Range: %1 to %2 from the first GPU event%3; only the GPU events that start in it count")
                .arg(formatTimeUs(result.gpuRangeUs->first), formatTimeUs(result.gpuRangeUs->second),
                    inputs.judgement->comparison ? QStringLiteral(" (the baseline's: the same from its own first)") : QString()));
    md.bullet(
        QStringLiteral("Latency floor t0: %1 (%2)").arg(formatTimeUs(budget.latencyFloor.us), MD::plain(budget.latencyFloor.sourceText)));
    const auto libraryOps = std::count_if(result.rows.begin(), result.rows.end(), [](const KernelRow& row) { return row.isLibraryOp(); });
    md.bullet(QStringLiteral("GPU kernel time %1; %2 Triton kernels, %3 library ops, %4 library kernels of no op")
            .arg(formatTimeUs(result.totalGpuKernelTimeUs))
            .arg(qsizetype(result.rows.size()) - libraryOps)
            .arg(libraryOps)
            .arg(result.libraryKernels.size()));
    // Everything below speaks for this much of the GPU time; the time-only
    // rest is ranked among the opportunities as `unmodelled` where it is large.
    md.bullet(QStringLiteral("Coverage: %1; the rest is time only").arg(coverageText(gpuTimeCoverage(result))));
    md.paragraph(QStringLiteral("Sort by Recoverable: it is the time a fix could win back. Latency-bound means fuse, not tune."));
    budgetSection(md, result, budget);
    opportunitiesSection(md, result, budget);
    kernelsSection(md, result, budget);
    if (!inputs.rooflineImage.isEmpty())
        md.paragraph(MD::image(QStringLiteral("Roofline"), inputs.rooflineImage));
    if (const TraceComparison* comparison = inputs.judgement->comparison.get()) {
        comparisonSection(md, *comparison);
        workComparisonSection(md, comparison->work);
    }
    return md.text().toUtf8();
}

} // namespace Ridgeline
