// Stage comparison/: a trace compared with a baseline.
// The comparison on the roofline: for each matched kernel that both traces
// can place, an arrow from the baseline's point to the candidate's (Intel
// Advisor's roofline compare). Points are each trace's own figures.
#pragma once

#include "engine/comparison/tracecomparison.h"
#include "engine/roofline/rooflinedata.h"

namespace Ridgeline {

std::vector<RooflineArrow> comparisonArrows(
    const TraceComparison& comparison, const PeakFigures& baselinePeaks, const PeakFigures& candidatePeaks);

} // namespace Ridgeline
