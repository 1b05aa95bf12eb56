// Stage lens/: the user's choices, and every figure that depends on them.
// A trace (and its baseline) judged under a lens: the GPU and peaks each is
// measured against, its time budget (attainable and recoverable time, the
// limiters, what to fix first), its roofline with the latency-bound points
// marked, and the comparison's figures. The analysis (analysis.h) reads and
// figures a trace once; judge() runs again whenever the lens changes, and
// every view, export, report and image reads its answer, so that none of
// them re-applies a choice and all agree.
#pragma once

#include "engine/comparison/tracecomparison.h"
#include "engine/lens/lens.h"
#include "engine/roofline/rooflinedata.h"
#include "engine/timebudget/timebudget.h"

#include <QStringList>
#include <memory>
#include <optional>

namespace Ridgeline {

// A row's finding under the lens, with its time at stake: the row's
// recoverable time (never summed across one row's findings).
struct JudgedFinding
{
    KernelFinding finding;
    double timeAtStakeUs = 0;
};

// One trace under the lens.
struct TraceJudgement
{
    std::shared_ptr<const AnalysisResult> result; // never null
    GpuPick gpu;
    PeakSet peakSet = PeakSet::MaxAchievable; // the requested set (the lens's)
    TimeBudget budget; // its latencyFloor says which t0, and why
    // The roofs of gpu under peakSet and every placed kernel, the
    // latency-bound ones marked; with a baseline, the arrows from it.
    RooflineData roofline;

    const GpuSpec& gpuSpec() const { return gpu.spec; }
    // The set used: the requested one, or the other one when the GPU lacks it.
    const PeakFigures& peaks() const { return gpu.spec.peaks(peakSet); }
    bool peakSetFellBack() const { return !gpu.spec.has(peakSet); }
    PeakSet peakSetUsed() const { return roofline.peakSet; }
    ComparedTrace compared() const; // this side of a comparison
    // A row's findings as every view shows them: the row's own and those the
    // judged GPU adds (under_filled from the catalogue's compute units).
    std::vector<JudgedFinding> findingsOf(const KernelRow& row) const;
    // A row's advice as every view and export shows it (advice/): the
    // budget's own for a row of this trace, else figured the same way.
    Advice adviceOf(const KernelRow& row) const;
};

struct Judgement
{
    Lens lens;
    TraceJudgement trace; // the open trace (the candidate of a comparison)
    std::optional<TraceJudgement> baseline; // compare mode
    std::shared_ptr<const TraceComparison> comparison; // compare mode

    // What the catalogue could not say: the trace's GPU unknown, then the
    // baseline's ("baseline: ..."); and a baseline counted in another time
    // range than the trace (the window's range, which only the open trace
    // takes). Exports and the status bar show them.
    QStringList gpuWarnings() const;
};

// `result` must not be null; `baseline` may be (no comparison).
std::shared_ptr<const Judgement> judge(
    std::shared_ptr<const AnalysisResult> result, const Lens& lens, std::shared_ptr<const AnalysisResult> baseline = {});
// One trace alone (the baseline's own view, a range's).
TraceJudgement judgeTrace(std::shared_ptr<const AnalysisResult> result, const Lens& lens);

} // namespace Ridgeline
