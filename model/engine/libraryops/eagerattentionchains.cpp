#include "engine/libraryops/eagerattentionchains.h"

#include "engine/input/rawtrace.h"

#include <algorithm>
#include <unordered_map>

namespace Ridgeline {

namespace {

bool isBatchedMatmul(const QString& name)
{
    return name == u"aten::bmm" || name == u"aten::baddbmm" || name == u"aten::matmul";
}

// A span on a launching thread: a softmax launch, a matmul op or a module frame.
struct HostMark
{
    std::uint32_t thread = 0;
    double ts = 0;
    double end = 0;
    std::uint32_t nameId = 0; // a softmax's kernel name (gpuEventNames), a frame's (HostSpans)

    // By thread, then time; at one time the longer (enclosing) span first.
    bool operator<(const HostMark& other) const
    {
        if (thread != other.thread)
            return thread < other.thread;
        if (ts != other.ts)
            return ts < other.ts;
        return end > other.end;
    }
};

// The softmax launches: each GPU event of a softmax kernel found by its key
// among the kernel launches (one pass over each, a sort of the keys).
std::vector<HostMark> softmaxLaunches(const RawTrace& trace)
{
    // A trace of no softmax kernel (most compiled models) skips the pass over its events.
    std::vector<std::int8_t> softmaxName(size_t(trace.gpuEventNames.size()), 0); // per name id
    bool any = false;
    for (qsizetype i = 0; i < trace.gpuEventNames.size(); ++i) {
        softmaxName[size_t(i)] = isSoftmaxKernelName(trace.gpuEventNames[i]) ? 1 : 0;
        any |= softmaxName[size_t(i)] == 1;
    }
    if (!any)
        return {};
    std::vector<std::pair<std::int64_t, std::uint32_t>> keys; // (key, kernel name id)
    for (size_t i = 0; i < trace.gpuEvents.size(); ++i) {
        if (trace.gpuEvents.kind(i) != GpuEventKind::Kernel)
            continue;
        const std::uint32_t name = trace.gpuEvents.nameId(i);
        if (name >= softmaxName.size())
            continue;
        const std::int64_t key = trace.gpuEvents.key(i);
        if (softmaxName[name] == 1 && key >= 0)
            keys.push_back({ key, name });
    }
    std::vector<HostMark> launches;
    if (keys.empty())
        return launches;
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.first == b.first; }), keys.end());
    for (const LaunchRecord& launch : trace.launches) {
        if (launch.kind != LaunchKind::Kernel)
            continue;
        const auto found = std::lower_bound(keys.begin(), keys.end(), std::pair(launch.key, std::uint32_t(0)));
        if (found != keys.end() && found->first == launch.key)
            launches.push_back({ launch.thread, launch.ts, launch.end, found->second });
    }
    std::sort(launches.begin(), launches.end());
    return launches;
}

std::vector<HostMark> matmulOps(const RawTrace& trace)
{
    std::vector<std::int8_t> matmulName(size_t(trace.libraryOps.names.size()), -1);
    std::vector<HostMark> ops;
    for (const LibraryOpRecord& op : trace.libraryOps.ops) {
        if (op.nameId >= matmulName.size())
            continue;
        if (matmulName[op.nameId] < 0)
            matmulName[op.nameId] = isBatchedMatmul(trace.libraryOps.nameOf(op)) ? 1 : 0;
        if (matmulName[op.nameId] == 1)
            ops.push_back({ op.thread, op.ts, op.end, 0 });
    }
    std::sort(ops.begin(), ops.end());
    return ops;
}

std::vector<HostMark> moduleFrames(const HostSpans& spans)
{
    std::vector<HostMark> frames;
    for (const HostSpan& span : spans.spans()) {
        if (span.kind == HostSpanKind::Frame && spans.nameOf(span).startsWith(QStringLiteral("nn.Module:")))
            frames.push_back({ span.thread, span.begin, span.end, span.nameId });
    }
    std::sort(frames.begin(), frames.end());
    return frames;
}

} // namespace

bool isSoftmaxKernelName(const QString& name)
{
    return name.contains(QStringLiteral("softmax"), Qt::CaseInsensitive) && !name.contains(QStringLiteral("backward"), Qt::CaseInsensitive);
}

std::vector<EagerAttentionChains> eagerAttentionChains(const RawTrace& trace)
{
    const std::vector<HostMark> softmaxes = softmaxLaunches(trace);
    if (softmaxes.empty())
        return {};
    const std::vector<HostMark> matmuls = matmulOps(trace);
    if (matmuls.size() < 2)
        return {};
    const std::vector<HostMark> frames = moduleFrames(trace.hostSpans);

    std::unordered_map<std::uint32_t, size_t> chainOfName; // kernel name id -> into chains
    std::vector<EagerAttentionChains> chains;
    // The module frames open around the launch, innermost last: a sweep,
    // as the launches come by thread and time.
    std::vector<const HostMark*> open;
    size_t nextFrame = 0;
    for (size_t s = 0; s < softmaxes.size(); ++s) {
        const HostMark& softmax = softmaxes[s];
        if (s == 0 || softmaxes[s - 1].thread != softmax.thread)
            open.clear();
        for (; nextFrame < frames.size()
            && (frames[nextFrame].thread < softmax.thread
                || (frames[nextFrame].thread == softmax.thread && frames[nextFrame].ts <= softmax.ts));
            ++nextFrame) {
            const HostMark& frame = frames[nextFrame];
            if (frame.thread != softmax.thread)
                continue;
            while (!open.empty() && open.back()->end < frame.ts)
                open.pop_back();
            open.push_back(&frame);
        }
        while (!open.empty() && open.back()->end < softmax.ts)
            open.pop_back();

        // The matmul just before the launch and the one just after, on its thread.
        const auto after = std::lower_bound(matmuls.begin(), matmuls.end(), HostMark { softmax.thread, softmax.end, 0, 0 },
            [](const HostMark& a, const HostMark& b) { return a.thread != b.thread ? a.thread < b.thread : a.ts < b.ts; });
        if (after == matmuls.end() || after->thread != softmax.thread || after == matmuls.begin())
            continue;
        const auto before = std::prev(after);
        if (before->thread != softmax.thread || before->end > softmax.ts)
            continue;
        // One softmax between them: no other launch of one in the chain.
        if (s > 0 && softmaxes[s - 1].thread == softmax.thread && softmaxes[s - 1].ts > before->ts)
            continue;
        if (s + 1 < softmaxes.size() && softmaxes[s + 1].thread == softmax.thread && softmaxes[s + 1].ts < after->ts)
            continue;
        // Under one module call: the innermost around the launch holds both.
        const HostMark* module = open.empty() ? nullptr : open.back();
        if (module && (before->ts < module->ts || after->end > module->end))
            continue;

        auto [found, added] = chainOfName.try_emplace(softmax.nameId, chains.size());
        if (added) {
            HostSpan named;
            named.nameId = module ? module->nameId : 0;
            chains.push_back({ trace.gpuEventNames[int(softmax.nameId)], 0, module ? trace.hostSpans.nameOf(named) : QString() });
        }
        ++chains[found->second].calls;
    }
    std::sort(chains.begin(), chains.end(), [](const auto& a, const auto& b) { return a.softmaxKernel < b.softmaxKernel; });
    return chains;
}

} // namespace Ridgeline
