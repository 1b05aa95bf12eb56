#include "engine/comparison/tracecomparison.h"

#include "engine/roofline/roofline.h"
#include "engine/timebudget/timebudget.h"

#include <algorithm>

namespace Ridgeline {
namespace {

std::optional<double> meanOf(const std::optional<SampleStats>& stats)
{
    return stats ? std::optional(stats->mean) : std::nullopt;
}

std::optional<double> difference(std::optional<double> candidate, std::optional<double> baseline)
{
    return candidate && baseline ? std::optional(*candidate - *baseline) : std::nullopt;
}

std::optional<double> ratio(double baseline, double candidate)
{
    return candidate > 0 ? std::optional(baseline / candidate) : std::nullopt;
}

std::optional<double> fraction(const KernelRow& row, const PeakFigures& peaks)
{
    const auto placement = placeKernel(row, peaks);
    return placement ? std::optional(placement->fractionOfRoof) : std::nullopt;
}

double totalTime(const KernelRow* row)
{
    return row && row->kernelTimeUs ? row->kernelTimeUs->sum : 0;
}

} // namespace

namespace {

// A matched index: the trace's rows, then its library kernels.
const KernelRow* rowOf(const AnalysisResult& result, int index)
{
    if (index < 0)
        return nullptr;
    const size_t i = size_t(index);
    return i < result.kernels.size() ? &result.kernels[i] : &result.libraryKernels[i - result.kernels.size()];
}

} // namespace

const KernelRow* TraceComparison::baselineRow(const KernelMatch& match) const
{
    return rowOf(*baseline, match.baseline);
}

const KernelRow* TraceComparison::candidateRow(const KernelMatch& match) const
{
    return rowOf(*candidate, match.candidate);
}

TraceComparison compareTraces(std::shared_ptr<const AnalysisResult> baseline, const GpuSpec& baselineGpu,
                              std::shared_ptr<const AnalysisResult> candidate, const GpuSpec& candidateGpu, PeakSet peaks,
                              std::optional<double> latencyFloorUs)
{
    TraceComparison comparison;
    comparison.baseline = std::move(baseline);
    comparison.candidate = std::move(candidate);
    comparison.baselineGpu = baselineGpu.name;
    comparison.candidateGpu = candidateGpu.name;
    // Library kernels too, by name: the largest change may be a library softmax.
    comparison.matching = matchKernels(comparison.baseline->kernels, comparison.baseline->libraryKernels,
                                       comparison.candidate->kernels, comparison.candidate->libraryKernels);
    comparison.work = compareWork(*comparison.baseline, *comparison.candidate);
    const PeakFigures& basePeaks = baselineGpu.peaks(peaks);
    const PeakFigures& candPeaks = candidateGpu.peaks(peaks);

    comparison.deltas.reserve(comparison.matching.matches.size());
    for (const KernelMatch& match : comparison.matching.matches) {
        const KernelRow* base = comparison.baselineRow(match);
        const KernelRow* cand = comparison.candidateRow(match);
        KernelDelta delta;
        delta.timeUs = totalTime(cand) - totalTime(base);
        if (base && cand) {
            const auto baseMean = meanOf(base->kernelTimeUs);
            const auto candMean = meanOf(cand->kernelTimeUs);
            if (baseMean && candMean && *candMean > 0)
                delta.speedup = *baseMean / *candMean;
            delta.tbPerS = difference(meanOf(cand->tbPerS), meanOf(base->tbPerS));
            delta.tflopsPerS = difference(meanOf(cand->tflopsPerS), meanOf(base->tflopsPerS));
            delta.fractionOfRoof = difference(fraction(*cand, candPeaks), fraction(*base, basePeaks));
            if (delta.speedup && *delta.speedup < 1)
                ++comparison.regressionCount;
        }
        comparison.deltas.push_back(delta);
    }

    comparison.gpuTimeSpeedup = ratio(comparison.baseline->totalGpuKernelTimeUs, comparison.candidate->totalGpuKernelTimeUs);
    comparison.tritonTimeSpeedup = ratio(comparison.baseline->tritonKernelTimeUs, comparison.candidate->tritonKernelTimeUs);
    const StepFigures& baseSteps = comparison.baseline->activity.steps;
    const StepFigures& candSteps = comparison.candidate->activity.steps;
    if (baseSteps.kind != StepKind::None && baseSteps.kind == candSteps.kind) {
        StepComparison steps;
        steps.kind = baseSteps.kind;
        steps.baselineSteps = baseSteps.count;
        steps.candidateSteps = candSteps.count;
        steps.gpuTimeSpeedup = ratio(baseSteps.gpuTimePerStepUs, candSteps.gpuTimePerStepUs);
        steps.tritonTimeSpeedup = ratio(baseSteps.tritonTimePerStepUs, candSteps.tritonTimePerStepUs);
        comparison.perStep = steps;
    }
    comparison.baselineRecoverableUs = evaluateTimeBudget(*comparison.baseline, basePeaks, latencyFloorUs).recoverableUs;
    comparison.candidateRecoverableUs = evaluateTimeBudget(*comparison.candidate, candPeaks, latencyFloorUs).recoverableUs;

    std::vector<int> order(comparison.deltas.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return comparison.deltas[size_t(a)].timeUs > comparison.deltas[size_t(b)].timeUs;
    });
    for (int i : order) {
        if (comparison.deltas[size_t(i)].timeUs > 0 && comparison.largestRegressions.size() < largestChangesKept)
            comparison.largestRegressions.push_back(i);
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        if (comparison.deltas[size_t(*it)].timeUs < 0 && comparison.largestImprovements.size() < largestChangesKept)
            comparison.largestImprovements.push_back(*it);
    }
    return comparison;
}

QString comparisonBasis(const TraceComparison& comparison)
{
    if (!comparison.perStep)
        return QStringLiteral("in total");
    const StepComparison& steps = *comparison.perStep;
    return QStringLiteral("%1 (%2 against %3 in the baseline)")
        .arg(steps.kind == StepKind::GraphLaunch ? QStringLiteral("per graph launch") : QStringLiteral("per ProfilerStep"))
        .arg(steps.candidateSteps)
        .arg(steps.baselineSteps);
}

} // namespace Ridgeline
