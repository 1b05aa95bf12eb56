// Which Inductor cache the user attached to which trace, kept in the
// settings: reopening a trace (Open Recent, a drop, the command line) brings
// its cache back, and with it the V1 figures.
#pragma once

#include <QString>
#include <QStringList>

namespace Ridgeline {

class AttachedCaches
{
public:
    AttachedCaches(); // reads the settings

    // Empty when none was attached, or it is gone from disk.
    QString cacheFor(const QString& trace) const;
    void remember(const QString& trace, const QString& cache);
    void forget(const QString& trace);
    // Kept in memory until then, as the recent files are.
    void save() const;

private:
    QStringList m_pairs; // trace, cache, trace, cache ... newest first
};

} // namespace Ridgeline
