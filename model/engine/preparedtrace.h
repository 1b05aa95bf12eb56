// The analysis's first stage: everything that reads files. The trace is
// read and linked, its capture traces read and merged with its graph
// replays, the Inductor cache indexed; no figure is computed yet. The
// second stage (analyzePreparedTrace, analysis.h) turns it into an
// AnalysisResult for the whole trace or for a time range, as often as
// asked, without reading anything again.
#pragma once

#include "engine/base/progress.h"
#include "engine/graphs/graphmerge.h"
#include "engine/inductorcache/inductorcacheindex.h"
#include "engine/inductorcache/inductorcachelocator.h"
#include "engine/input/rawtrace.h"

#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace Ridgeline {

// What the first stage reads with: the files beside the trace. The figures'
// options (FigureOptions, analysis.h) are the second stage's.
struct ReadOptions
{
    // The Inductor cache for the V1 model: a directory, a .tar/.tar.gz/
    // .tar.xz/.zip archive of one, or one wrapper file. Empty: the first
    // existing default place (see InductorCacheLocator).
    QString inductorCache;
    // Whether to look in the default places when inductorCache is empty.
    bool searchDefaultInductorCache = true;
    // What the default search sees; nullopt: this process's environment.
    std::optional<CacheEnvironment> cacheEnvironment;
    // Capture traces of the opened replay trace's CUDA/HIP graphs: files, or
    // folders of them (vLLM's capture_traces/). The opened trace's own
    // capture windows are always used.
    QStringList captureTraces;
    // The most host frames and sync calls kept (RawTrace::hostSpans); past
    // it the rest are dropped with a warning. Tests set a small one.
    size_t maxHostSpans = HostSpans::defaultMaxSpans;
};

// How a job of either stage ended.
enum class OutcomeStatus
{
    Ok,
    Failed,
    Cancelled
};

// Immutable once made and shared as shared_ptr<const PreparedTrace>: the
// window analyses ranges of it on a worker thread while the result it
// shows holds it too. Each analysis copies what it restricts to a range
// and changes nothing here. Not movable: the merged calls point at the
// Triton ops of `trace` (a replay trace's own captures) and of `merged`.
struct PreparedTrace
{
    PreparedTrace() = default;
    PreparedTrace(const PreparedTrace&) = delete;
    PreparedTrace& operator=(const PreparedTrace&) = delete;

    QString path;
    ReadOptions readOptions; // it was read with: another range keeps them
    RawTrace trace;
    // The trace's calls with its graph replays merged (linked), the
    // captures their ops live in, the merge's summary and the replays of
    // captured library ops.
    GraphMerge merged;
    // Capture traces that were not used, or held no capture.
    QStringList captureWarnings;
    // The reader's own warnings about the whole trace (skipped events,
    // untimed or imprecise GPU events, ...): a range says them too.
    QStringList readWarnings;

    // The Inductor cache that was read; its index is null when there was
    // none or it could not be read (cacheUnavailable says why).
    CacheLocation cacheLocation;
    QString cacheKind;
    std::shared_ptr<const InductorCacheIndex> cacheIndex;
    QString cacheUnavailable;
    QStringList cacheWarnings;
};

struct PrepareOutcome
{
    using Status = OutcomeStatus;
    Status status = Status::Failed;
    QString error; // one line naming the file and the problem
    // Not yet const: whoever shares it makes it so; analyzeTrace, which
    // shares it with no one, restricts a range in place instead of copying.
    std::shared_ptr<PreparedTrace> prepared;
};

// Reads `path` with the files `options` names (Inductor cache, capture
// traces). Progress is over the bytes of all the files.
PrepareOutcome prepareTrace(const QString& path, const ReadOptions& options, const JobControl& control);

} // namespace Ridgeline
