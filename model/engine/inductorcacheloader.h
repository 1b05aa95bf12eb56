// The Inductor cache's part of one analysis: finds the cache and opens it
// before the trace is read (so its size joins the progress total), then
// indexes it on the same worker thread. A cache that cannot be read costs
// the V1 model, never the analysis: it becomes a warning and a reason.
#pragma once

#include "inductorcacheindex.h"
#include "inductorcachelocator.h"

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
    // Bytes of the files to index; 0 without a readable cache.
    qint64 totalBytes() const;

    // Indexes the cache, keeping only blocks of `keepOnly`'s names. Returns
    // false when stopped through `control`.
    bool load(const QSet<QString>& keepOnly, const JobControl& control);

    // Null when there is no readable cache; unavailableReason() says why.
    std::shared_ptr<const InductorCacheIndex> index() const { return m_index; }
    const QString& unavailableReason() const { return m_unavailable; }
    // Each names the file: the archive that cannot be read, malformed files and blocks.
    QStringList warnings() const;

private:
    CacheLocation m_location;
    std::unique_ptr<InductorCacheReader> m_reader;
    std::shared_ptr<InductorCacheIndex> m_index;
    QString m_unavailable;
    QString m_kindName;
    QStringList m_warnings;
};

} // namespace Ridgeline
