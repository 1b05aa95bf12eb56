// Stage input/: a trace file read into a RawTrace (records/: the compact records it keeps).
// The GPU events of a trace (kernels, memcpy, memset), kept in 24 bytes
// each: a trace of 20 million kernel events must fit in a few hundred MB.
// Times are integer nanoseconds (the profiler's resolution), names and
// grid/block shapes and copy sizes interned, the stream an index; the rare value that does
// not fit (a key past 2^32, a kernel longer than 4.29 s) sits in a side
// table. Reading an event gives back the same doubles the file's text gave
// (for timestamps written to the nanosecond), so every figure computed from
// them is what it was with the plain records.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <iterator>
#include <unordered_map>
#include <vector>

namespace Ridgeline {

enum class GpuEventKind : std::uint8_t
{
    Kernel,
    Memcpy,
    Memset
};

// One GPU event as the analysis reads it: a value, decoded on access.
struct GpuEventRecord
{
    double ts = 0;
    double dur = 0;
    std::int64_t key = -1; // correlation, else External id
    std::uint64_t geometry = 0; // a kernel's grid and block (kernelGeometry), 0: not recorded
    std::uint64_t copyBytes = 0; // a memcpy's or memset's `bytes` arg, 0: not recorded
    std::uint32_t thread = 0; // interned (pid, tid) of its stream
    std::uint32_t nameId = 0; // into RawTrace::gpuEventNames
    GpuEventKind kind = GpuEventKind::Kernel;
};

class GpuEventList
{
public:
    // Streams past this many share one index (and the last one's thread):
    // only a hostile file has so many.
    static constexpr std::uint32_t maxStreams = 4095;
    // Distinct grid/block shapes and copy sizes kept; the rest read as not recorded.
    static constexpr std::uint32_t maxGeometries = (1u << 20) - 1;
    // Timestamps this far from zero (in us) do not fit in int64 nanoseconds.
    static constexpr double maxAbsoluteTsUs = 9.0e15;

    GpuEventList() = default;
    GpuEventList(std::initializer_list<GpuEventRecord> events);
    GpuEventList& operator=(std::initializer_list<GpuEventRecord> events);

    // `event.ts` must lie within maxAbsoluteTsUs and `event.dur` be >= 0.
    void push_back(const GpuEventRecord& event);
    GpuEventRecord operator[](size_t index) const;
    size_t size() const { return m_events.size(); }
    bool empty() const { return m_events.empty(); }

    // Fast paths for the hot loops that need one field.
    std::int64_t key(size_t index) const;
    double ts(size_t index) const;
    GpuEventKind kind(size_t index) const { return GpuEventKind((m_events[index].packed >> 36) & 0x3); }
    std::uint32_t nameId(size_t index) const { return std::uint32_t(m_events[index].packed & 0xFFFFFFu); }

    // Events whose grid/block was dropped because maxGeometries were taken.
    std::int64_t geometriesNotKept() const { return m_geometriesNotKept; }
    // Events on streams past maxStreams (they share the last stream's thread).
    std::int64_t eventsOnOverflowStreams() const { return m_overflowStreamEvents; }

    class const_iterator
    {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = GpuEventRecord;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = GpuEventRecord;

        const_iterator(const GpuEventList* list, size_t index)
            : m_list(list)
            , m_index(index)
        { }
        GpuEventRecord operator*() const { return (*m_list)[m_index]; }
        const_iterator& operator++()
        {
            ++m_index;
            return *this;
        }
        bool operator==(const const_iterator& other) const { return m_index == other.m_index; }
        bool operator!=(const const_iterator& other) const { return m_index != other.m_index; }

    private:
        const GpuEventList* m_list;
        size_t m_index;
    };
    const_iterator begin() const { return { this, 0 }; }
    const_iterator end() const { return { this, size() }; }

private:
    // 24 bytes. packed: nameId (24 bits) | stream (12) | kind (2) | geometry id (20) | spare (6).
    // The geometry id of a memcpy or memset (which has no grid) is its bytes' id.
    struct Compact
    {
        std::int64_t startNs;
        std::uint32_t durationNs; // durationOverflow: see m_longDurations
        std::uint32_t key; // keyNone, keyOverflow: see m_wideKeys
        std::uint64_t packed;
    };
    static_assert(sizeof(Compact) == 24);
    static constexpr std::uint32_t keyNone = 0xFFFFFFFFu;
    static constexpr std::uint32_t keyOverflow = 0xFFFFFFFEu;
    static constexpr std::uint32_t durationOverflow = 0xFFFFFFFFu;

    std::uint32_t streamIndex(std::uint32_t thread);
    std::uint32_t geometryId(std::uint64_t geometry);

    std::deque<Compact> m_events; // grows by blocks: no doubling copy of millions
    std::vector<std::uint32_t> m_streamThreads;
    std::unordered_map<std::uint32_t, std::uint32_t> m_streamOfThread;
    std::uint32_t m_lastThread = 0xFFFFFFFFu;
    std::uint32_t m_lastStream = 0;
    std::vector<std::uint64_t> m_geometries { 0 }; // id 0: not recorded
    std::unordered_map<std::uint64_t, std::uint32_t> m_geometryIds;
    std::unordered_map<std::uint32_t, std::int64_t> m_wideKeys; // by event index
    std::unordered_map<std::uint32_t, std::int64_t> m_longDurations; // ns, by event index
    std::int64_t m_geometriesNotKept = 0;
    std::int64_t m_overflowStreamEvents = 0;
};

} // namespace Ridgeline
