// Stage timebudget/: what each kernel could win back, and what to fix first.
// How much of the GPU time has figures: the time of the rows whose FLOPs or
// bytes are known, against the trace's whole GPU time (kernels, copies and
// memsets, gpu_time_us.total). The rest is time only: no roof, no attainable
// time, nothing a budget can win back from it but by giving it a model. A
// budget that reads well on 40 % of the time says so beside its figures.
#pragma once

#include "engine/results/analysisresult.h"

#include <optional>

namespace Ridgeline {

struct GpuTimeCoverage
{
    double modelledUs = 0; // busy time of the rows with FLOPs or bytes
    double totalUs = 0; // the trace's whole GPU time
    // modelled over total; nullopt where the trace has no GPU time (not 0:
    // nothing is unmodelled there either).
    std::optional<double> share() const;
};

// A row has figures when its FLOPs or its bytes are known (a time-only row:
// a library kernel of no op, a replayed kernel without its capture, an op
// whose args fit no model).
bool hasFigures(const KernelRow& row);

GpuTimeCoverage gpuTimeCoverage(const AnalysisResult& result);

// "modelled 40.0 % of GPU time (12.3 ms of 30.8 ms)"; "no GPU time" without any.
QString coverageText(const GpuTimeCoverage& coverage);

} // namespace Ridgeline
