// Stage timebudget/: what each kernel could win back, and what to fix first.
// Where a trace's GPU time goes under one GPU and peak set: each kernel's
// attainable and recoverable time and what limits it, the Triton time split
// into what tuning could win, what latency-bound launches cost and the rest,
// and the opportunities ranked by time at stake. Pure: recomputed when the
// GPU, the peak set or the latency floor changes.
#pragma once

#include "engine/results/analysisresult.h"
#include "engine/timebudget/attainabletime.h"
#include "engine/timebudget/latencyfloorchoice.h"

#include <vector>

namespace Ridgeline {

struct Opportunity
{
    // Unmodelled: a time-only row (unmodelledopportunities.h), all its time at stake.
    enum class Kind
    {
        Kernel,
        LatencyBoundKernels,
        Idle,
        Unmodelled
    };
    Kind kind = Kind::Kernel;
    QString name; // the kernel's; "latency-bound kernels"; "idle GPU"
    double recoverableUs = 0; // at most what a fix could win (the group: measured - timed calls x roof term)
    double shareOfGpuTime = 0; // of the trace's GPU kernel time
    // Idle: of the main device's span, the share people read (idle over
    // kernel time passes 100 % on a host-bound trace).
    std::optional<double> shareOfSpan;
    QString why; // what limits it and what kind of fix it needs
    std::vector<int> rowIndices; // into AnalysisResult::rows (Kernel: one; the group: all)
    std::vector<int> libraryIndices; // into AnalysisResult::libraryKernels (Unmodelled library kernels)
    // The findings of its rows (Kernel: its row's; the group: its rows' with
    // the most time first), each with its row: cited, never added to
    // recoverableUs (a finding's time at stake is its row's recoverable time).
    struct RowFinding
    {
        int row = -1; // into AnalysisResult::rows
        KernelFinding finding;
        double timeAtStakeUs = 0;
    };
    std::vector<RowFinding> findings;
    // Idle: the cause of the gaps it holds (activity/idlecauses.h): one item per class.
    std::optional<IdleCauseClass> idleClass;
    int count = 0; // LatencyBoundKernels: rows; Idle: gaps
    std::int64_t launches = 0; // LatencyBoundKernels: timed calls
};
QString opportunityKindKey(Opportunity::Kind kind); // "kernel", "latency-bound kernels", "idle", "unmodelled"

struct TimeBudget
{
    LatencyFloor latencyFloor;
    std::vector<KernelTimeFigures> rows; // parallel to AnalysisResult::rows
    // Triton time (Triton rows' measured time) in three parts:
    double tritonTimeUs = 0;
    double tritonRecoverableUs = 0; // recoverable time of rows to tune: memory, compute, slow for size, FLOPs unknown
    double tritonLatencyBoundUs = 0; // measured time of latency-bound rows: fuse or remove
    double tritonRestUs = 0; // the rest: attainable time, unmodelled rows
    double recoverableUs = 0; // of every row
    std::vector<Opportunity> opportunities; // most time at stake first
};

// `latencyFloorOverrideUs`: the user's t0 (--latency-floor); nullopt: the
// trace's own, else the default. `gpu`: the judged GPU, whose catalogue
// compute units judge a launch the trace gave none for (under_filled);
// null: the rows' own findings only.
TimeBudget evaluateTimeBudget(const AnalysisResult& result, const PeakFigures& peaks, std::optional<double> latencyFloorOverrideUs = {},
    const GpuSpec* gpu = nullptr);

// A row's findings under the judged GPU: the row's own, and under_filled
// from the catalogue's compute units where the trace gave none.
KernelFindings judgedFindings(const KernelRow& row, const GpuSpec* gpu);

} // namespace Ridgeline
