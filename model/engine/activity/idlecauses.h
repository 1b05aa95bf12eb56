// Stage activity/: what the GPU did over time, measured from the trace.
// Why the GPU idled, gap by gap, from what the launching thread was doing
// meanwhile. By precedence: a sync (a synchronising call or a blocking copy
// covers at least half of the gap), launch overhead (launch calls, and the
// ATen op dispatching the next launch, cover at least half: the host issued
// work as fast as it could), starved (one host frame or op covers at least
// half: the thread ran its own code; the innermost such is named), or
// other (nothing recorded covers half).
#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

enum class IdleCauseClass
{
    Sync,
    Launch,
    Starved,
    Other,
};
QString idleCauseClassKey(IdleCauseClass cls); // "sync", "launch", "starved", "other"

// One gap and what it is blamed on.
struct ClassifiedGap
{
    double startUs = 0; // from the trace's first GPU event, as --range counts
    double lengthUs = 0;
    QString call; // Sync: the synchronising call or blocking copy
    std::optional<std::int64_t> bytes; // Sync by a copy: its bytes arg
    QString direction; // Sync by a copy: "device_to_host", ...; empty when not recorded
    QString op; // Starved: the innermost frame or op; Sync: the innermost frame around the call
    QString note; // Other: why no cause was found
};

struct IdleCause
{
    IdleCauseClass cls = IdleCauseClass::Other;
    std::int64_t count = 0;
    double totalUs = 0;
    std::vector<ClassifiedGap> largest; // the longest first, at most maxLargest
    static constexpr size_t maxLargest = 5;
};

} // namespace Ridgeline
