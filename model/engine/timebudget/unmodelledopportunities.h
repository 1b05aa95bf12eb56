// Stage timebudget/: what each kernel could win back, and what to fix first.
// The time-only rows worth a model: each row without FLOPs or bytes that ran
// at least 1 % of the GPU kernel time, at most ten, largest first, as an
// opportunity of its own. Nothing says how much of its time a fix could win,
// so all of it is at stake; the why names what is missing. An eager trace's
// largest kernel (a library softmax, say) is then ranked, not left out.
#pragma once

#include "engine/timebudget/timebudget.h"

namespace Ridgeline {

inline constexpr double minUnmodelledShare = 0.01;
inline constexpr size_t maxUnmodelledOpportunities = 10;

// Opportunities of kind Unmodelled: rowIndices into result.rows or
// libraryIndices into result.libraryKernels, one row each.
std::vector<Opportunity> unmodelledOpportunities(const AnalysisResult& result);

} // namespace Ridgeline
