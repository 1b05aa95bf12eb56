// Stage comparison/: a trace compared with a baseline.
// Within one bucket of the kernel matcher (rows of equal evidence), pairs
// baseline and candidate rows greedily: the pair whose shares of GPU time
// are closest first, ties to the lowest candidate index, then the lowest
// baseline index, until one side is used up. The same pairs a sort of all
// nb x nc pairs gives, in O(n log n) time and O(n) memory: on a line the
// closest cross pair is always adjacent, so only adjacent groups of equal
// share are ever compared.
#pragma once

#include <span>
#include <utility>
#include <vector>

namespace Ridgeline {

struct ShareItem
{
    double share = 0; // finite
    int index = 0; // the row's, into its own side
};

// Both sides sorted by (share, index). Appends (candidate, baseline) index
// pairs to *pairs, in no particular order.
void pairClosestShares(std::span<const ShareItem> baseline, std::span<const ShareItem> candidate, std::vector<std::pair<int, int>>* pairs);

} // namespace Ridgeline
