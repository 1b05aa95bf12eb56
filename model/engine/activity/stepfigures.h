// Stage activity/: what the GPU did over time, measured from the trace.
// Figures per step, fed the main device's GPU events in order of start.
// ProfilerStep#N annotations give host windows: an event belongs to the
// step during which its launch call began (the GPU runs behind the host).
// The graph launched most often gives the other kind of step: the kernels
// each of its launches replayed. chooseSteps() says which a trace is read by.
#pragma once

#include "engine/activity/gpuactivity.h"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace Ridgeline {

struct ProfilerStepAnnotation;

class HostCallStepCounter;

class ProfilerStepCounter
{
public:
    explicit ProfilerStepCounter(const std::vector<ProfilerStepAnnotation>& steps);
    bool any() const { return !m_steps.empty(); }
    // `hostTs`: the launch call's start, else the event's own.
    void add(double begin, double end, double hostTs, double kernelUs, double tritonUs);
    // `mainKernelUs`: the main device's kernel time, of which the rest is one-off.
    StepFigures figures(double mainKernelUs) const;
    // The fewest of `launchTimes` (sorted) any step's window holds.
    int fewestLaunchesInAStep(const std::vector<double>& launchTimes) const;

private:
    struct Step
    {
        double begin = 0;
        double end = 0;
        std::int64_t number = 0;
        bool any = false;
        double first = 0, cursor = 0, busy = 0;
        double kernelUs = 0, tritonUs = 0;
    };
    std::vector<Step> m_steps; // by begin
};

class GraphLaunchStepCounter
{
public:
    // One graph per key: the same key for every launch of one graph (its
    // capture window, or the kernels it replays when none matched).
    // `hostTs`: when the launch call began.
    void addLaunch(std::int64_t correlation, double hostTs, std::uint64_t graphKey, const QString& graphName);
    bool any() const { return !m_launchGraph.empty(); }
    void add(std::int64_t eventKey, double begin, double kernelUs, double tritonUs);
    StepFigures figures(double mainKernelUs) const;
    // When the step graph's launches that ran began on the host, sorted.
    std::vector<double> stepLaunchTimes() const;

private:
    struct Graph
    {
        QString name;
        std::vector<std::int64_t> launches;
        std::vector<double> launchTimes; // parallel to launches
        double kernelUs = 0, tritonUs = 0;
        std::optional<double> firstStartUs;
    };
    // The graph launched most often (ties to more GPU time) and how many of
    // its launches ran; null when none ran.
    const Graph* stepGraph(int* launchesRan) const;
    std::unordered_map<std::int64_t, size_t> m_launchGraph; // correlation -> into m_graphs
    std::unordered_set<std::int64_t> m_launchRan; // launches that replayed a GPU event
    std::unordered_map<std::uint64_t, size_t> m_graphIndex;
    std::vector<Graph> m_graphs;
};

// The kinds of step a trace has (finest first: graph launch, then
// `hostCalls`, compiled graph call and module, then ProfilerStep) into
// `activity.stepKinds`, and the one its figures are read by into
// `activity.steps`: the finest kind whose steps each ProfilerStep holds two
// or more of (a diffusion trace's one ProfilerStep of four denoising
// launches or compiled graph calls), or any when the trace has at most one
// ProfilerStep; else the ProfilerSteps.
void chooseSteps(const ProfilerStepCounter& profilerSteps, const GraphLaunchStepCounter& graphSteps,
    const std::vector<const HostCallStepCounter*>& hostCalls, double mainKernelUs, GpuActivity& activity);

} // namespace Ridgeline
