#include "engine/inductorcache/tlparselog.h"

#include "engine/input/tracesource.h"

#include <QIODevice>
#include <QRegularExpression>

namespace Ridgeline {
namespace {

// Lines are read in chunks of this size: a longer line arrives in pieces,
// so no line (a payload's 10 MB expression, a damaged log's endless line)
// is ever held whole outside the payload it belongs to.
constexpr qint64 chunkBytes = 1 << 20;

bool isEntryLine(QByteArrayView line)
{
    // "V1206 15:18:15.925000 1500233 path.py:1288] {": level, date, time, thread, place.
    static const QRegularExpression prefix(QStringLiteral(R"(^[VIWEF]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\]\n]{1,400}\] \{)"));
    return prefix.match(QString::fromLatin1(line.left(512))).hasMatch();
}

} // namespace

bool TlparseLog::looksLikeLog(const QByteArray& head)
{
    return isEntryLine(head);
}

bool TlparseLog::isLogFile(const QString& path)
{
    QString error;
    const auto source = TraceSource::open(path, &error);
    return source && looksLikeLog(source->stream().read(4096));
}

bool TlparseLog::read(QIODevice& device, const QString& path, qint64 totalBytes, const JobControl& control,
    const std::function<void(const QString& label, const QString& text)>& take, QStringList* warnings)
{
    QByteArray payload; // the current inductor_output_code payload, tabs stripped
    bool inPayload = false, tooLarge = false, lineStart = true, payloadLineStart = false;
    qint64 lineNumber = 0, entryLine = 0, done = 0, reported = 0;
    const auto finish = [&] {
        if (inPayload && tooLarge)
            *warnings << QStringLiteral("%1:%2: an inductor_output_code payload larger than %3 MiB; skipped")
                             .arg(path)
                             .arg(entryLine)
                             .arg(maxPayloadBytes >> 20);
        else if (inPayload && !payload.isEmpty())
            take(QStringLiteral("%1:%2").arg(path).arg(entryLine), QString::fromUtf8(payload));
        payload.clear();
        inPayload = tooLarge = false;
    };
    control.report(0, totalBytes);
    for (;;) {
        const QByteArray chunk = device.readLine(chunkBytes);
        if (chunk.isEmpty())
            break;
        done += chunk.size();
        if (done - reported >= chunkBytes) {
            if (control.stopRequested())
                return false;
            control.report(done, totalBytes);
            reported = done;
        }
        const bool startsLine = lineStart;
        lineStart = chunk.endsWith('\n');
        if (!startsLine) { // the rest of a long line
            if (inPayload && payloadLineStart && !tooLarge) {
                if (payload.size() + chunk.size() > maxPayloadBytes) {
                    tooLarge = true;
                    payload.clear();
                } else
                    payload += chunk;
            }
            continue;
        }
        ++lineNumber;
        payloadLineStart = false;
        if (inPayload && chunk.startsWith('\t')) {
            payloadLineStart = true;
            if (!tooLarge && payload.size() + chunk.size() > maxPayloadBytes) {
                tooLarge = true;
                payload.clear();
            } else if (!tooLarge) {
                payload += QByteArrayView(chunk).mid(1);
            }
            continue;
        }
        finish();
        // The entry's kind is the first key of its JSON object.
        if (isEntryLine(chunk) && chunk.left(1024).contains("] {\"inductor_output_code\"")) {
            inPayload = true;
            entryLine = lineNumber;
        }
    }
    finish();
    control.report(totalBytes, totalBytes);
    return true;
}

} // namespace Ridgeline
