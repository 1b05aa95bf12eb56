#include "engine/session/sessionfile.h"
#include "engine/session/sessionpaths.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace Ridgeline::SessionFile {
namespace {

QJsonObject pathObject(const QString& path, const QString& folder)
{
    const SessionPaths::StoredPath stored = SessionPaths::store(path, folder);
    QJsonObject object { { QStringLiteral("absolute"), stored.absolute } };
    if (!stored.relative.isEmpty())
        object.insert(QStringLiteral("relative"), stored.relative);
    return object;
}

QJsonObject lensObject(const Session& session)
{
    QJsonObject lens { { QStringLiteral("gpu"), session.gpuChoice }, { QStringLiteral("peaks"), peakSetKey(session.peaks) },
        { QStringLiteral("cache_roofs"), session.cacheRoofs } };
    if (session.latencyFloorUs)
        lens.insert(QStringLiteral("latency_floor_us"), *session.latencyFloorUs);
    return lens;
}

} // namespace

QByteArray toJson(const Session& session, const QString& folder)
{
    // Absent rather than empty: an input the window did not have.
    QJsonObject root { { QStringLiteral("format"), QStringLiteral("ridgeline-session") }, { QStringLiteral("version"), version } };
    if (!session.trace.isEmpty())
        root.insert(QStringLiteral("trace"), pathObject(session.trace, folder));
    if (!session.captures.isEmpty()) {
        QJsonArray captures;
        for (const QString& capture : session.captures)
            captures.append(pathObject(capture, folder));
        root.insert(QStringLiteral("captures"), captures);
    }
    if (!session.inductorCache.isEmpty())
        root.insert(QStringLiteral("inductor_cache"), pathObject(session.inductorCache, folder));
    if (!session.baseline.isEmpty())
        root.insert(QStringLiteral("baseline"), pathObject(session.baseline, folder));
    if (session.rangeUs)
        root.insert(QStringLiteral("range_us"),
            QJsonObject { { QStringLiteral("start"), session.rangeUs->first }, { QStringLiteral("end"), session.rangeUs->second } });
    root.insert(QStringLiteral("filter"), session.filterText);
    root.insert(QStringLiteral("selected_kernel"), session.selectedKernel);
    root.insert(QStringLiteral("lens"), lensObject(session));
    // The peaks editor's own format, whole: what --gpu-file reads.
    if (!session.userGpus.gpus().empty())
        root.insert(QStringLiteral("user_gpus"), QJsonDocument::fromJson(session.userGpus.toJson()).object());
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool write(const QString& path, const Session& session, QString* error)
{
    const QString folder = QFileInfo(path).absolutePath();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(toJson(session, folder)) < 0 || !file.commit()) {
        *error = path + QStringLiteral(": cannot write: ") + file.errorString();
        return false;
    }
    return true;
}

} // namespace Ridgeline::SessionFile
