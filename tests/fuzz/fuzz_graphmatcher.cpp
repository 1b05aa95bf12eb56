// libFuzzer target: the graph matcher over capture windows and replays
// decoded from the bytes (labels, grid/block, Triton flags, ops), checked
// against a brute-force oracle: every window compared with every replay.
// Small graphs keep the edit distances exact, so the oracle is exact too.
#include "engine/graphs/graphmatcher.h"
#include "engine/graphs/graphnodelabels.h"

#include <algorithm>
#include <cstdlib>

namespace {

using namespace Ridgeline;

class Bytes
{
public:
    Bytes(const uint8_t* data, size_t size)
        : m_data(data)
        , m_size(size)
    { }
    uint8_t next() { return m_at < m_size ? m_data[m_at++] : 0; }

private:
    const uint8_t* m_data;
    size_t m_size;
    size_t m_at = 0;
};

// A node in two bytes: label (16 of them; 0 and 1 are memcpy and memset),
// Triton or not, grid/block (0: not recorded).
std::vector<GraphNode> nodes(Bytes& bytes)
{
    std::vector<GraphNode> out(bytes.next() % 48);
    for (GraphNode& node : out) {
        const uint8_t a = bytes.next(), b = bytes.next();
        node.label = a & 0x0f;
        node.triton = node.label > GraphNodeLabels::memset && (a & 0x10);
        node.geometry = b % 4;
    }
    return out;
}

std::vector<std::uint32_t> tritonLabels(const std::vector<GraphNode>& nodes)
{
    std::vector<std::uint32_t> labels;
    for (const GraphNode* node : tritonNodes(nodes))
        labels.push_back(node->label);
    return labels;
}

bool geometryFits(const std::vector<GraphNode>& replay, const std::vector<GraphNode>& window)
{
    const auto a = tritonNodes(replay), b = tritonNodes(window);
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i]->geometry != 0 && b[i]->geometry != 0 && a[i]->geometry != b[i]->geometry)
            return false;
    }
    return true;
}

void check(bool holds)
{
    if (!holds)
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    Bytes bytes(data, size);
    std::vector<CaptureWindow> windows(bytes.next() % 97);
    std::vector<ReplayedGraph> replays(bytes.next() % 8);
    for (CaptureWindow& window : windows) {
        window.opsSignature = bytes.next() % 3;
        window.nodes = nodes(bytes);
    }
    for (ReplayedGraph& replay : replays)
        replay.nodes = nodes(bytes);

    GraphMatcher matcher(windows);
    for (const ReplayedGraph& replay : replays) {
        const GraphMatch match = matcher.match(replay);
        check(match.window < int(windows.size()));
        const auto labels = tritonLabels(replay.nodes);
        if (labels.empty()) { // library kernels only: a window without Triton nodes, or none
            check(match.status != GraphMatchStatus::Unmatched);
            check(match.status != GraphMatchStatus::Matched || tritonLabels(windows[size_t(match.window)].nodes).empty());
            continue;
        }
        // The oracle: every window with the Triton labels and a fitting grid.
        std::vector<int> sameLabels, candidates;
        for (int w = 0; w < int(windows.size()); ++w) {
            if (tritonLabels(windows[size_t(w)].nodes) != labels)
                continue;
            sameLabels.push_back(w);
            if (geometryFits(replay.nodes, windows[size_t(w)].nodes))
                candidates.push_back(w);
        }
        if (match.tooManyCandidates > 0) { // said, never guessed
            check(match.status == GraphMatchStatus::Unmatched && match.tooManyCandidates == int(sameLabels.size()));
            check(sameLabels.size() > size_t(GraphMatcher::maxCandidateClasses));
            continue;
        }
        if (candidates.empty()) {
            check(match.status == GraphMatchStatus::Unmatched);
            check(match.geometryRejected == int(sameLabels.size()));
            continue;
        }
        std::vector<int> distance;
        for (int w : candidates)
            distance.push_back(otherNodeDifferences(replay.nodes, windows[size_t(w)].nodes));
        const int best = *std::min_element(distance.begin(), distance.end());
        int first = -1, equals = 0;
        bool otherOps = false;
        for (size_t i = 0; i < candidates.size(); ++i) {
            if (distance[i] != best)
                continue;
            if (first < 0)
                first = candidates[i];
            else if (windows[size_t(candidates[i])].opsSignature != windows[size_t(first)].opsSignature)
                otherOps = true;
            else
                ++equals;
        }
        if (otherOps) {
            check(match.status == GraphMatchStatus::Ambiguous && match.tiedWindows.size() >= 2 && match.tiedWindows.front() == first);
            for (int w : match.tiedWindows)
                check(std::find(candidates.begin(), candidates.end(), w) != candidates.end());
            continue;
        }
        // A match's window really has the replay's Triton kernels, and is the oracle's.
        check(match.status == GraphMatchStatus::Matched && match.window == first);
        check(tritonLabels(windows[size_t(match.window)].nodes) == labels);
        check(match.otherNodeDifferences == best && match.equivalentWindows == equals);
    }
    return 0;
}
