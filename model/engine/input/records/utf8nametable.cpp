#include "engine/input/records/utf8nametable.h"

#include "engine/input/jsontext.h"

#include <QHashSeed>

namespace Ridgeline {
namespace {

constexpr std::uint32_t none = UINT32_MAX;

} // namespace

Utf8NameTable::Utf8NameTable(QStringList* names)
    : m_names(names)
    , m_firstId(std::uint32_t(names->size()))
    , m_seed(QHashSeed::globalSeed()) // per process: a file cannot aim at collisions
{ }

std::string_view Utf8NameTable::bytesOf(size_t index) const
{
    const size_t begin = index == 0 ? 0 : size_t(m_ends[index - 1]);
    return std::string_view(m_bytes).substr(begin, size_t(m_ends[index]) - begin);
}

size_t Utf8NameTable::hashOf(std::string_view utf8) const
{
    return qHash(QByteArrayView(utf8.data(), qsizetype(utf8.size())), m_seed);
}

std::optional<std::uint32_t> Utf8NameTable::find(std::string_view utf8) const
{
    const auto first = m_byHash.constFind(hashOf(utf8));
    if (first == m_byHash.constEnd())
        return std::nullopt;
    for (std::uint32_t index = *first; index != none; index = m_nextWithHash[index]) {
        if (bytesOf(index) == utf8)
            return m_firstId + index;
    }
    return std::nullopt;
}

std::uint32_t Utf8NameTable::intern(std::string_view utf8)
{
    if (const auto found = find(utf8))
        return *found;
    // A new name: hashed a second time, once per distinct name.
    const auto index = std::uint32_t(m_ends.size());
    m_bytes.append(utf8);
    m_ends.push_back(m_bytes.size());
    const size_t hash = hashOf(utf8);
    const auto first = m_byHash.find(hash);
    if (first == m_byHash.end()) {
        m_nextWithHash.push_back(none);
        m_byHash.insert(hash, index);
    } else {
        m_nextWithHash.push_back(*first); // the newest first: chains stay as they were
        *first = index;
    }
    m_names->append(toQString(utf8));
    return m_firstId + index;
}

} // namespace Ridgeline
