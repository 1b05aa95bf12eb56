#include "engine/analysis.h"

#include "engine/activity/measuregpuactivity.h"
#include "engine/base/shownpath.h"
#include "engine/graphs/capturetracefiles.h"
#include "engine/graphs/graphmerge.h"
#include "engine/inductorcache/inductorcacheloader.h"
#include "engine/libraryops/libraryopownership.h"
#include "engine/libraryops/models/libraryopmodel.h"
#include "engine/input/tracereader.h"
#include "engine/linking/kernellinker.h"
#include "engine/perfmodel/kernelmodeller.h"
#include "engine/results/kernelaggregator.h"
#include "engine/results/libraryoprows.h"
#include "engine/results/libraryrows.h"
#include "engine/timeline/buildtimeline.h"
#include "engine/timeline/rowofgpuevent.h"
#include "engine/timeline/timerange.h"
#include "engine/triton/kernelname.h"

#include <QFileInfo>

#include <cmath>
#include <limits>

#include <algorithm>

namespace Ridgeline {
namespace {

// GPU kernel names launched by Triton ops of other names (kernel_backend
// "triton": user-written kernels), so the GPU-time breakdown counts them as Triton.
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
    std::vector<std::uint32_t> ids;
    for (size_t id = 0; id < user.size(); ++id) {
        if (user[id] && !isTritonKernelName(trace.gpuEventNames[qsizetype(id)]))
            ids.push_back(std::uint32_t(id));
    }
    return ids;
}

// Cache warnings beyond this many stay in cacheWarnings only: a damaged
// cache must not bury the trace's own warnings.
constexpr int cacheWarningsInSummary = 10;
constexpr int captureWarningsInSummary = 20;

AnalysisOutcome cancelled(const QString& path)
{
    AnalysisOutcome outcome;
    outcome.status = AnalysisOutcome::Status::Cancelled;
    outcome.error = path + QStringLiteral(": cancelled");
    return outcome;
}

// Float64 holds a time at `ts` only to its spacing there (ts x 2^-52 or
// so): a duration near that is wrong. Said with the first such event's own magnitudes, since the
// cause may be a huge ts or a tiny duration.
QString impreciseTimestampsWarning(const QString& path, const RawTrace& trace)
{
    const auto [ts, dur] = trace.firstImpreciseEvent;
    const double resolution = std::nextafter(std::abs(ts), std::numeric_limits<double>::infinity()) - std::abs(ts);
    return QStringLiteral("%1: %2 GPU events last too short a time for float64 to hold at their timestamps (the first: "
                          "%3 us at ts %4 us, where float64 resolves only %5 us), so their durations are off by more "
                          "than 1 %: their kernel times are wrong")
        .arg(QFileInfo(path).fileName())
        .arg(trace.impreciseTimestamps)
        .arg(dur, 0, 'g', 6)
        .arg(ts, 0, 'g', 17)
        .arg(resolution, 0, 'g', 3);
}

// The kernel names a cache block could serve: Triton ops and GPU kernels.
QSet<QString> kernelNames(const RawTrace& trace)
{
    QSet<QString> names;
    for (const TritonOpRecord& op : trace.tritonOps)
        names.insert(op.name());
    for (const QString& name : trace.gpuEventNames)
        names.insert(name);
    return names;
}

// Per capture trace, and files named in one warning: a folder of thousands
// of captures must not make thousands of warnings.
constexpr int warningsPerCapture = 10;
constexpr int filesNamedPerWarning = 3;

QString withoutCaptureWarning(const QStringList& files)
{
    QStringList named;
    for (const QString& file : files.mid(0, filesNamedPerWarning))
        named << shownPath(file);
    QString text = named.join(QStringLiteral(", ")) + (files.size() == 1 ? QStringLiteral(": no stream capture in this trace")
                                                                         : QStringLiteral(": no stream capture in these traces"));
    if (files.size() > filesNamedPerWarning)
        text += QStringLiteral("; %1 more capture traces had no stream capture").arg(files.size() - filesNamedPerWarning);
    return text + QStringLiteral(" (no StreamBeginCapture call)");
}

} // namespace

AnalysisOutcome analyzeTrace(const QString& path, const AnalysisOptions& options, const JobControl& control)
{
    // Found and opened first, so that one progress bar covers the trace's
    // bytes and then the cache's.
    InductorCacheLoader cache(options.inductorCache, options.searchDefaultInductorCache,
                              options.cacheEnvironment.value_or(CacheEnvironment::fromProcess()));
    const qint64 cacheBytes = cache.totalBytes();
    QStringList captureWarnings;
    std::vector<CaptureTraceFile> captureFiles = captureTraceFiles(options.captureTraces, &captureWarnings);
    qint64 captureBytes = 0;
    for (const CaptureTraceFile& file : captureFiles)
        captureBytes += QFileInfo(file.path).size();
    qint64 traceBytes = 0;
    JobControl traceControl;
    traceControl.stop = control.stop;
    traceControl.progress = [&](qint64 done, qint64 total) {
        traceBytes = total;
        control.report(done, total + captureBytes + cacheBytes);
    };

    AnalysisOutcome outcome;
    // The library ops the models cover: the outermost of them owns the GPU work under it.
    const LibraryOpFilter libraryOps = [](QStringView name) { return isModelledLibraryOp(name); };
    TraceReadResult read = readTrace(path, traceControl, libraryOps);
    if (read.status != TraceReadResult::Status::Ok) {
        outcome.status = read.status == TraceReadResult::Status::Cancelled ? AnalysisOutcome::Status::Cancelled
                                                                          : AnalysisOutcome::Status::Failed;
        outcome.error = read.error;
        return outcome;
    }
    if (control.stopRequested())
        return cancelled(path);

    const RawTrace& trace = read.trace;
    LinkedKernels linked = linkKernels(trace);
    CapturedGraphs captured;
    if (!trace.captureMarkers.empty())
        captured.addReplayTrace({ path, &trace, &linked, std::nullopt, {}, {} });

    // The capture traces one at a time, each costing what reading it alone
    // costs: only its windows and their ops are kept, the trace goes before
    // the next one is read.
    qint64 captureDone = 0;
    QStringList withoutCapture;
    for (const CaptureTraceFile& file : captureFiles) {
        JobControl captureControl;
        captureControl.stop = control.stop;
        const qint64 size = QFileInfo(file.path).size();
        captureControl.progress = [&](qint64 done, qint64) {
            control.report(traceBytes + captureDone + std::min(done, size), traceBytes + captureBytes + cacheBytes);
        };
        TraceReadResult captureRead = readTrace(file.path, captureControl, libraryOps);
        if (captureRead.status == TraceReadResult::Status::Cancelled || control.stopRequested())
            return cancelled(path);
        captureDone += size;
        if (captureRead.status != TraceReadResult::Status::Ok) {
            captureWarnings << QStringLiteral("capture trace not used: ") + captureRead.error;
            continue;
        }
        const RawTrace& capture = captureRead.trace;
        QStringList warnings;
        for (const QString& warning : capture.warnings.mid(0, warningsPerCapture))
            warnings << shownPath(file.path) + QStringLiteral(": ") + warning;
        if (capture.warnings.size() > warningsPerCapture)
            warnings << shownPath(file.path) + QStringLiteral(": %1 more warnings").arg(capture.warnings.size() - warningsPerCapture);
        if (capture.captureMarkers.empty())
            withoutCapture << file.path;
        const LinkedKernels captureLinked = linkKernels(capture);
        captured.addCaptureTrace({ file.path, &capture, &captureLinked, file.batchSize, file.mode, warnings });
    }
    if (!withoutCapture.isEmpty())
        captureWarnings << withoutCaptureWarning(withoutCapture);

    JobControl cacheControl;
    cacheControl.stop = control.stop;
    const qint64 beforeCache = traceBytes + captureBytes;
    cacheControl.progress = [&](qint64 done, qint64 total) { control.report(beforeCache + done, beforeCache + total); };
    if (!cache.load(kernelNames(trace), cacheControl))
        return cancelled(path);

    GraphMerge merged = mergeGraphReplays(trace, std::move(linked), std::move(captured));
    // A time range leaves the stages below only the GPU events that start in
    // it; the latency floor is measured on the whole trace first.
    std::optional<GpuActivity> wholeTrace;
    std::optional<double> timelineOriginUs;
    if (options.gpuRange) {
        wholeTrace = measureGpuActivity(trace, merged.summary);
        timelineOriginUs = restrictToRange(read.trace, merged.linked, *options.gpuRange);
    }
    auto result = std::make_shared<AnalysisResult>();
    result->tracePath = path;
    result->traceGpuName = trace.gpuName;
    result->totalGpuKernelTimeUs = trace.totalGpuKernelTimeUs;
    // After the merge: replayed kernels of user-written Triton ops count too.
    const std::vector<std::uint32_t> userTritonNames = userTritonKernelNames(trace, merged.linked);
    const std::vector<GpuNameKind> nameKinds = classifyGpuEventNames(trace, userTritonNames);
    result->gpuTime = breakDownGpuTime(trace, nameKinds);
    std::vector<bool> tritonNames(nameKinds.size());
    for (size_t i = 0; i < nameKinds.size(); ++i)
        tritonNames[i] = nameKinds[i].work == GpuWork::Triton;
    result->activity = measureGpuActivity(trace, merged.summary, tritonNames);
    if (wholeTrace) {
        for (DeviceActivity& device : result->activity.devices) {
            for (const DeviceActivity& whole : wholeTrace->devices) {
                if (whole.device == device.device)
                    device.latencyFloorUs = whole.latencyFloorUs;
            }
        }
        result->gpuRangeUs = std::pair(options.gpuRange->startUs, options.gpuRange->endUs);
    }
    const KernelModeller modeller = KernelModeller::withInductorCache(cache.index(), cache.unavailableReason());
    result->kernels = aggregateKernels(trace, merged.linked, modeller, &merged.summary);
    // Library ops own the GPU events under them (Triton's calls keep
    // theirs); the kernels of no op stay time-only rows by name.
    const LibraryOpWork libraryWork = ownLibraryOpWork(trace, merged.linked, &merged);
    std::vector<KernelRow> libraryOpRowsOfTrace = libraryOpRows(libraryWork, trace.totalGpuKernelTimeUs);
    result->libraryKernels = libraryRows(trace, merged.linked, nameKinds, libraryWork.ownedEvents);
    for (const KernelRow& row : result->kernels) {
        if (row.kernelTimeUs)
            result->tritonKernelTimeUs += row.kernelTimeUs->sum;
    }
    if (options.keepTimeline) {
        const std::vector<std::int32_t> rowOfEvent = tritonRowOfGpuEvent(trace, merged.linked, result->kernels);
        result->timeline = buildTimeline({ &trace, &rowOfEvent, &result->libraryKernels, &nameKinds, timelineOriginUs });
    }
    result->eventCount = trace.eventCount;
    result->skippedEvents = trace.skippedEvents;
    result->truncated = trace.truncated;
    result->warnings = trace.warnings;
    if (trace.skippedEvents > trace.warnings.size() - (trace.truncated ? 1 : 0))
        result->warnings << QStringLiteral("%1 events skipped in all").arg(trace.skippedEvents);
    if (trace.subNanosecondGpuEvents > 0)
        result->warnings << QStringLiteral("%1: %2 GPU events last 0 or under a nanosecond: no time was measured, so "
                                           "their calls are untimed")
                                .arg(QFileInfo(path).fileName())
                                .arg(trace.subNanosecondGpuEvents);
    if (trace.impreciseTimestamps > 0)
        result->warnings << impreciseTimestampsWarning(path, trace);
    if (trace.repeatedGpuEvents > 0)
        result->warnings << QStringLiteral("%1: %2 GPU events repeat the event just before them exactly (stream, start, "
                                           "duration, kernel, correlation): one kernel recorded twice, counted once")
                                .arg(QFileInfo(path).fileName())
                                .arg(trace.repeatedGpuEvents);
    if (trace.gpuEvents.geometriesNotKept() > 0)
        result->warnings << QStringLiteral("%1: more than %2 distinct grid/block shapes: %3 GPU events' grid and block "
                                           "were not kept (graph matching treats them as not recorded)")
                                .arg(QFileInfo(path).fileName())
                                .arg(GpuEventList::maxGeometries)
                                .arg(trace.gpuEvents.geometriesNotKept());
    if (trace.gpuEvents.eventsOnOverflowStreams() > 0)
        result->warnings << QStringLiteral("%1: more than %2 GPU streams: %3 GPU events on the rest are taken as one stream")
                                .arg(QFileInfo(path).fileName())
                                .arg(GpuEventList::maxStreams)
                                .arg(trace.gpuEvents.eventsOnOverflowStreams());
    // An empty table must not pass for a trace of kernels that did nothing.
    if (result->kernels.empty())
        result->warnings << QStringLiteral(
            "%1: no Triton kernels in it (no cpu_op or GPU kernel event named triton_*): a trace of a model not "
            "compiled with torch.compile, or recorded without GPU activity?")
                                .arg(path);

    result->inductorCacheSource = cache.location().path;
    result->inductorCacheOrigin = cache.location().origin;
    result->inductorCacheKind = cache.kindName();
    if (const auto index = cache.index()) {
        result->inductorCacheWrapperFiles = index->wrapperFileCount();
        result->inductorCacheKernels = index->kernelCount();
        result->inductorCacheTraceKernels = index->keptNameCount();
        // A cache of another run gives nothing: say so where it was asked
        // for, or where kernels wait for V1 figures.
        const bool wanted = cache.location().origin == u"given"
            || std::any_of(result->kernels.begin(), result->kernels.end(),
                           [](const KernelRow& row) { return row.provenance() != Provenance::V2; });
        if (index->keptNameCount() == 0 && !result->kernels.empty() && wanted)
            result->warnings << QStringLiteral("Inductor cache %1 defines none of this trace's %2 Triton kernels: it is "
                                               "from another run (V1 needs the cache torch.compile wrote for this trace)")
                                    .arg(cache.location().path)
                                    .arg(result->kernels.size());
    }
    result->cacheWarnings = cache.warnings();
    result->warnings << result->cacheWarnings.mid(0, cacheWarningsInSummary);
    if (result->cacheWarnings.size() > cacheWarningsInSummary)
        result->warnings << QStringLiteral("%1 more Inductor cache warnings")
                                .arg(result->cacheWarnings.size() - cacheWarningsInSummary);

    result->graphs = std::move(merged.summary);
    result->graphs.warnings = captureWarnings + result->graphs.warnings;
    // A folder of thousands of capture files without captures must not bury
    // the trace's own warnings: the first few are said, the rest counted
    // (all of them stay in graphs.warnings and each capture's own).
    QStringList graphWarnings = result->graphs.warnings;
    for (const CaptureSummary& capture : result->graphs.captures)
        graphWarnings << capture.warnings.mid(0, cacheWarningsInSummary);
    result->warnings << graphWarnings.mid(0, captureWarningsInSummary);
    if (graphWarnings.size() > captureWarningsInSummary)
        result->warnings << QStringLiteral("%1 more warnings about capture traces and graphs")
                                .arg(graphWarnings.size() - captureWarningsInSummary);
    if (result->graphs.unmatchedLaunches + result->graphs.ambiguousLaunches > 0)
        result->warnings << QStringLiteral("%1 of %2 graph launches not attributed to a capture (%3 ambiguous): their Triton kernels keep time only")
                                .arg(result->graphs.unmatchedLaunches + result->graphs.ambiguousLaunches)
                                .arg(result->graphs.launches.size())
                                .arg(result->graphs.ambiguousLaunches);

    // After the Triton rows, which the checks above are about.
    result->kernels.insert(result->kernels.end(), std::make_move_iterator(libraryOpRowsOfTrace.begin()),
                           std::make_move_iterator(libraryOpRowsOfTrace.end()));

    outcome.status = AnalysisOutcome::Status::Ok;
    outcome.result = std::move(result);
    return outcome;
}

} // namespace Ridgeline
