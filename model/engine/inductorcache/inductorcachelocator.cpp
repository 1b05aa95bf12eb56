#include "engine/inductorcache/inductorcachelocator.h"

#include <QDir>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

namespace Ridgeline {

CacheEnvironment CacheEnvironment::fromProcess()
{
    CacheEnvironment environment;
    environment.torchInductorCacheDir = qEnvironmentVariable("TORCHINDUCTOR_CACHE_DIR");
    environment.homeDir = QDir::homePath();
    environment.tempDir = QDir::tempPath();
    // The order of Python's getpass.getuser(), which names PyTorch's default cache.
    for (const char* name : { "LOGNAME", "USER", "LNAME", "USERNAME" }) {
        environment.userName = qEnvironmentVariable(name);
        if (!environment.userName.isEmpty())
            break;
    }
#ifdef Q_OS_UNIX
    if (environment.userName.isEmpty()) {
        if (const passwd* account = getpwuid(getuid()))
            environment.userName = QString::fromLocal8Bit(account->pw_name);
    }
#endif
    return environment;
}

CacheLocation InductorCacheLocator::locate(const QString& explicitPath, bool searchDefaults, const CacheEnvironment& environment)
{
    CacheLocation location;
    if (!explicitPath.isEmpty()) {
        location.path = explicitPath;
        location.origin = QStringLiteral("given");
        return location;
    }
    if (!searchDefaults)
        return location;
    const std::pair<QString, QString> candidates[] = {
        { environment.torchInductorCacheDir, QStringLiteral("$TORCHINDUCTOR_CACHE_DIR") },
        { environment.homeDir.isEmpty() ? QString() : QDir(environment.homeDir).filePath(QStringLiteral(".cache/torchinductor")),
            QStringLiteral("~/.cache/torchinductor") },
        { environment.tempDir.isEmpty() || environment.userName.isEmpty()
                ? QString()
                : QDir(environment.tempDir).filePath(QStringLiteral("torchinductor_") + environment.userName),
            QStringLiteral("/tmp/torchinductor_<user>") },
    };
    for (const auto& [path, origin] : candidates) {
        if (path.isEmpty()) {
            location.searched << origin + QStringLiteral(" (unset)");
            continue;
        }
        location.searched << path;
        if (QFileInfo::exists(path)) {
            location.path = path;
            location.origin = origin;
            return location;
        }
    }
    return location;
}

} // namespace Ridgeline
