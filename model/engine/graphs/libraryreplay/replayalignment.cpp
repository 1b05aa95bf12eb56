#include "engine/graphs/libraryreplay/replayalignment.h"

#include "engine/graphs/graphnodelabels.h"

#include <algorithm>

namespace Ridgeline {
namespace {

struct Range
{
    size_t begin = 0;
    size_t end = 0;
    size_t size() const { return end - begin; }
};

class Aligner
{
public:
    Aligner(const std::vector<GraphNode>& window, const std::vector<GraphNode>& replay, ReplayAlignment& out)
        : m_window(window)
        , m_replay(replay)
        , m_out(out)
    { }

    void segment(Range a, Range b)
    {
        // Equal heads and tails: the common case, one pass.
        while (a.size() > 0 && b.size() > 0 && fits(a.begin, b.begin))
            pair(a.begin++, b.begin++);
        while (a.size() > 0 && b.size() > 0 && fits(a.end - 1, b.end - 1))
            pair(--a.end, --b.end);
        if (a.size() == 0 || b.size() == 0)
            return;
        const auto cells = std::int64_t(a.size()) * std::int64_t(b.size());
        if (cells <= std::max(minCellBudget, maxCellsPerNode * std::int64_t(a.size() + b.size())))
            exact(a, b);
        else
            greedy(a, b);
    }

private:
    bool fits(size_t w, size_t r) const { return replaysNode(m_window[w], m_replay[r]); }
    void pair(size_t w, size_t r) { m_out.windowNode[r] = std::int32_t(w); }

    // Longest common subsequence, kept whole to walk back (the budget bounds it).
    void exact(Range a, Range b)
    {
        const size_t n = a.size(), m = b.size();
        m_table.assign((n + 1) * (m + 1), 0);
        auto at = [&](size_t i, size_t j) -> std::int32_t& { return m_table[i * (m + 1) + j]; };
        for (size_t i = n; i-- > 0;) {
            for (size_t j = m; j-- > 0;)
                at(i, j) = fits(a.begin + i, b.begin + j) ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
        }
        // Forward: the earliest pairing among equals, so that repeated names pair in order.
        for (size_t i = 0, j = 0; i < n && j < m;) {
            if (fits(a.begin + i, b.begin + j) && at(i, j) == at(i + 1, j + 1) + 1) {
                pair(a.begin + i++, b.begin + j++);
            } else if (at(i + 1, j) >= at(i, j + 1)) {
                ++i;
            } else {
                ++j;
            }
        }
    }

    // Past the budget: pair what fits; at a difference, one node replaced
    // on both sides if the next ones fit, else the nearest skip on either
    // side (a few nodes at most) after which two nodes in a row fit, so that
    // a repeated name ahead does not shift every later pair; else one
    // node of each is dropped.
    void greedy(Range a, Range b)
    {
        m_out.exact = false;
        auto resumes = [&](size_t i, size_t j) {
            return i < a.end && j < b.end && fits(i, j) && (i + 1 == a.end || j + 1 == b.end || fits(i + 1, j + 1));
        };
        size_t i = a.begin, j = b.begin;
        while (i < a.end && j < b.end) {
            if (fits(i, j)) {
                pair(i++, j++);
                continue;
            }
            size_t skipA = 1, skipB = 1; // replaced: one of each
            if (!resumes(i + 1, j + 1)) {
                for (size_t d = 1; d <= size_t(greedyLookAhead); ++d) {
                    if (resumes(i, j + d)) {
                        skipA = 0;
                        skipB = d;
                        break;
                    }
                    if (resumes(i + d, j)) {
                        skipA = d;
                        skipB = 0;
                        break;
                    }
                }
            }
            i += skipA;
            j += skipB;
        }
    }

    const std::vector<GraphNode>& m_window;
    const std::vector<GraphNode>& m_replay;
    ReplayAlignment& m_out;
    std::vector<std::int32_t> m_table;
};

std::vector<size_t> tritonPositions(const std::vector<GraphNode>& nodes)
{
    std::vector<size_t> at;
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].triton)
            at.push_back(i);
    }
    return at;
}

} // namespace

bool replaysNode(const GraphNode& captured, const GraphNode& replayed)
{
    if (captured.triton != replayed.triton)
        return false;
    const bool sameLabel = captured.label == replayed.label
        || (captured.label == GraphNodeLabels::unnamedLaunch && replayed.label > GraphNodeLabels::memset);
    return sameLabel && (captured.geometry == 0 || replayed.geometry == 0 || captured.geometry == replayed.geometry);
}

ReplayAlignment alignReplay(const std::vector<GraphNode>& window, const std::vector<GraphNode>& replay)
{
    ReplayAlignment out;
    out.windowNode.assign(replay.size(), -1);
    Aligner aligner(window, replay, out);
    const std::vector<size_t> a = tritonPositions(window), b = tritonPositions(replay);
    if (a.size() != b.size()) { // not the matcher's pairing: align everything as one
        aligner.segment({ 0, window.size() }, { 0, replay.size() });
        return out;
    }
    size_t previousA = 0, previousB = 0;
    for (size_t k = 0; k <= a.size(); ++k) {
        const size_t endA = k < a.size() ? a[k] : window.size();
        const size_t endB = k < b.size() ? b[k] : replay.size();
        aligner.segment({ previousA, endA }, { previousB, endB });
        if (k < a.size()) {
            out.windowNode[endB] = std::int32_t(endA);
            previousA = endA + 1;
            previousB = endB + 1;
        }
    }
    return out;
}

} // namespace Ridgeline
