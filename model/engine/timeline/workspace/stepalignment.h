// Stage timeline/, workspace/: what the timeline pane works with.
// Where a trace's first step begins on its timeline: a baseline's lanes are
// drawn shifted so that its first step lines up with the trace's, counted
// by the kind the comparison counts steps by (graph launch, compiled graph
// call, outermost module call, ProfilerStep).
#pragma once

#include "engine/results/analysisresult.h"

namespace Ridgeline {

// From the timeline's origin, in ns: the first step of `kind`; else the
// first ProfilerStep window, execute_ range or graph launch the lanes hold;
// else 0 (the first GPU event). `result.timeline` must not be null.
double firstStepNs(const AnalysisResult& result, StepKind kind);

} // namespace Ridgeline
