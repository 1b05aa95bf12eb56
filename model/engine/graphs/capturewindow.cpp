#include "engine/graphs/capturewindow.h"

#include "engine/graphs/graphnodelabels.h"
#include "engine/linking/kernelrowkey.h"
#include "engine/triton/kernelname.h"

#include <algorithm>

namespace Ridgeline {
namespace {

// The launches of each thread, by start time: a window's nodes are a range.
std::vector<std::uint32_t> launchesByThreadAndTime(const RawTrace& trace)
{
    std::vector<std::uint32_t> order;
    order.reserve(trace.launches.size());
    for (std::uint32_t i = 0; i < trace.launches.size(); ++i) {
        if (trace.launches[i].kind != LaunchKind::Graph)
            order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const LaunchRecord& x = trace.launches[a];
        const LaunchRecord& y = trace.launches[b];
        return x.thread != y.thread ? x.thread < y.thread : x.ts < y.ts;
    });
    return order;
}

// The capture_<N>_<MODE> annotation around the window, if any: annotations
// are sorted by (thread, begin), so the candidates are the last few that
// began before the window did (a bounded look back keeps this logarithmic).
void annotate(CaptureWindow& window, const std::vector<CaptureAnnotation>& annotations)
{
    auto after = std::upper_bound(annotations.begin(), annotations.end(), window,
        [](const CaptureWindow& w, const CaptureAnnotation& a) { return w.thread != a.thread ? w.thread < a.thread : w.begin < a.begin; });
    constexpr int lookBack = 8;
    for (int i = 0; i < lookBack && after != annotations.begin(); ++i) {
        const CaptureAnnotation& annotation = *--after;
        if (annotation.thread != window.thread)
            return;
        if (annotation.end >= window.end) { // the innermost that holds the window
            window.batchSize = annotation.batchSize;
            window.mode = annotation.mode;
            return;
        }
    }
}

// What the window's Triton nodes would contribute: their ops' names and
// args. Two windows with the same signature give the same figures.
std::uint64_t opsSignature(const RawTrace& trace, const CaptureWindow& window)
{
    std::uint64_t hash = 1469598103934665603ull;
    for (const GraphNode& node : window.nodes) {
        if (!node.triton)
            continue;
        const std::uint64_t key = node.op >= 0
            ? qHash(KernelRowKey { trace.tritonOps[size_t(node.op)].name(), trace.tritonOps[size_t(node.op)].args().get() })
            : qHash(QStringLiteral("<no op>"), 0);
        hash = (hash ^ key) * 1099511628211ull;
    }
    return hash;
}

// What the window's other nodes would contribute: their library ops' names
// and args, and which nodes are one call (the op's first node in the window).
std::uint64_t libraryOpsSignature(const RawTrace& trace, const CaptureWindow& window)
{
    std::uint64_t hash = 1469598103934665603ull;
    std::int32_t previous = -1;
    for (const GraphNode& node : window.nodes) {
        if (node.triton)
            continue;
        std::uint64_t value = 0;
        if (node.libraryOp >= 0) {
            const LibraryOpRecord& op = trace.libraryOps.ops[size_t(node.libraryOp)];
            const KernelRowKey key { trace.libraryOps.nameOf(op), trace.libraryOps.args[op.argsId].get() };
            value = (std::uint64_t(qHash(key)) << 1) | std::uint64_t(node.libraryOp == previous);
        }
        previous = node.libraryOp;
        hash = (hash ^ value) * 1099511628211ull;
    }
    return hash;
}

} // namespace

GraphNode graphNode(const RawTrace& trace, std::uint32_t kernelNameId, std::uint64_t geometry, GraphNodeLabels& labels)
{
    GraphNode node;
    const QString& name = trace.gpuEventNames[int(kernelNameId)];
    node.label = labels.intern(name);
    node.triton = isTritonKernelName(name) || labels.isTriton(node.label);
    node.geometry = geometry;
    return node;
}

CaptureWindows findCaptureWindows(const RawTrace& trace, const std::vector<std::int32_t>& opOfLaunch, int source, GraphNodeLabels& labels)
{
    CaptureWindows found;
    std::vector<CaptureMarker> markers = trace.captureMarkers;
    std::stable_sort(markers.begin(), markers.end(),
        [](const CaptureMarker& a, const CaptureMarker& b) { return a.thread != b.thread ? a.thread < b.thread : a.ts < b.ts; });

    const std::vector<std::uint32_t> launches = launchesByThreadAndTime(trace);
    std::vector<CaptureAnnotation> annotations = trace.captureAnnotations;
    std::stable_sort(annotations.begin(), annotations.end(), [](const CaptureAnnotation& a, const CaptureAnnotation& b) {
        return a.thread != b.thread ? a.thread < b.thread : a.begin < b.begin;
    });
    int unpaired = 0;
    std::optional<CaptureMarker> open;
    for (const CaptureMarker& marker : markers) {
        if (open && open->thread != marker.thread) {
            ++unpaired;
            open.reset();
        }
        if (marker.begin) {
            if (open)
                ++unpaired; // a second begin before an end: the first one is lost
            open = marker;
            continue;
        }
        if (!open) {
            ++unpaired;
            continue;
        }
        CaptureWindow window;
        window.source = source;
        window.ordinal = int(found.windows.size());
        window.thread = marker.thread;
        window.begin = open->ts;
        // Up to where EndCapture begins: nothing launched during that call
        // is captured, and a (hostile) end of ts + dur would take in every
        // later launch, copied into each such window.
        window.end = marker.ts;
        open.reset();
        annotate(window, annotations);

        auto first = std::lower_bound(launches.begin(), launches.end(), window, [&](std::uint32_t i, const CaptureWindow& w) {
            const LaunchRecord& launch = trace.launches[i];
            return launch.thread != w.thread ? launch.thread < w.thread : launch.ts < w.begin;
        });
        for (auto it = first; it != launches.end(); ++it) {
            const LaunchRecord& launch = trace.launches[*it];
            if (launch.thread != window.thread || launch.ts > window.end)
                break;
            GraphNode node;
            if (launch.kind == LaunchKind::Memcpy)
                node.label = GraphNodeLabels::memcpy;
            else if (launch.kind == LaunchKind::Memset)
                node.label = GraphNodeLabels::memset;
            else if (launch.kernelNameId != noKernelName)
                node = graphNode(trace, launch.kernelNameId, launch.geometry, labels);
            else
                node.label = GraphNodeLabels::unnamedLaunch;
            node.event = std::int32_t(*it);
            node.op = *it < opOfLaunch.size() ? opOfLaunch[*it] : -1;
            if (node.op < 0)
                node.libraryOp = trace.libraryOps.ownerOf(launch.thread, launch.ts, launch.end);
            // Launched inside a Triton op: a Triton kernel, whatever its name
            // says (a user-written one), here and in every replay.
            if (node.op >= 0 && !node.triton && node.label > GraphNodeLabels::memset) {
                node.triton = true;
                if (node.label != GraphNodeLabels::unnamedLaunch) // a name, not every unnamed launch
                    labels.markTriton(node.label);
            }
            window.nodes.push_back(node);
        }
        window.opsSignature = opsSignature(trace, window);
        window.libraryOpsSignature = libraryOpsSignature(trace, window);
        found.windows.push_back(std::move(window));
    }
    if (open)
        ++unpaired;
    if (unpaired > 0)
        found.warnings << QStringLiteral("%1 stream capture begin/end calls without their pair: those captures are not used").arg(unpaired);
    return found;
}

} // namespace Ridgeline
