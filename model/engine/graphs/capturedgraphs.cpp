#include "engine/graphs/capturedgraphs.h"

#include <unordered_map>

namespace Ridgeline {

void CapturedGraphs::addReplayTrace(const CaptureSource& source)
{
    add(source, true);
}

void CapturedGraphs::addCaptureTrace(const CaptureSource& source)
{
    add(source, false);
}

void CapturedGraphs::add(const CaptureSource& source, bool isReplayTrace)
{
    const int index = int(m_captures.size());
    CaptureWindows found = findCaptureWindows(*source.trace, source.linked->opOfLaunch, index, m_labels);
    CaptureSummary capture;
    capture.path = source.path;
    capture.isReplayTrace = isReplayTrace;
    capture.windows = int(found.windows.size());
    capture.warnings = source.warnings + found.warnings;
    m_captures.push_back(std::move(capture));

    if (!isReplayTrace)
        m_copiedOpIdentities.push_back(source.trace->tritonOpIdentities);
    // Only the ops the windows' nodes name, each once however many windows name it.
    std::unordered_map<std::int32_t, std::int32_t> kept, keptLibraryOps;
    for (CaptureWindow& window : found.windows) {
        if (!window.batchSize && source.batchSize) {
            window.batchSize = source.batchSize;
            window.mode = source.mode;
        }
        for (GraphNode& node : window.nodes) {
            if (node.libraryOp >= 0) { // each op instance once: its nodes make one call per replay
                const auto [at, added] = keptLibraryOps.emplace(node.libraryOp, std::int32_t(m_libraryOps.size()));
                if (added) {
                    const LibraryOpRecords& ops = source.trace->libraryOps;
                    const LibraryOpRecord& op = ops.ops[size_t(node.libraryOp)];
                    m_libraryOps.push_back({ ops.nameOf(op), ops.args[op.argsId] });
                }
                node.libraryOp = at->second;
            }
            if (node.op < 0)
                continue;
            const auto [at, added] = kept.emplace(node.op, std::int32_t(m_ops.size()));
            if (added) {
                const TritonOpRecord& op = source.trace->tritonOps[size_t(node.op)];
                if (isReplayTrace) {
                    m_ops.push_back(&op);
                } else {
                    m_copiedOps.push_back(op);
                    m_ops.push_back(&m_copiedOps.back());
                }
            }
            node.op = at->second;
        }
        m_windows.push_back(std::move(window));
    }
}

} // namespace Ridgeline
