// The analysis's first stage: everything that reads files. The trace is
// read and linked, its capture traces read and merged with its graph
// replays, the Inductor cache indexed; no figure is computed yet. The
// second stage (analyzePreparedTrace, analysis.h) turns it into an
// AnalysisResult for the whole trace or for a time range, as often as
// asked, without reading anything again.
#pragma once

#include "engine/analysis.h"
#include "engine/graphs/graphmerge.h"
#include "engine/inductorcache/inductorcacheindex.h"
#include "engine/inductorcache/inductorcachelocator.h"
#include "engine/input/rawtrace.h"

#include <QString>
#include <QStringList>

#include <memory>

namespace Ridgeline {

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
    AnalysisOptions options; // it was read with: another range keeps them
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
    AnalysisOutcome::Status status = AnalysisOutcome::Status::Failed;
    QString error; // one line naming the file and the problem
    // Not yet const: whoever shares it makes it so; analyzeTrace, which
    // shares it with no one, restricts a range in place instead of copying.
    std::shared_ptr<PreparedTrace> prepared;
};

// Reads `path` with what `options` names to read with it (Inductor cache,
// capture traces); its other options are the second stage's. Progress is
// over the bytes of all the files.
PrepareOutcome prepareTrace(const QString& path, const AnalysisOptions& options, const JobControl& control);

} // namespace Ridgeline
