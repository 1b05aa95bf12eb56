#include "engine/comparison/tracecomparison.h"

#include "engine/roofline/roofline.h"
#include "engine/timebudget/timebudget.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

std::optional<double> difference(std::optional<double> candidate, std::optional<double> baseline)
{
    return candidate && baseline ? std::optional(*candidate - *baseline) : std::nullopt;
}

// Null unless both sides ran some: 0x or infinitely faster says nothing.
std::optional<double> ratio(double baseline, double candidate)
{
    return baseline > 0 && candidate > 0 ? std::optional(baseline / candidate) : std::nullopt;
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
    return i < result.rows.size() ? &result.rows[i] : &result.libraryKernels[i - result.rows.size()];
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

TraceComparison compareTraces(const ComparedTrace& baseline, const ComparedTrace& candidate)
{
    TraceComparison comparison;
    comparison.baseline = baseline.result;
    comparison.candidate = candidate.result;
    comparison.baselineGpu = baseline.gpu->name;
    comparison.candidateGpu = candidate.gpu->name;
    // Library kernels too, by name: the largest change may be a library softmax.
    comparison.matching = matchKernels(
        comparison.baseline->rows, comparison.baseline->libraryKernels, comparison.candidate->rows, comparison.candidate->libraryKernels);
    comparison.work = compareWork(*comparison.baseline, *comparison.candidate);
    const PeakFigures& basePeaks = *baseline.peaks;
    const PeakFigures& candPeaks = *candidate.peaks;

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
    comparison.perStep = compareSteps(comparison.baseline->activity, comparison.candidate->activity);
    comparison.baselineRecoverableUs = baseline.budget->recoverableUs;
    comparison.candidateRecoverableUs = candidate.budget->recoverableUs;

    std::vector<int> order(comparison.deltas.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::stable_sort(order.begin(), order.end(),
        [&](int a, int b) { return comparison.deltas[size_t(a)].timeUs > comparison.deltas[size_t(b)].timeUs; });
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
    return stepBasis(comparison.baseline->activity, comparison.candidate->activity, comparison.perStep);
}

QString speedupInWords(double speedup)
{
    if (!(speedup > 0) || !std::isfinite(speedup))
        return QStringLiteral("not comparable");
    const double factor = speedup >= 1 ? speedup : 1 / speedup;
    const int decimals = factor >= 100 ? 0 : factor >= 10 ? 1 : 2;
    const QString figure = QString::number(factor, 'f', decimals);
    if (figure == QStringLiteral("1.00"))
        return QStringLiteral("unchanged");
    return figure + (speedup > 1 ? QStringLiteral("\u00d7 faster") : QStringLiteral("\u00d7 slower"));
}

} // namespace Ridgeline
