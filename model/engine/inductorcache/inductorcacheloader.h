// Stage inductorcache/: the Inductor cache found, opened, parsed and indexed.
// The Inductor cache's part of one analysis: finds the cache and measures it
// before the trace is read (so its size joins the progress total), then
// opens and indexes it on the same worker thread, with progress and a stop.
// A cache that cannot be read costs the V1 model, never the analysis: it
// becomes a warning and a reason.
#pragma once

#include "engine/inductorcache/inductorcacheindex.h"
#include "engine/inductorcache/inductorcachelocator.h"

#include <memory>

namespace Ridgeline {

class InductorCacheReader;

class InductorCacheLoader
{
public:
    InductorCacheLoader(const QString& explicitPath, bool searchDefaults, const CacheEnvironment& environment);
    ~InductorCacheLoader();

    const CacheLocation& location() const { return m_location; }
    const QString& kindName() const { return m_kindName; } // "directory", "zip archive", ...
    // The work load() will report, in bytes: a directory's .py files; an
    // archive's file twice (listing it, then reading its members); 0 without
    // a cache.
    qint64 totalBytes() const;

    // Opens an archive, then indexes the cache, keeping only blocks of
    // `keepOnly`'s names. Returns false when stopped through `control`.
    bool load(const QSet<QString>& keepOnly, const JobControl& control);

    // Null when there is no readable cache; unavailableReason() says why.
    std::shared_ptr<const InductorCacheIndex> index() const { return m_index; }
    const QString& unavailableReason() const { return m_unavailable; }
    // Each names the file: the archive that cannot be read, malformed files and blocks.
    QStringList warnings() const;

private:
    // False when stopped; otherwise m_reader, or the problem as a warning.
    bool open(const JobControl& control);

    CacheLocation m_location;
    bool m_openInLoad = false; // an archive (or a path that names nothing yet)
    qint64 m_archiveBytes = 0;
    std::unique_ptr<InductorCacheReader> m_reader;
    std::shared_ptr<InductorCacheIndex> m_index;
    QString m_unavailable;
    QString m_kindName;
    QStringList m_warnings;
};

} // namespace Ridgeline
