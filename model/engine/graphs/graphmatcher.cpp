#include "engine/graphs/graphmatcher.h"

#include <algorithm>
#include <span>

namespace Ridgeline {
namespace {

constexpr size_t maxTiedWindowsKept = 4;

using Labels = std::span<const std::uint32_t>;

std::uint64_t mix(std::uint64_t hash, std::uint64_t value)
{
    // splitmix64's finaliser on the value, so that grids differing in one
    // bit spread over the whole hash.
    value += 0x9e3779b97f4a7c15ull;
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ull;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebull;
    value ^= value >> 31;
    return (hash ^ value) * 1099511628211ull;
}

constexpr std::uint64_t hashSeed = 1469598103934665603ull;

std::uint64_t tritonLabelHash(const std::vector<const GraphNode*>& triton)
{
    std::uint64_t hash = hashSeed;
    for (const GraphNode* node : triton)
        hash = mix(hash, node->label);
    return hash;
}

std::uint64_t tritonGeometryHash(const std::vector<const GraphNode*>& triton)
{
    std::uint64_t hash = hashSeed;
    for (const GraphNode* node : triton)
        hash = mix(hash, node->geometry);
    return hash;
}

// Every node's label, in order: a graph of library kernels only.
std::uint64_t allLabelsHash(const std::vector<GraphNode>& nodes)
{
    std::uint64_t hash = hashSeed;
    for (const GraphNode& node : nodes)
        hash = mix(hash, node.label);
    return hash;
}

bool completeGeometry(const std::vector<const GraphNode*>& triton)
{
    return std::all_of(triton.begin(), triton.end(), [](const GraphNode* node) { return node->geometry != 0; });
}

bool sameTritonLabels(const std::vector<const GraphNode*>& a, const std::vector<const GraphNode*>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const GraphNode* x, const GraphNode* y) { return x->label == y->label; });
}

// The non-Triton labels between consecutive Triton nodes (and before the
// first, after the last), laid end to end; a view, so that a class's own
// copy is compared without copying it again.
struct SegmentView
{
    Labels labels;
    std::span<const std::uint32_t> ends; // one per segment, into labels

    size_t count() const { return ends.size(); }
    Labels segment(size_t i) const
    {
        const std::uint32_t begin = i == 0 ? 0 : ends[i - 1];
        return labels.subspan(begin, ends[i] - begin);
    }
};

void splitSegments(const std::vector<GraphNode>& nodes, std::vector<std::uint32_t>& labels, std::vector<std::uint32_t>& ends)
{
    for (const GraphNode& node : nodes) {
        if (node.triton)
            ends.push_back(std::uint32_t(labels.size()));
        else
            labels.push_back(node.label);
    }
    ends.push_back(std::uint32_t(labels.size()));
}

struct Segments
{
    std::vector<std::uint32_t> labels, ends;
    explicit Segments(const std::vector<GraphNode>& nodes) { splitSegments(nodes, labels, ends); }
    SegmentView view() const { return { labels, ends }; }
};

bool equalLabels(Labels a, Labels b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

// Cells the edit distances of two segmentations fill: identical segments cost none.
std::int64_t lcsCells(SegmentView a, SegmentView b)
{
    std::int64_t cells = 0;
    for (size_t i = 0; i < std::max(a.count(), b.count()); ++i) {
        const Labels x = i < a.count() ? a.segment(i) : Labels();
        const Labels y = i < b.count() ? b.segment(i) : Labels();
        if (!equalLabels(x, y))
            cells += std::int64_t(x.size()) * std::int64_t(y.size());
    }
    return cells;
}

int lcsDistance(Labels a, Labels b)
{
    if (equalLabels(a, b))
        return 0;
    std::vector<int> previous(b.size() + 1, 0), current(b.size() + 1, 0);
    for (size_t i = 1; i <= a.size(); ++i) {
        for (size_t j = 1; j <= b.size(); ++j)
            current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : std::max(previous[j], current[j - 1]);
        std::swap(previous, current);
    }
    return int(a.size() + b.size()) - 2 * previous[b.size()];
}

// Labels on one side only, order aside: a lower bound of the edit distance.
int orderFreeDistance(Labels a, Labels b)
{
    if (equalLabels(a, b))
        return 0;
    std::vector<std::uint32_t> x(a.begin(), a.end()), y(b.begin(), b.end());
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    size_t common = 0;
    for (size_t i = 0, j = 0; i < x.size() && j < y.size();) {
        if (x[i] < y[j]) {
            ++i;
        } else if (y[j] < x[i]) {
            ++j;
        } else {
            ++common;
            ++i;
            ++j;
        }
    }
    return int(x.size() + y.size() - 2 * common);
}

int distance(SegmentView a, SegmentView b, bool exact)
{
    int total = 0;
    for (size_t i = 0; i < std::max(a.count(), b.count()); ++i) {
        const Labels x = i < a.count() ? a.segment(i) : Labels();
        const Labels y = i < b.count() ? b.segment(i) : Labels();
        total += exact ? lcsDistance(x, y) : orderFreeDistance(x, y);
    }
    return total;
}

bool sameNodes(const CaptureWindow& a, const CaptureWindow& b)
{
    return a.opsSignature == b.opsSignature && a.libraryOpsSignature == b.libraryOpsSignature
        && std::equal(a.nodes.begin(), a.nodes.end(), b.nodes.begin(), b.nodes.end(),
            [](const GraphNode& x, const GraphNode& y) { return x.label == y.label && x.geometry == y.geometry && x.triton == y.triton; });
}

std::uint64_t nodesHash(const CaptureWindow& window)
{
    std::uint64_t hash = mix(mix(hashSeed, window.opsSignature), window.libraryOpsSignature);
    for (const GraphNode& node : window.nodes)
        hash = mix(mix(hash, node.label | (std::uint64_t(node.triton) << 32)), node.geometry);
    return hash;
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

int otherNodeDifferences(const std::vector<GraphNode>& a, const std::vector<GraphNode>& b, std::int64_t maxLcsCells)
{
    const Segments x(a), y(b);
    return distance(x.view(), y.view(), lcsCells(x.view(), y.view()) <= maxLcsCells);
}

GraphMatcher::GraphMatcher(const std::vector<CaptureWindow>& windows)
    : m_windows(windows)
{
    for (int i = 0; i < int(windows.size()); ++i)
        addToClass(i);
}

void GraphMatcher::addToClass(int index)
{
    const CaptureWindow& window = m_windows[size_t(index)];
    const auto triton = tritonNodes(window.nodes);
    const std::uint64_t labelHash = tritonLabelHash(triton);
    const std::uint64_t hash = nodesHash(window);
    const auto [first, last] = m_classByNodes.equal_range(hash);
    for (auto it = first; it != last; ++it) {
        WindowClass& known = m_classes[size_t(it->second)];
        if (sameNodes(m_windows[size_t(known.window)], window)) {
            ++known.windows;
            ++m_groups[size_t(groupOf(triton, labelHash))].windows;
            return;
        }
    }

    const auto classIndex = int(m_classes.size());
    m_classByNodes.emplace(hash, classIndex);
    WindowClass added;
    added.window = index;
    added.windows = 1;
    splitSegments(window.nodes, added.otherLabels, added.segmentEnds);
    for (const GraphNode* node : triton)
        added.tritonGeometry.push_back(node->geometry);
    added.completeGeometry = completeGeometry(triton);
    m_classes.push_back(std::move(added));

    int group = groupOf(triton, labelHash);
    if (group < 0) {
        group = int(m_groups.size());
        m_groups.push_back({});
        m_groups.back().firstClass = classIndex;
        m_groupByTritonLabels.emplace(labelHash, group);
    }
    if (triton.empty())
        m_libraryOnlyByLabels.emplace(allLabelsHash(window.nodes), classIndex);
    TritonGroup& into = m_groups[size_t(group)];
    ++into.windows;
    into.classes.push_back(classIndex);
    if (m_classes.back().completeGeometry)
        into.byGeometry.emplace(tritonGeometryHash(triton), classIndex);
    else
        into.partialGeometry.push_back(classIndex);
}

std::vector<int> GraphMatcher::sameLabelClasses(const ReplayedGraph& graph) const
{
    std::vector<int> found;
    const auto [first, last] = m_libraryOnlyByLabels.equal_range(allLabelsHash(graph.nodes));
    // One past the cap is enough to say "too many".
    for (auto it = first; it != last && found.size() <= size_t(maxCandidateClasses); ++it) {
        const std::vector<GraphNode>& nodes = m_windows[size_t(m_classes[size_t(it->second)].window)].nodes;
        if (std::equal(nodes.begin(), nodes.end(), graph.nodes.begin(), graph.nodes.end(),
                [](const GraphNode& x, const GraphNode& y) { return x.label == y.label; }))
            found.push_back(it->second);
    }
    return found;
}

int GraphMatcher::groupOf(const std::vector<const GraphNode*>& triton, std::uint64_t hash) const
{
    const auto [first, last] = m_groupByTritonLabels.equal_range(hash);
    for (auto it = first; it != last; ++it) {
        const CaptureWindow& known = m_windows[size_t(m_classes[size_t(m_groups[size_t(it->second)].firstClass)].window)];
        if (sameTritonLabels(tritonNodes(known.nodes), triton))
            return it->second;
    }
    return -1;
}

int GraphMatcher::labelSequenceOf(const ReplayedGraph& graph)
{
    // A node's label and whether it is Triton: what its segments are made of.
    auto key = [](const GraphNode& node) { return (std::uint64_t(node.label) << 1) | std::uint64_t(node.triton); };
    std::uint64_t hash = hashSeed;
    for (const GraphNode& node : graph.nodes)
        hash = mix(hash, key(node));
    const auto [first, last] = m_labelSequenceByHash.equal_range(hash);
    for (auto it = first; it != last; ++it) {
        const std::vector<std::uint64_t>& known = m_labelSequences[size_t(it->second)];
        if (std::equal(known.begin(), known.end(), graph.nodes.begin(), graph.nodes.end(),
                [&](std::uint64_t label, const GraphNode& node) { return label == key(node); }))
            return it->second;
    }
    std::vector<std::uint64_t> labels;
    labels.reserve(graph.nodes.size());
    for (const GraphNode& node : graph.nodes)
        labels.push_back(key(node));
    m_labelSequences.push_back(std::move(labels));
    m_labelSequenceByHash.emplace(hash, int(m_labelSequences.size()) - 1);
    return int(m_labelSequences.size()) - 1;
}

bool GraphMatcher::geometryFits(int windowClass, const std::vector<const GraphNode*>& replayTriton) const
{
    const std::vector<std::uint64_t>& captured = m_classes[size_t(windowClass)].tritonGeometry;
    if (captured.size() != replayTriton.size())
        return false;
    for (size_t i = 0; i < replayTriton.size(); ++i) {
        const std::uint64_t a = replayTriton[i]->geometry, b = captured[i];
        if (a != 0 && b != 0 && a != b)
            return false;
    }
    return true;
}

GraphMatch GraphMatcher::match(const ReplayedGraph& graph)
{
    GraphMatch result;
    const auto replayTriton = tritonNodes(graph.nodes);
    result.libraryOnly = replayTriton.empty();
    if (result.libraryOnly)
        result.status = GraphMatchStatus::NoTritonKernels; // until a window of library kernels only explains it
    // Library kernels only: the group of windows without Triton nodes.
    const int group = groupOf(replayTriton, tritonLabelHash(replayTriton));
    if (group < 0 || graph.nodes.empty())
        return result; // Unmatched: no capture holds its Triton kernels in this order
    const TritonGroup& classes = m_groups[size_t(group)];

    // The classes whose grid/block fit, found by hash where the replay
    // recorded every grid; never more than the cap examined.
    std::vector<int> candidates;
    auto tooMany = [&] {
        result.tooManyCandidates = classes.windows;
        return result;
    };
    // Library kernels only: the windows of exactly its labels first, found
    // by hash (each hit verified) however many windows the group holds.
    if (result.libraryOnly)
        candidates = sameLabelClasses(graph);
    if (candidates.size() > size_t(maxCandidateClasses))
        return tooMany();
    if (candidates.empty()) {
        if (completeGeometry(replayTriton)) {
            if (classes.partialGeometry.size() > size_t(maxCandidateClasses))
                return tooMany();
            const auto [first, last] = classes.byGeometry.equal_range(tritonGeometryHash(replayTriton));
            size_t examined = classes.partialGeometry.size();
            for (auto it = first; it != last; ++it) {
                if (++examined > size_t(maxCandidateClasses))
                    return tooMany();
                if (geometryFits(it->second, replayTriton))
                    candidates.push_back(it->second);
            }
            for (int c : classes.partialGeometry) {
                if (geometryFits(c, replayTriton))
                    candidates.push_back(c);
            }
        } else {
            if (classes.classes.size() > size_t(maxCandidateClasses))
                return tooMany();
            for (int c : classes.classes) {
                if (geometryFits(c, replayTriton))
                    candidates.push_back(c);
            }
        }
    }
    int fitting = 0;
    for (int c : candidates)
        fitting += m_classes[size_t(c)].windows;
    if (candidates.empty()) {
        result.geometryRejected = classes.windows - fitting;
        return result; // Unmatched
    }

    // Edit distances for every candidate if they fit the budget together,
    // label counts for every one if not: one yardstick per match.
    const auto sequence = std::uint64_t(labelSequenceOf(graph));
    const Segments replay(graph.nodes);
    auto segmentsOf = [this](int c) { return SegmentView { m_classes[size_t(c)].otherLabels, m_classes[size_t(c)].segmentEnds }; };
    std::int64_t cells = 0;
    for (int c : candidates) {
        Distance& known = m_distances[(sequence << 32) | std::uint64_t(c)];
        if (known.cells < 0)
            known.cells = lcsCells(replay.view(), segmentsOf(c));
        cells += known.cells;
    }
    const bool exact = cells <= maxLcsCellsPerMatch;

    struct Candidate
    {
        int windowClass;
        int window;
        int distance;
    };
    std::vector<Candidate> ranked;
    ranked.reserve(candidates.size());
    for (int c : candidates) {
        Distance& known = m_distances[(sequence << 32) | std::uint64_t(c)];
        int& value = exact ? known.exact : known.orderFree;
        if (value < 0)
            value = distance(replay.view(), segmentsOf(c), exact);
        ranked.push_back({ c, m_classes[size_t(c)].window, value });
    }
    // The earliest window wins among equals.
    std::sort(ranked.begin(), ranked.end(),
        [](const Candidate& a, const Candidate& b) { return a.distance != b.distance ? a.distance < b.distance : a.window < b.window; });
    const Candidate& best = ranked.front();
    const CaptureWindow& bestWindow = m_windows[size_t(best.window)];
    // Library kernels alone are no anchor: at least half of the larger
    // graph's nodes must line up (distance = n + m - 2 LCS).
    if (result.libraryOnly && size_t(best.distance) > std::min(graph.nodes.size(), bestWindow.nodes.size()))
        return result;
    std::vector<int> tied;
    int equivalent = m_classes[size_t(best.windowClass)].windows - 1;
    for (size_t i = 1; i < ranked.size() && ranked[i].distance == best.distance; ++i) {
        const CaptureWindow& other = m_windows[size_t(ranked[i].window)];
        if (other.opsSignature != bestWindow.opsSignature) {
            tied.push_back(ranked[i].window);
            continue;
        }
        equivalent += m_classes[size_t(ranked[i].windowClass)].windows;
        if (other.libraryOpsSignature != bestWindow.libraryOpsSignature) {
            result.libraryOpsTied = true;
            if (result.libraryOnly) // then its library ops are all it has
                tied.push_back(ranked[i].window);
        }
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
