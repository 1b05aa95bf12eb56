// Folder derivation/: the formula inspector's text.
// Compare mode's part of the inspector: a matched pair side by side (the
// baseline kernel and this trace's), how they were matched, and which of
// the args that define a kernel's work differ. The candidate's own
// derivation follows it.
#pragma once

#include "engine/comparison/tracecomparison.h"
#include "engine/roofline/gpuspec.h"

#include <QString>

namespace Ridgeline {

// `match` indexes comparison.matching.matches. Each kernel's "% of roof" is
// under its own trace's roofs (the comparison keeps only their difference).
QString comparisonMarkdown(
    const TraceComparison& comparison, int match, const PeakFigures& baselinePeaks, const PeakFigures& candidatePeaks);

} // namespace Ridgeline
