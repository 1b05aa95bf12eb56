// Stage comparison/: a trace compared with a baseline.
// Both traces' GPU time side by side by kind of work (Triton, GEMM,
// attention, communication, memcpy, memset, other), with the whole GPU time
// and the end-to-end span beside it. Kernels pair across traces only where
// their names or shapes do; another vendor's BLAS names every GEMM
// otherwise, and this table still shows where the time moved.
#pragma once

#include "engine/results/analysisresult.h"

#include <optional>
#include <vector>

namespace Ridgeline {

struct WorkTimeChange
{
    GpuWork work = GpuWork::Other;
    double baselineUs = 0;
    double candidateUs = 0;
    double changeUs() const { return candidateUs - baselineUs; }
};

struct WorkComparison
{
    std::vector<WorkTimeChange> byWork; // each kind either trace ran, in GpuWork's order
    double baselineGpuTimeUs = 0; // gpu_time_us.total: kernels, copies, memsets
    double candidateGpuTimeUs = 0;
    // The main device's first to last GPU event (idle included); nullopt
    // for a trace without GPU events.
    std::optional<double> baselineSpanUs;
    std::optional<double> candidateSpanUs;
};

WorkComparison compareWork(const AnalysisResult& baseline, const AnalysisResult& candidate);

} // namespace Ridgeline
