#include "engine/graphs/graphmerge.h"

#include "engine/graphs/graphnodelabels.h"

#include <QFileInfo>

#include <unordered_set>

namespace Ridgeline {
namespace {

QString describeWindow(const GraphMergeSummary& summary, int window)
{
    const MergedCaptureWindow& w = summary.windows[size_t(window)];
    QString text = QStringLiteral("%1 capture %2").arg(QFileInfo(summary.captures[size_t(w.source)].path).fileName()).arg(w.ordinal + 1);
    QStringList details;
    if (w.batchSize)
        details << QStringLiteral("batch %1").arg(*w.batchSize);
    if (!w.mode.isEmpty())
        details << w.mode;
    return details.isEmpty() ? text : text + QStringLiteral(" (") + details.join(QStringLiteral(", ")) + u')';
}

QString unattributedReason(const GraphMergeSummary& summary, const GraphMatch& match, std::int64_t correlation)
{
    const QString launch = QStringLiteral("graph launch %1").arg(correlation);
    switch (match.status) {
    case GraphMatchStatus::Ambiguous: {
        QStringList names;
        for (int window : match.tiedWindows)
            names << describeWindow(summary, window);
        return launch + QStringLiteral(" matches several captures equally well, with different ops (")
            + names.join(QStringLiteral("; ")) + QStringLiteral("): not attributed, never guessed");
    }
    case GraphMatchStatus::Unmatched:
        if (summary.windows.empty())
            return QStringLiteral("graph replay without its capture: attach the capture trace (--capture) for figures");
        if (match.geometryRejected > 0)
            return launch + QStringLiteral(": %1 captures have its Triton kernels in order but with other grid/block").arg(match.geometryRejected);
        return launch + QStringLiteral(": no capture holds its Triton kernels in this order");
    case GraphMatchStatus::Matched:
    case GraphMatchStatus::NoTritonKernels:
        break;
    }
    return {};
}

} // namespace

GraphMerge mergeGraphReplays(const RawTrace& replay, const LinkedKernels& linked, const std::vector<CaptureSource>& captures)
{
    GraphMerge out;
    GraphMergeSummary& summary = out.summary;
    GraphNodeLabels labels;
    std::vector<CaptureWindow> windows;
    for (int s = 0; s < int(captures.size()); ++s) {
        const CaptureSource& source = captures[size_t(s)];
        CaptureWindows found = findCaptureWindows(*source.trace, source.linked->opOfLaunch, s, labels);
        CaptureSummary capture;
        capture.path = source.path;
        capture.isReplayTrace = source.trace == &replay;
        capture.windows = int(found.windows.size());
        capture.warnings = source.warnings + found.warnings;
        summary.captures.push_back(capture);
        for (CaptureWindow& window : found.windows) {
            if (!window.batchSize && source.batchSize) {
                window.batchSize = source.batchSize;
                window.mode = source.mode;
            }
            summary.windows.push_back({ s, window.ordinal, window.batchSize, window.mode, 0 });
            windows.push_back(std::move(window));
        }
    }

    const GraphReplays replays = findGraphReplays(replay, labels);
    if (replays.repeatedKeys > 0)
        summary.warnings << QStringLiteral("%1 graph launches repeat the id of an earlier one: their kernels are counted once")
                                .arg(replays.repeatedKeys);

    // Events an op already owns (a graph launched from inside a Triton op).
    std::vector<bool> claimed(replay.gpuEvents.size(), false);
    for (const KernelCall& call : linked.opCalls) {
        for (std::uint32_t event : call.kernels)
            claimed[event] = true;
    }

    std::vector<bool> handled(replay.gpuEvents.size(), false);
    std::unordered_set<const TritonOpRecord*> consumed;
    std::vector<KernelCall> replayedCalls, unattributedCalls;
    GraphMatcher matcher(windows);
    for (const ReplayedGraph& graph : replays.graphs) {
        const LaunchRecord& launch = replay.launches[size_t(graph.launch)];
        const auto launchIndex = int(summary.launches.size());
        MergedGraphLaunch info;
        info.correlation = launch.key;
        info.ts = launch.ts;

        const GraphMatch match = matcher.match(graph);
        info.status = match.status;
        const auto replayTriton = tritonNodes(graph.nodes);
        summary.replayedTritonKernels += int(replayTriton.size());

        auto leaveUnattributed = [&](const GraphNode& node, const QString& reason) {
            KernelCall call;
            call.kernels.push_back(std::uint32_t(node.event));
            call.busyTimeUs = busyTimeUs(replay, call.kernels);
            call.graphLaunch = launchIndex;
            call.unattributedReason = reason;
            unattributedCalls.push_back(std::move(call));
            summary.unattributed[reason] += 1;
        };

        switch (match.status) {
        case GraphMatchStatus::NoTritonKernels:
            ++summary.launchesWithoutTriton;
            break;
        case GraphMatchStatus::Matched: {
            ++summary.matchedLaunches;
            info.window = match.window;
            MergedCaptureWindow& window = summary.windows[size_t(match.window)];
            ++window.matchedLaunches;
            ++summary.captures[size_t(window.source)].matchedLaunches;
            const CaptureSource& source = captures[size_t(window.source)];
            const auto captureTriton = tritonNodes(windows[size_t(match.window)].nodes);
            for (size_t k = 0; k < replayTriton.size(); ++k) {
                const GraphNode& node = *replayTriton[k];
                if (claimed[size_t(node.event)])
                    continue;
                handled[size_t(node.event)] = true;
                const std::int32_t op = captureTriton[k]->op;
                if (op < 0) {
                    leaveUnattributed(node, QStringLiteral("its launch in %1 is not inside a Triton cpu_op").arg(describeWindow(summary, match.window)));
                    continue;
                }
                KernelCall call;
                call.op = &source.trace->tritonOps[size_t(op)];
                call.kernels.push_back(std::uint32_t(node.event));
                call.busyTimeUs = busyTimeUs(replay, call.kernels);
                call.launches = 1;
                call.graphLaunch = launchIndex;
                call.captureWindow = match.window;
                if (source.trace == &replay)
                    consumed.insert(call.op);
                replayedCalls.push_back(std::move(call));
                ++summary.attributedKernels;
            }
            break;
        }
        case GraphMatchStatus::Ambiguous:
        case GraphMatchStatus::Unmatched:
            if (match.status == GraphMatchStatus::Ambiguous)
                ++summary.ambiguousLaunches;
            else
                ++summary.unmatchedLaunches;
            info.reason = unattributedReason(summary, match, launch.key);
            for (const GraphNode* node : replayTriton) {
                if (claimed[size_t(node->event)])
                    continue;
                handled[size_t(node->event)] = true;
                leaveUnattributed(*node, info.reason);
            }
            break;
        }
        summary.launches.push_back(std::move(info));
    }

    out.linked.opOfLaunch = linked.opOfLaunch;
    for (const KernelCall& call : linked.opCalls) {
        // A captured op that got its replays is those calls now, not an op-only call.
        if (call.kernels.empty() && consumed.contains(call.op))
            continue;
        out.linked.opCalls.push_back(call);
    }
    out.linked.opCalls.insert(out.linked.opCalls.end(), replayedCalls.begin(), replayedCalls.end());
    for (const KernelCall& call : linked.kernelOnlyCalls) {
        if (!handled[call.kernels.front()])
            out.linked.kernelOnlyCalls.push_back(call);
    }
    out.linked.kernelOnlyCalls.insert(out.linked.kernelOnlyCalls.end(), unattributedCalls.begin(), unattributedCalls.end());
    return out;
}

} // namespace Ridgeline
