// Stage timeline/: every GPU event of a trace over time, for the timeline.
// An analysis restricted to a time range: the GPU events that start inside
// it, and the calls that ran them, left in the trace so that the later
// stages (activity, rows, library rows) read them as they read the whole
// one. Nothing is read from the file again.
#pragma once

#include "engine/graphs/graphmerge.h"
#include "engine/linking/kernellinker.h"

#include <QString>

#include <optional>

namespace Ridgeline {

// Microseconds from the start of the trace's first GPU event: [startUs, endUs).
struct TimeRangeUs
{
    double startUs = 0;
    double endUs = 0;
};
// "START_US:END_US" as the command line takes it; nullopt and *error when malformed.
std::optional<TimeRangeUs> parseTimeRange(const QString& text, QString* error);

// Keeps in `trace` only the GPU events that start in `range` (launches,
// streams, names and steps stay), and in `linked` only the calls that ran
// one of them, holding only those, with their busy time again. Returns the
// origin: the first GPU event's start in the trace's clock, before.
double restrictToRange(RawTrace& trace, LinkedKernels& linked, TimeRangeUs range);
// The same, and in `libraryCalls` (GraphMerge::libraryCalls: graph replays
// of captured library ops) only the replays of an event in range, holding
// only those: their event indices follow the trace's.
double restrictToRange(RawTrace& trace, LinkedKernels& linked, std::vector<ReplayedLibraryCall>& libraryCalls,
                       TimeRangeUs range);

} // namespace Ridgeline
