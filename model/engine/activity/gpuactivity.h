// Stage activity/: what the GPU did over time, measured from the trace.
// The GPU's activity as a time budget: per device its span, busy time (the
// union of kernel, memcpy and memset intervals over all its streams), idle
// time and idle gaps by length, the fixed per-kernel cost measured from its
// shortest kernels, and figures per step. Peaks play no part here; what the
// kernels could have won is the timebudget/ stage's.
#pragma once

#include "engine/activity/idlecauses.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

// Idle gaps of one length class: [minUs, maxUs), maxUs null for the last.
struct IdleGapBucket
{
    double minUs = 0;
    std::optional<double> maxUs;
    std::int64_t count = 0;
    double totalUs = 0;
};

struct DeviceActivity
{
    QString device; // the GPU events' pid as the trace writes it; "?" for streams past the cap
    std::int64_t kernels = 0; // kernel events (not memcpy/memset)
    double kernelTimeUs = 0; // their durations summed
    double firstStartUs = 0; // of any GPU event
    double lastEndUs = 0;
    double spanUs = 0; // lastEnd - firstStart
    double busyUs = 0; // union of all GPU event intervals
    double idleUs = 0; // span - busy
    std::vector<IdleGapBucket> idleGaps; // < 10 us, 10-100 us, 0.1-1 ms, > 1 ms
    // Gaps ended by a GPU event whose launch call began after the gap did:
    // the GPU waited for the host.
    std::int64_t hostBoundGaps = 0;
    double hostBoundIdleUs = 0;
    // The 1st percentile of its kernel durations, when it ran enough kernels
    // for one (see latencyfloor.h).
    std::optional<double> latencyFloorUs;

    // No profiled run spans a day: a span past that comes from two far
    // timestamps (damaged, or in another clock), and its idle time is not
    // the GPU waiting: warned about, and kept out of what to fix first.
    static constexpr double implausibleSpanUs = 24.0 * 3600 * 1e6;
    bool implausibleSpan() const { return spanUs > implausibleSpanUs; }
};

enum class StepKind
{
    None, // neither annotations nor graph launches to count steps by
    ProfilerStep, // ProfilerStep#N annotations: figures inside each step's window
    GraphLaunch, // the launches of the graph launched most often: its replayed kernels per launch
    // The "## Call CompiledFxGraph <hash> ##" calls of the hash called most
    // often: the kernels launched during each (hostcallsteps.h).
    CompiledGraphCall,
    Module, // the calls of the outermost nn.Module called most often: the kernels launched during each
};
QString stepKindKey(StepKind kind); // "none", "profiler_step", "graph_launch", "compiled_graph_call", "module"
// The steps of a kind in words, plural past one: "graph launches", "ProfilerStep annotation", ...
QString stepKindWords(StepKind kind, int count);

struct StepFigures
{
    StepKind kind = StepKind::None;
    int count = 0;
    double gpuTimePerStepUs = 0; // kernel durations summed, per step
    double tritonTimePerStepUs = 0; // of Triton kernels (Inductor's and user-written)
    // ProfilerStep, compiled graph call and module (host windows): the step's GPU span less its busy time
    std::optional<double> idlePerStepUs;
    // Kernel time of the main device outside every step: warm-up, text
    // encoders, a VAE decoder run once, which a per-step figure must not hold.
    double oneOffGpuTimeUs = 0;
    // Where the first step begins in the trace's clock (the first window's
    // host begin, the first launch's first GPU event): the timeline's
    // compare mode aligns two traces there.
    std::optional<double> firstStartUs;
    QString what; // "ProfilerStep#3-#7", "graph of capture window 1 (1234 us of kernels)"
};

struct GpuActivity
{
    std::vector<DeviceActivity> devices; // most kernel time first
    // The steps the figures are given per, on the first device: the finest
    // of its graph launches, compiled graph calls and module calls when it
    // has at most one ProfilerStep or its ProfilerSteps each hold two or more
    // of them, else its ProfilerSteps (chooseSteps).
    StepFigures steps;
    // Every kind the trace has, finest first: graph launch, compiled graph
    // call, module, ProfilerStep.
    std::vector<StepFigures> stepKinds;
    // The main device's idle gaps by cause (idlecauses.h): each class that has a gap.
    std::vector<IdleCause> idleCauses;

    const DeviceActivity* mainDevice() const { return devices.empty() ? nullptr : &devices.front(); }
    const StepFigures* stepsOf(StepKind kind) const
    {
        for (const StepFigures& figures : stepKinds) {
            if (figures.kind == kind)
                return &figures;
        }
        return nullptr;
    }
};

} // namespace Ridgeline
