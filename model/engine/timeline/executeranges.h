// Stage timeline/: every GPU event of a trace over time, for the timeline.
// Where vLLM's and SGLang's execute_ ranges (a model step each) lie on the
// GPU. A gpu_user_annotation is the GPU's own span; a host annotation runs
// ahead of the GPU (vLLM's ends before its first kernel starts), so its
// span is that of the GPU work launched inside it on its thread: kernels,
// copies and graph replays, found by their launch's correlation. When the
// trace has both, the GPU's are drawn.
#pragma once

#include "engine/input/rawtrace.h"
#include "engine/timeline/timelinens.h"

#include <cstdint>
#include <vector>

namespace Ridgeline {

class ExecuteRangeSpans
{
public:
    // `originUs`: time 0 of the timeline, in the trace's clock.
    ExecuteRangeSpans(const RawTrace& trace, double originUs, TimelineClock& clock);

    bool empty() const { return m_spans.empty(); }
    // A GPU event (ns from the origin) with its correlation: widens the
    // span of the host range that launched it. A binary search when any.
    void noteGpuEvent(std::int64_t key, std::int64_t startNs, std::int64_t endNs);

    struct Span
    {
        std::uint32_t annotation = 0; // into RawTrace::executeAnnotations
        std::int64_t startNs = 0;
        std::int64_t endNs = 0;
    };
    // Those that ran GPU work, in order of the annotations.
    std::vector<Span> spans() const;

private:
    struct Launched
    {
        std::int64_t key;
        std::uint32_t span;
        auto operator<=>(const Launched&) const = default;
    };
    std::vector<Launched> m_launched; // sorted by key
    std::vector<Span> m_spans;
};

} // namespace Ridgeline
