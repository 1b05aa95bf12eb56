// libFuzzer target: the rows' JSON builder against Qt's. Any UTF-16 text
// (lone surrogates, control characters, quotes) as a key and as a value,
// and any 64 bits as a double and as an integer, must be written byte for
// byte as QJsonDocument writes the same QJsonObject, nested too.
#include "engine/export/json/rowjson.h"

#include <QJsonDocument>
#include <cstdlib>
#include <cstring>

using namespace Ridgeline;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 8)
        return 0;
    double d = 0;
    qint64 n = 0;
    std::memcpy(&d, data, 8);
    std::memcpy(&n, data, 8);
    const QString text(reinterpret_cast<const QChar*>(data + 8), qsizetype((size - 8) / 2));
    const QString key = text.left(text.size() / 2);

    RowJson::Object ours { { key, text }, { QStringLiteral("d"), d }, { QStringLiteral("n"), n } };
    ours[QStringLiteral("nested")] = RowJson::Array { RowJson::Object { { text, d } }, text, n };
    QJsonObject qt { { key, text }, { QStringLiteral("d"), d }, { QStringLiteral("n"), n } };
    qt[QStringLiteral("nested")] = QJsonArray { QJsonObject { { text, d } }, text, n };
    if (ours.toJson() != QJsonDocument(qt).toJson(QJsonDocument::Compact))
        std::abort();
    return 0;
}
