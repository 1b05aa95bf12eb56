#include "engine/inductorcache/inductorcacheloader.h"

#include "engine/inductorcache/inductorcachereader.h"
#include "engine/inductorcache/tlparselog.h"

#include <QFileInfo>

namespace Ridgeline {

InductorCacheLoader::InductorCacheLoader(const QString& explicitPath, bool searchDefaults, const CacheEnvironment& environment)
    : m_location(InductorCacheLocator::locate(explicitPath, searchDefaults, environment))
{
    if (m_location.path.isEmpty()) {
        m_unavailable = searchDefaults
            ? QStringLiteral("no Inductor cache given or found (looked in %1)").arg(m_location.searched.join(QStringLiteral(", ")))
            : QStringLiteral("no Inductor cache given");
        return;
    }
    // A directory is listed now: its .py files are the work. An archive is
    // only measured: listing a compressed tar means reading all of it, which
    // load() does with progress and a stop.
    const QFileInfo info(m_location.path);
    if (info.isDir()) {
        open({});
    } else {
        m_openInLoad = true;
        m_archiveBytes = info.size();
    }
}

InductorCacheLoader::~InductorCacheLoader() = default;

bool InductorCacheLoader::open(const JobControl& control)
{
    QString error;
    m_reader = InductorCacheReader::open(m_location.path, &error, control);
    if (control.stopRequested())
        return false;
    if (!m_reader) {
        m_warnings << QStringLiteral("Inductor cache %1: %2").arg(m_location.path, error);
        m_unavailable = QStringLiteral("the Inductor cache could not be read (%1: %2)").arg(m_location.path, error);
        return true;
    }
    m_kindName = m_reader->kindName();
    if (m_reader->kind() == InductorCacheReader::Kind::SingleFile && TlparseLog::isLogFile(m_location.path))
        m_kindName = QStringLiteral("TORCH_TRACE log");
    return true;
}

qint64 InductorCacheLoader::totalBytes() const
{
    if (m_openInLoad)
        return 2 * m_archiveBytes;
    qint64 total = 0;
    if (m_reader) {
        for (const auto& member : m_reader->members())
            total += member.size;
    }
    return total;
}

bool InductorCacheLoader::load(const QSet<QString>& keepOnly, const JobControl& control)
{
    // An archive: its listing is the first half of the progress, its
    // members (whatever their unpacked size) the second.
    const qint64 half = m_archiveBytes;
    JobControl indexing = control;
    if (m_openInLoad) {
        JobControl listing;
        listing.stop = control.stop;
        listing.progress = [&](qint64 done, qint64) { control.report(std::min(done, half), 2 * half); };
        if (!open(listing))
            return false;
        indexing.progress = [&](qint64 done, qint64 total) {
            control.report(half + (total > 0 ? qint64(double(half) * double(done) / double(total)) : half), 2 * half);
        };
    }
    if (!m_reader) {
        control.report(totalBytes(), totalBytes());
        return true;
    }
    auto index = std::make_shared<InductorCacheIndex>(QStringLiteral("%1 (%2)").arg(m_location.path, m_kindName), keepOnly);
    if (index->addAll(*m_reader, indexing) == InductorCacheIndex::BuildStatus::Cancelled)
        return false;
    m_warnings << index->warnings();
    if (index->wrapperFileCount() == 0 && index->kernelFileCount() == 0 && index->warnings().isEmpty())
        m_warnings << QStringLiteral("Inductor cache %1 (%2): no wrapper file in it (no .py file with async_compile.triton kernel blocks)")
                          .arg(m_location.path, m_kindName);
    m_index = std::move(index);
    m_reader.reset(); // the index holds what is needed; close the files now
    return true;
}

QStringList InductorCacheLoader::warnings() const
{
    return m_warnings;
}

} // namespace Ridgeline
