#include "peaks/userpeaksfile.h"

#include "engine/base/smallfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace Ridgeline::UserPeaksFile {

QString defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)).filePath(QStringLiteral("gpus.json"));
}

std::optional<GpuCatalog> read(const QString& path, QString* error, QStringList* warnings)
{
    if (!QFileInfo::exists(path) && !QFileInfo(path).isSymLink())
        return GpuCatalog::of({});
    // Only a regular file, and only so much of it: a FIFO or /dev/zero put
    // here must cost a warning, not the window.
    QString reason;
    const std::optional<QByteArray> bytes = readSmallFile(path, GpuCatalog::maxFileBytes, &reason);
    if (!bytes) {
        *error = path + QStringLiteral(": ") + reason;
        return std::nullopt;
    }
    QStringList skipped;
    auto catalog = GpuCatalog::fromJsonSkippingInvalid(*bytes, &skipped, &reason);
    if (!catalog) {
        *error = path + QStringLiteral(": ") + reason;
        return std::nullopt;
    }
    for (const QString& line : skipped)
        *warnings << path + QStringLiteral(": ") + line;
    return catalog;
}

bool write(const QString& path, const GpuCatalog& user, QString* error)
{
    if (user.gpus().empty()) {
        if (QFile::exists(path) && !QFile::remove(path)) {
            *error = path + QStringLiteral(": cannot remove");
            return false;
        }
        return true;
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(user.toJson()) < 0 || !file.commit()) {
        *error = path + QStringLiteral(": cannot write: ") + file.errorString();
        return false;
    }
    return true;
}

GpuCatalog merged(const GpuCatalog& user)
{
    GpuCatalog catalog = GpuCatalog::builtIn();
    catalog.merge(user);
    return catalog;
}

} // namespace Ridgeline::UserPeaksFile
