#include "engine/graphs/graphnodelabels.h"

namespace Ridgeline {

GraphNodeLabels::GraphNodeLabels()
{
    // Angle brackets: no kernel is named like this.
    intern(QStringLiteral("<memcpy>"));
    intern(QStringLiteral("<memset>"));
    intern(QStringLiteral("<unnamed launch>"));
}

std::uint32_t GraphNodeLabels::intern(const QString& label)
{
    const auto found = m_ids.constFind(label);
    if (found != m_ids.constEnd())
        return found.value();
    const auto id = std::uint32_t(m_texts.size());
    m_ids.insert(label, id);
    m_texts.append(label);
    return id;
}

void GraphNodeLabels::markTriton(std::uint32_t id)
{
    if (id >= m_triton.size())
        m_triton.resize(size_t(id) + 1, false);
    m_triton[id] = true;
}

} // namespace Ridgeline
