// Stage timebudget/: what each kernel could win back, and what to fix first.
// The idle GPU as opportunities: one per cause of its gaps (a sync, launch
// overhead, a starved launching thread, other), each with the fix its
// cause calls for and the figures of its largest gap.
#pragma once

#include "engine/activity/gpuactivity.h"
#include "engine/timebudget/timebudget.h"

#include <vector>

namespace Ridgeline {

// Each class with a gap, time at stake its gaps' total; one unclassified
// item where `causes` is empty. shareOfGpuTime is left to the caller (it
// knows the trace's kernel time).
std::vector<Opportunity> idleOpportunities(const DeviceActivity& device, const std::vector<IdleCause>& causes);

} // namespace Ridgeline
