#include "engine/base/smallfile.h"
#include "engine/session/sessionfile.h"
#include "engine/session/sessionpaths.h"

#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <simdjson.h>
#include <string>

namespace Ridgeline::SessionFile {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

constexpr double maxLatencyFloorUs = 1e6; // a second: no kernel's fixed cost comes near it

// One read: the first failure is kept (with the key it is about) and ends it.
class SessionReader
{
public:
    SessionReader(const QString& folder, QStringList* warnings)
        : m_folder(folder)
        , m_warnings(warnings)
    { }

    std::optional<Session> read(object root)
    {
        if (!readHeader(root))
            return std::nullopt;
        Session session;
        const std::optional<QString> trace = path(root, "trace", QStringLiteral("trace"));
        if (!trace)
            return std::nullopt;
        if (trace->isEmpty())
            return fail(QStringLiteral("the trace %1 is not there (nor where the session was saved): %2")
                    .arg(m_lastTried.relative, m_lastTried.absolute));
        session.trace = *trace;
        if (!readCaptures(root, &session) || !optionalPath(root, "inductor_cache", QStringLiteral("Inductor cache"), &session.inductorCache)
            || !optionalPath(root, "baseline", QStringLiteral("baseline"), &session.baseline) || !readRange(root, &session)
            || !text(root, "filter", &session.filterText) || !text(root, "selected_kernel", &session.selectedKernel)
            || !readLens(root, &session) || !readUserGpus(root, &session))
            return std::nullopt;
        return session;
    }

    QString error() const { return m_error; }

    std::nullopt_t fail(const QString& reason)
    {
        if (m_error.isEmpty())
            m_error = reason;
        return std::nullopt;
    }

private:
    static QString name(const char* key) { return QStringLiteral("\"%1\"").arg(QLatin1StringView(key)); }

    // The member `key` of `parent`; false (and nothing failed) when absent.
    static bool member(object parent, const char* key, element* value) { return parent.at_key(key).get(*value) == simdjson::SUCCESS; }

    bool readHeader(object root)
    {
        element value;
        std::string_view format;
        if (!member(root, "format", &value))
            return failed(QStringLiteral("no \"format\": not a Ridgeline session"));
        if (value.get_string().get(format) != simdjson::SUCCESS)
            return failed(QStringLiteral("\"format\" is not a string"));
        if (format != "ridgeline-session")
            return failed(QStringLiteral("\"format\" is \"%1\", not \"ridgeline-session\"")
                    .arg(QString::fromUtf8(format.data(), qsizetype(format.size())).left(80)));
        std::int64_t fileVersion = 0;
        if (!member(root, "version", &value))
            return failed(QStringLiteral("no \"version\""));
        if (value.get_int64().get(fileVersion) != simdjson::SUCCESS)
            return failed(QStringLiteral("\"version\" is not an integer"));
        if (fileVersion > version)
            return failed(QStringLiteral("version %1, from a newer Ridgeline (this one reads version %2)").arg(fileVersion).arg(version));
        if (fileVersion != version)
            return failed(
                QStringLiteral("version %1 is not a session version (this Ridgeline reads version %2)").arg(fileVersion).arg(version));
        return true;
    }

    bool failed(const QString& reason)
    {
        fail(reason);
        return false;
    }

    bool string(element value, const QString& key, QString* out)
    {
        std::string_view view;
        if (value.get_string().get(view) != simdjson::SUCCESS)
            return failed(key + QStringLiteral(" is not a string"));
        *out = QString::fromUtf8(view.data(), qsizetype(view.size()));
        if (out->size() > maxTextChars)
            return failed(key + QStringLiteral(" is %1 characters long (at most %2)").arg(out->size()).arg(maxTextChars));
        return true;
    }

    bool text(object parent, const char* key, QString* out)
    {
        element value;
        return !member(parent, key, &value) || string(value, name(key), out);
    }

    // A path object {"relative", "absolute"} resolved: the path, empty when
    // it is in neither place (m_lastTried says where it looked), nullopt
    // when it is malformed. `what` names it in messages; `key` its member.
    std::optional<QString> resolvedPath(element value, const QString& key)
    {
        object stored;
        if (value.get_object().get(stored) != simdjson::SUCCESS)
            return fail(key + QStringLiteral(" is not an object {\"relative\", \"absolute\"}"));
        m_lastTried = {};
        element member;
        if (SessionReader::member(stored, "relative", &member) && !string(member, key + QStringLiteral(".relative"), &m_lastTried.relative))
            return std::nullopt;
        if (SessionReader::member(stored, "absolute", &member) && !string(member, key + QStringLiteral(".absolute"), &m_lastTried.absolute))
            return std::nullopt;
        if (m_lastTried.relative.isEmpty() && m_lastTried.absolute.isEmpty())
            return fail(key + QStringLiteral(" has neither a relative nor an absolute path"));
        return SessionPaths::resolve(m_lastTried, m_folder);
    }

    std::optional<QString> path(object root, const char* key, const QString& what)
    {
        element value;
        if (!member(root, key, &value))
            return fail(QStringLiteral("no %1: a session names the %2 it opens").arg(name(key), what));
        return resolvedPath(value, name(key));
    }

    void missing(const QString& what)
    {
        *m_warnings << QStringLiteral("the %1 %2 is not there (nor where the session was saved): left out")
                           .arg(what, m_lastTried.relative.isEmpty() ? m_lastTried.absolute : m_lastTried.relative);
    }

    bool optionalPath(object root, const char* key, const QString& what, QString* out)
    {
        element value;
        if (!member(root, key, &value))
            return true;
        const std::optional<QString> resolved = resolvedPath(value, name(key));
        if (!resolved)
            return false;
        if (resolved->isEmpty())
            missing(what);
        *out = *resolved;
        return true;
    }

    bool readCaptures(object root, Session* session)
    {
        element value;
        if (!member(root, "captures", &value))
            return true;
        simdjson::dom::array captures;
        if (value.get_array().get(captures) != simdjson::SUCCESS)
            return failed(QStringLiteral("\"captures\" is not an array"));
        if (captures.size() > size_t(maxCaptures))
            return failed(QStringLiteral("\"captures\" holds %1 paths (at most %2)").arg(captures.size()).arg(maxCaptures));
        int index = 0;
        for (element capture : captures) {
            const std::optional<QString> resolved = resolvedPath(capture, QStringLiteral("\"captures\"[%1]").arg(index++));
            if (!resolved)
                return false;
            if (resolved->isEmpty())
                missing(QStringLiteral("capture trace"));
            else
                session->captures << *resolved;
        }
        return true;
    }

    bool number(object parent, const char* key, const QString& where, double* out)
    {
        element value;
        if (!member(parent, key, &value))
            return failed(QStringLiteral("no %1 in %2").arg(name(key), where));
        if (value.get_double().get(*out) != simdjson::SUCCESS || !std::isfinite(*out))
            return failed(where + u'.' + QLatin1StringView(key) + QStringLiteral(" is not a number"));
        return true;
    }

    bool readRange(object root, Session* session)
    {
        element value;
        object range;
        if (!member(root, "range_us", &value))
            return true;
        if (value.get_object().get(range) != simdjson::SUCCESS)
            return failed(QStringLiteral("\"range_us\" is not an object {\"start\", \"end\"}"));
        double start = 0, end = 0;
        const QString where = QStringLiteral("\"range_us\"");
        if (!number(range, "start", where, &start) || !number(range, "end", where, &end))
            return false;
        if (start < 0 || end <= start)
            return failed(QStringLiteral("\"range_us\" %1 to %2 is no range (0 <= start < end)").arg(start).arg(end));
        session->rangeUs = std::pair(start, end);
        return true;
    }

    bool readLens(object root, Session* session)
    {
        element value;
        object lens;
        if (!member(root, "lens", &value))
            return true;
        if (value.get_object().get(lens) != simdjson::SUCCESS)
            return failed(QStringLiteral("\"lens\" is not an object"));
        QString peaks = peakSetKey(session->peaks);
        if (!text(lens, "gpu", &session->gpuChoice) || !text(lens, "peaks", &peaks))
            return false;
        if (peaks != peakSetKey(PeakSet::Datasheet) && peaks != peakSetKey(PeakSet::MaxAchievable))
            return failed(QStringLiteral("\"lens\".\"peaks\" is \"%1\", not datasheet or max_achievable").arg(peaks.left(80)));
        session->peaks = peaks == peakSetKey(PeakSet::Datasheet) ? PeakSet::Datasheet : PeakSet::MaxAchievable;
        if (member(lens, "latency_floor_us", &value) && !value.is_null()) {
            double floor = 0;
            if (!number(lens, "latency_floor_us", QStringLiteral("\"lens\""), &floor))
                return false;
            if (floor <= 0 || floor > maxLatencyFloorUs)
                return failed(QStringLiteral("\"lens\".latency_floor_us %1 is not a latency floor (above 0, at most %2 us)")
                        .arg(floor)
                        .arg(maxLatencyFloorUs));
            session->latencyFloorUs = floor;
        }
        if (member(lens, "cache_roofs", &value) && value.get_bool().get(session->cacheRoofs) != simdjson::SUCCESS)
            return failed(QStringLiteral("\"lens\".cache_roofs is not true or false"));
        return true;
    }

    bool readUserGpus(object root, Session* session)
    {
        element value;
        if (!member(root, "user_gpus", &value))
            return true;
        if (!value.is_object())
            return failed(QStringLiteral("\"user_gpus\" is not an object (a GPU file)"));
        // The GPU file's own reader, with its own limits: what --gpu-file
        // accepts, and nothing it would refuse.
        const std::string text = simdjson::minify(value);
        QString reason;
        std::optional<GpuCatalog> gpus = GpuCatalog::fromJson(QByteArray(text.data(), qsizetype(text.size())), &reason);
        if (!gpus)
            return failed(QStringLiteral("\"user_gpus\": ") + reason);
        session->userGpus = std::move(*gpus);
        return true;
    }

    QString m_folder;
    QStringList* m_warnings;
    QString m_error;
    SessionPaths::StoredPath m_lastTried;
};

} // namespace

std::optional<Session> fromJson(const QByteArray& json, const QString& folder, QString* error, QStringList* warnings)
{
    if (json.size() > maxBytes) {
        *error = QStringLiteral("%1 bytes, more than a session can need (%2)").arg(json.size()).arg(maxBytes);
        return std::nullopt;
    }
    // The library's own depth limit, not the default 1024: a session nests
    // a few levels, and the GPU reader's recursion must stay shallow.
    simdjson::dom::parser parser;
    if (parser.allocate(std::max<size_t>(size_t(json.size()), 64), maxDepth) != simdjson::SUCCESS) {
        *error = QStringLiteral("out of memory");
        return std::nullopt;
    }
    const simdjson::padded_string padded(json.constData(), size_t(json.size()));
    element root;
    const simdjson::error_code parsed = parser.parse(padded).get(root);
    if (parsed == simdjson::DEPTH_ERROR) {
        *error = QStringLiteral("nested deeper than %1 levels: not a session").arg(maxDepth);
        return std::nullopt;
    }
    if (parsed == simdjson::EMPTY) {
        *error = QStringLiteral("an empty file: not a session");
        return std::nullopt;
    }
    if (parsed != simdjson::SUCCESS) {
        // The library's first sentence: its second says only that it is fatal.
        QString message = QString::fromLatin1(simdjson::error_message(parsed));
        if (const qsizetype end = message.indexOf(QStringLiteral("  ")); end > 0)
            message.truncate(end);
        *error = QStringLiteral("not JSON (%1)").arg(message);
        return std::nullopt;
    }
    object top;
    if (root.get_object().get(top) != simdjson::SUCCESS) {
        *error = QStringLiteral("not a JSON object: not a Ridgeline session");
        return std::nullopt;
    }
    SessionReader reader(folder, warnings);
    std::optional<Session> session = reader.read(top);
    if (!session)
        *error = reader.error();
    return session;
}

std::optional<Session> read(const QString& path, QString* error, QStringList* warnings)
{
    QString reason;
    const std::optional<QByteArray> bytes = readSmallFile(path, maxBytes, &reason);
    std::optional<Session> session;
    QStringList lines;
    if (bytes)
        session = fromJson(*bytes, QFileInfo(path).absolutePath(), &reason, &lines);
    if (!session) {
        *error = path + QStringLiteral(": ") + reason;
        return std::nullopt;
    }
    for (const QString& line : lines)
        *warnings << path + QStringLiteral(": ") + line;
    return session;
}

} // namespace Ridgeline::SessionFile
