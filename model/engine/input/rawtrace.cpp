#include "engine/input/rawtrace.h"

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

} // namespace Ridgeline
