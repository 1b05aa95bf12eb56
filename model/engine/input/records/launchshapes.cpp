#include "engine/input/records/launchshapes.h"

namespace Ridgeline {

std::uint64_t LaunchShapes::keyOf(std::uint32_t nameId, std::uint64_t geometry)
{
    // The geometry is an FNV-1a hash already: one more round for the name.
    const std::uint64_t key = (geometry ^ std::uint64_t(nameId)) * 1099511628211ull;
    return key == 0 ? 1 : key;
}

void LaunchShapes::note(std::uint32_t nameId, std::uint64_t geometry, const LaunchShape& shape)
{
    if (geometry == 0)
        return;
    const std::uint64_t key = keyOf(nameId, geometry);
    // Launches come in runs of one kernel: most calls end here.
    if (key == m_lastKey)
        return;
    m_lastKey = key;
    if (m_shapes.size() >= maxShapes) {
        if (!m_shapes.contains(key))
            ++m_notKept;
        return;
    }
    m_shapes.try_emplace(key, shape);
}

const LaunchShape* LaunchShapes::find(std::uint32_t nameId, std::uint64_t geometry) const
{
    if (geometry == 0)
        return nullptr;
    const auto found = m_shapes.find(keyOf(nameId, geometry));
    return found == m_shapes.end() ? nullptr : &found->second;
}

} // namespace Ridgeline
