#include "engine/graphs/capturetracefiles.h"

#include "engine/base/smallfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Ridgeline {
namespace {

const QString detailsName = QStringLiteral("execution_details.json");
// The file is a few lines per capture; anything bigger is not TraceLens's.
constexpr qint64 maxDetailsBytes = 1 << 20;

struct Details
{
    int batchSize = 0;
    QString mode;
};

// execution_details.json: [{"file": NAME, "batch_size": N, "mode": "FULL"}, ...]
QHash<QString, Details> readDetails(const QString& folder, QStringList* warnings)
{
    QHash<QString, Details> details;
    const QString path = QDir(folder).filePath(detailsName);
    if (!QFileInfo::exists(path))
        return details;
    QString why;
    const std::optional<QByteArray> bytes = readSmallFile(path, maxDetailsBytes, &why);
    if (!bytes) {
        *warnings << path + QStringLiteral(": not read (%1); batch sizes come from the traces alone").arg(why);
        return details;
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(*bytes, &error);
    if (!document.isArray()) {
        *warnings << path + QStringLiteral(": not a JSON list of captures (%1); batch sizes come from the traces alone")
                                           .arg(error.error == QJsonParseError::NoError ? QStringLiteral("wrong shape") : error.errorString());
        return details;
    }
    for (const QJsonValue& entry : document.array()) {
        const QJsonObject object = entry.toObject();
        const QString name = QFileInfo(object.value(QStringLiteral("file")).toString()).fileName();
        const int batch = object.value(QStringLiteral("batch_size")).toInt(-1);
        if (name.isEmpty() || batch < 0)
            continue;
        details.insert(name, { batch, object.value(QStringLiteral("mode")).toString().left(32) });
    }
    return details;
}

bool looksLikeTrace(const QString& name)
{
    return name != detailsName && (name.endsWith(QStringLiteral(".json")) || name.endsWith(QStringLiteral(".json.gz")));
}

void add(std::vector<CaptureTraceFile>& files, const QFileInfo& info, const QHash<QString, Details>& details)
{
    CaptureTraceFile file;
    file.path = info.filePath();
    if (const auto found = details.constFind(info.fileName()); found != details.constEnd()) {
        file.batchSize = found->batchSize;
        file.mode = found->mode;
    }
    files.push_back(std::move(file));
}

} // namespace

std::vector<CaptureTraceFile> captureTraceFiles(const QStringList& paths, QStringList* warnings)
{
    std::vector<CaptureTraceFile> files;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (info.isDir()) {
            const auto details = readDetails(path, warnings);
            const QFileInfoList entries = QDir(path).entryInfoList(QDir::Files | QDir::Readable, QDir::Name);
            const auto before = files.size();
            for (const QFileInfo& entry : entries) {
                if (looksLikeTrace(entry.fileName()))
                    add(files, entry, details);
            }
            if (files.size() == before)
                *warnings << path + QStringLiteral(": no capture traces (*.json, *.json.gz) in this folder");
        } else {
            add(files, info, readDetails(info.path(), warnings));
        }
    }
    return files;
}

} // namespace Ridgeline
