// Stage activity/: what the GPU did over time, measured from the trace.
// Figures per step, fed the main device's GPU events in order of start.
// ProfilerStep#N annotations give host windows: an event belongs to the
// step during which its launch call began (the GPU runs behind the host).
// Without them, the graph launched most often is the step: the kernels each
// of its launches replayed.
#pragma once

#include "engine/activity/gpuactivity.h"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace Ridgeline {

struct ProfilerStepAnnotation;

class ProfilerStepCounter
{
public:
    explicit ProfilerStepCounter(const std::vector<ProfilerStepAnnotation>& steps);
    bool any() const { return !m_steps.empty(); }
    // `hostTs`: the launch call's start, else the event's own.
    void add(double begin, double end, double hostTs, double kernelUs, double tritonUs);
    StepFigures figures() const;

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
    void addLaunch(std::int64_t correlation, std::uint64_t graphKey, const QString& graphName);
    bool any() const { return !m_launchGraph.empty(); }
    void add(std::int64_t eventKey, double kernelUs, double tritonUs);
    StepFigures figures() const;

private:
    struct Graph
    {
        QString name;
        std::vector<std::int64_t> launches;
        double kernelUs = 0, tritonUs = 0;
    };
    std::unordered_map<std::int64_t, size_t> m_launchGraph; // correlation -> into m_graphs
    std::unordered_set<std::int64_t> m_launchRan;           // launches that replayed a GPU event
    std::unordered_map<std::uint64_t, size_t> m_graphIndex;
    std::vector<Graph> m_graphs;
};

} // namespace Ridgeline
