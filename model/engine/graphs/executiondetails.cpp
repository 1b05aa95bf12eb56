#include "engine/graphs/executiondetails.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Ridgeline {

std::optional<QHash<QString, CaptureDetails>> parseExecutionDetails(const QByteArray& bytes, QString* error)
{
    if (bytes.size() > maxExecutionDetailsBytes) {
        *error = QStringLiteral("%1 bytes, more than the %2 such a file can need").arg(bytes.size()).arg(maxExecutionDetailsBytes);
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (!document.isArray()) {
        *error = QStringLiteral("not a JSON list of captures (%1)")
                     .arg(parseError.error == QJsonParseError::NoError ? QStringLiteral("wrong shape") : parseError.errorString());
        return std::nullopt;
    }
    QHash<QString, CaptureDetails> details;
    for (const QJsonValue& entry : document.array()) {
        const QJsonObject object = entry.toObject();
        const QString name = QFileInfo(object.value(QStringLiteral("file")).toString()).fileName();
        const int batch = object.value(QStringLiteral("batch_size")).toInt(-1);
        if (name.isEmpty() || batch < 0)
            continue;
        details.insert(name, { batch, object.value(QStringLiteral("mode")).toString().left(maxCaptureModeChars) });
    }
    return details;
}

} // namespace Ridgeline
