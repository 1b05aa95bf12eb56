// Stage timebudget/: what each kernel could win back, and what to fix first.
// Which latency floor t0 the attainable times use, and where it came from:
// the user's override, else the trace's own measurement, else Ridgeline's
// default.
#pragma once

#include "engine/activity/gpuactivity.h"

#include <optional>

namespace Ridgeline {

// No datasheet publishes a per-kernel fixed cost. Measured on real traces it
// lies at 1-4.4 us (MI300X eager: 1.84 us; HIP graph replays: 4.2-4.4 us;
// NVIDIA eager traces: 1-3 us): 2 us is the low end of that, so that a trace
// too short to measure its own floor calls no kernel latency-bound that a
// measured floor would not.
inline constexpr double defaultLatencyFloorUs = 2.0;

struct LatencyFloor
{
    enum class Source
    {
        Override,
        Measured,
        Default
    };
    double us = defaultLatencyFloorUs;
    Source source = Source::Default;
    QString sourceText; // "1st percentile of 12,345 kernels on device 0", ...

    QString sourceKey() const; // "override", "measured", "default"
};

LatencyFloor chooseLatencyFloor(const GpuActivity& activity, std::optional<double> overrideUs);

} // namespace Ridgeline
