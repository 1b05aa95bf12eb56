// Stage comparison/: a trace compared with a baseline.
// The step two traces compare by: the finest kind both count (graph
// launch, compiled graph call, outermost module call, ProfilerStep), and
// the words that say which and why. Per-step figures compare traces that ran different numbers of steps,
// which totals do not: 4 denoising launches against 1 read 4x slower in total.
#pragma once

#include "engine/activity/gpuactivity.h"

#include <QString>
#include <optional>

namespace Ridgeline {

struct StepComparison
{
    StepKind kind = StepKind::None;
    int baselineSteps = 0;
    int candidateSteps = 0;
    // Baseline per step over candidate per step; null unless both sides
    // have time of that kind (a baseline whose steps ran nothing is not
    // infinitely slower, nor 0x), and then `reason` says which side lacks it.
    std::optional<double> gpuTimeSpeedup;
    std::optional<double> tritonTimeSpeedup;
    QString reason; // empty when both speedups are set
};

// Null when the traces count no kind of step in common: they compare in total.
std::optional<StepComparison> compareSteps(const GpuActivity& baseline, const GpuActivity& candidate);

// "per graph launch", "per compiled graph call", "per ProfilerStep"
QString perStepWords(StepKind kind);

// "per graph launch (4 against 1 in the baseline): the only step both
// count, the baseline has no ProfilerStep", or "in total: …" saying what
// each trace counts.
QString stepBasis(const GpuActivity& baseline, const GpuActivity& candidate, const std::optional<StepComparison>& steps);

} // namespace Ridgeline
