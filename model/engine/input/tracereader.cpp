#include "engine/input/tracereader.h"

#include "engine/input/jsoneventscanner.h"
#include "engine/input/scanaheadreader.h"
#include "engine/input/traceeventcollector.h"
#include "engine/input/tracesource.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace Ridgeline {
namespace {

// The records dropped after reading were millions of small deque blocks in
// the middle of the heap: glibc keeps such pages unless asked, and the
// linker's big vectors, mapped apart, would not reuse them.
void returnFreedMemory()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // namespace

TraceReadResult readTrace(const QString& path, const JobControl& control, const LibraryOpFilter& keepLibraryOp, size_t maxHostSpans)
{
    TraceReadResult result;
    result.trace.hostSpans = HostSpans(maxHostSpans);
    auto failed = [&](const QString& why) {
        result.status = TraceReadResult::Status::Failed;
        result.error = path + QStringLiteral(": ") + why;
        return std::move(result);
    };

    QString openError;
    auto source = TraceSource::open(path, &openError);
    if (!source)
        return failed(openError);

    TraceEventCollector collector(result.trace, TraceEventCollector::Input::Prefiltered, keepLibraryOp);
    const qint64 total = source->fileSize();
    control.report(0, total);
    ScanAheadReader::Ending ending;
    {
        // The collector's own prefilter, run on the scanning thread.
        ScanAheadReader reader(*source, &TraceEventCollector::mayUse);
        std::int64_t position = 0;
        while (reader.next(collector, &position)) {
            if (control.stopRequested()) {
                result.status = TraceReadResult::Status::Cancelled;
                result.error = path + QStringLiteral(": cancelled");
                return result;
            }
            control.report(position, total);
        }
        collector.finish();
        result.trace.markFlowStarts();
        result.trace.keepOnlyWhatLinkingNeeds();
        result.trace.libraryOps.keepOnlyOwners(result.trace.launches);
        returnFreedMemory();
        result.trace.indexFlowEnds();
        ending = reader.ending();
        result.trace.eventCount += ending.eventsFilteredOut;
    } // the scanning thread is done with the source from here
    control.report(total, total);

    if (ending.scanned) {
        if (result.trace.eventCount == 0)
            return failed(QStringLiteral("the trace holds no events"));
        result.status = TraceReadResult::Status::Ok;
        return result;
    }

    const QString why = !ending.streamError.isEmpty()
        ? (source->compression() == Compression::None ? QStringLiteral("read error: ") + ending.streamError
                                                      : QStringLiteral("%1 data is corrupt or truncated after %2 bytes of JSON (%3)")
                                                            .arg(compressionName(source->compression()))
                                                            .arg(ending.decompressedBytes)
                                                            .arg(ending.streamError))
        : ending.scanError;
    // A file cut short still shows what it held: keep the events read so far.
    if (result.trace.eventCount > 0 && ending.sawEventsArray) {
        result.trace.truncated = true;
        result.trace.warnings.prepend(
            QStringLiteral("%1: %2; showing the %3 events read before that").arg(path, why).arg(result.trace.eventCount));
        result.status = TraceReadResult::Status::Ok;
        return result;
    }
    if (source->compression() != Compression::None && ending.decompressedBytes == 0)
        return failed(
            QStringLiteral("%1 data is corrupt or truncated: nothing could be decompressed").arg(compressionName(source->compression())));
    return failed(why);
}

} // namespace Ridgeline
