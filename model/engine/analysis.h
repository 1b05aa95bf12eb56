// The engine's entry point: trace file in, kernel table out. Synchronous,
// with progress and a stop token; the GUI runs it on a worker thread and
// the command line calls it directly. Two stages: prepareTrace
// (preparedtrace.h) reads every file, analyzePreparedTrace computes the
// figures, for the whole trace or a time range; analyzeTrace runs both.
#pragma once

#include "engine/base/progress.h"
#include "engine/linking/timerange.h"
#include "engine/preparedtrace.h"
#include "engine/results/analysisresult.h"

#include <memory>
#include <optional>

namespace Ridgeline {

// What the second stage computes with: which GPU events count and what the
// result keeps. Reading needs none of it.
struct FigureOptions
{
    // Only the GPU events that start in this range (from the first GPU
    // event's start), and the calls that ran them; the latency floor stays
    // the whole trace's.
    std::optional<TimeRangeUs> gpuRange;
    // Keep every GPU event for the timeline (AnalysisResult::timeline), 12
    // bytes each: the window and --export-timeline want it, a plain export not.
    bool keepTimeline = true;
    // Keep the prepared trace in the result (AnalysisResult::prepared), so
    // that a time range can be analysed again without reading any file:
    // the window wants it; a headless run not, since it holds the trace's
    // records for as long as the result lives.
    bool keepPreparedTrace = false;
    // Nor for a trace of more GPU events than this (it costs about 150
    // bytes each): a range of it reads the file again.
    size_t keepPreparedTraceUpToGpuEvents = 2'000'000;
};

// Both stages' options, for analyzeTrace, which runs both.
struct AnalysisOptions
{
    ReadOptions read;
    FigureOptions figures;
};

struct AnalysisOutcome
{
    using Status = OutcomeStatus;
    Status status = Status::Failed;
    QString error; // one line naming the file and the problem
    std::shared_ptr<const AnalysisResult> result;
};

// prepareTrace then analyzePreparedTrace.
AnalysisOutcome analyzeTrace(const QString& path, const AnalysisOptions& options, const JobControl& control);

// The figures of a prepared trace: of the GPU events in options.gpuRange,
// or of all. Reads no file and changes nothing in `prepared`: ranges of one
// prepared trace may be analysed on several threads at once.
AnalysisOutcome analyzePreparedTrace(
    std::shared_ptr<const PreparedTrace> prepared, const FigureOptions& options, const JobControl& control);

} // namespace Ridgeline
