// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// Interned node labels shared by the replay trace and every capture trace,
// so that graph sequences from different files compare as integers.
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace Ridgeline {

class GraphNodeLabels
{
public:
    GraphNodeLabels();

    std::uint32_t intern(const QString& label);
    const QString& text(std::uint32_t id) const { return m_texts[int(id)]; }

    static constexpr std::uint32_t memcpy = 0;
    static constexpr std::uint32_t memset = 1;

private:
    QHash<QString, std::uint32_t> m_ids;
    QStringList m_texts;
};

} // namespace Ridgeline
