#include "engine/libraryops/libraryopownership.h"

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
    std::uint32_t op;     // into RawTrace::libraryOps.ops
    auto operator<=>(const OwnedLaunch&) const = default;
};

// The library op each launch call nests in (the reader kept only the
// outermost ops, so one at most), for every launch no Triton op holds.
std::vector<OwnedLaunch> launchesUnderLibraryOps(const RawTrace& trace, const LinkedKernels& linked)
{
    struct Span
    {
        std::uint32_t thread;
        double begin;
        double end;
        std::uint32_t op;
    };
    const auto byThreadThenBegin = [](const Span& a, const Span& b) { return std::tie(a.thread, a.begin) < std::tie(b.thread, b.begin); };
    std::vector<Span> ops;
    ops.reserve(trace.libraryOps.ops.size());
    for (std::uint32_t i = 0; i < trace.libraryOps.ops.size(); ++i) {
        const LibraryOpRecord& op = trace.libraryOps.ops[i];
        ops.push_back({ op.thread, op.ts, op.end, i });
    }
    std::sort(ops.begin(), ops.end(), byThreadThenBegin);

    std::vector<OwnedLaunch> owned;
    for (std::uint32_t i = 0; i < trace.launches.size(); ++i) {
        const LaunchRecord& launch = trace.launches[i];
        // A graph launch's replayed kernels are the graphs stage's to attribute.
        if (launch.kind == LaunchKind::Graph || launch.key < 0)
            continue;
        if (i < linked.opOfLaunch.size() && linked.opOfLaunch[i] >= 0)
            continue; // a Triton op's
        // The last op on the launch's thread that began no later than it.
        const auto after = std::upper_bound(ops.begin(), ops.end(), Span { launch.thread, launch.ts, 0, 0 }, byThreadThenBegin);
        if (after == ops.begin())
            continue;
        const Span& op = *(after - 1);
        if (op.thread == launch.thread && launch.end <= op.end)
            owned.push_back({ launch.key, i, op.op });
    }
    std::sort(owned.begin(), owned.end());
    return owned;
}

bool launchRuns(LaunchKind launch, GpuEventKind event)
{
    switch (launch) {
    case LaunchKind::Kernel: return event == GpuEventKind::Kernel;
    case LaunchKind::Memcpy: return event == GpuEventKind::Memcpy;
    case LaunchKind::Memset: return event == GpuEventKind::Memset;
    case LaunchKind::Graph: return false;
    }
    return false;
}

} // namespace

void LibraryOpGroup::noteKernelName(const QString& kernel)
{
    if (kernelNames.contains(kernel))
        return;
    if (kernelNames.size() < maxKernelNames)
        kernelNames << kernel;
    else
        ++moreKernelNames;
}

LibraryOpWork ownLibraryOpWork(const RawTrace& trace, const LinkedKernels& linked)
{
    LibraryOpWork work;
    work.ownedEvents.assign(trace.gpuEvents.size(), false);
    if (trace.libraryOps.ops.empty())
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
            break;
        }
    }
    std::sort(eventsOfOps.begin(), eventsOfOps.end());

    // Calls grouped by name and args (interned: one id per distinct args).
    std::unordered_map<std::uint64_t, std::uint32_t> groupOf;
    constexpr size_t maxNamesCounted = 256;
    std::vector<std::vector<std::uint32_t>> kernelNameIds; // per group, distinct, at most maxNamesCounted
    std::vector<std::uint32_t> events;
    for (size_t at = 0; at < eventsOfOps.size();) {
        const std::uint32_t opIndex = eventsOfOps[at].first;
        events.clear();
        for (; at < eventsOfOps.size() && eventsOfOps[at].first == opIndex; ++at)
            events.push_back(eventsOfOps[at].second);
        const LibraryOpRecord& op = trace.libraryOps.ops[opIndex];
        const std::uint64_t key = (std::uint64_t(op.nameId) << 32) | op.argsId;
        const auto [found, inserted] = groupOf.try_emplace(key, std::uint32_t(work.groups.size()));
        if (inserted) {
            LibraryOpGroup& group = work.groups.emplace_back();
            group.name = trace.libraryOps.nameOf(op);
            group.args = trace.libraryOps.args[op.argsId];
            kernelNameIds.emplace_back();
        }
        LibraryOpGroup& group = work.groups[found->second];
        ++group.calls;
        group.gpuEvents += std::int64_t(events.size());
        group.busyTimesUs.push_back(busyTimeUs(trace, events));
        // By id first: comparing names per event would cost a string compare each.
        std::vector<std::uint32_t>& names = kernelNameIds[found->second];
        for (std::uint32_t event : events) {
            const std::uint32_t name = trace.gpuEvents.nameId(event);
            if (name >= std::uint32_t(trace.gpuEventNames.size()) || std::find(names.begin(), names.end(), name) != names.end())
                continue;
            if (names.size() >= maxNamesCounted)
                continue; // "more" stays a floor past this
            names.push_back(name);
            group.noteKernelName(trace.gpuEventNames[name]);
        }
    }
    return work;
}

} // namespace Ridgeline
