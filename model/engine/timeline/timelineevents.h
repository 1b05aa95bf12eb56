// Stage timeline/: every GPU event of a trace over time, for the timeline.
// One lane's events in columns, sorted by start: 12 bytes each (start as a
// 32-bit offset from a base per block of 1024 events, duration in integer
// nanoseconds, a label), so that a trace of 20 million kernels keeps its
// timeline in a few hundred MB. The rare value that does not fit (a start
// more than 4.29 s past its block's base, a box longer than 4.29 s) sits in
// a side table found by binary search. Each block also keeps the latest end
// of the events up to it, so that a search for what covers a time stops
// where nothing earlier can reach it.
#pragma once

#include <cstdint>
#include <vector>

namespace Ridgeline {

class TimelineEvents
{
public:
    static constexpr std::uint32_t blockSize = 1024;

    // Events must come in order of start (ns from the timeline's origin).
    void append(std::int64_t startNs, std::int64_t durationNs, std::uint32_t label);
    void shrinkToFit();
    // Room for `count` events (their columns; not the rare side tables).
    void reserve(std::uint32_t count);

    std::uint32_t size() const { return std::uint32_t(m_label.size()); }
    bool empty() const { return m_label.empty(); }
    std::int64_t startNs(std::uint32_t index) const;
    std::int64_t durationNs(std::uint32_t index) const;
    std::int64_t endNs(std::uint32_t index) const { return startNs(index) + durationNs(index); }
    std::uint32_t label(std::uint32_t index) const { return m_label[index]; }
    // The latest end of any event up to and including index's block.
    std::int64_t latestEndThroughBlockOf(std::uint32_t index) const { return m_latestEnd[index / blockSize]; }

    // The first event whose start is >= ns (size() when none).
    std::uint32_t firstStartingAtOrAfter(std::int64_t ns) const;
    // The first event that ends after `ns` or starts at or after it: where a
    // view that begins at `ns` starts drawing. O(log n), plus a walk back
    // over the events since the last block whose events all end by `ns`
    // (on a GPU stream, where kernels follow each other, a few).
    std::uint32_t firstReaching(std::int64_t ns) const;

    // Bytes per event actually held (columns and side tables, not slack).
    double bytesPerEvent() const;

private:
    static constexpr std::uint32_t farStart = 0xFFFFFFFFu;
    static constexpr std::uint32_t longDuration = 0xFFFFFFFFu;

    std::vector<std::int64_t> m_blockBase;
    std::vector<std::int64_t> m_latestEnd; // per block, over every block up to it
    std::vector<std::uint32_t> m_startOffset;
    std::vector<std::uint32_t> m_durationNs;
    std::vector<std::uint32_t> m_label;
    // Appended in index order, so sorted by index.
    struct Wide
    {
        std::uint32_t index;
        std::int64_t value;
    };
    std::vector<Wide> m_farStarts;
    std::vector<Wide> m_longDurations;
};

} // namespace Ridgeline
