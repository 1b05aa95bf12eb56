// Stage timebudget/: what each kernel could win back, and what to fix first.
// Marks the roofline's latency-bound points from a time budget, so that views
// draw them apart and fitted frames leave them out.
#pragma once

#include "engine/roofline/rooflinedata.h"
#include "engine/timebudget/timebudget.h"

namespace Ridgeline {

// `budget` of the same result and peaks as `data`.
void markLatencyBound(RooflineData& data, const TimeBudget& budget);

} // namespace Ridgeline
