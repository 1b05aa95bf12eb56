#include "engine/timeline/buildtimeline.h"

#include "engine/results/naming/rowdisplayname.h"
#include "engine/timeline/executeranges.h"
#include "engine/timeline/workspace/hostframelanes.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace Ridgeline {
namespace {

// Labels made once per name: millions of events share a few thousand.
class Labels
{
public:
    explicit Labels(std::vector<TimelineLabel>& labels) : m_labels(labels) { }

    std::uint32_t add(TimelineLabel label)
    {
        m_labels.push_back(std::move(label));
        return std::uint32_t(m_labels.size() - 1);
    }
    std::uint32_t once(std::unordered_map<std::uint64_t, std::uint32_t>& cache, std::uint64_t key, auto make)
    {
        if (const auto found = cache.find(key); found != cache.end())
            return found->second;
        const std::uint32_t label = add(make());
        cache.emplace(key, label);
        return label;
    }

private:
    std::vector<TimelineLabel>& m_labels;
};

// "7" before "12"; names that are no numbers after those, as text.
bool streamOrder(const QString& a, const QString& b)
{
    bool aNumber = false, bNumber = false;
    const qlonglong x = a.toLongLong(&aNumber), y = b.toLongLong(&bNumber);
    if (aNumber != bNumber)
        return aNumber;
    return aNumber ? x < y : a < b;
}

// Lane items collected unsorted, then appended in order of start.
struct Item
{
    std::int64_t startNs;
    std::int64_t durationNs;
    std::uint32_t label;
};

void fill(TimelineLane& lane, std::vector<Item>& items)
{
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.startNs < b.startNs; });
    for (const Item& item : items)
        lane.events.append(item.startNs, item.durationNs, item.label);
    lane.events.shrinkToFit();
    std::vector<Item>().swap(items);
}

// A GPU event's correlation key and where it ran.
struct KeyedStart
{
    std::int64_t key;
    std::int64_t startNs;
    std::uint32_t lane;
};

// A launch call and the GPU work it launched, kept together while sorted.
struct LaunchItem
{
    Item item;
    TimelineLaunchTarget target;
};

void fillLaunches(TimelineLane& lane, std::vector<LaunchItem>& items, bool keepTargets)
{
    std::stable_sort(items.begin(), items.end(), [](const LaunchItem& a, const LaunchItem& b) { return a.item.startNs < b.item.startNs; });
    if (keepTargets)
        lane.launched.reserve(items.size());
    for (const LaunchItem& launch : items) {
        lane.events.append(launch.item.startNs, launch.item.durationNs, launch.item.label);
        if (keepTargets)
            lane.launched.push_back(launch.target);
    }
    lane.events.shrinkToFit();
    std::vector<LaunchItem>().swap(items);
}

} // namespace

double Timeline::bytesPerGpuEvent() const
{
    double bytes = 0;
    for (const TimelineLane& lane : lanes) {
        if (lane.kind == TimelineLaneKind::GpuStream)
            bytes += lane.events.bytesPerEvent() * lane.events.size();
    }
    return gpuEvents > 0 ? bytes / double(gpuEvents) : 0;
}

std::shared_ptr<const Timeline> buildTimeline(const TimelineInputs& inputs)
{
    auto timeline = std::make_shared<Timeline>();
    const RawTrace& trace = *inputs.trace;
    const GpuEventList& events = trace.gpuEvents;
    timeline->gpuEvents = std::int64_t(events.size());
    if (events.empty())
        return timeline;

    double originUs = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < events.size(); ++i)
        originUs = std::min(originUs, events.ts(i));
    originUs = inputs.originUs.value_or(originUs);
    timeline->originUs = std::int64_t(std::floor(originUs));
    timeline->originNs = timelineNsOf(std::round(originUs * 1000.0));
    TimelineClock clock;
    const auto toNs = [&](double us) { return clock.toNs(us); };
    const auto fromOrigin = [&](double us) { return toNs(us - originUs); };

    // Kernel rows (Triton, then library ops) by index: label r is row r;
    // then the library rows; other names on demand.
    Labels labels(timeline->labels);
    const std::vector<std::int32_t>* rowOf = inputs.rowOfEvent;
    std::int32_t kernelRows = 0;
    if (rowOf) {
        for (std::int32_t row : *rowOf)
            kernelRows = std::max(kernelRows, row + 1);
    }
    const std::int32_t tritonRows = inputs.tritonRows ? std::int32_t(inputs.tritonRows->size()) : kernelRows;
    timeline->labels.resize(size_t(kernelRows));
    for (std::int32_t r = 0; r < kernelRows; ++r) {
        TimelineLabel& label = timeline->labels[size_t(r)];
        label.kernelRow = r;
        label.work = GpuWork::Triton;
        const KernelRow* row = r < tritonRows ? (inputs.tritonRows ? &(*inputs.tritonRows)[size_t(r)] : nullptr)
            : inputs.libraryOpRows && size_t(r - tritonRows) < inputs.libraryOpRows->size() ? &(*inputs.libraryOpRows)[size_t(r - tritonRows)]
                                                                                           : nullptr;
        if (row) {
            label.name = rowNames(*row).display; // what the box says: the distinguishing part
            if (row->isLibraryOp())
                label.work = row->work;
        }
    }
    QHash<QString, std::uint32_t> libraryLabelOfName;
    if (inputs.libraryRows) {
        for (size_t r = 0; r < inputs.libraryRows->size(); ++r) {
            const KernelRow& row = (*inputs.libraryRows)[r];
            libraryLabelOfName.insert(row.name, labels.add({ rowNames(row).display, TimelineLabelKind::GpuWork, row.work, -1, std::int32_t(r) }));
        }
    }
    const auto workOf = [&](std::uint32_t nameId, GpuEventKind kind) {
        if (kind == GpuEventKind::Memcpy)
            return GpuWork::Memcpy;
        if (kind == GpuEventKind::Memset)
            return GpuWork::Memset;
        return inputs.nameKinds && nameId < inputs.nameKinds->size() ? (*inputs.nameKinds)[nameId].work : GpuWork::Other;
    };
    const auto nameOf = [&](std::uint32_t nameId) {
        return nameId < std::uint32_t(trace.gpuEventNames.size()) ? trace.gpuEventNames[qsizetype(nameId)] : QStringLiteral("(unnamed)");
    };
    std::unordered_map<std::uint64_t, std::uint32_t> otherLabels;

    // GPU stream lanes, by device then stream.
    std::vector<size_t> streamOrderIndex(trace.gpuStreams.size());
    std::iota(streamOrderIndex.begin(), streamOrderIndex.end(), size_t(0));
    std::stable_sort(streamOrderIndex.begin(), streamOrderIndex.end(), [&](size_t a, size_t b) {
        const GpuStream& x = trace.gpuStreams[a];
        const GpuStream& y = trace.gpuStreams[b];
        if (x.device != y.device)
            return streamOrder(x.device, y.device);
        return streamOrder(x.stream, y.stream);
    });
    std::unordered_map<std::uint32_t, size_t> laneOfThread;
    for (size_t s : streamOrderIndex) {
        const GpuStream& stream = trace.gpuStreams[s];
        if (laneOfThread.contains(stream.thread))
            continue;
        laneOfThread.emplace(stream.thread, timeline->lanes.size());
        TimelineLane& lane = timeline->lanes.emplace_back();
        lane.kind = TimelineLaneKind::GpuStream;
        lane.device = stream.device;
        lane.title = QStringLiteral("GPU %1 stream %2").arg(stream.device, stream.stream);
    }
    // A stream the reader did not name (past its cap): a lane of its own.
    const auto laneOf = [&](std::uint32_t thread) {
        auto lane = laneOfThread.find(thread);
        if (lane == laneOfThread.end()) {
            lane = laneOfThread.emplace(thread, timeline->lanes.size()).first;
            TimelineLane& added = timeline->lanes.emplace_back();
            added.title = QStringLiteral("GPU ? stream ?");
            added.device = QStringLiteral("?");
        }
        return lane->second;
    };
    // First, how many events each lane gets and whether they come in order
    // of start (a GPU stream's nearly always do): those are appended as they
    // come, into lanes reserved to size; only a lane out of order is
    // collected and sorted. 20M events: no 24-byte item per event, no sort.
    struct LaneFill
    {
        size_t count = 0;
        std::int64_t lastStart = std::numeric_limits<std::int64_t>::min();
        bool inOrder = true;
    };
    std::vector<LaneFill> fills;
    {
        TimelineClock probe; // counts nothing: the pass below does
        for (size_t i = 0; i < events.size(); ++i) {
            const size_t lane = laneOf(events[i].thread);
            fills.resize(std::max(fills.size(), lane + 1));
            const std::int64_t start = probe.toNs(events.ts(i) - originUs);
            LaneFill& fill = fills[lane];
            ++fill.count;
            fill.inOrder = fill.inOrder && start >= fill.lastStart;
            fill.lastStart = start;
        }
    }
    // Every lane, also those of named streams with no event (in a range).
    fills.resize(timeline->lanes.size());
    std::vector<std::vector<Item>> items(timeline->lanes.size());
    for (size_t l = 0; l < fills.size(); ++l) {
        if (fills[l].inOrder)
            timeline->lanes[l].events.reserve(std::uint32_t(fills[l].count));
        else
            items[l].reserve(fills[l].count);
    }

    // Graph launches' GPU spans, by correlation.
    std::unordered_map<std::int64_t, std::pair<std::int64_t, std::int64_t>> graphSpans;
    for (const LaunchRecord& launch : trace.launches) {
        if (launch.kind == LaunchKind::Graph && launch.key >= 0)
            graphSpans.emplace(launch.key, std::pair(std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()));
    }

    // The label of an event of no row, once per name and kind of event.
    constexpr std::uint32_t noLabel = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> labelOfName;
    const auto labelOfUnrowed = [&](std::uint32_t nameId, GpuEventKind kind) {
        const size_t key = size_t(nameId) * 3 + size_t(kind);
        if (key >= labelOfName.size())
            labelOfName.resize(key + 1, noLabel);
        if (labelOfName[key] != noLabel)
            return labelOfName[key];
        std::uint32_t label = 0;
        if (const auto library = libraryLabelOfName.constFind(nameOf(nameId)); library != libraryLabelOfName.cend() && kind == GpuEventKind::Kernel) {
            label = *library;
        } else {
            const GpuWork work = workOf(nameId, kind);
            label = labels.once(otherLabels, std::uint64_t(nameId) << 2 | std::uint64_t(kind),
                                [&] { return TimelineLabel { nameOf(nameId), TimelineLabelKind::GpuWork, work, -1, -1 }; });
        }
        labelOfName[key] = label;
        return label;
    };

    ExecuteRangeSpans executeSpans(trace, originUs, clock);
    std::int64_t endNs = 0;
    // Each launch's GPU work by correlation key (the flows of a host frame
    // to its kernels), up to a cap: 24 bytes per event while building.
    const bool keepTargets = !trace.launches.empty() && trace.launches.size() <= Timeline::maxLaunchTargets;
    std::vector<KeyedStart> keyed;
    for (size_t i = 0; i < events.size(); ++i) {
        const GpuEventRecord event = events[i];
        const size_t lane = laneOf(event.thread);
        const std::int32_t row = rowOf && i < rowOf->size() ? (*rowOf)[i] : -1;
        const std::uint32_t label = row >= 0 ? std::uint32_t(row) : labelOfUnrowed(event.nameId, event.kind);
        const std::int64_t start = fromOrigin(event.ts);
        const std::int64_t duration = toNs(event.dur);
        if (fills[lane].inOrder)
            timeline->lanes[lane].events.append(start, duration, label);
        else
            items[lane].push_back({ start, duration, label });
        endNs = std::max(endNs, start + duration);
        if (event.key >= 0) {
            if (keepTargets)
                keyed.push_back({ event.key, start, std::uint32_t(lane) });
            executeSpans.noteGpuEvent(event.key, start, start + duration);
            if (const auto span = graphSpans.find(event.key); span != graphSpans.end()) {
                span->second.first = std::min(span->second.first, start);
                span->second.second = std::max(span->second.second, start + duration);
            }
        }
    }
    for (size_t l = 0; l < items.size(); ++l) {
        if (fills[l].inOrder)
            timeline->lanes[l].events.shrinkToFit();
        else
            fill(timeline->lanes[l], items[l]);
    }

    // Steps, as the host windows the profiler recorded.
    if (!trace.profilerSteps.empty()) {
        TimelineLane& lane = timeline->lanes.emplace_back();
        lane.kind = TimelineLaneKind::Steps;
        lane.title = QStringLiteral("steps");
        std::vector<Item> steps;
        for (const ProfilerStepAnnotation& step : trace.profilerSteps) {
            const std::uint32_t label = labels.add({ QStringLiteral("ProfilerStep#%1").arg(step.number), TimelineLabelKind::Step, GpuWork::Other, -1, -1 });
            steps.push_back({ fromOrigin(step.begin), toNs(step.end - step.begin), label });
        }
        fill(lane, steps);
    }

    // vLLM's and SGLang's execute_ ranges, over the GPU span of their work.
    if (const std::vector<ExecuteRangeSpans::Span> spans = executeSpans.spans(); !spans.empty()) {
        TimelineLane& lane = timeline->lanes.emplace_back();
        lane.kind = TimelineLaneKind::ExecuteRanges;
        lane.title = QStringLiteral("execute ranges");
        std::vector<Item> ranges;
        for (const ExecuteRangeSpans::Span& span : spans) {
            const QString& name = trace.executeAnnotations[span.annotation].name;
            const std::uint32_t label = labels.add({ name, TimelineLabelKind::ExecuteRange, GpuWork::Other, -1, -1 });
            ranges.push_back({ span.startNs, span.endNs - span.startNs, label });
        }
        fill(lane, ranges);
    }

    // Graph launches, over the GPU span of what they replayed.
    std::vector<Item> graphs;
    std::uint32_t graphLabel = 0;
    for (const auto& [key, span] : graphSpans) {
        if (span.first > span.second)
            continue; // replayed nothing this trace kept
        if (graphs.empty())
            graphLabel = labels.add({ QStringLiteral("graph launch"), TimelineLabelKind::GraphLaunch, GpuWork::Other, -1, -1 });
        graphs.push_back({ span.first, span.second - span.first, graphLabel });
    }
    if (!graphs.empty()) {
        TimelineLane& lane = timeline->lanes.emplace_back();
        lane.kind = TimelineLaneKind::GraphLaunches;
        lane.title = QStringLiteral("graph launches");
        fill(lane, graphs);
    }

    // The CPU threads that launched GPU work: one lane each, titled by pid
    // and tid as the trace writes them, the launch calls as boxes named by
    // the kernel they launched.
    const size_t firstCpuLane = timeline->lanes.size();
    std::unordered_map<std::uint32_t, const LaunchThread*> nameOfThread;
    for (const LaunchThread& thread : trace.launchThreads)
        nameOfThread.emplace(thread.thread, &thread);
    std::unordered_map<std::uint32_t, size_t> cpuLaneOfThread; // into cpuItems
    std::vector<std::vector<LaunchItem>> cpuItems;
    std::sort(keyed.begin(), keyed.end(), [](const KeyedStart& a, const KeyedStart& b) { return a.key < b.key; });
    const auto targetOf = [&](std::int64_t key) {
        const auto found = std::lower_bound(
            keyed.begin(), keyed.end(), key, [](const KeyedStart& item, std::int64_t wanted) { return item.key < wanted; });
        return found != keyed.end() && found->key == key && key >= 0 ? TimelineLaunchTarget { found->startNs, found->lane }
                                                                      : TimelineLaunchTarget {};
    };
    std::unordered_map<std::uint64_t, std::uint32_t> launchLabels;
    for (const LaunchRecord& launch : trace.launches) {
        auto lane = cpuLaneOfThread.find(launch.thread);
        if (lane == cpuLaneOfThread.end()) {
            lane = cpuLaneOfThread.emplace(launch.thread, cpuItems.size()).first;
            TimelineLane& added = timeline->lanes.emplace_back();
            added.kind = TimelineLaneKind::LaunchThread;
            const auto named = nameOfThread.find(launch.thread);
            added.title = named != nameOfThread.end() ? QStringLiteral("CPU %1 thread %2").arg(named->second->pid, named->second->tid)
                                                      : QStringLiteral("CPU thread #%1").arg(launch.thread); // past the reader's cap
            cpuItems.emplace_back();
        }
        const bool graph = launch.kind == LaunchKind::Graph;
        const std::uint64_t key = graph ? std::uint64_t(1) << 40 : std::uint64_t(launch.kernelNameId);
        const std::uint32_t label = labels.once(launchLabels, key, [&] {
            QString name = graph ? QStringLiteral("graph launch")
                                 : launch.kernelNameId == noKernelName ? QStringLiteral("launch") : nameOf(launch.kernelNameId);
            return TimelineLabel { name, graph ? TimelineLabelKind::GraphLaunch : TimelineLabelKind::Launch, GpuWork::Other, -1, -1 };
        });
        cpuItems[lane->second].push_back(
            { { fromOrigin(launch.ts), toNs(std::max(0.0, launch.end - launch.ts)), label }, targetOf(launch.key) });
    }
    std::vector<KeyedStart>().swap(keyed);
    std::unordered_map<std::uint32_t, size_t> launchLaneOfThread;
    for (const auto& [thread, c] : cpuLaneOfThread)
        launchLaneOfThread.emplace(thread, firstCpuLane + c);
    for (size_t c = 0; c < cpuItems.size(); ++c)
        fillLaunches(timeline->lanes[firstCpuLane + c], cpuItems[c], keepTargets);

    // The host frames of the thread that launched the most GPU work, by depth.
    appendHostFrameLanes(trace, originUs, clock, launchLaneOfThread, *timeline);

    timeline->endNs = endNs;
    timeline->clampedTimes = clock.clamped();
    return timeline;
}

} // namespace Ridgeline
