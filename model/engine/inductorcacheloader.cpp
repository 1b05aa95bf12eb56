#include "inductorcacheloader.h"

#include "inductorcachereader.h"

namespace Ridgeline {

InductorCacheLoader::InductorCacheLoader(
    const QString& explicitPath, bool searchDefaults, const CacheEnvironment& environment)
    : m_location(InductorCacheLocator::locate(explicitPath, searchDefaults, environment))
{
    if (m_location.path.isEmpty()) {
        m_unavailable = searchDefaults ? QStringLiteral("no Inductor cache given or found (looked in %1)")
                                             .arg(m_location.searched.join(QStringLiteral(", ")))
                                       : QStringLiteral("no Inductor cache given");
        return;
    }
    QString error;
    m_reader = InductorCacheReader::open(m_location.path, &error);
    if (!m_reader) {
        const QString line = QStringLiteral("Inductor cache %1: %2").arg(m_location.path, error);
        m_warnings << line;
        m_unavailable = QStringLiteral("the Inductor cache could not be read (%1: %2)").arg(m_location.path, error);
        return;
    }
    m_kindName = m_reader->kindName();
}

InductorCacheLoader::~InductorCacheLoader() = default;

qint64 InductorCacheLoader::totalBytes() const
{
    qint64 total = 0;
    if (m_reader) {
        for (const auto& member : m_reader->members())
            total += member.size;
    }
    return total;
}

bool InductorCacheLoader::load(const QSet<QString>& keepOnly, const JobControl& control)
{
    if (!m_reader)
        return true;
    auto index = std::make_shared<InductorCacheIndex>(
        QStringLiteral("%1 (%2)").arg(m_location.path, m_reader->kindName()), keepOnly);
    if (index->addAll(*m_reader, control) == InductorCacheIndex::BuildStatus::Cancelled)
        return false;
    m_warnings << index->warnings();
    if (index->wrapperFileCount() == 0 && index->warnings().isEmpty())
        m_warnings << QStringLiteral(
            "Inductor cache %1 (%2): no wrapper file in it (no .py file with async_compile.triton kernel blocks)")
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
