#include "engine/analysis.h"

#include "engine/activity/measuregpuactivity.h"
#include "engine/graphs/graphmerge.h"
#include "engine/libraryops/libraryopownership.h"
#include "engine/linking/kernellinker.h"
#include "engine/linking/timerange.h"
#include "engine/linking/tritonlauncherframes.h"
#include "engine/perfmodel/kernelmodeller.h"
#include "engine/preparedtrace.h"
#include "engine/results/kernelaggregator.h"
#include "engine/results/libraryoprows.h"
#include "engine/results/libraryrows.h"
#include "engine/timeline/buildtimeline.h"
#include "engine/timeline/rowofgpuevent.h"
#include "engine/triton/kernelname.h"

#include <algorithm>

namespace Ridgeline {
namespace {

// GPU kernel names launched by Triton ops of other names (kernel_backend
// "triton": user-written kernels) or inside Triton's launcher frames, so the
// GPU-time breakdown counts them as Triton.
std::vector<std::uint32_t> userTritonKernelNames(const RawTrace& trace, const LinkedKernels& linked)
{
    // A flag per name, not an id per kernel: a replay of millions of kernels
    // names a handful.
    std::vector<bool> user(size_t(trace.gpuEventNames.size()), false);
    for (const KernelCall& call : linked.opCalls) {
        if (isTritonKernelName(call.op->name()))
            continue;
        for (std::uint32_t kernel : call.kernels) {
            if (const std::uint32_t id = trace.gpuEvents[kernel].nameId; id < user.size())
                user[id] = true;
        }
    }
    // Replayed kernels a capture's Triton op launched under a name of its
    // own, left without their op (an unmatched launch): still Triton work.
    // triton_* names are Triton by name already; marking them changes nothing.
    for (const KernelOnlyCall& call : linked.kernelOnlyCalls) {
        if (const std::uint32_t id = trace.gpuEvents.nameId(call.event); id < user.size())
            user[id] = true;
    }
    // Kernels Triton's own launcher (jit.py, a backend's driver.py) started,
    // under whatever op: Triton work, though no Triton op names them.
    const std::vector<bool> launchedByTriton = namesLaunchedByTritonLauncher(trace);
    for (size_t id = 0; id < launchedByTriton.size() && id < user.size(); ++id)
        user[id] = user[id] || launchedByTriton[id];
    std::vector<std::uint32_t> ids;
    for (size_t id = 0; id < user.size(); ++id) {
        if (user[id] && !isTritonKernelName(trace.gpuEventNames[qsizetype(id)]))
            ids.push_back(std::uint32_t(id));
    }
    return ids;
}

// Cache warnings beyond this many stay in inductorCache.warnings only: a damaged
// cache must not bury the trace's own warnings.
constexpr int cacheWarningsInSummary = 10;
constexpr int captureWarningsInSummary = 20;

// Keeps only the GPU events that start in `range`, the calls that ran them
// and the graph replays of library ops among them. Returns the origin: the
// first GPU event's start, before.
double restrictWorkToRange(RawTrace& trace, LinkedKernels& linked, std::vector<ReplayedLibraryCall>& libraryCalls, TimeRangeUs range)
{
    const RangeRestriction restriction = restrictToRange(trace, linked, range);
    restrictToRange(libraryCalls, restriction);
    return restriction.originUs;
}

AnalysisOutcome cancelled(const QString& path)
{
    AnalysisOutcome outcome;
    outcome.status = AnalysisOutcome::Status::Cancelled;
    outcome.error = path + QStringLiteral(": cancelled");
    return outcome;
}

// What one analysis counts: the prepared trace's GPU events and calls, or
// a range's copies of them (a range's timeline keeps the whole trace's
// origin; its latency floor is the whole trace's).
struct CountedWork
{
    const RawTrace& trace;
    const LinkedKernels& linked;
    const std::vector<ReplayedLibraryCall>& libraryCalls;
    std::optional<GpuActivity> wholeTrace;
    std::optional<double> timelineOriginUs;
};

// Figures the stages compute between them; the rounds it reports over
// when called alone (the reading had the bytes).
constexpr qint64 figureSteps = 4;

// The figures of `work` with the prepared trace's files' findings; null when stopped.
std::shared_ptr<AnalysisResult> figuresOf(
    const std::shared_ptr<const PreparedTrace>& prepared, const CountedWork& work, const FigureOptions& options, const JobControl& control)
{
    const QString& path = prepared->path;
    const RawTrace& trace = work.trace;
    const LinkedKernels& linked = work.linked;
    const GraphMerge& merged = prepared->merged;
    auto result = std::make_shared<AnalysisResult>();
    result->tracePath = path;
    result->traceGpuName = trace.gpuName;
    result->totalGpuKernelTimeUs = trace.totalGpuKernelTimeUs;
    // After the merge: replayed kernels of user-written Triton ops count too.
    const std::vector<std::uint32_t> userTritonNames = userTritonKernelNames(trace, linked);
    const std::vector<GpuNameKind> nameKinds = classifyGpuEventNames(trace, userTritonNames);
    result->gpuTime = breakDownGpuTime(trace, nameKinds);
    std::vector<bool> tritonNames(nameKinds.size());
    for (size_t i = 0; i < nameKinds.size(); ++i)
        tritonNames[i] = nameKinds[i].work == GpuWork::Triton;
    result->activity = measureGpuActivity(trace, merged.summary, tritonNames);
    if (work.wholeTrace) {
        for (DeviceActivity& device : result->activity.devices) {
            for (const DeviceActivity& whole : work.wholeTrace->devices) {
                if (whole.device == device.device)
                    device.latencyFloorUs = whole.latencyFloorUs;
            }
        }
        result->gpuRangeUs = std::pair(options.gpuRange->startUs, options.gpuRange->endUs);
    }
    control.report(1, figureSteps);
    if (control.stopRequested())
        return nullptr;
    const KernelModeller modeller = KernelModeller::withInductorCache(prepared->cacheIndex, prepared->cacheUnavailable);
    // Each call's row only for the timeline: 4 bytes a call, dropped once it is built.
    RowOfCall rowOfCall;
    result->rows = aggregateKernels(trace, linked, modeller, &merged.summary, options.keepTimeline ? &rowOfCall : nullptr);
    control.report(2, figureSteps);
    if (control.stopRequested())
        return nullptr;
    // Library ops own the GPU events under them (Triton's calls keep
    // theirs); the kernels of no op stay time-only rows by name.
    const LibraryOpWork libraryWork = ownLibraryOpWork(trace, linked, merged.captures, work.libraryCalls);
    std::vector<std::uint32_t> rowOfGroup;
    std::vector<KernelRow> libraryOpRowsOfTrace = libraryOpRows(libraryWork, trace.totalGpuKernelTimeUs, &rowOfGroup);
    result->libraryKernels = libraryRows(trace, linked, nameKinds, libraryWork.ownedEvents);
    result->eagerAttention = eagerAttentionChains(trace);
    for (const KernelRow& row : result->rows) {
        if (row.kernelTimeUs)
            result->tritonKernelTimeUs += row.kernelTimeUs->sum;
    }
    control.report(3, figureSteps);
    if (control.stopRequested())
        return nullptr;
    if (options.keepTimeline) {
        const std::vector<std::int32_t> rowOfEvent = rowOfGpuEvent(trace, linked, rowOfCall, result->rows.size(), libraryWork, rowOfGroup);
        rowOfCall = {};
        result->timeline = buildTimeline(
            { &trace, &rowOfEvent, &result->libraryKernels, &nameKinds, work.timelineOriginUs, &result->rows, &libraryOpRowsOfTrace });
    }
    result->events.count = trace.eventCount;
    result->events.skipped = trace.skippedEvents;
    result->events.truncated = trace.truncated;
    result->warnings = prepared->readWarnings;
    if (result->timeline && result->timeline->clampedTimes > 0)
        result->warnings << QStringLiteral("%1: %2 times lie more than 73 years from the first GPU event: the timeline draws them at that "
                                           "bound (the timestamps are damaged or in another clock)")
                                .arg(path)
                                .arg(result->timeline->clampedTimes);
    for (const DeviceActivity& device : result->activity.devices) {
        if (device.implausibleSpan())
            result->warnings << QStringLiteral("%1: the GPU events of device %2 span %3 hours, more than a profiled run does (two far "
                                               "timestamps, damaged or in another clock): its idle time is left out of what to fix first")
                                    .arg(path, device.device)
                                    .arg(device.spanUs / 3.6e9, 0, 'g', 4);
    }
    // An empty table must not pass for a trace of kernels that did nothing.
    // A range without one says so of the range: the trace may have many.
    if (result->rows.empty() && result->gpuRangeUs)
        result->warnings << QStringLiteral("%1: no Triton kernel starts in the range %2 to %3 us: pick another range, or clear it")
                                .arg(path)
                                .arg(result->gpuRangeUs->first, 0, 'f', 3)
                                .arg(result->gpuRangeUs->second, 0, 'f', 3);
    else if (result->rows.empty())
        result->warnings << QStringLiteral(
            "%1: no Triton kernels in it (no cpu_op or GPU kernel event named triton_*): a trace of a model not "
            "compiled with torch.compile, or recorded without GPU activity?")
                                .arg(path);

    result->inductorCache.source = prepared->cacheLocation.path;
    result->inductorCache.origin = prepared->cacheLocation.origin;
    result->inductorCache.kind = prepared->cacheKind;
    if (const auto& index = prepared->cacheIndex) {
        result->inductorCache.wrapperFiles = index->wrapperFileCount();
        result->inductorCache.kernelBlocks = index->kernelCount();
        result->inductorCache.traceKernels = index->keptNameCount();
        // A cache of another run gives nothing: say so where it was asked
        // for, or where kernels wait for V1 figures.
        const bool wanted = prepared->cacheLocation.origin == u"given"
            || std::any_of(
                result->rows.begin(), result->rows.end(), [](const KernelRow& row) { return row.provenance() != Provenance::V2; });
        if (index->keptNameCount() == 0 && !result->rows.empty() && wanted)
            result->warnings << QStringLiteral("Inductor cache %1 defines none of this trace's %2 Triton kernels: it is "
                                               "from another run (V1 needs the cache torch.compile wrote for this trace)")
                                    .arg(prepared->cacheLocation.path)
                                    .arg(result->rows.size());
    }
    result->inductorCache.warnings = prepared->cacheWarnings;
    result->warnings << result->inductorCache.warnings.mid(0, cacheWarningsInSummary);
    if (result->inductorCache.warnings.size() > cacheWarningsInSummary)
        result->warnings
            << QStringLiteral("%1 more Inductor cache warnings").arg(result->inductorCache.warnings.size() - cacheWarningsInSummary);

    result->graphs = merged.summary;
    result->graphs.warnings = prepared->captureWarnings + result->graphs.warnings;
    // A folder of thousands of capture files without captures must not bury
    // the trace's own warnings: the first few are said, the rest counted
    // (all of them stay in graphs.warnings and each capture's own).
    QStringList graphWarnings = result->graphs.warnings;
    for (const CaptureSummary& capture : result->graphs.captures)
        graphWarnings << capture.warnings.mid(0, cacheWarningsInSummary);
    result->warnings << graphWarnings.mid(0, captureWarningsInSummary);
    if (graphWarnings.size() > captureWarningsInSummary)
        result->warnings
            << QStringLiteral("%1 more warnings about capture traces and graphs").arg(graphWarnings.size() - captureWarningsInSummary);
    if (result->graphs.unmatchedLaunches + result->graphs.ambiguousLaunches > 0)
        result->warnings << QStringLiteral(
            "%1 of %2 graph launches not attributed to a capture (%3 ambiguous): their Triton kernels keep time only")
                                .arg(result->graphs.unmatchedLaunches + result->graphs.ambiguousLaunches)
                                .arg(result->graphs.launches.size())
                                .arg(result->graphs.ambiguousLaunches);

    // After the Triton rows, which the checks above are about.
    result->rows.insert(
        result->rows.end(), std::make_move_iterator(libraryOpRowsOfTrace.begin()), std::make_move_iterator(libraryOpRowsOfTrace.end()));
    // Kept for ranges up to a size where holding it costs a few hundred MB
    // more than the figures do; past it a range reads the file again.
    if (options.keepPreparedTrace && prepared->trace.gpuEvents.size() <= options.keepPreparedTraceUpToGpuEvents)
        result->prepared = prepared;
    return result;
}

AnalysisOutcome outcomeOf(const QString& path, std::shared_ptr<AnalysisResult> result, const JobControl& control)
{
    if (!result)
        return cancelled(path);
    control.report(figureSteps, figureSteps);
    AnalysisOutcome outcome;
    outcome.status = AnalysisOutcome::Status::Ok;
    outcome.result = std::move(result);
    return outcome;
}

} // namespace

AnalysisOutcome analyzePreparedTrace(std::shared_ptr<const PreparedTrace> prepared, const FigureOptions& options, const JobControl& control)
{
    control.report(0, figureSteps);
    if (!options.gpuRange) {
        const CountedWork whole { prepared->trace, prepared->merged.linked, prepared->merged.libraryCalls, std::nullopt, std::nullopt };
        return outcomeOf(prepared->path, figuresOf(prepared, whole, options, control), control);
    }
    // The range's own copies of what it restricts; the latency floor is
    // measured on the whole trace first.
    std::optional<GpuActivity> wholeTrace = measureGpuActivity(prepared->trace, prepared->merged.summary);
    RawTrace trace = prepared->trace;
    LinkedKernels linked = prepared->merged.linked;
    std::vector<ReplayedLibraryCall> libraryCalls = prepared->merged.libraryCalls;
    const double origin = restrictWorkToRange(trace, linked, libraryCalls, *options.gpuRange);
    if (control.stopRequested())
        return cancelled(prepared->path);
    const CountedWork range { trace, linked, libraryCalls, std::move(wholeTrace), origin };
    return outcomeOf(prepared->path, figuresOf(prepared, range, options, control), control);
}

AnalysisOutcome analyzeTrace(const QString& path, const AnalysisOptions& options, const JobControl& control)
{
    PrepareOutcome read = prepareTrace(path, options.read, control);
    if (read.status != OutcomeStatus::Ok) {
        AnalysisOutcome outcome;
        outcome.status = read.status;
        outcome.error = read.error;
        return outcome;
    }
    // The figures' few steps would send the reading's bar back to 0.
    JobControl figureControl;
    figureControl.stop = control.stop;
    const FigureOptions& figures = options.figures;
    if (figures.keepPreparedTrace || !figures.gpuRange)
        return analyzePreparedTrace(std::move(read.prepared), figures, figureControl);

    // A range of a trace kept for no one: restricted in place, as the
    // prepared trace's copies would be, without copying it.
    PreparedTrace& prepared = *read.prepared;
    std::optional<GpuActivity> wholeTrace = measureGpuActivity(prepared.trace, prepared.merged.summary);
    const double origin = restrictWorkToRange(prepared.trace, prepared.merged.linked, prepared.merged.libraryCalls, *figures.gpuRange);
    const CountedWork range { prepared.trace, prepared.merged.linked, prepared.merged.libraryCalls, std::move(wholeTrace), origin };
    return outcomeOf(path, figuresOf(read.prepared, range, figures, figureControl), figureControl);
}

} // namespace Ridgeline
