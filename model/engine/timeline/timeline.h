// Stage timeline/: every GPU event of a trace over time, for the timeline.
// A trace's timeline: one lane per GPU stream (its kernels, memcpy and
// memset), lanes of annotations (ProfilerStep#N windows, vLLM's and
// SGLang's execute_ ranges and graph launches, these two over the GPU span
// of the work they ran) and one lane per CPU thread that launched GPU work. Each box carries a label: the table row it
// belongs to, or a name no row holds. Times are integer nanoseconds from the
// origin, the start of the trace's first GPU event.
#pragma once

#include "engine/results/gputimebreakdown.h"
#include "engine/timeline/timelineevents.h"

#include <QString>
#include <cstdint>
#include <vector>

namespace Ridgeline {

enum class TimelineLabelKind : std::uint8_t
{
    GpuWork, // a kernel, memcpy or memset: `work` says which kind
    Step, // a ProfilerStep#N window
    ExecuteRange, // a vLLM/SGLang execute_ range, over the GPU span of its work
    GraphLaunch, // a graph launch, drawn over its replayed kernels' GPU span
    Launch, // a launch call on a CPU thread
};

struct TimelineLabel
{
    QString name;
    TimelineLabelKind kind = TimelineLabelKind::GpuWork;
    GpuWork work = GpuWork::Other;
    std::int32_t kernelRow = -1; // into AnalysisResult::rows: a Triton or a library-op row
    std::int32_t libraryRow = -1; // into AnalysisResult::libraryKernels: kernels of no op, by name
};

enum class TimelineLaneKind : std::uint8_t
{
    GpuStream,
    Steps,
    ExecuteRanges,
    GraphLaunches,
    LaunchThread
};

struct TimelineLane
{
    TimelineLaneKind kind = TimelineLaneKind::GpuStream;
    QString title; // "GPU 0 stream 7", "steps", "execute ranges", "graph launches", "CPU 416 thread 1234"
    QString device; // GPU streams: the events' pid as written
    TimelineEvents events;
};

struct Timeline
{
    std::int64_t originUs = 0; // of the first GPU event, in the trace's clock (whole us)
    std::int64_t originNs = 0; // the same, to the nanosecond (within the clock's bound)
    std::int64_t endNs = 0; // the latest end of any box, from the origin
    std::vector<TimelineLane> lanes; // GPU streams by device and stream, then annotations, then CPU threads
    std::vector<TimelineLabel> labels;
    std::int64_t gpuEvents = 0;
    // Times past the clock's bound (timelinens.h), drawn at it: a hostile
    // trace's; the analysis warns.
    std::int64_t clampedTimes = 0;

    // Bytes held per GPU event by the GPU stream lanes (columns, side tables).
    double bytesPerGpuEvent() const;
};

} // namespace Ridgeline
