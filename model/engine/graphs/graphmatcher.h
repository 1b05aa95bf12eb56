// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// Which capture window a graph replay replays. A candidate window has the
// replay's Triton kernels, by name, in the same order, with the same grid
// and block wherever both sides recorded them; the other nodes (non-Triton
// kernels, memcpy, memset) may differ. Among candidates the one whose other
// nodes differ least wins. A tie between windows that would give different
// figures is ambiguous and never guessed; a tie between windows with the
// same ops (the same graph captured twice) is no tie.
#pragma once

#include "engine/graphs/graphreplay.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace Ridgeline {

enum class GraphMatchStatus { Matched, Ambiguous, Unmatched, NoTritonKernels };

struct GraphMatch
{
    GraphMatchStatus status = GraphMatchStatus::Unmatched;
    int window = -1;             // Matched: into the matcher's windows
    int equivalentWindows = 0;   // Matched: more windows that tie with the same ops
    int otherNodeDifferences = 0; // Matched: non-Triton nodes on one side only
    std::vector<int> tiedWindows; // Ambiguous: the windows that tie (a few)
    int geometryRejected = 0;    // Unmatched: windows with the kernels but other grid/block
};

class GraphMatcher
{
public:
    explicit GraphMatcher(const std::vector<CaptureWindow>& windows);

    // Memoised per distinct node sequence: a server replays a few graphs
    // thousands of times.
    GraphMatch match(const ReplayedGraph& graph);

private:
    GraphMatch compute(const ReplayedGraph& graph) const;

    const std::vector<CaptureWindow>& m_windows;
    std::unordered_multimap<std::uint64_t, int> m_byTritonSequence;
    std::unordered_map<std::string, GraphMatch> m_memo;
};

// Non-Triton nodes found in one of two sequences and not the other, when
// their Triton nodes are the same: an edit distance between the segments
// that the Triton nodes separate.
int otherNodeDifferences(const std::vector<GraphNode>& a, const std::vector<GraphNode>& b);

// The Triton nodes of a sequence, in order: the ones that must match.
std::vector<const GraphNode*> tritonNodes(const std::vector<GraphNode>& nodes);

} // namespace Ridgeline
