// Stage timebudget/: what each kernel could win back, and what to fix first.
// The attainable time of a kernel call: the latency floor plus the time its
// bytes take at the memory roof or its FLOPs at its compute roof, whichever
// is longer; the roofs are those the roofline measures it against. Below it
// no tuning goes; above it is time a fix could win back.
#pragma once

#include "engine/results/kernelrow.h"
#include "engine/roofline/gpuspec.h"

#include <optional>

namespace Ridgeline {

enum class Limiter {
    Memory,     // bytes / memory roof is the larger term, and above the floor
    Compute,    // FLOPs / compute roof is
    Latency,    // the floor is at least the roof term: too small to reach any roof
    Unmodelled, // no figures: time only
};
QString limiterKey(Limiter limiter);   // "memory", "compute", "latency", "unmodelled"
QString limiterTitle(Limiter limiter); // "memory-bound", "compute-bound", "latency-bound", "not modelled"

// The roof term of one call in us: max(bytes / memory roof, FLOPs / compute
// roof); FLOPs unknown (nullopt): bytes only. TB/s and TFLOPS in 1e12 / s.
double roofTermUs(double bytes, std::optional<double> flops, double memoryTBps, double computeTflops);

struct KernelTimeFigures
{
    Limiter limiter = Limiter::Unmodelled;
    std::optional<double> roofTermUs;   // per call
    std::optional<double> attainableUs; // per call: floor + roof term
    double measuredUs = 0;              // all timed calls
    std::int64_t timedCalls = 0;
    // (timed calls x attainable) / measured; nullopt without time or figures.
    std::optional<double> fractionOfAttainable;
    double recoverableUs = 0;           // sum over timed calls of max(0, measured - attainable)
    // The roofs used, for derivations.
    double memoryTBps = 0;
    std::optional<double> computeTflops;
    QString computeRoofLabel;
};

// `latencyFloorUs`: t0. Rows without bytes (no figures) are Unmodelled and
// keep their measured time.
KernelTimeFigures kernelTimeFigures(const KernelRow& row, const PeakFigures& peaks, double latencyFloorUs);

} // namespace Ridgeline
