#include "engine/linking/tritonlauncherframes.h"

#include "engine/input/rawtrace.h"

#include <algorithm>
#include <unordered_map>

namespace Ridgeline {

bool isTritonLauncherFrame(QStringView name)
{
    if (name.contains(u"triton/runtime/jit.py"))
        return true;
    // triton/backends/<backend>/driver.py: one folder between.
    const qsizetype backends = name.indexOf(u"triton/backends/");
    if (backends < 0)
        return false;
    const QStringView rest = name.mid(backends + QStringView(u"triton/backends/").size());
    const qsizetype slash = rest.indexOf(u'/');
    return slash > 0 && rest.mid(slash).startsWith(u"/driver.py");
}

std::vector<bool> namesLaunchedByTritonLauncher(const RawTrace& trace)
{
    // The launcher frames of each thread, one decision per distinct name.
    struct Interval
    {
        double begin = 0, end = 0;
    };
    std::unordered_map<std::uint32_t, std::vector<Interval>> framesOf;
    std::unordered_map<std::uint32_t, bool> launcherName;
    for (const HostSpan& span : trace.hostSpans.spans()) {
        if (span.kind != HostSpanKind::Frame)
            continue;
        auto [known, inserted] = launcherName.try_emplace(span.nameId, false);
        if (inserted)
            known->second = isTritonLauncherFrame(trace.hostSpans.nameOf(span));
        if (known->second)
            framesOf[span.thread].push_back({ span.begin, span.end });
    }
    if (framesOf.empty())
        return {};
    // Disjoint per thread (jit.py's run holds driver.py's __call__): merged by begin.
    for (auto& [thread, frames] : framesOf) {
        std::sort(frames.begin(), frames.end(), [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
        std::vector<Interval> merged;
        for (const Interval& frame : frames) {
            if (!merged.empty() && frame.begin <= merged.back().end)
                merged.back().end = std::max(merged.back().end, frame.end);
            else
                merged.push_back(frame);
        }
        frames = std::move(merged);
    }
    // The launches made inside one, by key; then the GPU events of those keys.
    std::vector<std::int64_t> keys;
    for (const LaunchRecord& launch : trace.launches) {
        const auto frames = framesOf.find(launch.thread);
        if (launch.key < 0 || frames == framesOf.end())
            continue;
        const std::vector<Interval>& intervals = frames->second;
        const auto after = std::upper_bound(
            intervals.begin(), intervals.end(), launch.ts, [](double ts, const Interval& frame) { return ts < frame.begin; });
        if (after != intervals.begin() && launch.ts <= std::prev(after)->end)
            keys.push_back(launch.key);
    }
    std::vector<bool> launched(size_t(trace.gpuEventNames.size()), false);
    if (keys.empty())
        return launched;
    std::sort(keys.begin(), keys.end());
    for (const GpuEventRecord& event : trace.gpuEvents) {
        if (event.kind == GpuEventKind::Kernel && event.nameId < launched.size() && std::binary_search(keys.begin(), keys.end(), event.key))
            launched[event.nameId] = true;
    }
    return launched;
}

} // namespace Ridgeline
