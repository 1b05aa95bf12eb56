#include "engine/libraryops/libraryopownership.h"

#include "engine/linking/kernelrowkey.h"

#include <QHash>
#include <algorithm>
#include <tuple>
#include <unordered_map>

namespace Ridgeline {
namespace {

// A launch call under a library op, by its correlation key.
struct OwnedLaunch
{
    std::int64_t key;
    std::uint32_t launch; // into RawTrace::launches
    std::uint32_t op; // into RawTrace::libraryOps.ops
    auto operator<=>(const OwnedLaunch&) const = default;
};

// The library op each launch call nests in (the reader kept only the
// outermost ops, so one at most), for every launch no Triton op holds.
std::vector<OwnedLaunch> launchesUnderLibraryOps(const RawTrace& trace, const LinkedKernels& linked)
{
    std::vector<OwnedLaunch> owned;
    for (std::uint32_t i = 0; i < trace.launches.size(); ++i) {
        const LaunchRecord& launch = trace.launches[i];
        // A graph launch's replayed kernels are the graphs stage's to attribute.
        if (launch.kind == LaunchKind::Graph || launch.key < 0)
            continue;
        if (i < linked.opOfLaunch.size() && linked.opOfLaunch[i] >= 0)
            continue; // a Triton op's
        if (const std::int32_t op = trace.libraryOps.ownerOf(launch.thread, launch.ts, launch.end); op >= 0)
            owned.push_back({ launch.key, i, std::uint32_t(op) });
    }
    std::sort(owned.begin(), owned.end());
    return owned;
}

bool launchRuns(LaunchKind launch, GpuEventKind event)
{
    switch (launch) {
    case LaunchKind::Kernel:
        return event == GpuEventKind::Kernel;
    case LaunchKind::Memcpy:
        return event == GpuEventKind::Memcpy;
    case LaunchKind::Memset:
        return event == GpuEventKind::Memset;
    case LaunchKind::Graph:
        return false;
    }
    return false;
}

// Groups by op name and the four arg lists' text, so that a captured op
// (from another trace's reader) joins the trace's own of the same signature.
class Grouping
{
public:
    Grouping(const RawTrace& trace, LibraryOpWork& work)
        : m_trace(trace)
        , m_work(work)
    { }

    std::uint32_t of(const QString& name, const std::shared_ptr<const TritonOpArgs>& args)
    {
        // The key refers to `name` and `args`: the trace's, or its captures', which outlive the grouping.
        const auto [index, added] = m_groups.insert({ name, args.get() }, std::uint32_t(m_work.groups.size()));
        if (!added)
            return index;
        {
            LibraryOpGroup& group = m_work.groups.emplace_back();
            group.name = name;
            group.args = args;
            m_kernelNameIds.emplace_back();
        }
        return index;
    }

    // `leftOut`: sorted, the GPU events TraceLens links to no op (their
    // calls wrote no flow start); empty for a graph's replays.
    void addCall(std::uint32_t index, const std::vector<std::uint32_t>& events, const std::vector<std::uint32_t>& leftOut = {})
    {
        LibraryOpGroup& group = m_work.groups[index];
        ++group.calls;
        group.gpuEvents += std::int64_t(events.size());
        group.busyTimesUs.push_back(busyTimeUs(m_trace, events));
        addTraceLensTime(group, events, leftOut);
        addCopyBytes(group, events);
        for (std::uint32_t event : events)
            m_work.owners.push_back({ event, index });
        // By id first: comparing names per event would cost a string compare each.
        std::vector<std::uint32_t>& names = m_kernelNameIds[index];
        for (std::uint32_t event : events) {
            const std::uint32_t name = m_trace.gpuEvents.nameId(event);
            if (name >= std::uint32_t(m_trace.gpuEventNames.size()) || names.size() >= maxNamesCounted
                || std::find(names.begin(), names.end(), name) != names.end())
                continue; // past maxNamesCounted, "more" stays a floor
            names.push_back(name);
            group.noteKernelName(m_trace.gpuEventNames[name]);
        }
    }

private:
    void addCopyBytes(LibraryOpGroup& group, const std::vector<std::uint32_t>& events) const
    {
        double bytes = 0;
        bool copied = false, measured = true;
        for (std::uint32_t event : events) {
            if (m_trace.gpuEvents.kind(event) != GpuEventKind::Memcpy)
                continue;
            const GpuEventRecord record = m_trace.gpuEvents[event];
            copied = true;
            measured = measured && record.copyBytes > 0;
            bytes += double(record.copyBytes);
        }
        if (!copied)
            return;
        if (measured) {
            group.copyBytes += bytes;
            ++group.copyCallsMeasured;
        } else {
            ++group.copyCallsUnmeasured;
        }
    }

    void addTraceLensTime(LibraryOpGroup& group, const std::vector<std::uint32_t>& events, const std::vector<std::uint32_t>& leftOut)
    {
        m_linked.clear();
        for (std::uint32_t event : events) {
            if (std::binary_search(leftOut.begin(), leftOut.end(), event)) {
                if (group.traceLensLeftOutEvents++ == 0)
                    group.traceLensLeftOutName = m_trace.gpuEventNames.value(qsizetype(m_trace.gpuEvents.nameId(event)));
            } else {
                m_linked.push_back(event);
            }
        }
        if (m_linked.size() == events.size()) {
            if (!group.traceLensBusyTimesUs.empty())
                group.traceLensBusyTimesUs.push_back(group.busyTimesUs.back());
            return;
        }
        // The first call that differs: the calls before it read the same.
        if (group.traceLensBusyTimesUs.empty())
            group.traceLensBusyTimesUs.assign(group.busyTimesUs.begin(), group.busyTimesUs.end() - 1);
        group.traceLensBusyTimesUs.push_back(m_linked.empty() ? 0.0 : busyTimeUs(m_trace, m_linked));
    }

    static constexpr size_t maxNamesCounted = 256;
    const RawTrace& m_trace;
    LibraryOpWork& m_work;
    KernelRowKeyIndex m_groups;
    std::vector<std::vector<std::uint32_t>> m_kernelNameIds; // per group, distinct
    std::vector<std::uint32_t> m_linked; // scratch: a call's events TraceLens links
};

} // namespace

std::optional<double> LibraryOpGroup::copyBytesPerCall() const
{
    if (copyCallsMeasured == 0 || copyCallsUnmeasured > 0)
        return std::nullopt;
    return copyBytes / double(copyCallsMeasured);
}

void LibraryOpGroup::noteKernelName(const QString& kernel)
{
    if (kernelNames.contains(kernel))
        return;
    if (kernelNames.size() < maxKernelNames)
        kernelNames << kernel;
    else
        ++moreKernelNames;
}

namespace {

// `captures`: where the ops of `libraryCalls` live; null when there are no graphs.
LibraryOpWork ownWork(const RawTrace& trace, const LinkedKernels& linked, const CapturedGraphs* captures,
    const std::vector<ReplayedLibraryCall>& libraryCalls)
{
    LibraryOpWork work;
    work.ownedEvents.assign(trace.gpuEvents.size(), false);
    if (trace.libraryOps.ops.empty() && libraryCalls.empty())
        return work;

    std::vector<bool> tritons(trace.gpuEvents.size(), false);
    for (const KernelCall& call : linked.opCalls) {
        for (std::uint32_t event : call.kernels)
            tritons[event] = true;
    }
    for (const KernelOnlyCall& call : linked.kernelOnlyCalls)
        tritons[call.event] = true;

    // One pass over the GPU events, each looked up among the owned
    // launches' keys: no index of every event by key.
    const std::vector<OwnedLaunch> launches = launchesUnderLibraryOps(trace, linked);
    std::vector<bool> launchRan(launches.size(), false); // a kernel launch runs one kernel
    std::vector<std::pair<std::uint32_t, std::uint32_t>> eventsOfOps; // (op, event)
    std::vector<std::uint32_t> leftOut; // owned events TraceLens links to no op, ascending
    for (std::uint32_t i = 0; i < trace.gpuEvents.size() && !launches.empty(); ++i) {
        if (tritons[i])
            continue;
        const std::int64_t key = trace.gpuEvents.key(i);
        if (key < 0)
            continue;
        auto it = std::lower_bound(launches.begin(), launches.end(), OwnedLaunch { key, 0, 0 });
        for (; it != launches.end() && it->key == key; ++it) {
            const LaunchRecord& launch = trace.launches[it->launch];
            const GpuEventKind kind = trace.gpuEvents.kind(i);
            if (!launchRuns(launch.kind, kind))
                continue;
            const size_t slot = size_t(it - launches.begin());
            if (kind == GpuEventKind::Kernel) {
                // The kernel on the flow's end stream, as the linker picks it.
                if (launchRan[slot] || (trace.hasFlowEnd(key) && !trace.flowEndsOn(key, trace.gpuEvents[i].thread)))
                    continue;
                launchRan[slot] = true;
            }
            eventsOfOps.push_back({ it->op, i });
            work.ownedEvents[i] = true;
            if (!trace.traceLensLinks(launch))
                leftOut.push_back(i);
            break;
        }
    }
    std::sort(eventsOfOps.begin(), eventsOfOps.end());

    // Calls grouped by name and args: the trace's ops by their ids (args are
    // interned, so one id per distinct args), each pair's group found once.
    Grouping grouping(trace, work);
    std::unordered_map<std::uint64_t, std::uint32_t> groupOfIds;
    std::vector<std::uint32_t> events;
    for (size_t at = 0; at < eventsOfOps.size();) {
        const std::uint32_t opIndex = eventsOfOps[at].first;
        events.clear();
        for (; at < eventsOfOps.size() && eventsOfOps[at].first == opIndex; ++at)
            events.push_back(eventsOfOps[at].second);
        const LibraryOpRecord op = trace.libraryOps.ops[opIndex];
        const std::uint64_t ids = (std::uint64_t(op.nameId) << 32) | op.argsId;
        auto found = groupOfIds.find(ids);
        if (found == groupOfIds.end())
            found = groupOfIds.emplace(ids, grouping.of(trace.libraryOps.nameOf(op), trace.libraryOps.args[op.argsId])).first;
        grouping.addCall(found->second, events, leftOut);
    }
    // Graph replays of captured ops: their events are the replay trace's.
    if (captures) {
        for (const ReplayedLibraryCall& call : libraryCalls) {
            events.clear();
            for (std::uint32_t event : call.events) {
                if (!tritons[event] && !work.ownedEvents[event]) {
                    events.push_back(event);
                    work.ownedEvents[event] = true;
                }
            }
            if (events.empty())
                continue;
            const CapturedLibraryOp& op = captures->libraryOp(call.op);
            const std::uint32_t group = grouping.of(op.name, op.args);
            grouping.addCall(group, events);
            ++work.groups[group].replayedCalls;
        }
    }
    return work;
}

} // namespace

LibraryOpWork ownLibraryOpWork(const RawTrace& trace, const LinkedKernels& linked, const GraphMerge* graphs)
{
    static const std::vector<ReplayedLibraryCall> none;
    return ownWork(trace, linked, graphs ? &graphs->captures : nullptr, graphs ? graphs->libraryCalls : none);
}

LibraryOpWork ownLibraryOpWork(const RawTrace& trace, const LinkedKernels& linked, const CapturedGraphs& captures,
    const std::vector<ReplayedLibraryCall>& libraryCalls)
{
    return ownWork(trace, linked, &captures, libraryCalls);
}

} // namespace Ridgeline
