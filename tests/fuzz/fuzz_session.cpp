// libFuzzer target: a session file (.ridgeline), read as the window reads
// one (in a folder holding a trace "t.json" and a folder "cache", so that
// the reader gets past the trace): a refusal says why in a bounded line,
// what is accepted stays within the caps and is written back as it was read.
#include "engine/session/sessionfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <cmath>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace Ridgeline;
    static QTemporaryDir folder;
    static const bool ready = [] {
        QFile trace(folder.filePath(QStringLiteral("t.json")));
        return trace.open(QIODevice::WriteOnly) && QDir(folder.path()).mkdir(QStringLiteral("cache"));
    }();
    if (!ready)
        std::abort();
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    QStringList warnings;
    const std::optional<Session> session = SessionFile::fromJson(bytes, folder.path(), &error, &warnings);
    if (!session) {
        // Two paths of at most maxTextChars each, or the GPU reader's line.
        if (error.isEmpty() || error.size() > 2 * SessionFile::maxTextChars + 1000)
            std::abort();
        return 0;
    }
    if (session->trace.isEmpty() || session->captures.size() > SessionFile::maxCaptures || warnings.size() > SessionFile::maxCaptures + 2
        || session->filterText.size() > SessionFile::maxTextChars || session->selectedKernel.size() > SessionFile::maxTextChars)
        std::abort();
    if (session->rangeUs && !(session->rangeUs->first >= 0 && session->rangeUs->first < session->rangeUs->second))
        std::abort();
    if (session->latencyFloorUs && !(std::isfinite(*session->latencyFloorUs) && *session->latencyFloorUs > 0))
        std::abort();
    // Written back where it was read, it reads back the same.
    QString again;
    QStringList moreWarnings;
    const std::optional<Session> reread
        = SessionFile::fromJson(SessionFile::toJson(*session, folder.path()), folder.path(), &again, &moreWarnings);
    if (!reread || !(*reread == *session) || !moreWarnings.isEmpty())
        std::abort();
    return 0;
}
