// Stage input/: a trace file read into a RawTrace (records/: the compact records it keeps).
// Distinct names, met as UTF-8 in the trace, kept as the QStrings the
// analysis shows, each with an id in the order first seen. Finding a name
// costs a hash of its bytes and a comparison with one kept copy, and no
// allocation. The bytes live side by side in one buffer, the ids in a hash
// table without a block per entry: a std::string key per name cost a
// million-name trace 130 MB in small blocks, interleaved with its QStrings,
// whose pages stayed resident after the reader freed them.
#pragma once

#include <QHash>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Ridgeline {

class Utf8NameTable
{
public:
    // Appends each new name's QString to `names` (which may hold others
    // before: ids count from its size then).
    explicit Utf8NameTable(QStringList* names);

    std::optional<std::uint32_t> find(std::string_view utf8) const;
    // The name's id, added when new.
    std::uint32_t intern(std::string_view utf8);
    size_t size() const { return m_ends.size(); }

private:
    std::string_view bytesOf(size_t index) const;
    size_t hashOf(std::string_view utf8) const;

    QStringList* m_names;
    std::uint32_t m_firstId;
    size_t m_seed;
    std::string m_bytes; // every name's UTF-8, end to end
    std::vector<std::uint64_t> m_ends; // where each name's bytes end in m_bytes
    QHash<size_t, std::uint32_t> m_byHash; // a byte hash -> the first name (index) with it
    std::vector<std::uint32_t> m_nextWithHash; // per name: the next with its hash, or none
};

} // namespace Ridgeline
