#include "attachedcaches.h"

#include "settingskeys.h"

#include <QFileInfo>
#include <QSettings>

namespace Ridgeline {
namespace {

constexpr qsizetype maxTraces = 50;

} // namespace

AttachedCaches::AttachedCaches()
    : m_pairs(QSettings().value(SettingsKeys::attachedCaches()).toStringList())
{
    if (m_pairs.size() % 2 != 0)
        m_pairs.clear(); // written by something else: start afresh
}

QString AttachedCaches::cacheFor(const QString& trace) const
{
    for (qsizetype i = 0; i + 1 < m_pairs.size(); i += 2) {
        if (m_pairs[i] == trace)
            return QFileInfo::exists(m_pairs[i + 1]) ? m_pairs[i + 1] : QString();
    }
    return {};
}

void AttachedCaches::remember(const QString& trace, const QString& cache)
{
    forget(trace);
    m_pairs.prepend(cache);
    m_pairs.prepend(trace);
    if (m_pairs.size() > 2 * maxTraces)
        m_pairs.resize(2 * maxTraces);
}

void AttachedCaches::forget(const QString& trace)
{
    for (qsizetype i = 0; i + 1 < m_pairs.size(); i += 2) {
        if (m_pairs[i] == trace) {
            m_pairs.remove(i, 2);
            return;
        }
    }
}

void AttachedCaches::save() const
{
    QSettings().setValue(SettingsKeys::attachedCaches(), m_pairs);
}

} // namespace Ridgeline
