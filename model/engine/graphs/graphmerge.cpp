#include "engine/graphs/graphmerge.h"

#include "engine/base/quotedtext.h"
#include "engine/graphs/graphnodelabels.h"

#include <QFileInfo>
#include <QSet>
#include <unordered_set>

namespace Ridgeline {
namespace {

// A file name in a reason: four of them must fit in one bounded line.
constexpr qsizetype maxFileNameChars = 80;

QString describeWindow(const GraphMergeSummary& summary, int window)
{
    const MergedCaptureWindow& w = summary.windows[size_t(window)];
    const QString file = quotedText(QFileInfo(summary.captures[size_t(w.source)].path).fileName(), maxFileNameChars);
    QString text = QStringLiteral("%1 capture %2").arg(file).arg(w.ordinal + 1);
    QStringList details;
    if (w.batchSize)
        details << QStringLiteral("batch %1").arg(*w.batchSize);
    if (!w.mode.isEmpty())
        details << w.mode;
    return details.isEmpty() ? text : text + QStringLiteral(" (") + details.join(QStringLiteral(", ")) + u')';
}

// Why a launch's Triton kernels stay without their ops. No launch id: the
// launch is in MergedGraphLaunch, and 200k unmatched launches must share a
// handful of texts, not make 200k of them.
QString unattributedReason(const GraphMergeSummary& summary, const GraphMatch& match)
{
    switch (match.status) {
    case GraphMatchStatus::Ambiguous: {
        QStringList names;
        for (int window : match.tiedWindows)
            names << describeWindow(summary, window);
        return QStringLiteral("its graph launch matches several captures equally well, with different ops (")
            + names.join(QStringLiteral("; ")) + QStringLiteral("): not attributed, never guessed");
    }
    case GraphMatchStatus::Unmatched:
        if (summary.windows.empty())
            return QStringLiteral("graph replay without its capture: attach the capture trace (--capture) for figures");
        if (match.tooManyCandidates > 0)
            return QStringLiteral("%1 captures hold its Triton kernels in this order, in more distinct graphs than the %2 "
                                  "compared per graph launch: not attributed, never guessed")
                .arg(match.tooManyCandidates)
                .arg(GraphMatcher::maxCandidateClasses);
        if (match.geometryRejected > 0)
            return QStringLiteral("%1 captures have its Triton kernels in order but with other grid/block").arg(match.geometryRejected);
        return QStringLiteral("no capture holds its Triton kernels in this order");
    case GraphMatchStatus::Matched:
    case GraphMatchStatus::NoTritonKernels:
        break;
    }
    return {};
}

// One instance per distinct reason: a launch or call holding it costs a pointer.
class ReasonTexts
{
public:
    QString shared(const QString& reason) { return *m_texts.insert(reason); }

private:
    QSet<QString> m_texts;
};

// The first distinct reasons each have their key; the rest share the last.
void countUnattributed(GraphMergeSummary& summary, const QString& reason)
{
    auto found = summary.unattributed.find(reason);
    if (found == summary.unattributed.end()) {
        const bool full = summary.unattributed.size() >= maxUnattributedReasons - 1;
        const QString key = full ? QStringLiteral("other reasons") : reason;
        found = summary.unattributed.find(key);
        if (found == summary.unattributed.end())
            found = summary.unattributed.insert(key, 0);
    }
    ++found.value();
}

} // namespace

GraphMerge mergeGraphReplays(const RawTrace& replay, const LinkedKernels& linked, const std::vector<CaptureSource>& captures)
{
    CapturedGraphs captured;
    for (const CaptureSource& source : captures) {
        if (source.trace == &replay)
            captured.addReplayTrace(source);
        else
            captured.addCaptureTrace(source);
    }
    return mergeGraphReplays(replay, LinkedKernels(linked), std::move(captured));
}

GraphMerge mergeGraphReplays(const RawTrace& replay, LinkedKernels linked, CapturedGraphs captures)
{
    GraphMerge out;
    GraphMergeSummary& summary = out.summary;
    summary.captures = captures.captures();
    const std::vector<CaptureWindow>& windows = captures.windows();
    summary.windows.reserve(windows.size());
    for (const CaptureWindow& window : windows)
        summary.windows.push_back({ window.source, window.ordinal, window.batchSize, window.mode, 0 });
    GraphNodeLabels& labels = captures.labels();
    ReasonTexts reasons;

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
    std::vector<KernelCall> replayedCalls;
    std::vector<KernelOnlyCall> unattributedCalls;
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
        summary.replayedLibraryKernels += int(graph.nodes.size() - replayTriton.size());

        auto leaveUnattributed = [&](const GraphNode& node, const QString& reason) {
            KernelOnlyCall call;
            call.event = std::uint32_t(node.event);
            call.graphLaunch = launchIndex;
            call.unattributedReason = linked.reasonIndex(reason);
            unattributedCalls.push_back(call);
            countUnattributed(summary, reason);
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
            const bool inReplayTrace = summary.captures[size_t(window.source)].isReplayTrace;
            const auto captureTriton = tritonNodes(windows[size_t(match.window)].nodes);
            window.kernels.replayed += int(replayTriton.size());
            for (size_t k = 0; k < replayTriton.size(); ++k) {
                const GraphNode& node = *replayTriton[k];
                if (claimed[size_t(node.event)]) {
                    window.kernels.leave(ReplayedKernelReason::ownedInReplayTrace());
                    continue;
                }
                handled[size_t(node.event)] = true;
                const std::int32_t op = captureTriton[k]->op;
                if (op < 0) {
                    window.kernels.leave(ReplayedKernelReason::noTritonOpInCapture());
                    leaveUnattributed(node,
                        reasons.shared(
                            QStringLiteral("its launch in %1 is not inside a Triton cpu_op").arg(describeWindow(summary, match.window))));
                    continue;
                }
                ++window.kernels.attributed;
                KernelCall call;
                call.op = &captures.op(op);
                call.kernels.push_back(std::uint32_t(node.event));
                call.busyTimeUs = busyTimeUs(replay, call.kernels);
                call.launches = 1;
                call.graphLaunch = launchIndex;
                call.captureWindow = match.window;
                if (inReplayTrace)
                    consumed.insert(call.op);
                replayedCalls.push_back(std::move(call));
                ++summary.attributedKernels;
            }
            summary.attributedLibraryKernels += attributeLibraryNodes(
                graph, windows[size_t(match.window)], match, launchIndex, claimed, out.libraryCalls, window.kernels);
            break;
        }
        case GraphMatchStatus::Ambiguous:
        case GraphMatchStatus::Unmatched:
            if (match.status == GraphMatchStatus::Ambiguous)
                ++summary.ambiguousLaunches;
            else
                ++summary.unmatchedLaunches;
            info.reason = reasons.shared(unattributedReason(summary, match));
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

    // Moved, not copied: a trace of millions of calls must not hold them twice.
    out.linked.opOfLaunch = std::move(linked.opOfLaunch);
    out.linked.reasons = std::move(linked.reasons);
    out.linked.reasonIndexes = std::move(linked.reasonIndexes);
    out.linked.opCalls = std::move(linked.opCalls);
    // A captured op that got its replays is those calls now, not an op-only call.
    if (!consumed.empty())
        std::erase_if(out.linked.opCalls, [&](const KernelCall& call) { return call.kernels.empty() && consumed.contains(call.op); });
    out.linked.opCalls.insert(
        out.linked.opCalls.end(), std::make_move_iterator(replayedCalls.begin()), std::make_move_iterator(replayedCalls.end()));
    out.linked.kernelOnlyCalls = std::move(linked.kernelOnlyCalls);
    std::erase_if(out.linked.kernelOnlyCalls, [&](const KernelOnlyCall& call) { return handled[call.event]; });
    out.linked.kernelOnlyCalls.insert(out.linked.kernelOnlyCalls.end(), unattributedCalls.begin(), unattributedCalls.end());
    out.captures = std::move(captures); // a move: the ops' addresses stay
    return out;
}

} // namespace Ridgeline
