// Stage timeline/: every GPU event of a trace over time, for the timeline.
// A trace's timeline: one lane per GPU stream (its kernels, memcpy and
// memset), lanes of annotations (ProfilerStep#N windows, vLLM's and
// SGLang's execute_ ranges and graph launches, these two over the GPU span
// of the work they ran), one lane per CPU thread that launched GPU work and
// the host frames of the main one, by depth. Each box carries a label: the table row it
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
    HostFrame, // a host frame: python_function (nn.Module forwards among them), "## Call CompiledFxGraph ##"
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
    LaunchThread,
    HostFrames, // one depth of the host frames of the thread that launched the most GPU work
};

// Where a launch call's GPU work ran: found by its correlation key when the
// timeline is built (the kernel's start on its lane: the lane's events
// binary-searched find it).
struct TimelineLaunchTarget
{
    std::int64_t gpuStartNs = 0;
    std::uint32_t gpuLane = noLane; // noLane: nothing the trace kept
    static constexpr std::uint32_t noLane = 0xFFFFFFFFu;
};

struct TimelineLane
{
    TimelineLaneKind kind = TimelineLaneKind::GpuStream;
    QString title; // "GPU 0 stream 7", "steps", "execute ranges", "graph launches", "CPU 416 thread 1234"
    QString device; // GPU streams: the events' pid as written
    TimelineEvents events;
    // LaunchThread lanes: per event, the GPU work it launched (empty past
    // maxLaunchTargets launches in the trace: no flows then).
    std::vector<TimelineLaunchTarget> launched;
    // HostFrames lanes: the LaunchThread lane of the same thread (-1: none).
    std::int32_t launchLane = -1;
    std::int32_t depth = 0; // HostFrames: 0 for the outermost frames
};

struct Timeline
{
    // Launch targets are kept up to this many launches (16 bytes each).
    static constexpr size_t maxLaunchTargets = size_t(1) << 22;

    std::int64_t originUs = 0; // of the first GPU event, in the trace's clock (whole us)
    std::int64_t originNs = 0; // the same, to the nanosecond (within the clock's bound)
    std::int64_t endNs = 0; // the latest end of any box, from the origin
    std::vector<TimelineLane> lanes; // GPU streams by device and stream, annotations, CPU threads, host frames
    std::vector<TimelineLabel> labels;
    std::int64_t gpuEvents = 0;
    // Times past the clock's bound (timelinens.h), drawn at it: a hostile
    // trace's; the analysis warns.
    std::int64_t clampedTimes = 0;

    // Bytes held per GPU event by the GPU stream lanes (columns, side tables).
    double bytesPerGpuEvent() const;
};

} // namespace Ridgeline
