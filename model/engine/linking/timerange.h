// Stage linking/: host ops to their launches to the GPU kernels they ran.
// An analysis restricted to a time range: the GPU events that start inside
// it, and the calls that ran them, left in the trace so that the later
// stages (graphs' replays, activity, rows, library rows) read them as they
// read the whole one. Nothing is read from the file again.
#pragma once

#include "engine/linking/kernellinker.h"

#include <QString>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace Ridgeline {

// Microseconds from the start of the trace's first GPU event: [startUs, endUs).
struct TimeRangeUs
{
    double startUs = 0;
    double endUs = 0;
};
// "START_US:END_US" as the command line takes it; nullopt and *error when malformed.
std::optional<TimeRangeUs> parseTimeRange(const QString& text, QString* error);

// What restricting a trace to a range did, for the later stages that hold
// GPU event indices of their own (graph replays of library ops).
struct RangeRestriction
{
    static constexpr std::uint32_t outside = std::numeric_limits<std::uint32_t>::max();
    // The first GPU event's start in the trace's clock, before: the range's
    // timeline keeps the whole trace's origin.
    double originUs = 0;
    // Old GPU event index -> new, `outside` for the events out of the range.
    std::vector<std::uint32_t> newIndex;

    // The events of `events` still in the range, by their new indices.
    GpuEventIndices renumbered(const GpuEventIndices& events) const;
};

// Keeps in `trace` only the GPU events that start in `range` (launches,
// streams, names and steps stay), and in `linked` only the calls that ran
// one of them, holding only those, with their busy time again.
RangeRestriction restrictToRange(RawTrace& trace, LinkedKernels& linked, TimeRangeUs range);

} // namespace Ridgeline
