// Stage timeline/: every GPU event of a trace over time, for the timeline.
// What colour each box takes, as a class the view maps to a hue: a Triton
// call by its fraction of attainable (its kernel's attainable time per call
// over this call's measured time, the time budget's figure) in ten steps,
// clamped at 1 with the calls above it flagged; other work by its kind.
// Latency-bound calls are marked besides their colour.
#pragma once

#include "engine/timebudget/attainabletime.h"
#include "engine/timeline/timeline.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

enum class TimelineColour : std::uint8_t
{
    // Fraction0 .. Fraction9: [0, 0.1), ..., [0.9, 1]
    Fraction0 = 0,
    Fraction9 = 9,
    AboveAttainable = 10, // faster than attainable: a model or unit error
    TritonUnmodelled, // a Triton kernel without figures: time only
    Gemm,
    Attention,
    Communication,
    Memcpy,
    Memset,
    Other,
    Step,
    GraphLaunch,
    Launch,
    Count
};
constexpr int fractionColours = 10;
QString timelineColourTitle(TimelineColour colour); // "0-10 % of attainable", "GEMM", ...

struct TimelineStyle
{
    TimelineColour colour = TimelineColour::Other;
    bool latencyBound = false;
};

// Sixty-four consecutive events of a lane in one: where they start and end,
// the time they cover and the colour that covers most of it. A view in
// which the whole block is narrower than a pixel merges it without
// visiting its events: a frame of a million events costs sixteen thousand.
struct TimelineBlockSummary
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0; // the latest end in the block
    double coveredNs = 0;
    TimelineColour dominant = TimelineColour::Other;
};

class TimelineColouring
{
public:
    TimelineColouring() = default;
    // `figures`: the time budget's, parallel to AnalysisResult::rows
    // (TimeBudget::rows); empty: Triton calls are unmodelled.
    TimelineColouring(const Timeline& timeline, const std::vector<KernelTimeFigures>& figures);

    // The fraction of attainable of one call of `label` that took `durationNs`:
    // nullopt for calls without an attainable time. Not clamped.
    std::optional<double> fraction(std::uint32_t label, std::int64_t durationNs) const;
    TimelineStyle style(std::uint32_t label, std::int64_t durationNs) const;
    static TimelineColour colourOfFraction(double fraction);

    static constexpr std::uint32_t summaryBlock = 64;
    // Per lane of the timeline it was made for: its events' blocks.
    const std::vector<TimelineBlockSummary>* summaryOf(size_t lane) const
    {
        return lane < m_summaries.size() ? &m_summaries[lane] : nullptr;
    }

private:
    struct LabelColour
    {
        double attainableNs = 0; // > 0: coloured by fraction
        TimelineColour colour = TimelineColour::Other;
        bool latencyBound = false;
    };
    std::vector<LabelColour> m_labels;
    std::vector<std::vector<TimelineBlockSummary>> m_summaries;
};

} // namespace Ridgeline
