#include "tracesession.h"

#include <QFileInfo>

namespace Ridgeline {
namespace {

QString fileName(const QString& path)
{
    return QFileInfo(path).fileName();
}

// Drops the pair of `trace` from a trace, value, trace, value... list.
void removePair(QStringList& pairs, const QString& trace)
{
    for (qsizetype i = 0; i + 1 < pairs.size(); i += 2) {
        if (pairs[i] == trace) {
            pairs.remove(i, 2);
            return;
        }
    }
}

QString joinNotes(const QString& a, const QString& b)
{
    return a.isEmpty() ? b : b.isEmpty() ? a : a + QStringLiteral("; ") + b;
}

} // namespace

TraceSession::Start TraceSession::open(const QString& trace)
{
    QString note;
    if (!m_cache.isEmpty() && !m_cacheTrace.isEmpty() && m_cacheTrace != trace) {
        note = QStringLiteral("Inductor cache %1 detached: it was attached to %2").arg(fileName(m_cache), fileName(m_cacheTrace));
        m_cache.clear();
        m_cacheTrace.clear();
    }
    if (m_cache.isEmpty()) {
        m_cache = rememberedCacheFor(trace);
        if (!m_cache.isEmpty())
            note = QStringLiteral("the Inductor cache %1 was attached to this trace before (File ▸ Detach Inductor "
                                  "Cache to read it without)")
                       .arg(fileName(m_cache));
    }
    note = joinNotes(note, settleCaptures(trace));
    return startFor(trace, note);
}

TraceSession::Start TraceSession::open(const QString& trace, const QString& inductorCache, const QStringList& captures)
{
    m_cache = inductorCache;
    m_cacheTrace.clear();
    m_captures = captures;
    m_capturesTrace.clear();
    settleCaptures(trace);
    return startFor(trace);
}

QString TraceSession::settleCaptures(const QString& trace)
{
    QString note;
    if (!m_captures.isEmpty() && !m_capturesTrace.isEmpty() && m_capturesTrace != trace) {
        note = QStringLiteral("capture traces detached: they were attached to %1").arg(fileName(m_capturesTrace));
        m_captures.clear();
    }
    if (m_captures.isEmpty()) {
        for (qsizetype i = 0; i + 1 < m_rememberedCaptures.size(); i += 2) {
            if (m_rememberedCaptures[i] != trace)
                continue;
            for (const QString& capture : m_rememberedCaptures[i + 1].split(u'\n', Qt::SkipEmptyParts)) {
                if (QFileInfo::exists(capture))
                    m_captures << capture;
            }
            if (!m_captures.isEmpty())
                note = QStringLiteral("the capture traces attached to this trace before came back (File ▸ Detach Capture "
                                      "Traces to read it without)");
            break;
        }
    }
    m_capturesTrace = m_captures.isEmpty() ? QString() : trace;
    rememberCaptures(trace);
    return note;
}

void TraceSession::rememberCaptures(const QString& trace)
{
    if (m_captures.isEmpty())
        return;
    removePair(m_rememberedCaptures, trace);
    m_rememberedCaptures.prepend(m_captures.join(u'\n'));
    m_rememberedCaptures.prepend(trace);
    if (m_rememberedCaptures.size() > 2 * maxRememberedTraces)
        m_rememberedCaptures.resize(2 * maxRememberedTraces);
}

std::optional<TraceSession::Start> TraceSession::attachCapture(const QString& capture, const QString& openTrace)
{
    if (!m_capturesTrace.isEmpty() && m_capturesTrace != openTrace)
        m_captures.clear();
    if (!m_captures.contains(capture))
        m_captures << capture;
    if (openTrace.isEmpty()) {
        m_capturesTrace.clear();
        return std::nullopt;
    }
    m_capturesTrace = openTrace;
    rememberCaptures(openTrace);
    return startOf(openTrace);
}

std::optional<TraceSession::Start> TraceSession::detachCaptures(const QString& openTrace)
{
    removePair(m_rememberedCaptures, m_capturesTrace.isEmpty() ? openTrace : m_capturesTrace);
    m_captures.clear();
    m_capturesTrace.clear();
    if (openTrace.isEmpty())
        return std::nullopt;
    return startOf(openTrace);
}

void TraceSession::setRememberedCaptures(const QStringList& pairs)
{
    m_rememberedCaptures = pairs.size() % 2 == 0 ? pairs.mid(0, 2 * maxRememberedTraces) : QStringList();
}

std::optional<TraceSession::Start> TraceSession::attach(const QString& cache, const QString& openTrace)
{
    m_cache = cache;
    m_cacheTrace.clear();
    if (openTrace.isEmpty())
        return std::nullopt;
    return startFor(openTrace);
}

std::optional<TraceSession::Start> TraceSession::detach(const QString& openTrace)
{
    forget(m_cacheTrace);
    m_cache.clear();
    m_cacheTrace.clear();
    if (openTrace.isEmpty())
        return std::nullopt;
    return startFor(openTrace);
}

std::optional<TraceSession::Start> TraceSession::reload(const QString& openTrace) const
{
    if (openTrace.isEmpty())
        return std::nullopt;
    return startOf(openTrace);
}

TraceSession::Start TraceSession::startOf(const QString& trace) const
{
    Start start;
    start.trace = trace;
    start.options.inductorCache = m_cache;
    start.options.searchDefaultInductorCache = m_searchDefaults;
    start.options.captureTraces = m_captures;
    return start;
}

TraceSession::Start TraceSession::startFor(const QString& trace, QString note)
{
    if (!m_cache.isEmpty()) {
        m_cacheTrace = trace;
        forget(trace);
        m_remembered.prepend(m_cache);
        m_remembered.prepend(trace);
        if (m_remembered.size() > 2 * maxRememberedTraces)
            m_remembered.resize(2 * maxRememberedTraces);
    }
    Start start = startOf(trace);
    start.note = std::move(note);
    return start;
}

void TraceSession::setRememberedCaches(const QStringList& pairs)
{
    // Pairs or nothing: a list written by something else starts afresh.
    m_remembered = pairs.size() % 2 == 0 ? pairs.mid(0, 2 * maxRememberedTraces) : QStringList();
}

QString TraceSession::rememberedCacheFor(const QString& trace) const
{
    for (qsizetype i = 0; i + 1 < m_remembered.size(); i += 2) {
        if (m_remembered[i] == trace)
            return QFileInfo::exists(m_remembered[i + 1]) ? m_remembered[i + 1] : QString();
    }
    return {};
}

void TraceSession::forget(const QString& trace)
{
    removePair(m_remembered, trace);
}

} // namespace Ridgeline
