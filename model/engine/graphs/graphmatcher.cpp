#include "engine/graphs/graphmatcher.h"

#include <algorithm>
#include <cstring>

namespace Ridgeline {
namespace {

constexpr size_t maxTiedWindowsKept = 4;
// An LCS table bigger than this falls back to counting labels.
constexpr size_t maxLcsCells = size_t(1) << 16;

std::uint64_t tritonSequenceHash(const std::vector<GraphNode>& nodes)
{
    std::uint64_t hash = 1469598103934665603ull;
    for (const GraphNode& node : nodes) {
        if (node.triton)
            hash = (hash ^ node.label) * 1099511628211ull;
    }
    return hash;
}

enum class Fit { Same, OtherKernels, OtherGeometry };

Fit tritonFit(const std::vector<const GraphNode*>& replay, const std::vector<const GraphNode*>& capture)
{
    if (replay.size() != capture.size())
        return Fit::OtherKernels;
    bool geometryDiffers = false;
    for (size_t i = 0; i < replay.size(); ++i) {
        if (replay[i]->label != capture[i]->label)
            return Fit::OtherKernels;
        if (replay[i]->geometry != 0 && capture[i]->geometry != 0 && replay[i]->geometry != capture[i]->geometry)
            geometryDiffers = true;
    }
    return geometryDiffers ? Fit::OtherGeometry : Fit::Same;
}

int segmentDistance(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b)
{
    if (a == b)
        return 0;
    if (a.size() * b.size() > maxLcsCells) { // labels on one side only, order aside
        std::vector<std::uint32_t> x = a, y = b;
        std::sort(x.begin(), x.end());
        std::sort(y.begin(), y.end());
        std::vector<std::uint32_t> common;
        std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(common));
        return int(a.size() + b.size() - 2 * common.size());
    }
    std::vector<int> previous(b.size() + 1, 0), current(b.size() + 1, 0);
    for (size_t i = 1; i <= a.size(); ++i) {
        for (size_t j = 1; j <= b.size(); ++j)
            current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : std::max(previous[j], current[j - 1]);
        std::swap(previous, current);
    }
    return int(a.size() + b.size()) - 2 * previous[b.size()];
}

// The non-Triton labels between consecutive Triton nodes (and before the
// first, after the last).
std::vector<std::vector<std::uint32_t>> segments(const std::vector<GraphNode>& nodes)
{
    std::vector<std::vector<std::uint32_t>> out(1);
    for (const GraphNode& node : nodes) {
        if (node.triton)
            out.emplace_back();
        else
            out.back().push_back(node.label);
    }
    return out;
}

std::string memoKey(const std::vector<GraphNode>& nodes)
{
    std::string key;
    key.resize(nodes.size() * (sizeof(std::uint32_t) + sizeof(std::uint64_t)));
    char* out = key.data();
    for (const GraphNode& node : nodes) {
        std::memcpy(out, &node.label, sizeof node.label);
        out += sizeof node.label;
        std::memcpy(out, &node.geometry, sizeof node.geometry);
        out += sizeof node.geometry;
    }
    return key;
}

} // namespace

std::vector<const GraphNode*> tritonNodes(const std::vector<GraphNode>& nodes)
{
    std::vector<const GraphNode*> triton;
    for (const GraphNode& node : nodes) {
        if (node.triton)
            triton.push_back(&node);
    }
    return triton;
}

int otherNodeDifferences(const std::vector<GraphNode>& a, const std::vector<GraphNode>& b)
{
    const auto x = segments(a);
    const auto y = segments(b);
    int total = 0;
    for (size_t i = 0; i < std::max(x.size(), y.size()); ++i) {
        static const std::vector<std::uint32_t> none;
        total += segmentDistance(i < x.size() ? x[i] : none, i < y.size() ? y[i] : none);
    }
    return total;
}

GraphMatcher::GraphMatcher(const std::vector<CaptureWindow>& windows)
    : m_windows(windows)
{
    for (int i = 0; i < int(windows.size()); ++i)
        m_byTritonSequence.emplace(tritonSequenceHash(windows[size_t(i)].nodes), i);
}

GraphMatch GraphMatcher::match(const ReplayedGraph& graph)
{
    std::string key = memoKey(graph.nodes);
    const auto found = m_memo.find(key);
    if (found != m_memo.end())
        return found->second;
    GraphMatch result = compute(graph);
    m_memo.emplace(std::move(key), result);
    return result;
}

GraphMatch GraphMatcher::compute(const ReplayedGraph& graph) const
{
    GraphMatch result;
    const auto replayTriton = tritonNodes(graph.nodes);
    if (replayTriton.empty()) {
        result.status = GraphMatchStatus::NoTritonKernels;
        return result;
    }

    struct Candidate
    {
        int window;
        int distance;
    };
    std::vector<Candidate> candidates;
    const auto [first, last] = m_byTritonSequence.equal_range(tritonSequenceHash(graph.nodes));
    for (auto it = first; it != last; ++it) {
        const CaptureWindow& window = m_windows[size_t(it->second)];
        switch (tritonFit(replayTriton, tritonNodes(window.nodes))) {
        case Fit::OtherKernels:
            break;
        case Fit::OtherGeometry:
            ++result.geometryRejected;
            break;
        case Fit::Same:
            candidates.push_back({ it->second, otherNodeDifferences(graph.nodes, window.nodes) });
            break;
        }
    }
    if (candidates.empty())
        return result; // Unmatched

    // The multimap's order is unspecified: the earliest window wins among equals.
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return a.distance != b.distance ? a.distance < b.distance : a.window < b.window;
    });
    const Candidate& best = candidates.front();
    const std::uint64_t ops = m_windows[size_t(best.window)].opsSignature;
    std::vector<int> tied;
    int equivalent = 0;
    for (size_t i = 1; i < candidates.size() && candidates[i].distance == best.distance; ++i) {
        if (m_windows[size_t(candidates[i].window)].opsSignature == ops)
            ++equivalent;
        else
            tied.push_back(candidates[i].window);
    }
    if (!tied.empty()) {
        result.status = GraphMatchStatus::Ambiguous;
        result.tiedWindows.push_back(best.window);
        for (size_t i = 0; i < tied.size() && result.tiedWindows.size() < maxTiedWindowsKept; ++i)
            result.tiedWindows.push_back(tied[i]);
        return result;
    }
    result.status = GraphMatchStatus::Matched;
    result.window = best.window;
    result.equivalentWindows = equivalent;
    result.otherNodeDifferences = best.distance;
    return result;
}

} // namespace Ridgeline
