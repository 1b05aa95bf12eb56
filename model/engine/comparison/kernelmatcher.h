// Stage comparison/: a trace compared with a baseline.
// Matches the kernel rows of a candidate trace one-to-one with a baseline's,
// best evidence first, and says which kind each match is. A recompile
// renames kernels (the trailing index moves), changes fusions and, with the
// batch size, shapes; so after exact matches come the looser ones:
//   same      same name, same signature (input dims, types, strides, inputs)
//   reshaped  same name, other shapes
//   renamed   other name, same category, fused-op set, input dims and types
//   similar   same category and fused-op set, other shapes or index
// Within a kind, ties go to the pair whose shares of GPU time are closest
// (then the lowest candidate row, then the lowest baseline row). Every
// tier is O(n log n) in rows with memory linear in them, and no bucket of
// equal keys is capped: 48 names of 2048 shapes pair every row.
// A pure function of two row lists (each optionally followed by its library
// kernels): no I/O, no GPU.
#pragma once

#include "engine/results/kernelrow.h"

#include <vector>

namespace Ridgeline {

enum class MatchKind
{
    Same,
    Reshaped,
    Renamed,
    Similar,
    Added,
    Removed
};

QString matchKindKey(MatchKind kind); // "same", "reshaped", "renamed", "similar", "added", "removed"
constexpr int matchKindCount = 6;

struct KernelMatch
{
    MatchKind kind = MatchKind::Added;
    int candidate = -1; // into the candidate's rows; -1 for removed
    int baseline = -1; // into the baseline's rows; -1 for added
};

struct KernelMatching
{
    // One per candidate row, in the candidate's order, then one per removed
    // baseline row, in the baseline's order.
    std::vector<KernelMatch> matches;
    int counts[matchKindCount] = {};

    int count(MatchKind kind) const { return counts[int(kind)]; }
};

KernelMatching matchKernels(const std::vector<KernelRow>& baseline, const std::vector<KernelRow>& candidate);
// Each side's rows and then its time-only library kernels (AnalysisResult::
// libraryKernels), numbered on: a library kernel's index is the rows' count
// plus its own. Library kernels have no signature, fused ops or dims to
// vouch for a rename, so they pair by name alone (same or reshaped).
KernelMatching matchKernels(const std::vector<KernelRow>& baseline, const std::vector<KernelRow>& baselineLibrary,
    const std::vector<KernelRow>& candidate, const std::vector<KernelRow>& candidateLibrary);

} // namespace Ridgeline
