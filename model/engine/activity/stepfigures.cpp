#include "engine/activity/stepfigures.h"

#include "engine/activity/hostcallsteps.h"
#include "engine/input/rawtrace.h"

#include <algorithm>
#include <limits>

namespace Ridgeline {
namespace {

// The main device's kernel time outside the steps; the sums' rounding
// (different orders of one set of durations) is no time run once.
double oneOffUs(double mainKernelUs, double insideUs)
{
    const double rest = mainKernelUs - insideUs;
    return rest > 1e-9 * mainKernelUs ? rest : 0.0;
}

} // namespace

ProfilerStepCounter::ProfilerStepCounter(const std::vector<ProfilerStepAnnotation>& steps)
{
    m_steps.reserve(steps.size());
    for (const ProfilerStepAnnotation& step : steps)
        m_steps.push_back({ step.begin, step.end, step.number });
    std::sort(m_steps.begin(), m_steps.end(), [](const Step& a, const Step& b) { return a.begin < b.begin; });
}

void ProfilerStepCounter::add(double begin, double end, double hostTs, double kernelUs, double tritonUs)
{
    // The last step begun by hostTs, if hostTs is still inside it.
    auto it = std::upper_bound(m_steps.begin(), m_steps.end(), hostTs, [](double ts, const Step& step) { return ts < step.begin; });
    if (it == m_steps.begin())
        return;
    Step& step = *std::prev(it);
    if (hostTs > step.end)
        return;
    step.kernelUs += kernelUs;
    step.tritonUs += tritonUs;
    if (!step.any) {
        step.any = true;
        step.first = begin;
        step.cursor = end;
        step.busy = end - begin;
        return;
    }
    if (end <= step.cursor)
        return;
    step.busy += end - std::max(begin, step.cursor);
    step.cursor = end;
}

StepFigures ProfilerStepCounter::figures(double mainKernelUs) const
{
    StepFigures figures;
    if (m_steps.empty())
        return figures;
    figures.kind = StepKind::ProfilerStep;
    figures.count = int(m_steps.size());
    double kernel = 0, triton = 0, idle = 0;
    std::int64_t first = m_steps.front().number, last = first;
    for (const Step& step : m_steps) {
        kernel += step.kernelUs;
        triton += step.tritonUs;
        if (step.any)
            idle += std::max(0.0, (step.cursor - step.first) - step.busy);
        first = std::min(first, step.number);
        last = std::max(last, step.number);
    }
    figures.gpuTimePerStepUs = kernel / figures.count;
    figures.tritonTimePerStepUs = triton / figures.count;
    figures.idlePerStepUs = idle / figures.count;
    figures.oneOffGpuTimeUs = oneOffUs(mainKernelUs, kernel);
    figures.firstStartUs = m_steps.front().begin;
    figures.what
        = figures.count == 1 ? QStringLiteral("ProfilerStep#%1").arg(first) : QStringLiteral("ProfilerStep#%1-#%2").arg(first).arg(last);
    return figures;
}

int ProfilerStepCounter::fewestLaunchesInAStep(const std::vector<double>& launchTimes) const
{
    int fewest = m_steps.empty() ? 0 : std::numeric_limits<int>::max();
    for (const Step& step : m_steps) {
        const auto first = std::lower_bound(launchTimes.begin(), launchTimes.end(), step.begin);
        const auto last = std::upper_bound(first, launchTimes.end(), step.end);
        fewest = std::min(fewest, int(last - first));
    }
    return fewest;
}

void GraphLaunchStepCounter::addLaunch(std::int64_t correlation, double hostTs, std::uint64_t graphKey, const QString& graphName)
{
    auto [graph, inserted] = m_graphIndex.try_emplace(graphKey, m_graphs.size());
    if (inserted)
        m_graphs.push_back({ graphName, {}, {}, 0, 0, std::nullopt });
    if (m_launchGraph.try_emplace(correlation, graph->second).second) {
        m_graphs[graph->second].launches.push_back(correlation);
        m_graphs[graph->second].launchTimes.push_back(hostTs);
    }
}

void GraphLaunchStepCounter::add(std::int64_t eventKey, double begin, double kernelUs, double tritonUs)
{
    const auto found = m_launchGraph.find(eventKey);
    if (found == m_launchGraph.end())
        return;
    m_launchRan.insert(eventKey);
    Graph& graph = m_graphs[found->second];
    graph.kernelUs += kernelUs;
    graph.tritonUs += tritonUs;
    graph.firstStartUs = std::min(graph.firstStartUs.value_or(begin), begin);
}

const GraphLaunchStepCounter::Graph* GraphLaunchStepCounter::stepGraph(int* launchesRan) const
{
    const Graph* best = nullptr;
    int bestLaunches = 0;
    for (const Graph& graph : m_graphs) {
        const int ran = int(
            std::count_if(graph.launches.begin(), graph.launches.end(), [&](std::int64_t launch) { return m_launchRan.contains(launch); }));
        if (ran == 0)
            continue;
        // The graph launched most often is the step; ties to more GPU time.
        if (!best || ran > bestLaunches || (ran == bestLaunches && graph.kernelUs > best->kernelUs)) {
            best = &graph;
            bestLaunches = ran;
        }
    }
    *launchesRan = bestLaunches;
    return best;
}

StepFigures GraphLaunchStepCounter::figures(double mainKernelUs) const
{
    StepFigures figures;
    int launches = 0;
    const Graph* best = stepGraph(&launches);
    if (!best)
        return figures;
    figures.kind = StepKind::GraphLaunch;
    figures.count = launches;
    figures.gpuTimePerStepUs = best->kernelUs / launches;
    figures.tritonTimePerStepUs = best->tritonUs / launches;
    figures.oneOffGpuTimeUs = oneOffUs(mainKernelUs, best->kernelUs);
    figures.firstStartUs = best->firstStartUs;
    figures.what = best->name;
    return figures;
}

std::vector<double> GraphLaunchStepCounter::stepLaunchTimes() const
{
    int launches = 0;
    const Graph* best = stepGraph(&launches);
    std::vector<double> times;
    if (!best)
        return times;
    times.reserve(size_t(launches));
    for (size_t i = 0; i < best->launches.size(); ++i) {
        if (m_launchRan.contains(best->launches[i]))
            times.push_back(best->launchTimes[i]);
    }
    std::sort(times.begin(), times.end());
    return times;
}

void chooseSteps(const ProfilerStepCounter& profilerSteps, const GraphLaunchStepCounter& graphSteps,
    const std::vector<const HostCallStepCounter*>& hostCalls, double mainKernelUs, GpuActivity& activity)
{
    const StepFigures windows = profilerSteps.figures(mainKernelUs);
    // The finer kinds, finest first, each with when its steps began.
    struct Finer
    {
        StepFigures figures;
        std::vector<double> times;
    };
    std::vector<Finer> finer;
    if (StepFigures launches = graphSteps.figures(mainKernelUs); launches.kind != StepKind::None)
        finer.push_back({ std::move(launches), graphSteps.stepLaunchTimes() });
    for (const HostCallStepCounter* calls : hostCalls) {
        if (StepFigures figures = calls->figures(mainKernelUs); figures.kind != StepKind::None)
            finer.push_back({ std::move(figures), calls->stepCallTimes() });
    }
    activity.stepKinds.clear();
    for (const Finer& kind : finer)
        activity.stepKinds.push_back(kind.figures);
    if (windows.kind != StepKind::None)
        activity.stepKinds.push_back(windows);
    // One ProfilerStep around a whole run says nothing per step; windows of
    // several launches (or calls) each hold steps of their own (denoising
    // steps, decode steps): those are the finer, truer step. Windows of one
    // each are those steps already, and keep their idle time.
    activity.steps = windows;
    for (const Finer& kind : finer) {
        if (windows.count <= 1 || profilerSteps.fewestLaunchesInAStep(kind.times) >= 2) {
            activity.steps = kind.figures;
            break;
        }
    }
}

} // namespace Ridgeline
