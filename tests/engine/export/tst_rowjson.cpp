// The rows' JSON builder writes byte for byte what QJsonDocument writes for
// the same members: every number, string and nesting of the table below,
// keys sorted, the last write of a key winning, removals gone.
#include "engine/export/json/rowjson.h"

#include <QJsonDocument>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <optional>

using namespace Ridgeline;

namespace {

QByteArray qtJson(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// One member, as ours and as Qt's.
QByteArray ourMember(const QString& key, const RowJson::Value& value)
{
    RowJson::Object object;
    object[key] = value;
    return object.toJson();
}

QByteArray qtMember(const QString& key, const QJsonValue& value)
{
    QJsonObject object;
    object[key] = value;
    return qtJson(object);
}

const std::vector<double>& doubles()
{
    static const std::vector<double> values = { 0.0, -0.0, 1.0, -1.0, 0.1, 0.125, 1.0 / 3.0, 2.5e-7, 1e-5, 1e15, 1e16, 1e20, 1e21,
        123456.789, 4.4e-324, 9007199254740992.0, 9007199254740994.0, -9007199254740992.0, 1.7976931348623157e308,
        std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity() };
    return values;
}

const std::vector<qint64>& integers()
{
    static const std::vector<qint64> values
        = { 0, 1, -1, 42, 1'000'000'007, std::numeric_limits<qint64>::max(), std::numeric_limits<qint64>::min() };
    return values;
}

const QStringList& strings()
{
    static const QStringList values = {
        QString(),
        QStringLiteral("triton_poi_fused_add_0"),
        QStringLiteral("a \"quoted\" name"),
        QStringLiteral("back\\slash\\"),
        QStringLiteral("line\nbreak\r\n\ttab"),
        QString(QChar(0x01)) + QChar(0x1f) + QChar(0x7f) + QChar(0x85) + QChar(0x2028) + QChar(0x2029),
        QStringLiteral("3.00 \u00b5s at 2 \u00b5s"),
        QStringLiteral("\u0394 \u540d\u524d \u2713"),
        QString(QChar(0xd83d)) + QChar(0xde00), // a whole surrogate pair: one emoji
        QString(QChar(0xd83d)) + QStringLiteral("x"), // a high surrogate alone
        QStringLiteral("x") + QChar(0xde00), // a low surrogate alone
        QStringLiteral("</script><img src=x onerror=alert(1)>"),
        QString(300, u'`'),
    };
    return values;
}

} // namespace

TEST(RowJson, NumbersAreWrittenAsQJsonDocumentWritesThem)
{
    for (double d : doubles()) {
        EXPECT_EQ(ourMember(QStringLiteral("v"), d), qtMember(QStringLiteral("v"), d)) << "double " << d;
    }
    for (qint64 n : integers()) {
        EXPECT_EQ(ourMember(QStringLiteral("v"), n), qtMember(QStringLiteral("v"), n)) << "integer " << n;
    }
    EXPECT_EQ(ourMember(QStringLiteral("v"), int(7)), QByteArrayLiteral("{\"v\":7}"));
    EXPECT_EQ(ourMember(QStringLiteral("v"), true), QByteArrayLiteral("{\"v\":true}"));
    EXPECT_EQ(ourMember(QStringLiteral("v"), QJsonValue::Null), QByteArrayLiteral("{\"v\":null}"));
}

TEST(RowJson, AnOptionalIsItsValueOrNull)
{
    EXPECT_EQ(ourMember(QStringLiteral("v"), std::optional<std::int64_t>(-3)), QByteArrayLiteral("{\"v\":-3}"));
    EXPECT_EQ(ourMember(QStringLiteral("v"), std::optional<std::int64_t>()), QByteArrayLiteral("{\"v\":null}"));
    EXPECT_EQ(ourMember(QStringLiteral("v"), std::optional<int>(0)), QByteArrayLiteral("{\"v\":0}"));
    EXPECT_EQ(ourMember(QStringLiteral("v"), std::optional<bool>(false)), QByteArrayLiteral("{\"v\":false}"));
    EXPECT_EQ(ourMember(QStringLiteral("v"), std::optional<double>(0.5)), QByteArrayLiteral("{\"v\":0.5}"));
    EXPECT_EQ(ourMember(QStringLiteral("v"), std::optional<QString>(QStringLiteral("a"))), QByteArrayLiteral("{\"v\":\"a\"}"));
    EXPECT_EQ(ourMember(QStringLiteral("v"), std::optional<QString>()), QByteArrayLiteral("{\"v\":null}"));
}

TEST(RowJson, StringsAndKeysAreEscapedAsQJsonDocumentEscapesThem)
{
    for (const QString& text : strings()) {
        EXPECT_EQ(ourMember(QStringLiteral("v"), text), qtMember(QStringLiteral("v"), text)) << qPrintable(text);
        EXPECT_EQ(ourMember(text, 1), qtMember(text, 1)) << "key " << qPrintable(text);
    }
    // And what it writes parses back to the text.
    for (const QString& text : strings()) {
        QByteArray json;
        RowJson::appendString(json, text);
        const QJsonDocument back = QJsonDocument::fromJson('[' + json + ']');
        ASSERT_TRUE(back.isArray()) << json.constData();
        // A lone surrogate is no character: Qt writes it as an escape that reads back as U+FFFD.
        if (text.isValidUtf16()) {
            EXPECT_EQ(back.array().at(0).toString(), text);
        }
    }
}

TEST(RowJson, KeysAreSortedAndTheLastWriteWins)
{
    RowJson::Object ours { { QStringLiteral("zeta"), 1 }, { QStringLiteral("Alpha"), 2 }, { QStringLiteral("alpha"), 3 },
        { QStringLiteral("attainable_time_us"), 4 }, { QStringLiteral("attainable_time_source_us"), 5 } };
    ours[QStringLiteral("zeta")] = QStringLiteral("again");
    ours[QStringLiteral("gone")] = 6;
    ours.remove(QStringLiteral("gone"));
    ours.insert(QStringLiteral("_under"), 7);
    QJsonObject qt { { QStringLiteral("zeta"), 1 }, { QStringLiteral("Alpha"), 2 }, { QStringLiteral("alpha"), 3 },
        { QStringLiteral("attainable_time_us"), 4 }, { QStringLiteral("attainable_time_source_us"), 5 } };
    qt[QStringLiteral("zeta")] = QStringLiteral("again");
    qt.insert(QStringLiteral("_under"), 7);
    EXPECT_EQ(ours.toJson(), qtJson(qt));
    EXPECT_EQ(ours.toQJson(), qt);
    EXPECT_EQ(ours.value(u"zeta").toQJson(), QJsonValue(QStringLiteral("again")));
    EXPECT_TRUE(ours.value(u"gone").isNull());
    EXPECT_FALSE(ours.contains(u"gone"));
}

TEST(RowJson, NestedObjectsAndArraysEqualTheQtDocument)
{
    RowJson::Array list { 1, 2.5, QStringLiteral("x"), QJsonValue::Null, RowJson::Object {}, RowJson::Array {} };
    list.append(RowJson::Object {
        { QStringLiteral("b"), false }, { QStringLiteral("a"), RowJson::Array::fromStringList({ QStringLiteral("p") }) } });
    const RowJson::Object ours { { QStringLiteral("list"), list }, { QStringLiteral("empty"), RowJson::Object {} },
        { QStringLiteral("strings"), RowJson::Array::fromStringList(strings()) } };
    const QJsonObject qt = ours.toQJson();
    EXPECT_EQ(ours.toJson(), qtJson(qt));
    EXPECT_EQ(qt[QStringLiteral("list")].toArray().size(), 7);
    EXPECT_EQ(qt[QStringLiteral("list")].toArray().at(6).toObject()[QStringLiteral("a")].toArray().at(0).toString(), QStringLiteral("p"));

    // A tree still built with Qt's classes converts to the same text.
    const QJsonObject built { { QStringLiteral("n"), 3 }, { QStringLiteral("d"), 0.5 }, { QStringLiteral("big"), 1e20 },
        { QStringLiteral("o"), QJsonObject { { QStringLiteral("k"), QJsonArray { 1, QStringLiteral("s"), true } } } } };
    EXPECT_EQ(RowJson::Object::fromQJson(built).toJson(), qtJson(built));
    EXPECT_EQ(ourMember(QStringLiteral("wrapped"), QJsonValue(built)), qtMember(QStringLiteral("wrapped"), built));
}
