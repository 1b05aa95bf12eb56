#include "engine/base/smallfile.h"

#include <QFile>
#include <QFileInfo>

namespace Ridgeline {

std::optional<QByteArray> readSmallFile(const QString& path, qint64 maxBytes, QString* error)
{
    // Symbolic links are followed: a link to a regular file is one.
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = QStringLiteral("no such file");
        return std::nullopt;
    }
    if (!info.isFile()) {
        *error = info.isDir() ? QStringLiteral("a folder, not a file") : QStringLiteral("not a regular file (a device, FIFO or socket)");
        return std::nullopt;
    }
    if (info.size() > maxBytes) {
        *error = QStringLiteral("%1 bytes, more than the %2 such a file can need").arg(info.size()).arg(maxBytes);
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open: ") + file.errorString();
        return std::nullopt;
    }
    // At most the cap, even if the file grew since it was measured.
    QByteArray bytes = file.read(maxBytes + 1);
    if (bytes.size() > maxBytes) {
        *error = QStringLiteral("more than %1 bytes").arg(maxBytes);
        return std::nullopt;
    }
    return bytes;
}

} // namespace Ridgeline
