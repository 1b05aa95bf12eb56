// Stage export/: an analysis (or a comparison) as JSON, CSV or Markdown.
// The JSON of one exported row, built and written without Qt's JSON
// classes. A QJsonObject keeps its members sorted in a CBOR container and
// QJsonDocument copies each of them out again to write it: that
// bookkeeping was half of the 29 s of CPU a million rows' export took.
// Object and Array here keep their members in a plain vector and
// write them sorted by key, the last write of a key winning, so that the
// text is byte for byte what QJsonDocument::toJson(Compact) writes for
// the same QJsonObject (tests/engine/export/tst_rowjson.cpp holds the
// table). Plain text is copied as it is; a string that needs escaping is
// escaped by Qt itself.
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <concepts>
#include <initializer_list>
#include <memory>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

namespace Ridgeline::RowJson {

class Object;
class Array;

// One JSON value: null, a bool, a number, a string, an object or an array.
class Value
{
public:
    Value() = default; // null
    Value(QJsonValue::Type null); // QJsonValue::Null (any other type asserts)
    Value(bool b)
        : m_value(b)
    { }
    template <std::integral T>
        requires(!std::same_as<T, bool>)
    Value(T n)
        : m_value(qint64(n))
    { }
    // As QJsonValue(double): a whole number within 2^53 is kept as an integer.
    Value(double d);
    Value(const QString& s)
        : m_value(s)
    { }
    Value(QString&& s)
        : m_value(std::move(s))
    { }
    Value(QLatin1StringView s)
        : m_value(QString(s))
    { }
    Value(const char*) = delete; // would be a bool
    // An optional figure: null where it is unknown.
    template <typename T>
        requires std::constructible_from<Value, const T&>
    Value(const std::optional<T>& value)
        : Value(value ? Value(*value) : Value())
    { }
    Value(Object object);
    Value(Array array);
    // A value still built with Qt's classes, converted.
    Value(const QJsonValue& value);

    bool isNull() const { return std::holds_alternative<std::monostate>(m_value); }
    void appendJson(QByteArray& out) const;
    QJsonValue toQJson() const;

private:
    std::variant<std::monostate, bool, qint64, double, QString, std::shared_ptr<const Object>, std::shared_ptr<const Array>> m_value;
};

class Object
{
public:
    using Member = std::pair<QString, Value>;
    Object() = default;
    Object(std::initializer_list<Member> members)
        : m_members(members)
    { }
    static Object fromQJson(const QJsonObject& object);

    // Sets `key`: the value is appended and the last one written wins, as
    // QJsonObject's operator[] would replace it. Not for reading.
    Value& operator[](const QString& key);
    void insert(const QString& key, Value value) { (*this)[key] = std::move(value); }
    void remove(const QString& key);
    // The value `key` was last set to; null where it was not.
    Value value(QStringView key) const;
    bool contains(QStringView key) const;
    bool isEmpty() const { return m_members.empty(); }

    void appendJson(QByteArray& out) const;
    QByteArray toJson() const; // compact, as QJsonDocument writes it
    QJsonObject toQJson() const;

private:
    std::vector<Member> m_members;
};

class Array
{
public:
    Array() = default;
    Array(std::initializer_list<Value> values)
        : m_values(values)
    { }
    static Array fromStringList(const QStringList& list);
    static Array fromQJson(const QJsonArray& array);

    void append(Value value) { m_values.push_back(std::move(value)); }
    bool isEmpty() const { return m_values.empty(); }
    qsizetype size() const { return qsizetype(m_values.size()); }

    void appendJson(QByteArray& out) const;
    QJsonArray toQJson() const;

private:
    std::vector<Value> m_values;
};

// A string as a JSON string, quotes included, exactly as QJsonDocument writes it.
void appendString(QByteArray& out, const QString& text);

} // namespace Ridgeline::RowJson
