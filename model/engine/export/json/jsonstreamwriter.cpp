#include "engine/export/json/jsonstreamwriter.h"

#include <QIODevice>
#include <QJsonDocument>

namespace Ridgeline {
namespace {

// Qt serializes only documents (an object or an array): a scalar or a
// string goes into a one-element array whose brackets are cut off, so its
// text is still exactly what QJsonDocument writes.
QByteArray scalarJson(const QJsonValue& value)
{
    const QByteArray wrapped = QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2);
}

QByteArray valueJson(const QJsonValue& value)
{
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    return scalarJson(value);
}

} // namespace

JsonStreamWriter::JsonStreamWriter(QIODevice* device)
    : m_device(device)
{ }

void JsonStreamWriter::write(const QByteArray& bytes)
{
    if (m_ok && m_device->write(bytes) != bytes.size())
        m_ok = false;
}

// One element or member per line: still one document, and a reader of
// lines (grep, head) sees one row per line.
void JsonStreamWriter::beforeValue()
{
    if (m_open.empty()) {
        Q_ASSERT(!m_wroteRoot);
        m_wroteRoot = true;
        return;
    }
    Level& level = m_open.back();
    if (level.isObject) {
        Q_ASSERT(level.keyPending); // a member's value needs its key first
        level.keyPending = false;
        return;
    }
    write(level.empty ? QByteArrayLiteral("\n") : QByteArrayLiteral(",\n"));
    level.empty = false;
}

void JsonStreamWriter::beginObject()
{
    beforeValue();
    write(QByteArrayLiteral("{"));
    m_open.push_back({ true, true, false });
}

void JsonStreamWriter::beginArray()
{
    beforeValue();
    write(QByteArrayLiteral("["));
    m_open.push_back({ false, true, false });
}

void JsonStreamWriter::endObject()
{
    Q_ASSERT(!m_open.empty() && m_open.back().isObject && !m_open.back().keyPending);
    write(m_open.back().empty ? QByteArrayLiteral("}") : QByteArrayLiteral("\n}"));
    m_open.pop_back();
}

void JsonStreamWriter::endArray()
{
    Q_ASSERT(!m_open.empty() && !m_open.back().isObject);
    write(m_open.back().empty ? QByteArrayLiteral("]") : QByteArrayLiteral("\n]"));
    m_open.pop_back();
}

void JsonStreamWriter::writeKey(QStringView key)
{
    Q_ASSERT(!m_open.empty() && m_open.back().isObject && !m_open.back().keyPending);
    Level& level = m_open.back();
    write(level.empty ? QByteArrayLiteral("\n") : QByteArrayLiteral(",\n"));
    level.empty = false;
    level.keyPending = true;
    write(scalarJson(QJsonValue(key.toString())) + ':');
}

void JsonStreamWriter::writeValue(const QJsonValue& value)
{
    beforeValue();
    write(valueJson(value));
}

void JsonStreamWriter::writeValueJson(const QByteArray& json)
{
    beforeValue();
    write(json);
}

QByteArray JsonStreamWriter::compactJson(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

void JsonStreamWriter::writeMember(QStringView key, const QJsonValue& value)
{
    writeKey(key);
    writeValue(value);
}

} // namespace Ridgeline
