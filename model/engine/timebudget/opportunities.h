// Stage timebudget/: what each kernel could win back, and what to fix first.
// The answer to "what do I fix first?": kernels by the time tuning could win
// back, the latency-bound kernels as one group (what fusing or removing
// their launches could win at most), the idle GPU as one item and the
// largest time-only rows (unmodelledopportunities.h), ranked by time at
// stake, each with why and what kind of fix it needs.
#pragma once

#include "engine/timebudget/timebudget.h"

namespace Ridgeline {

// Kernel items beyond this many are in the table, sorted by Recoverable.
inline constexpr size_t maxKernelOpportunities = 50;
// The findings an item cites (a group's rows may hold hundreds).
inline constexpr size_t maxFindingsPerOpportunity = 5;

std::vector<Opportunity> rankOpportunities(const AnalysisResult& result, const TimeBudget& budget);

// An item as the window and the report name it: a kernel's or time-only
// row's item by that row's display name (a library op with its shape:
// aten::mm is many rows); a group or the idle GPU by its own name.
QString opportunityShownName(const AnalysisResult& result, const Opportunity& item);

} // namespace Ridgeline
