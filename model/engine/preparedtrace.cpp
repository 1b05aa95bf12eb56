#include "engine/preparedtrace.h"

#include "engine/base/memory/freedmemory.h"
#include "engine/base/shownpath.h"
#include "engine/graphs/capturetracefiles.h"
#include "engine/inductorcache/inductorcacheloader.h"
#include "engine/input/tracereader.h"
#include "engine/libraryops/models/libraryopmodel.h"
#include "engine/linking/kernellinker.h"

#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <limits>

namespace Ridgeline {
namespace {

PrepareOutcome cancelled(const QString& path)
{
    PrepareOutcome outcome;
    outcome.status = OutcomeStatus::Cancelled;
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

// What reading the whole trace found wrong: said for any range of it too.
QStringList readWarningsOf(const QString& path, const RawTrace& trace)
{
    QStringList warnings = trace.warnings;
    if (trace.skippedEvents > trace.warnings.size() - (trace.truncated ? 1 : 0))
        warnings << QStringLiteral("%1 events skipped in all").arg(trace.skippedEvents);
    if (trace.subNanosecondGpuEvents > 0)
        warnings << QStringLiteral("%1: %2 GPU events last 0 or under a nanosecond: no time was measured, so "
                                   "their calls are untimed")
                        .arg(QFileInfo(path).fileName())
                        .arg(trace.subNanosecondGpuEvents);
    if (trace.impreciseTimestamps > 0)
        warnings << impreciseTimestampsWarning(path, trace);
    if (trace.repeatedGpuEvents > 0)
        warnings << QStringLiteral("%1: %2 GPU events repeat the event just before them exactly (stream, start, "
                                   "duration, kernel, correlation): one kernel recorded twice, counted once")
                        .arg(QFileInfo(path).fileName())
                        .arg(trace.repeatedGpuEvents);
    if (trace.gpuEvents.geometriesNotKept() > 0)
        warnings << QStringLiteral("%1: more than %2 distinct grid/block shapes: %3 GPU events' grid and block "
                                   "were not kept (graph matching treats them as not recorded)")
                        .arg(QFileInfo(path).fileName())
                        .arg(GpuEventList::maxGeometries)
                        .arg(trace.gpuEvents.geometriesNotKept());
    if (trace.gpuEvents.eventsOnOverflowStreams() > 0)
        warnings << QStringLiteral("%1: more than %2 GPU streams: %3 GPU events on the rest are taken as one stream")
                        .arg(QFileInfo(path).fileName())
                        .arg(GpuEventList::maxStreams)
                        .arg(trace.gpuEvents.eventsOnOverflowStreams());
    return warnings;
}

// The kernel names a cache block could serve: Triton ops and GPU kernels.
QSet<QString> kernelNames(const RawTrace& trace)
{
    QSet<QString> names;
    for (const TritonOpRecord& op : trace.tritonOps) {
        names.insert(op.name());
        // The cache keeps the per-kernel files of these hashes too (hashes never collide with names).
        if (const auto& args = op.args(); args && !args->kernelHash.isEmpty())
            names.insert(args->kernelHash);
        else if (args && !args->kernelFile.isEmpty())
            names.insert(QFileInfo(args->kernelFile).completeBaseName());
    }
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
    QString text = named.join(QStringLiteral(", "))
        + (files.size() == 1 ? QStringLiteral(": no stream capture in this trace") : QStringLiteral(": no stream capture in these traces"));
    if (files.size() > filesNamedPerWarning)
        text += QStringLiteral("; %1 more capture traces had no stream capture").arg(files.size() - filesNamedPerWarning);
    return text + QStringLiteral(" (no StreamBeginCapture call)");
}

} // namespace

PrepareOutcome prepareTrace(const QString& path, const ReadOptions& options, const JobControl& control)
{
    // Found and opened first, so that one progress bar covers the trace's
    // bytes and then the cache's.
    InductorCacheLoader cache(
        options.inductorCache, options.searchDefaultInductorCache, options.cacheEnvironment.value_or(CacheEnvironment::fromProcess()));
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

    PrepareOutcome outcome;
    // The library ops the models cover: the outermost of them owns the GPU work under it.
    const LibraryOpFilter libraryOps = [](QStringView name) { return isModelledLibraryOp(name); };
    TraceReadResult read = readTrace(path, traceControl, libraryOps, options.maxHostSpans);
    if (read.status != TraceReadResult::Status::Ok) {
        outcome.status = read.status == TraceReadResult::Status::Cancelled ? OutcomeStatus::Cancelled : OutcomeStatus::Failed;
        outcome.error = read.error;
        return outcome;
    }
    if (control.stopRequested())
        return cancelled(path);
    // The reader's temporary maps are gone: their pages go back before the
    // analysis allocates its own.
    returnFreedMemoryToSystem();

    // The trace in its final place before anything points into it: the
    // linked calls hold its Triton ops' addresses.
    auto prepared = std::make_shared<PreparedTrace>();
    prepared->path = path;
    prepared->readOptions = options;
    prepared->trace = std::move(read.trace);
    const RawTrace& trace = prepared->trace;
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
    if (!captureFiles.empty())
        returnFreedMemoryToSystem(); // each capture trace read, kept from and freed
    if (!withoutCapture.isEmpty())
        captureWarnings << withoutCaptureWarning(withoutCapture);

    JobControl cacheControl;
    cacheControl.stop = control.stop;
    const qint64 beforeCache = traceBytes + captureBytes;
    cacheControl.progress = [&](qint64 done, qint64 total) { control.report(beforeCache + done, beforeCache + total); };
    if (!cache.load(kernelNames(trace), cacheControl))
        return cancelled(path);

    prepared->merged = mergeGraphReplays(trace, std::move(linked), std::move(captured));
    prepared->captureWarnings = std::move(captureWarnings);
    prepared->readWarnings = readWarningsOf(path, trace);
    prepared->cacheLocation = cache.location();
    prepared->cacheKind = cache.kindName();
    prepared->cacheIndex = cache.index();
    prepared->cacheUnavailable = cache.unavailableReason();
    prepared->cacheWarnings = cache.warnings();

    outcome.status = OutcomeStatus::Ok;
    outcome.prepared = std::move(prepared);
    return outcome;
}

} // namespace Ridgeline
