// Stage input/: a trace file read into a RawTrace (records/: the compact records it keeps).
// What a GPU kernel event says of its launch beyond its time: grid and block,
// and on NVIDIA the figures CUPTI adds (registers per thread, shared memory,
// blocks per SM, est. achieved occupancy %). Kept once per distinct kernel
// name and shape, not per event: a trace repeats a few hundred launches
// millions of times, and the 24-byte event keeps only the shape's hash.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace Ridgeline {

struct LaunchShape
{
    std::int64_t grid[3] = {};
    std::int64_t block[3] = {};
    std::optional<std::int64_t> registersPerThread;
    std::optional<std::int64_t> sharedMemory; // bytes, as CUPTI writes "shared memory"
    std::optional<double> blocksPerSm;
    std::optional<double> estAchievedOccupancyPercent;
};

class LaunchShapes
{
public:
    // Distinct (kernel name, shape) pairs kept; a real trace has a few
    // thousand. Past it a launch's shape reads as not recorded.
    static constexpr size_t maxShapes = 1 << 16;

    // The first shape of this kernel name and geometry (kernelGeometry) is
    // kept; later ones of the same pair are the same launch.
    void note(std::uint32_t nameId, std::uint64_t geometry, const LaunchShape& shape);
    const LaunchShape* find(std::uint32_t nameId, std::uint64_t geometry) const;
    size_t size() const { return m_shapes.size(); }
    std::int64_t notKept() const { return m_notKept; }

private:
    static std::uint64_t keyOf(std::uint32_t nameId, std::uint64_t geometry);

    std::unordered_map<std::uint64_t, LaunchShape> m_shapes;
    std::uint64_t m_lastKey = 0;
    std::int64_t m_notKept = 0;
};

} // namespace Ridgeline
