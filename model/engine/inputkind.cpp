#include "inputkind.h"

#include "inductorcachereader.h"
#include "tracesource.h"

#include <QFile>
#include <QFileInfo>

namespace Ridgeline {
namespace {

// Wrapper files are Python that registers Triton kernels; the marker sits
// in the first lines of every one PyTorch 2.0 to 2.9 writes.
bool isWrapperFile(const QString& path)
{
    if (!path.endsWith(QStringLiteral(".py"), Qt::CaseInsensitive))
        return false;
    QFile file(path);
    return file.open(QIODevice::ReadOnly) && file.read(64 * 1024).contains("async_compile");
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
    if (isWrapperFile(path))
        return { InputKind::InductorCache, {} };
    const QString problem = traceFileProblem(path);
    if (problem.isEmpty())
        return { InputKind::Trace, {} };
    // A readable file of other content: say what would have been taken.
    if (info.size() > 0 && info.isReadable())
        return { InputKind::Unusable,
            QStringLiteral("neither a trace (JSON, plain or compressed) nor an Inductor cache (a folder, a tar "
                           "or zip archive, or a wrapper .py file)") };
    return { InputKind::Unusable, problem };
}

} // namespace Ridgeline
