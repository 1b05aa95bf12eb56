// Stage comparison/: a trace compared with a baseline.
// A candidate trace against its baseline: the kernel matching, and for each
// match the speedup (baseline mean time over candidate mean time) and the
// change of TB/s, TFLOPS/s and fraction of roof, each trace against its own
// GPU's roofs; totals and the largest regressions and improvements by time.
#pragma once

#include "engine/comparison/kernelmatcher.h"
#include "engine/comparison/stepcomparison.h"
#include "engine/comparison/workcomparison.h"
#include "engine/results/analysisresult.h"
#include "engine/roofline/gpuspec.h"
#include "engine/timebudget/timebudget.h"

#include <memory>
#include <optional>

namespace Ridgeline {

struct KernelDelta
{
    std::optional<double> speedup; // baseline mean / candidate mean; both timed, else nullopt
    std::optional<double> tbPerS; // candidate - baseline, of the means over calls
    std::optional<double> tflopsPerS;
    std::optional<double> fractionOfRoof;
    double timeUs = 0; // candidate total - baseline total (an added kernel: its total)
};

struct TraceComparison
{
    std::shared_ptr<const AnalysisResult> baseline;
    std::shared_ptr<const AnalysisResult> candidate;
    QString baselineGpu;
    QString candidateGpu;
    // Of each side's kernels and then its library kernels (kernelmatcher.h):
    // use baselineRow() and candidateRow(), not the indices alone.
    KernelMatching matching;
    std::vector<KernelDelta> deltas; // parallel to matching.matches
    WorkComparison work; // GPU time by kind of work and the spans
    std::optional<double> gpuTimeSpeedup; // baseline total GPU time / candidate's
    std::optional<double> tritonTimeSpeedup; // baseline Triton time / candidate's
    std::optional<StepComparison> perStep; // by the finest kind of step both traces count
    // What tuning could win back in each trace, each under its own GPU's roofs.
    double baselineRecoverableUs = 0;
    double candidateRecoverableUs = 0;
    int regressionCount = 0; // matched kernels with speedup < 1
    // Into matching.matches, largest change of total time first.
    std::vector<int> largestRegressions;
    std::vector<int> largestImprovements;

    bool differentGpus() const { return baselineGpu != candidateGpu; }
    const KernelRow* baselineRow(const KernelMatch& match) const;
    const KernelRow* candidateRow(const KernelMatch& match) const;
};

constexpr size_t largestChangesKept = 10;

// One side of a comparison as judged (engine/lens/judgement.h): its result,
// the GPU and peaks it is measured against, and its time budget under them.
struct ComparedTrace
{
    std::shared_ptr<const AnalysisResult> result;
    const GpuSpec* gpu = nullptr;
    const PeakFigures* peaks = nullptr;
    const TimeBudget* budget = nullptr;
};

// Each side against its own GPU's roofs; its recoverable time is its budget's.
TraceComparison compareTraces(const ComparedTrace& baseline, const ComparedTrace& candidate);
// "per graph launch (4 against 1 in the baseline): why", "per ProfilerStep
// (…): why", or "in total: why" (stepBasis).
QString comparisonBasis(const TraceComparison& comparison);
// A speedup (baseline time over candidate time) as people say it:
// "10.5× slower" rather than "0.095×", "1.25× faster", "unchanged" when it
// rounds to 1; three figures.
QString speedupInWords(double speedup);

} // namespace Ridgeline
