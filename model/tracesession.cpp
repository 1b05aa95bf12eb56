#include "tracesession.h"

#include <QFileInfo>

namespace Ridgeline {
namespace {

QString fileName(const QString& path)
{
    return QFileInfo(path).fileName();
}

} // namespace

TraceSession::Start TraceSession::open(const QString& trace)
{
    QString note;
    if (!m_cache.isEmpty() && !m_cacheTrace.isEmpty() && m_cacheTrace != trace) {
        note = QStringLiteral("Inductor cache %1 detached: it was attached to %2")
                   .arg(fileName(m_cache), fileName(m_cacheTrace));
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
    return startFor(trace, note);
}

TraceSession::Start TraceSession::open(const QString& trace, const QString& inductorCache)
{
    m_cache = inductorCache;
    m_cacheTrace.clear();
    return startFor(trace);
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
    for (qsizetype i = 0; i + 1 < m_remembered.size(); i += 2) {
        if (m_remembered[i] == trace) {
            m_remembered.remove(i, 2);
            return;
        }
    }
}

} // namespace Ridgeline
