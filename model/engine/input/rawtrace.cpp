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

namespace {

bool byIdThenThread(const FlowEnd& a, const FlowEnd& b)
{
    return a.id != b.id ? a.id < b.id : a.thread < b.thread;
}

} // namespace

bool RawTrace::hasFlowEnd(std::int64_t id) const
{
    if (m_flowEndsIndexed)
        return std::binary_search(flowEnds.begin(), flowEnds.end(), FlowEnd { id, 0 },
                                  [](const FlowEnd& a, const FlowEnd& b) { return a.id < b.id; });
    return std::any_of(flowEnds.begin(), flowEnds.end(), [id](const FlowEnd& f) { return f.id == id; });
}

bool RawTrace::flowEndsOn(std::int64_t id, std::uint32_t thread) const
{
    if (m_flowEndsIndexed)
        return std::binary_search(flowEnds.begin(), flowEnds.end(), FlowEnd { id, thread }, byIdThenThread);
    return std::any_of(flowEnds.begin(), flowEnds.end(), [id, thread](const FlowEnd& f) { return f.id == id && f.thread == thread; });
}

void RawTrace::indexFlowEnds()
{
    std::sort(flowEnds.begin(), flowEnds.end(), byIdThenThread); // in place: no second copy of millions
    m_flowEndsIndexed = true;
}

} // namespace Ridgeline
