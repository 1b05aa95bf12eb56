#include "peaks/userpeaksfile.h"

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

std::optional<GpuCatalog> read(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.exists())
        return GpuCatalog::of({});
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": cannot open: ") + file.errorString();
        return std::nullopt;
    }
    QString reason;
    auto catalog = GpuCatalog::fromJson(file.readAll(), &reason);
    if (!catalog)
        *error = path + QStringLiteral(": ") + reason;
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
