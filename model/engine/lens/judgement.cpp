#include "engine/lens/judgement.h"

#include "engine/comparison/comparisonroofline.h"
#include "engine/timebudget/rooflinelimiters.h"

#include <functional>

namespace Ridgeline {

ComparedTrace TraceJudgement::compared() const
{
    return { result, &gpu.spec, &peaks(), &budget };
}

namespace {

QString rangeText(const std::optional<std::pair<double, double>>& rangeUs)
{
    return rangeUs ? QStringLiteral("the range %1 to %2 us").arg(rangeUs->first, 0, 'f', 3).arg(rangeUs->second, 0, 'f', 3)
                   : QStringLiteral("the whole trace");
}

} // namespace

QStringList Judgement::gpuWarnings() const
{
    QStringList warnings;
    if (!trace.gpu.warning.isEmpty())
        warnings << trace.gpu.warning;
    if (baseline && !baseline->gpu.warning.isEmpty())
        warnings << QStringLiteral("baseline: ") + baseline->gpu.warning;
    // Speedups of a range against a whole trace (or another range) compare different spans.
    if (baseline && baseline->result->gpuRangeUs != trace.result->gpuRangeUs)
        warnings << QStringLiteral("the trace is counted in %1 and the baseline in %2: the speedups compare different spans")
                        .arg(rangeText(trace.result->gpuRangeUs), rangeText(baseline->result->gpuRangeUs));
    return warnings;
}

std::vector<JudgedFinding> TraceJudgement::findingsOf(const KernelRow& row) const
{
    // A row of this trace: the budget's own figures, so that the views and
    // the exports cannot differ; another row (a test's): the same functions.
    const std::vector<KernelRow>& rows = result->rows;
    const std::less<const KernelRow*> before;
    const bool ours
        = !rows.empty() && !before(&row, rows.data()) && before(&row, rows.data() + rows.size()) && budget.rows.size() == rows.size();
    const KernelTimeFigures* figures = ours ? &budget.rows[size_t(&row - rows.data())] : nullptr;
    const KernelFindings findings = figures ? figures->findings : judgedFindings(row, &gpu.spec);
    if (findings.empty())
        return {};
    const double atStake = figures ? figures->recoverableUs : kernelTimeFigures(row, peaks(), budget.latencyFloor.us).recoverableUs;
    std::vector<JudgedFinding> judged;
    judged.reserve(findings.size());
    for (const KernelFinding& f : findings)
        judged.push_back({ f, atStake });
    return judged;
}

Advice TraceJudgement::adviceOf(const KernelRow& row) const
{
    const std::vector<KernelRow>& rows = result->rows;
    const std::less<const KernelRow*> before;
    if (!rows.empty() && !before(&row, rows.data()) && before(&row, rows.data() + rows.size()) && budget.rows.size() == rows.size())
        return budget.rows[size_t(&row - rows.data())].advice;
    return kernelTimeFigures(row, peaks(), budget.latencyFloor.us, &gpu.spec, result.get()).advice;
}

TraceJudgement judgeTrace(std::shared_ptr<const AnalysisResult> result, const Lens& lens)
{
    TraceJudgement judged;
    judged.result = std::move(result);
    judged.gpu = pickGpu(lens, judged.result->traceGpuName);
    judged.peakSet = lens.peaks;
    judged.budget = evaluateTimeBudget(*judged.result, judged.peaks(), lens.latencyFloorUs, &judged.gpu.spec);
    judged.roofline = rooflineData(judged.result.get(), judged.gpu.spec, lens.peaks);
    markLatencyBound(judged.roofline, judged.budget);
    return judged;
}

std::shared_ptr<const Judgement> judge(
    std::shared_ptr<const AnalysisResult> result, const Lens& lens, std::shared_ptr<const AnalysisResult> baseline)
{
    auto judgement = std::make_shared<Judgement>();
    judgement->lens = lens;
    judgement->trace = judgeTrace(std::move(result), lens);
    if (baseline) {
        judgement->baseline = judgeTrace(std::move(baseline), lens);
        judgement->comparison
            = std::make_shared<const TraceComparison>(compareTraces(judgement->baseline->compared(), judgement->trace.compared()));
        judgement->trace.roofline.arrows = comparisonArrows(*judgement->comparison, judgement->baseline->peaks(), judgement->trace.peaks());
    }
    return judgement;
}

} // namespace Ridgeline
