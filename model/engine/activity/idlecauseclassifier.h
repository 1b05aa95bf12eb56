// Stage activity/: what the GPU did over time, measured from the trace.
// Classifies the idle gaps of one device as they are found (in order of
// their start) against the host spans the reader kept (RawTrace::hostSpans)
// and the launch calls: one sweep per thread and kind of span, so the cost
// is linear in spans plus gaps times nesting depth, never spans x gaps.
#pragma once

#include "engine/activity/idlecauses.h"
#include "engine/input/rawtrace.h"

#include <memory>
#include <unordered_map>

namespace Ridgeline {

class IdleCauseClassifier
{
public:
    explicit IdleCauseClassifier(const RawTrace& trace);
    ~IdleCauseClassifier();

    // A gap [begin, end) of the device, gaps in order of begin. `launch`: the
    // launch call (into trace.launches) of the GPU event that ended it, when
    // known; its thread is the launching thread asked about.
    void add(double begin, double end, std::optional<std::uint32_t> launch);
    // Each class that has a gap, in class order; start times counted from `originUs`.
    std::vector<IdleCause> finish(double originUs) const;

private:
    struct Interval
    {
        double begin = 0;
        double end = 0;
        std::uint32_t ref = 0; // into trace.hostSpans or trace.launches
    };
    class Sweep; // intervals of one thread and kind, swept in time order
    struct ThreadSpans;

    ThreadSpans* spansOf(std::uint32_t thread);
    void record(IdleCauseClass cls, ClassifiedGap gap);

    const RawTrace& m_trace;
    std::unordered_map<std::uint32_t, std::unique_ptr<ThreadSpans>> m_threads;
    std::uint32_t m_mainLaunchThread = 0; // most launches: asked when a gap's launch is unknown
    IdleCause m_causes[4];
    // Reused per gap: the spans of each kind that overlap it.
    std::vector<Interval> m_frames, m_waits, m_launches;
};

} // namespace Ridgeline
