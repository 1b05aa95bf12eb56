// Stage timebudget/: what each kernel could win back, and what to fix first.
// The attainable time of a kernel call: the latency floor plus the time its
// bytes take at the memory roof or its FLOPs at its compute roof, whichever
// is longer; the roofs are those the roofline measures it against. Below it
// no tuning goes; above it is time a fix could win back.
#pragma once

#include "engine/advice/advice.h"
#include "engine/results/analysisresult.h"
#include "engine/results/kernelrow.h"
#include "engine/roofline/gpuspec.h"

#include <optional>

namespace Ridgeline {

enum class Limiter
{
    Memory, // bytes / memory roof is the larger term, and above the floor
    Compute, // FLOPs / compute roof is
    Latency, // the floor is at least the roof term and the calls run near their attainable time: too small to reach any roof
    SlowForSize, // the floor is at least the roof term, but the calls take over twice their attainable time: tune it
    FlopsUnknown, // no FLOPs figure and the bytes term is at most the floor: its compute may be what takes the time
    Unmodelled, // no figures: time only
};
// "memory", "compute", "latency", "slow-for-size", "flops-unknown", "unmodelled"
QString limiterKey(Limiter limiter);
// "memory-bound", "compute-bound", "latency-bound", "slow for its size", "FLOPs unknown", "not modelled"
QString limiterTitle(Limiter limiter);

// A kernel under the floor is latency-bound only while its calls run at
// least at this fraction of their attainable time (within 2x of it). Slower
// than that, the fixed cost does not explain its time: on FLUX.1 the QK-norm
// reduction ran 58.7 us a call against 7.9 attainable, and calling it
// latency-bound made the label flip with t0.
inline constexpr double latencyMinFractionOfAttainable = 0.5;

// The roof term of one call in us: max(bytes / memory roof, FLOPs / compute
// roof); FLOPs unknown (nullopt): bytes only. TB/s and TFLOPS in 1e12 / s.
double roofTermUs(double bytes, std::optional<double> flops, double memoryTBps, double computeTflops);

struct KernelTimeFigures
{
    Limiter limiter = Limiter::Unmodelled;
    std::optional<double> roofTermUs; // per call
    std::optional<double> attainableUs; // per call: floor + roof term
    double measuredUs = 0; // all timed calls
    std::int64_t timedCalls = 0;
    // (timed calls x attainable) / measured; nullopt without time or figures.
    std::optional<double> fractionOfAttainable;
    double recoverableUs = 0; // sum over timed calls of max(0, measured - attainable)
    // max(0, measured - timed calls x roof term): what fusing the kernel into
    // a neighbour could win at most (its launches' fixed cost and all time
    // above it; the work itself stays). The latency-bound group adds these up.
    double aboveRoofTermUs() const;
    // The same from the source's unique bytes (the distinct addresses its
    // index expressions touch: kernelsource/), beside TraceLens's: per call,
    // and (timed calls x it) / measured. nullopt without a read, exact anatomy.
    std::optional<double> attainableSourceUs;
    std::optional<double> fractionOfAttainableSource;
    // Triton rows: the row's findings under the judged GPU (evaluateTimeBudget
    // with a GpuSpec); each one's time at stake is recoverableUs, never summed.
    KernelFindings findings;
    // What to do about it (advice/): one class, one sentence with its figures.
    Advice advice;
    // The roofs used, for derivations. A copy between host and device
    // memory is measured against the host link, not HBM.
    double memoryTBps = 0;
    QString memoryRoofLabel = QStringLiteral("HBM"); // "HBM", "host link"
    std::optional<double> computeTflops;
    QString computeRoofLabel;
};

// `latencyFloorUs`: t0. Rows without bytes (no figures) are Unmodelled and
// keep their measured time. A row without a FLOPs figure keeps its bytes-only
// attainable and recoverable time whatever its limiter. `gpu`: the judged
// GPU, for the host link's roof (a host-device copy without one gets no
// roof), its compute units and findings in the advice; null: HBM only.
// `trace`: the row's analysis, for advice across rows (eager attention).
KernelTimeFigures kernelTimeFigures(const KernelRow& row, const PeakFigures& peaks, double latencyFloorUs, const GpuSpec* gpu = nullptr,
    const AnalysisResult* trace = nullptr);

} // namespace Ridgeline
