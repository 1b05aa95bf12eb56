#include "engine/inductorcache/inputkind.h"

#include "engine/inductorcache/inductorcachereader.h"
#include "engine/inductorcache/tlparselog.h"
#include "engine/input/tracesource.h"

#include <QFileInfo>

namespace Ridgeline {
namespace {

// Wrapper files are Python that registers Triton kernels; the marker sits
// in the first lines of every one PyTorch 2.0 to 2.9 writes. A compressed
// one (output_code.py.gz) is looked into: its name says .gz, like a trace's.
bool isWrapperFile(const QString& path)
{
    QString error;
    const auto source = TraceSource::open(path, &error); // decompresses by content
    if (!source)
        return false;
    if (source->compression() == Compression::None && !path.endsWith(QStringLiteral(".py"), Qt::CaseInsensitive))
        return false;
    const QByteArray head = source->stream().read(64 * 1024);
    // A trace may name async_compile.py in its Python stacks: JSON is no wrapper.
    const QByteArray start = head.left(256).trimmed();
    if (start.startsWith('{') || start.startsWith('['))
        return false;
    return head.contains("async_compile");
}

} // namespace

InputClassification classifyInput(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return { InputKind::Unusable, QStringLiteral("no such file or folder") };
    if (info.isDir())
        return { info.isReadable() ? InputKind::InductorCache : InputKind::Unusable,
            info.isReadable() ? QString() : QStringLiteral("the folder cannot be read") };
    // Archives first: a .tar.gz also passes the trace check (it is gzip).
    if (InductorCacheReader::isArchive(path))
        return { InputKind::InductorCache, {} };
    if (isWrapperFile(path) || TlparseLog::isLogFile(path) /* a TORCH_TRACE log, whatever its name */)
        return { InputKind::InductorCache, {} };
    const QString problem = traceFileProblem(path);
    if (problem.isEmpty())
        return { InputKind::Trace, {} };
    // A readable file of other content: say what would have been taken.
    if (info.size() > 0 && info.isReadable())
        return { InputKind::Unusable,
            QStringLiteral("neither a trace (JSON, plain or compressed) nor an Inductor cache (a folder, a tar "
                           "or zip archive, a wrapper .py file or a TORCH_TRACE log)") };
    return { InputKind::Unusable, problem };
}

bool isGraphCaptureTrace(const QString& path)
{
    QString error;
    const auto source = TraceSource::open(path, &error);
    if (!source)
        return false;
    // The markers are ASCII and never escaped: a byte search across chunk
    // boundaries (keeping the last bytes of each chunk) finds them.
    static const QByteArray capture = QByteArrayLiteral("StreamBeginCapture");
    static const QByteArray graphLaunch = QByteArrayLiteral("GraphLaunch");
    constexpr qint64 chunk = 1 << 20;
    QByteArray tail;
    bool captures = false;
    qint64 read = 0;
    while (read < maxCaptureProbeBytes) {
        const QByteArray next = source->stream().read(chunk);
        if (next.isEmpty())
            break;
        read += next.size();
        const QByteArray text = tail + next;
        if (text.contains(graphLaunch))
            return false;
        captures = captures || text.contains(capture);
        tail = text.right(capture.size());
    }
    return captures;
}

} // namespace Ridgeline
