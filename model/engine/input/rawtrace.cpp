#include "engine/input/rawtrace.h"

#include <algorithm>

namespace Ridgeline {

std::uint64_t kernelGeometry(const std::int64_t grid[3], const std::int64_t block[3])
{
    std::uint64_t hash = 1469598103934665603ull;
    for (int i = 0; i < 3; ++i) {
        hash = (hash ^ std::uint64_t(grid[i])) * 1099511628211ull;
        hash = (hash ^ std::uint64_t(block[i])) * 1099511628211ull;
    }
    return hash == 0 ? 1 : hash; // 0 means "not recorded"
}

std::optional<std::uint32_t> RawTrace::flowEndThread(std::int64_t id) const
{
    if (m_flowEndsIndexed) {
        const auto at = std::lower_bound(flowEnds.begin(), flowEnds.end(), id, [](const FlowEnd& f, std::int64_t wanted) { return f.id < wanted; });
        if (at != flowEnds.end() && at->id == id)
            return at->thread;
        return std::nullopt;
    }
    for (auto it = flowEnds.rbegin(); it != flowEnds.rend(); ++it) {
        if (it->id == id)
            return it->thread;
    }
    return std::nullopt;
}

void RawTrace::indexFlowEnds()
{
    // Stable: of equal ids the last in file order stays last, and is kept.
    std::stable_sort(flowEnds.begin(), flowEnds.end(), [](const FlowEnd& a, const FlowEnd& b) { return a.id < b.id; });
    std::deque<FlowEnd> unique;
    for (size_t i = 0; i < flowEnds.size(); ++i) {
        if (i + 1 == flowEnds.size() || flowEnds[i + 1].id != flowEnds[i].id)
            unique.push_back(flowEnds[i]);
    }
    flowEnds = std::move(unique);
    m_flowEndsIndexed = true;
}

} // namespace Ridgeline
