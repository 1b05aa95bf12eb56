#include "engine/input/tracereader.h"

#include "engine/input/jsoneventscanner.h"
#include "engine/input/readaheadstream.h"
#include "engine/input/traceeventcollector.h"
#include "engine/input/tracesource.h"


namespace Ridgeline {

TraceReadResult readTrace(const QString& path, const JobControl& control)
{
    TraceReadResult result;
    auto failed = [&](const QString& why) {
        result.status = TraceReadResult::Status::Failed;
        result.error = path + QStringLiteral(": ") + why;
        return std::move(result);
    };

    QString openError;
    auto source = TraceSource::open(path, &openError);
    if (!source)
        return failed(openError);

    TraceEventCollector collector(result.trace);
    JsonEventScanner scanner(collector);
    const qint64 total = source->fileSize();
    QString streamError;
    qint64 position = 0;

    control.report(0, total);
    {
        ReadAheadStream stream(*source);
        for (;;) {
            if (control.stopRequested()) {
                result.status = TraceReadResult::Status::Cancelled;
                result.error = path + QStringLiteral(": cancelled");
                return result;
            }
            const ReadAheadStream::Chunk chunk = stream.next();
            if (chunk.size < 0) {
                streamError = source->compression() == Compression::None
                    ? QStringLiteral("read error: ") + stream.error()
                    : QStringLiteral("%1 data is corrupt or truncated at compressed byte %2")
                          .arg(compressionName(source->compression()))
                          .arg(chunk.filePosition);
                break;
            }
            if (chunk.size == 0)
                break;
            position += chunk.size;
            if (!scanner.feed(chunk.data, size_t(chunk.size)))
                break;
            control.report(chunk.filePosition, total);
        }
    } // the reader thread is done with the source from here

    const bool complete = streamError.isEmpty() && scanner.finish();
    control.report(total, total);
    if (complete) {
        if (result.trace.eventCount == 0)
            return failed(QStringLiteral("the trace holds no events"));
        result.status = TraceReadResult::Status::Ok;
        return result;
    }

    const QString why = streamError.isEmpty() ? scanner.error() : streamError;
    // A file cut short still shows what it held: keep the events read so far.
    if (result.trace.eventCount > 0 && scanner.sawEventsArray()) {
        result.trace.truncated = true;
        result.trace.warnings.prepend(QStringLiteral("%1: %2; showing the %3 events read before that")
                                          .arg(path, why)
                                          .arg(result.trace.eventCount));
        result.status = TraceReadResult::Status::Ok;
        return result;
    }
    if (source->compression() != Compression::None && position == 0)
        return failed(QStringLiteral("%1 data is corrupt or truncated: nothing could be decompressed")
                          .arg(compressionName(source->compression())));
    return failed(why);
}

} // namespace Ridgeline
