#include "engine/input/tracereader.h"

#include "engine/input/jsoneventscanner.h"
#include "engine/input/traceeventcollector.h"
#include "engine/input/tracesource.h"

#include <QIODevice>

#include <vector>

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
    constexpr qint64 chunkSize = 1 << 20;
    std::vector<char> chunk(static_cast<size_t>(chunkSize));
    const qint64 total = source->fileSize();
    QString streamError;

    control.report(0, total);
    for (;;) {
        if (control.stopRequested()) {
            result.status = TraceReadResult::Status::Cancelled;
            result.error = path + QStringLiteral(": cancelled");
            return result;
        }
        const qint64 n = source->stream().read(chunk.data(), chunkSize);
        if (n < 0) {
            streamError = source->compression() == Compression::None
                ? QStringLiteral("read error: ") + source->stream().errorString()
                : QStringLiteral("%1 data is corrupt or truncated at compressed byte %2")
                      .arg(compressionName(source->compression()))
                      .arg(source->filePosition());
            break;
        }
        if (n == 0)
            break;
        if (!scanner.feed(chunk.data(), size_t(n)))
            break;
        control.report(source->filePosition(), total);
    }

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
    if (source->compression() != Compression::None && source->stream().pos() == 0)
        return failed(QStringLiteral("%1 data is corrupt or truncated: nothing could be decompressed")
                          .arg(compressionName(source->compression())));
    return failed(why);
}

} // namespace Ridgeline
