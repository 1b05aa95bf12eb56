#include "engine/session/sessionpaths.h"

#include <QDir>
#include <QFileInfo>

namespace Ridgeline::SessionPaths {

StoredPath store(const QString& path, const QString& folder)
{
    // A bundled file (":/ridgeline/...") is where it is on every machine.
    if (path.startsWith(u':'))
        return { {}, path };
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const QString relative = QDir(folder).relativeFilePath(absolute);
    // relativeFilePath gives the path unchanged where there is no relative one (another drive).
    return { QDir::isRelativePath(relative) ? relative : QString(), absolute };
}

QString resolve(const StoredPath& stored, const QString& folder)
{
    if (!stored.relative.isEmpty() && !QDir::isAbsolutePath(stored.relative)) {
        const QFileInfo moved(QDir(folder).filePath(stored.relative));
        if (moved.exists())
            return QDir::cleanPath(moved.absoluteFilePath());
    }
    if (!stored.absolute.isEmpty() && (QDir::isAbsolutePath(stored.absolute) || stored.absolute.startsWith(u':'))
        && QFileInfo::exists(stored.absolute))
        return QDir::cleanPath(stored.absolute);
    return {};
}

} // namespace Ridgeline::SessionPaths
