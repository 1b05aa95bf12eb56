// Folder itemmodels/: Qt item models and proxies over an analysis.
// The kernel table's compare-mode columns (match, baseline time, speedup,
// deltas): what each shows, sorts by and says in its tool tip, for one
// match of a TraceComparison. Speedups carry a sign and an arrow as well as
// their colour, so that colour is never the only cue.
#pragma once

#include "engine/comparison/tracecomparison.h"

#include <QString>

namespace Ridgeline::ComparisonColumns {

enum Column
{
    Match,
    BaselineTime,
    Speedup,
    DeltaTime,
    DeltaTbPerS,
    DeltaRoof,
    Count
};

QString header(Column column);
QString display(const TraceComparison& comparison, int match, Column column);
double sortValue(const TraceComparison& comparison, int match, Column column); // -inf when missing
// +1 better (faster, more TB/s, more of the roof), -1 worse, 0 neither or
// not a change column; the table's delegate colours it (green, red).
int direction(const TraceComparison& comparison, int match, Column column);
QString toolTip(const TraceComparison& comparison, int match, Column column);

// A speedup this close to 1 is noise, not a change.
constexpr double unchangedWithin = 0.02;
// Whether the match differs from its baseline: another kind than "same",
// or a speedup outside 1 +- unchangedWithin.
bool isChanged(const TraceComparison& comparison, int match);

} // namespace Ridgeline::ComparisonColumns
