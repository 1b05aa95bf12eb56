// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// The capture windows of every capture source, kept without their traces:
// each trace's windows are found, the Triton ops their nodes name are
// copied out, and the trace can be dropped before the next one is read. A
// folder of large capture traces then costs their windows, not the traces.
#pragma once

#include "engine/graphs/capturewindow.h"
#include "engine/graphs/graphnodelabels.h"
#include "engine/linking/kernellinker.h"

#include <QStringList>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace Ridgeline {

// A trace whose capture windows may explain the replays: the replay trace
// itself (capture and replay in one file) or an attached capture trace.
struct CaptureSource
{
    QString path;
    const RawTrace* trace = nullptr;
    const LinkedKernels* linked = nullptr; // for its launch -> op map
    // From execution_details.json beside the file, for windows that carry
    // no capture_<N>_<MODE> annotation of their own.
    std::optional<int> batchSize;
    QString mode;
    QStringList warnings; // reading the file, pairing its markers
};

struct CaptureSummary
{
    QString path;
    bool isReplayTrace = false; // the windows of the opened trace itself
    int windows = 0;
    int matchedLaunches = 0;
    QStringList warnings;
};

// A library op a capture window's launches nest in, copied out of its trace.
struct CapturedLibraryOp
{
    QString name;
    std::shared_ptr<const TritonOpArgs> args;
};

class CapturedGraphs
{
public:
    CapturedGraphs() = default;
    CapturedGraphs(const CapturedGraphs&) = delete; // ops() points into m_copiedOps
    CapturedGraphs& operator=(const CapturedGraphs&) = delete;
    CapturedGraphs(CapturedGraphs&&) = default;
    CapturedGraphs& operator=(CapturedGraphs&&) = default;

    // The opened trace's own windows: their ops stay in it (the merge turns
    // its op-only calls into replayed ones), so it must outlive this.
    void addReplayTrace(const CaptureSource& source);
    // An attached capture's windows, with copies of their ops: the trace
    // may go once this returns.
    void addCaptureTrace(const CaptureSource& source);

    GraphNodeLabels& labels() { return m_labels; }
    // Each window's `source` indexes captures(), each node's `op` ops();
    // node `event`s index a trace that may be gone.
    const std::vector<CaptureWindow>& windows() const { return m_windows; }
    const std::vector<CaptureSummary>& captures() const { return m_captures; }
    const TritonOpRecord& op(std::int32_t index) const { return *m_ops[size_t(index)]; }
    // Each node's `libraryOp` indexes these.
    const CapturedLibraryOp& libraryOp(std::int32_t index) const { return m_libraryOps[size_t(index)]; }

private:
    void add(const CaptureSource& source, bool isReplayTrace);

    GraphNodeLabels m_labels;
    std::vector<CaptureWindow> m_windows;
    std::vector<CaptureSummary> m_captures;
    std::vector<const TritonOpRecord*> m_ops;
    std::deque<TritonOpRecord> m_copiedOps; // a deque: growing it moves none
    // The copied ops' names and args, owned with the trace that is gone.
    std::vector<std::shared_ptr<const TritonOpIdentities>> m_copiedOpIdentities;
    std::deque<CapturedLibraryOp> m_libraryOps;
};

} // namespace Ridgeline
