// Stage export/: an analysis (or a comparison) as JSON, CSV or Markdown.
// Writes one JSON document to a device as it goes, so an export of a
// million rows never holds them all: the containers' brackets, keys and
// commas are written here; a value is serialized by Qt's own JSON classes,
// and a row arrives already written by RowJson (rowjson.h), which writes
// what QJsonDocument would, so that the whole parses with it.
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringView>
#include <vector>

class QIODevice;

namespace Ridgeline {

class JsonStreamWriter final
{
public:
    explicit JsonStreamWriter(QIODevice* device);

    // A container as the next value: at the top, as an array element, or
    // after writeKey.
    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    // Inside an object: the member's name; its value comes next.
    void writeKey(QStringView key);
    // The next value (an array element, a member's value after writeKey, or the document).
    void writeValue(const QJsonValue& value);
    void writeObject(const QJsonObject& object) { writeValue(QJsonValue(object)); }
    // The next value, already written as compactJson or RowJson gives it
    // (rendered on other threads: base/orderedrender.h).
    void writeValueJson(const QByteArray& json);
    static QByteArray compactJson(const QJsonObject& object);
    // writeKey + writeValue.
    void writeMember(QStringView key, const QJsonValue& value);

    // False once a write to the device failed (a full disk): the caller's
    // commit then fails too, so one check at the end is enough.
    bool ok() const { return m_ok; }
    // Every container closed.
    bool complete() const { return m_open.empty() && m_wroteRoot; }

private:
    void beforeValue();
    void write(const QByteArray& bytes);

    struct Level
    {
        bool isObject = false;
        bool empty = true;
        bool keyPending = false; // a key was written, its value not yet
    };
    QIODevice* m_device;
    std::vector<Level> m_open;
    bool m_wroteRoot = false;
    bool m_ok = true;
};

} // namespace Ridgeline
