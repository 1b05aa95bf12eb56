// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// Which capture window a graph replay replays. A candidate window has the
// replay's Triton kernels, by name, in the same order, with the same grid
// and block wherever both sides recorded them; the other nodes (non-Triton
// kernels, memcpy, memset) may differ. Among candidates the one whose other
// nodes differ least wins. A tie between windows that would give different
// figures is ambiguous and never guessed; a tie between windows with the
// same ops (the same graph captured twice) is no tie.
//
// A replay of library kernels only (no Triton node: an SGLang decode) is
// compared with the windows of exactly its labels (by hash, however many
// windows there are), else with the windows without Triton nodes by all
// their nodes (capped as above); the best must line up at least half of
// the larger graph's nodes, and a tie between windows of other library ops
// is ambiguous. Without such a window it stays NoTritonKernels.
//
// Near-linear however hostile the traces: identical windows (same nodes,
// geometry and ops) are one class, the first window standing for the rest;
// a replay looks up the classes of its Triton labels and grid/block by hash
// (each hit verified, never trusted) and compares at most
// maxCandidateClasses of them. More than that is said, not guessed: the
// launch stays unattributed. The other-node distances are memoised per
// distinct label sequence and class, and one match spends at most
// maxLcsCellsPerMatch cells on edit distances: beyond it every candidate
// of that match is compared by labels counted regardless of order.
#pragma once

#include "engine/graphs/graphreplay.h"

#include <unordered_map>
#include <vector>

namespace Ridgeline {

enum class GraphMatchStatus
{
    Matched,
    Ambiguous,
    Unmatched,
    NoTritonKernels
};

struct GraphMatch
{
    GraphMatchStatus status = GraphMatchStatus::Unmatched;
    int window = -1; // Matched: into the matcher's windows
    int equivalentWindows = 0; // Matched: more windows that tie with the same ops
    int otherNodeDifferences = 0; // Matched: non-Triton nodes on one side only
    std::vector<int> tiedWindows; // Ambiguous: the windows that tie (a few)
    int geometryRejected = 0; // Unmatched: windows with the kernels but other grid/block
    int tooManyCandidates = 0; // Unmatched: windows holding its Triton kernels, more classes than are compared
    // Matched: an equally good window has the same Triton ops but other
    // library ops, so the replay's library kernels are not attributed.
    bool libraryOpsTied = false;
    bool libraryOnly = false; // no Triton node: compared by all its nodes
};

class GraphMatcher
{
public:
    // Distinct candidate classes one replay is compared with.
    static constexpr int maxCandidateClasses = 64;
    // LCS cells one match may fill before it compares by label counts.
    static constexpr std::int64_t maxLcsCellsPerMatch = std::int64_t(1) << 20;

    // `windows` must outlive the matcher.
    explicit GraphMatcher(const std::vector<CaptureWindow>& windows);

    GraphMatch match(const ReplayedGraph& graph);

    int classCount() const { return int(m_classes.size()); }

private:
    struct WindowClass
    {
        int window = 0; // the first window of the class: the one a match names
        int windows = 0; // how many windows it stands for
        std::vector<std::uint32_t> otherLabels; // non-Triton labels, segment after segment
        std::vector<std::uint32_t> segmentEnds; // into otherLabels, one per segment
        std::vector<std::uint64_t> tritonGeometry; // of its Triton nodes, in order
        bool completeGeometry = true; // every Triton node records grid/block
    };
    // Classes with one Triton label sequence.
    struct TritonGroup
    {
        int firstClass = 0; // whose Triton labels the group has, for verifying a hash hit
        int windows = 0;
        std::vector<int> classes;
        std::unordered_multimap<std::uint64_t, int> byGeometry; // complete classes by Triton grid/block
        std::vector<int> partialGeometry; // classes missing some grid/block
    };
    struct Distance
    {
        std::int64_t cells = -1; // LCS cells the edit distance fills
        int exact = -1; // edit distance, -1 until computed
        int orderFree = -1; // labels on one side only, order aside
    };

    void addToClass(int window);
    int groupOf(const std::vector<const GraphNode*>& replayTriton, std::uint64_t hash) const;
    int labelSequenceOf(const ReplayedGraph& graph);
    std::vector<int> sameLabelClasses(const ReplayedGraph& graph) const; // library kernels only
    bool geometryFits(int windowClass, const std::vector<const GraphNode*>& replayTriton) const;

    const std::vector<CaptureWindow>& m_windows;
    std::vector<WindowClass> m_classes;
    std::unordered_multimap<std::uint64_t, int> m_classByNodes;
    std::vector<TritonGroup> m_groups;
    std::unordered_multimap<std::uint64_t, int> m_groupByTritonLabels;
    // Classes without Triton nodes by all their labels: a replay of library
    // kernels only finds the windows of its very labels among any number.
    std::unordered_multimap<std::uint64_t, int> m_libraryOnlyByLabels;
    // Distinct replay label sequences (all nodes, with their Triton flag,
    // geometry aside), copied once each.
    std::vector<std::vector<std::uint64_t>> m_labelSequences;
    std::unordered_multimap<std::uint64_t, int> m_labelSequenceByHash;
    // (label sequence, class) -> its other-node distances.
    std::unordered_map<std::uint64_t, Distance> m_distances;
};

// Non-Triton nodes found in one of two sequences and not the other, when
// their Triton nodes are the same: an edit distance between the segments
// that the Triton nodes separate (by label counts past `maxLcsCells`).
int otherNodeDifferences(
    const std::vector<GraphNode>& a, const std::vector<GraphNode>& b, std::int64_t maxLcsCells = GraphMatcher::maxLcsCellsPerMatch);

// The Triton nodes of a sequence, in order: the ones that must match.
std::vector<const GraphNode*> tritonNodes(const std::vector<GraphNode>& nodes);

} // namespace Ridgeline
