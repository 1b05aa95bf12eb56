#include "engine/activity/measuregpuactivity.h"

#include "engine/activity/hostcallsteps.h"
#include "engine/activity/idlecauseclassifier.h"
#include "engine/activity/idlegaps.h"
#include "engine/activity/latencyfloor.h"
#include "engine/activity/stepfigures.h"

#include <QHash>
#include <algorithm>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

namespace Ridgeline {

QString stepKindKey(StepKind kind)
{
    switch (kind) {
    case StepKind::None:
        return QStringLiteral("none");
    case StepKind::ProfilerStep:
        return QStringLiteral("profiler_step");
    case StepKind::GraphLaunch:
        return QStringLiteral("graph_launch");
    case StepKind::CompiledGraphCall:
        return QStringLiteral("compiled_graph_call");
    case StepKind::Module:
        return QStringLiteral("module");
    }
    return {};
}

QString stepKindWords(StepKind kind, int count)
{
    const bool one = count == 1;
    switch (kind) {
    case StepKind::None:
        break;
    case StepKind::ProfilerStep:
        return one ? QStringLiteral("ProfilerStep annotation") : QStringLiteral("ProfilerStep annotations");
    case StepKind::GraphLaunch:
        return one ? QStringLiteral("graph launch") : QStringLiteral("graph launches");
    case StepKind::CompiledGraphCall:
        return one ? QStringLiteral("compiled graph call") : QStringLiteral("compiled graph calls");
    case StepKind::Module:
        return one ? QStringLiteral("call of the outermost nn.Module") : QStringLiteral("calls of the outermost nn.Module");
    }
    return {};
}

namespace {

// When the call that launched each GPU event began: launches sorted by key
// (4 bytes each), found by binary search.
class LaunchTimes
{
public:
    explicit LaunchTimes(const RawTrace& trace)
        : m_trace(trace)
    {
        m_byKey.reserve(trace.launches.size());
        for (std::uint32_t i = 0; i < trace.launches.size(); ++i) {
            if (trace.launches[i].key >= 0)
                m_byKey.push_back(i);
        }
        const auto byKey = [&](std::uint32_t a, std::uint32_t b) { return trace.launches[a].key < trace.launches[b].key; };
        // Correlation ids grow with time: the file is usually sorted already.
        if (!std::is_sorted(m_byKey.begin(), m_byKey.end(), byKey))
            std::stable_sort(m_byKey.begin(), m_byKey.end(), byKey);
    }

    // Events asked in order of start mostly have growing keys: the one after
    // the last answer is tried before a binary search.
    // The launch call (into trace.launches) of that key.
    std::optional<std::uint32_t> launchOf(std::int64_t key)
    {
        if (key < 0 || m_byKey.empty())
            return std::nullopt;
        auto it = m_byKey.begin() + std::ptrdiff_t(std::min(m_finger, m_byKey.size() - 1));
        if (keyAt(it) != key && (++it == m_byKey.end() || keyAt(it) != key || keyAt(it - 1) == key))
            it = std::lower_bound(m_byKey.begin(), m_byKey.end(), key,
                [&](std::uint32_t launch, std::int64_t k) { return m_trace.launches[launch].key < k; });
        if (it == m_byKey.end() || keyAt(it) != key)
            return std::nullopt;
        m_finger = size_t(it - m_byKey.begin());
        return *it;
    }

private:
    std::int64_t keyAt(std::vector<std::uint32_t>::const_iterator it) const { return m_trace.launches[*it].key; }

    const RawTrace& m_trace;
    std::vector<std::uint32_t> m_byKey;
    size_t m_finger = 0;
};

// The device of each GPU event's thread, as an index into `names`.
struct Devices
{
    std::unordered_map<std::uint32_t, int> ofThread;
    std::vector<QString> names;
    int unnamed = -1; // "?": threads past the stream cap

    explicit Devices(const RawTrace& trace)
    {
        QHash<QString, int> byName;
        for (const GpuStream& stream : trace.gpuStreams) {
            auto it = byName.find(stream.device);
            if (it == byName.end()) {
                it = byName.insert(stream.device, int(names.size()));
                names.push_back(stream.device);
            }
            ofThread[stream.thread] = *it;
        }
    }

    int of(std::uint32_t thread)
    {
        // Events come in long runs on one stream: one lookup per run.
        if (thread == lastThread)
            return lastDevice;
        lastThread = thread;
        if (const auto found = ofThread.find(thread); found != ofThread.end())
            return lastDevice = found->second;
        if (unnamed < 0) {
            unnamed = int(names.size());
            names.push_back(QStringLiteral("?"));
        }
        return lastDevice = unnamed;
    }

    std::uint32_t lastThread = std::uint32_t(-1);
    int lastDevice = -1;
};

std::uint64_t mix(std::uint64_t hash, std::uint64_t value)
{
    return (hash ^ value) * 1099511628211ull;
}

// Graph launches grouped by the graph they launch: the capture window a
// launch matched, else the kernel names it replayed (order aside).
void addGraphLaunches(const RawTrace& trace, const GraphMergeSummary& graphs, GraphLaunchStepCounter& counter)
{
    std::unordered_map<std::int64_t, int> matchedWindow;
    for (const MergedGraphLaunch& launch : graphs.launches) {
        if (launch.window >= 0)
            matchedWindow[launch.correlation] = launch.window;
    }
    std::unordered_map<std::int64_t, std::uint64_t> replayedNames; // key -> sum of name hashes
    std::unordered_set<std::int64_t> graphKeys;
    for (const LaunchRecord& launch : trace.launches) {
        if (launch.kind == LaunchKind::Graph && launch.key >= 0)
            graphKeys.insert(launch.key);
    }
    if (graphKeys.empty())
        return;
    for (const GpuEventRecord& event : trace.gpuEvents) {
        if (graphKeys.contains(event.key))
            replayedNames[event.key] += mix(14695981039346656037ull, event.nameId + 1ull) * 0x9E3779B97F4A7C15ull;
    }
    for (const LaunchRecord& launch : trace.launches) {
        if (launch.kind != LaunchKind::Graph || launch.key < 0)
            continue;
        if (const auto window = matchedWindow.find(launch.key); window != matchedWindow.end()) {
            const MergedCaptureWindow& w = graphs.windows[size_t(window->second)];
            const QString file = graphs.captures[size_t(w.source)].isReplayTrace ? QStringLiteral("this trace")
                                                                                 : graphs.captures[size_t(w.source)].path.section(u'/', -1);
            counter.addLaunch(launch.key, launch.ts, std::uint64_t(window->second),
                QStringLiteral("graph of capture window %1 in %2").arg(w.ordinal + 1).arg(file));
        } else {
            const auto names = replayedNames.find(launch.key);
            const std::uint64_t key = mix(1ull << 63, names == replayedNames.end() ? 0 : names->second);
            counter.addLaunch(launch.key, launch.ts, key, QStringLiteral("graph replayed without a matched capture"));
        }
    }
}

} // namespace

GpuActivity measureGpuActivity(const RawTrace& trace, const GraphMergeSummary& graphs, const std::vector<bool>& tritonName)
{
    GpuActivity activity;
    if (trace.gpuEvents.empty())
        return activity;

    // Pass 1: each event's device, kernels and kernel time per device.
    Devices devices(trace);
    std::vector<std::uint16_t> deviceOf(trace.gpuEvents.size());
    std::vector<DeviceActivity> measured;
    for (size_t i = 0; i < trace.gpuEvents.size(); ++i) {
        const GpuEventRecord& event = trace.gpuEvents[i];
        const int device = std::min(devices.of(event.thread), 0xffff);
        deviceOf[i] = std::uint16_t(device);
        if (size_t(device) >= measured.size())
            measured.resize(size_t(device) + 1);
        if (event.kind == GpuEventKind::Kernel) {
            ++measured[size_t(device)].kernels;
            measured[size_t(device)].kernelTimeUs += event.dur;
        }
    }

    // Events in order of start (the file is usually in that order already).
    std::vector<std::uint32_t> byStart(trace.gpuEvents.size());
    std::iota(byStart.begin(), byStart.end(), 0u);
    const auto earlier = [&](std::uint32_t a, std::uint32_t b) { return trace.gpuEvents.ts(a) < trace.gpuEvents.ts(b); };
    if (!std::is_sorted(byStart.begin(), byStart.end(), earlier))
        std::stable_sort(byStart.begin(), byStart.end(), earlier);

    LaunchTimes launchTimes(trace);
    std::vector<IdleGapCounter> gaps(measured.size());
    std::vector<LowPercentile> floors;
    floors.reserve(measured.size());
    for (const DeviceActivity& device : measured)
        floors.emplace_back(device.kernels, latencyFloorPercentile);

    const size_t main = size_t(std::max_element(measured.begin(), measured.end(), [](const DeviceActivity& a, const DeviceActivity& b) {
        return a.kernelTimeUs < b.kernelTimeUs;
    }) - measured.begin());
    IdleCauseClassifier idleCauses(trace);
    ProfilerStepCounter profilerSteps(trace.profilerSteps);
    GraphLaunchStepCounter graphSteps;
    addGraphLaunches(trace, graphs, graphSteps);
    HostCallStepCounter compiledCalls(trace, StepKind::CompiledGraphCall);
    HostCallStepCounter moduleCalls(trace, StepKind::Module);

    for (std::uint32_t index : byStart) {
        const GpuEventRecord& event = trace.gpuEvents[index];
        const size_t device = deviceOf[index];
        const std::optional<std::uint32_t> launch = launchTimes.launchOf(event.key);
        const std::optional<double> launchTs = launch ? std::optional(trace.launches[*launch].ts) : std::nullopt;
        const auto gap = gaps[device].add(event.ts, event.ts + event.dur, launchTs);
        if (gap && device == main)
            idleCauses.add(gap->first, gap->second, launch);
        const bool kernel = event.kind == GpuEventKind::Kernel;
        if (kernel)
            floors[device].add(event.dur);
        if (device != main)
            continue;
        const double kernelUs = kernel ? event.dur : 0.0;
        const double tritonUs = kernel && event.nameId < tritonName.size() && tritonName[event.nameId] ? event.dur : 0.0;
        if (profilerSteps.any())
            profilerSteps.add(event.ts, event.ts + event.dur, launchTs.value_or(event.ts), kernelUs, tritonUs);
        if (graphSteps.any())
            graphSteps.add(event.key, event.ts, kernelUs, tritonUs);
        if (launch) {
            const std::uint32_t thread = trace.launches[*launch].thread;
            if (compiledCalls.any())
                compiledCalls.add(thread, *launchTs, event.ts, event.ts + event.dur, kernelUs, tritonUs);
            if (moduleCalls.any())
                moduleCalls.add(thread, *launchTs, event.ts, event.ts + event.dur, kernelUs, tritonUs);
        }
    }

    for (size_t d = 0; d < measured.size(); ++d) {
        DeviceActivity& device = measured[d];
        device.device = devices.names[d];
        gaps[d].finish(device);
        if (device.kernels >= latencyFloorMinKernels)
            device.latencyFloorUs = floors[d].value();
    }
    chooseSteps(profilerSteps, graphSteps, { &compiledCalls, &moduleCalls }, measured[main].kernelTimeUs, activity);
    activity.idleCauses = idleCauses.finish(trace.gpuEvents.ts(byStart.front()));
    // The main device first, then by kernel time.
    std::swap(measured[0], measured[main]);
    std::stable_sort(measured.begin() + 1, measured.end(),
        [](const DeviceActivity& a, const DeviceActivity& b) { return a.kernelTimeUs > b.kernelTimeUs; });
    activity.devices = std::move(measured);
    return activity;
}

} // namespace Ridgeline
