#include "analysis.h"

#include "kernelaggregator.h"
#include "kernellinker.h"
#include "kernelmodeller.h"
#include "tracereader.h"

namespace Ridgeline {

AnalysisOutcome analyzeTrace(const QString& path, const AnalysisOptions& options, const JobControl& control)
{
    Q_UNUSED(options);
    AnalysisOutcome outcome;
    TraceReadResult read = readTrace(path, control);
    if (read.status != TraceReadResult::Status::Ok) {
        outcome.status = read.status == TraceReadResult::Status::Cancelled ? AnalysisOutcome::Status::Cancelled
                                                                          : AnalysisOutcome::Status::Failed;
        outcome.error = read.error;
        return outcome;
    }
    if (control.stopRequested()) {
        outcome.status = AnalysisOutcome::Status::Cancelled;
        outcome.error = path + QStringLiteral(": cancelled");
        return outcome;
    }

    const RawTrace& trace = read.trace;
    const LinkedKernels linked = linkKernels(trace);
    auto result = std::make_shared<AnalysisResult>();
    result->tracePath = path;
    result->traceGpuName = trace.gpuName;
    result->totalGpuKernelTimeUs = trace.totalGpuKernelTimeUs;
    result->kernels = aggregateKernels(trace, linked, KernelModeller::standard());
    for (const KernelRow& row : result->kernels) {
        if (row.kernelTimeUs)
            result->tritonKernelTimeUs += row.kernelTimeUs->sum;
    }
    result->eventCount = trace.eventCount;
    result->skippedEvents = trace.skippedEvents;
    result->truncated = trace.truncated;
    result->warnings = trace.warnings;
    if (trace.skippedEvents > trace.warnings.size() - (trace.truncated ? 1 : 0))
        result->warnings << QStringLiteral("%1 events skipped in all").arg(trace.skippedEvents);

    outcome.status = AnalysisOutcome::Status::Ok;
    outcome.result = std::move(result);
    return outcome;
}

} // namespace Ridgeline
