// The streaming JSON writer: what it writes parses with QJsonDocument and
// equals the document built whole.
#include "engine/export/json/jsonstreamwriter.h"

#include <QBuffer>
#include <QJsonDocument>
#include <cmath>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

QJsonDocument parsed(const QByteArray& text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << qPrintable(error.errorString()) << " in " << text.constData();
    return document;
}

} // namespace

TEST(JsonStreamWriter, NestedContainersEqualTheDocumentBuiltWhole)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    JsonStreamWriter writer(&buffer);
    writer.beginObject();
    writer.writeMember(u"name", QStringLiteral("a \"quoted\"\nname \u00e9"));
    writer.writeMember(u"count", 3);
    writer.writeMember(u"ratio", 0.125);
    writer.writeMember(u"none", QJsonValue(QJsonValue::Null));
    writer.writeKey(u"rows");
    writer.beginArray();
    for (int i = 0; i < 3; ++i)
        writer.writeObject(QJsonObject { { QStringLiteral("i"), i }, { QStringLiteral("odd"), i % 2 == 1 } });
    writer.endArray();
    writer.writeKey(u"empty");
    writer.beginArray();
    writer.endArray();
    writer.writeKey(u"nested");
    writer.beginObject();
    writer.writeMember(u"list", QJsonArray { 1, QStringLiteral("two") });
    writer.endObject();
    writer.endObject();
    EXPECT_TRUE(writer.complete());
    EXPECT_TRUE(writer.ok());

    const QJsonObject expected {
        { QStringLiteral("name"), QStringLiteral("a \"quoted\"\nname \u00e9") },
        { QStringLiteral("count"), 3 },
        { QStringLiteral("ratio"), 0.125 },
        { QStringLiteral("none"), QJsonValue(QJsonValue::Null) },
        { QStringLiteral("rows"),
            QJsonArray { QJsonObject { { QStringLiteral("i"), 0 }, { QStringLiteral("odd"), false } },
                QJsonObject { { QStringLiteral("i"), 1 }, { QStringLiteral("odd"), true } },
                QJsonObject { { QStringLiteral("i"), 2 }, { QStringLiteral("odd"), false } } } },
        { QStringLiteral("empty"), QJsonArray() },
        { QStringLiteral("nested"), QJsonObject { { QStringLiteral("list"), QJsonArray { 1, QStringLiteral("two") } } } },
    };
    EXPECT_EQ(parsed(buffer.data()).object(), expected);
}

// A top-level array of scalars and an empty object: commas only between elements.
TEST(JsonStreamWriter, ScalarsAndEmptyContainers)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    JsonStreamWriter writer(&buffer);
    writer.beginArray();
    writer.writeValue(QStringLiteral("s"));
    writer.writeValue(-2.5);
    writer.writeValue(false);
    writer.beginObject();
    writer.endObject();
    writer.endArray();
    const QJsonArray expected { QStringLiteral("s"), -2.5, false, QJsonObject() };
    EXPECT_EQ(parsed(buffer.data()).array(), expected);
}

// A device that refuses writes (closed): ok() says so, nothing crashes.
TEST(JsonStreamWriter, AFailedWriteIsReported)
{
    QBuffer buffer;
    JsonStreamWriter writer(&buffer);
    writer.beginArray();
    writer.writeValue(1);
    writer.endArray();
    EXPECT_FALSE(writer.ok());
}
