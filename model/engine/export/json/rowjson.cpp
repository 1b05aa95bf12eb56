#include "engine/export/json/rowjson.h"

#include <QCborValue>
#include <QJsonDocument>
#include <QLocale>
#include <algorithm>
#include <charconv>
#include <cmath>

namespace Ridgeline::RowJson {
namespace {

// QJsonValue(double) keeps a whole number as an integer where the integer
// adds no digits the double lacks: within 2^53 either way (Qt's
// convertDoubleTo without precision upgrade). -0.0 becomes 0 there too.
bool keptAsInteger(double d, qint64* n)
{
    constexpr double maxMantissa = 9007199254740992.0; // 2^53
    if (!(d >= -maxMantissa && d <= maxMantissa) || d != std::trunc(d))
        return false;
    *n = qint64(d);
    return true;
}

void appendInteger(QByteArray& out, qint64 n)
{
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out.append(digits, end - digits);
}

// QJsonDocument's own text for a string (its escaping of quotes, control
// characters and unpaired surrogates), quotes included.
QByteArray qtStringJson(const QString& text)
{
    const QByteArray wrapped = QJsonDocument(QJsonArray { text }).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2);
}

} // namespace

void appendString(QByteArray& out, const QString& text)
{
    bool ascii = true;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || u == u'"' || u == u'\\' || QChar::isSurrogate(u)) {
            out += qtStringJson(text); // to be escaped: Qt does it
            return;
        }
        ascii = ascii && u < 0x80;
    }
    out += '"';
    if (ascii) {
        const qsizetype at = out.size();
        out.resize(at + text.size());
        char* to = out.data() + at;
        for (const QChar c : text)
            *to++ = char(c.unicode());
    } else {
        out += text.toUtf8(); // whole UTF-16, nothing to escape: Qt's writer gives the same UTF-8
    }
    out += '"';
}

Value::Value(QJsonValue::Type null)
{
    Q_ASSERT(null == QJsonValue::Null);
    Q_UNUSED(null);
}

Value::Value(double d)
{
    qint64 n = 0;
    if (keptAsInteger(d, &n))
        m_value = n;
    else
        m_value = d;
}

Value::Value(Object object)
    : m_value(std::make_shared<const Object>(std::move(object)))
{ }

Value::Value(Array array)
    : m_value(std::make_shared<const Array>(std::move(array)))
{ }

Value::Value(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        m_value = value.toBool();
        break;
    case QJsonValue::Double:
        if (const QCborValue cbor = QCborValue::fromJsonValue(value); cbor.isInteger())
            m_value = cbor.toInteger();
        else
            m_value = value.toDouble();
        break;
    case QJsonValue::String:
        m_value = value.toString();
        break;
    case QJsonValue::Array:
        m_value = std::make_shared<const Array>(Array::fromQJson(value.toArray()));
        break;
    case QJsonValue::Object:
        m_value = std::make_shared<const Object>(Object::fromQJson(value.toObject()));
        break;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        break;
    }
}

void Value::appendJson(QByteArray& out) const
{
    struct Writer
    {
        QByteArray& out;
        void operator()(std::monostate) const { out += "null"; }
        void operator()(bool b) const { out += b ? "true" : "false"; }
        void operator()(qint64 n) const { appendInteger(out, n); }
        void operator()(double d) const
        {
            // As QJsonDocument: shortest round-trip text, null for what JSON cannot say.
            if (std::isfinite(d))
                out += QByteArray::number(d, 'g', QLocale::FloatingPointShortest);
            else
                out += "null";
        }
        void operator()(const QString& s) const { appendString(out, s); }
        void operator()(const std::shared_ptr<const Object>& o) const { o->appendJson(out); }
        void operator()(const std::shared_ptr<const Array>& a) const { a->appendJson(out); }
    };
    std::visit(Writer { out }, m_value);
}

QJsonValue Value::toQJson() const
{
    struct Converter
    {
        QJsonValue operator()(std::monostate) const { return QJsonValue::Null; }
        QJsonValue operator()(bool b) const { return b; }
        QJsonValue operator()(qint64 n) const { return n; }
        QJsonValue operator()(double d) const { return d; }
        QJsonValue operator()(const QString& s) const { return s; }
        QJsonValue operator()(const std::shared_ptr<const Object>& o) const { return o->toQJson(); }
        QJsonValue operator()(const std::shared_ptr<const Array>& a) const { return a->toQJson(); }
    };
    return std::visit(Converter {}, m_value);
}

Object Object::fromQJson(const QJsonObject& object)
{
    Object converted;
    converted.m_members.reserve(size_t(object.size()));
    for (auto it = object.constBegin(); it != object.constEnd(); ++it)
        converted.m_members.emplace_back(it.key(), Value(it.value()));
    return converted;
}

Value& Object::operator[](const QString& key)
{
    return m_members.emplace_back(key, Value()).second;
}

void Object::remove(const QString& key)
{
    std::erase_if(m_members, [&](const Member& member) { return member.first == key; });
}

Value Object::value(QStringView key) const
{
    const auto last = std::find_if(m_members.rbegin(), m_members.rend(), [&](const Member& member) { return member.first == key; });
    return last == m_members.rend() ? Value() : last->second;
}

bool Object::contains(QStringView key) const
{
    return std::any_of(m_members.begin(), m_members.end(), [&](const Member& member) { return member.first == key; });
}

// Sorted by key as QJsonObject keeps them (UTF-16 order); of a key set
// twice, the last value.
void Object::appendJson(QByteArray& out) const
{
    std::vector<const Member*> sorted;
    sorted.reserve(m_members.size());
    for (const Member& member : m_members)
        sorted.push_back(&member);
    std::stable_sort(sorted.begin(), sorted.end(), [](const Member* a, const Member* b) { return a->first < b->first; });
    out += '{';
    bool first = true;
    for (size_t i = 0; i < sorted.size(); ++i) {
        if (i + 1 < sorted.size() && sorted[i + 1]->first == sorted[i]->first)
            continue; // written again later
        if (!first)
            out += ',';
        first = false;
        appendString(out, sorted[i]->first);
        out += ':';
        sorted[i]->second.appendJson(out);
    }
    out += '}';
}

QByteArray Object::toJson() const
{
    QByteArray out;
    out.reserve(256 + qsizetype(m_members.size()) * 32);
    appendJson(out);
    return out;
}

QJsonObject Object::toQJson() const
{
    QJsonObject object;
    for (const Member& member : m_members)
        object[member.first] = member.second.toQJson();
    return object;
}

Array Array::fromStringList(const QStringList& list)
{
    Array array;
    array.m_values.reserve(size_t(list.size()));
    for (const QString& text : list)
        array.m_values.emplace_back(text);
    return array;
}

Array Array::fromQJson(const QJsonArray& array)
{
    Array converted;
    converted.m_values.reserve(size_t(array.size()));
    for (const QJsonValue& value : array)
        converted.m_values.emplace_back(value);
    return converted;
}

void Array::appendJson(QByteArray& out) const
{
    out += '[';
    for (size_t i = 0; i < m_values.size(); ++i) {
        if (i > 0)
            out += ',';
        m_values[i].appendJson(out);
    }
    out += ']';
}

QJsonArray Array::toQJson() const
{
    QJsonArray array;
    for (const Value& value : m_values)
        array.append(value.toQJson());
    return array;
}

} // namespace Ridgeline::RowJson
