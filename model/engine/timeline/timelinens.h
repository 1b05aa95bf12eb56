// Stage timeline/: every GPU event of a trace over time, for the timeline.
// The timeline's clock: integer nanoseconds from its origin, within
// +-2^61 ns (73 years) so that a start plus a length, or the end of one
// event minus the start of another, can never overflow 64 bits. A hostile
// trace's timestamps far apart (1.78e16 us) reach the bound and are
// counted, so that the analysis says so instead of dropping a kernel.
#pragma once

#include <cmath>
#include <cstdint>

namespace Ridgeline {

inline constexpr std::int64_t maxTimelineNs = std::int64_t(1) << 61;

class TimelineClock
{
public:
    std::int64_t toNs(double us)
    {
        const double ns = std::round(us * 1000.0);
        if (ns >= -double(maxTimelineNs) && ns <= double(maxTimelineNs))
            return std::int64_t(ns);
        ++m_clamped; // NaN lands here too
        return ns < 0 ? -maxTimelineNs : maxTimelineNs;
    }
    std::int64_t clamped() const { return m_clamped; }

private:
    std::int64_t m_clamped = 0;
};

// A view's time (a double, from a user's range or a zoom) as the clock's:
// within its bound, NaN at 0, never an out-of-range conversion.
inline std::int64_t timelineNsOf(double ns)
{
    if (!(ns > -double(maxTimelineNs)))
        return ns < 0 ? -maxTimelineNs : 0;
    return ns < double(maxTimelineNs) ? std::int64_t(ns) : maxTimelineNs;
}

} // namespace Ridgeline
