// The engine's entry point: trace file in, kernel table out. Synchronous,
// with progress and a stop token; the GUI runs it on a worker thread and
// the command line calls it directly.
#pragma once

#include "analysisresult.h"
#include "progress.h"

#include <memory>

namespace Ridgeline {

struct AnalysisOptions
{
    // Reserved for the V1 source (Inductor cache location) and GPU overrides.
};

struct AnalysisOutcome
{
    enum class Status { Ok, Failed, Cancelled };
    Status status = Status::Failed;
    QString error; // one line naming the file and the problem
    std::shared_ptr<const AnalysisResult> result;
};

AnalysisOutcome analyzeTrace(const QString& path, const AnalysisOptions& options, const JobControl& control);

} // namespace Ridgeline
