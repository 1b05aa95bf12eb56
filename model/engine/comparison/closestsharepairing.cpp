#include "engine/comparison/closestsharepairing.h"

#include <cmath>
#include <queue>

namespace Ridgeline {
namespace {

// Rows of one share on one side, lowest index first; after the pairs of
// equal shares are made, each share holds rows of one side only.
struct Group
{
    double share = 0;
    bool candidate = false;
    std::vector<int> rows;
    size_t head = 0; // rows before it are paired
    int prev = -1;
    int next = -1;

    bool empty() const { return head == rows.size(); }
    int front() const { return rows[head]; }
};

// A pair of adjacent groups of opposite sides, keyed as the brute force
// sorts its pairs. Entries go stale when a group's front row is paired or
// the groups stop being adjacent; they are dropped when popped.
struct Candidate
{
    double distance;
    int candidateRow;
    int baselineRow;
    int left; // groups, left.next == right when still valid
    int right;

    bool operator>(const Candidate& other) const
    {
        if (distance != other.distance)
            return distance > other.distance;
        if (candidateRow != other.candidateRow)
            return candidateRow > other.candidateRow;
        return baselineRow > other.baselineRow;
    }
};

} // namespace

void pairClosestShares(std::span<const ShareItem> baseline, std::span<const ShareItem> candidate, std::vector<std::pair<int, int>>* pairs)
{
    if (baseline.empty() || candidate.empty())
        return;
    // Equal shares first: distance 0 beats every other pair, and among them
    // the brute force's order pairs the lowest candidate with the lowest
    // baseline row, then the next two, and so on.
    std::vector<Group> groups;
    size_t b = 0, c = 0;
    while (b < baseline.size() || c < candidate.size()) {
        const double share = c == candidate.size() || (b < baseline.size() && baseline[b].share < candidate[c].share) ? baseline[b].share
                                                                                                                      : candidate[c].share;
        std::vector<int> baseRows, candRows;
        while (b < baseline.size() && baseline[b].share == share)
            baseRows.push_back(baseline[b++].index);
        while (c < candidate.size() && candidate[c].share == share)
            candRows.push_back(candidate[c++].index);
        const size_t equal = std::min(baseRows.size(), candRows.size());
        for (size_t i = 0; i < equal; ++i)
            pairs->push_back({ candRows[i], baseRows[i] });
        Group group;
        group.share = share;
        group.candidate = candRows.size() > equal;
        group.rows = group.candidate ? std::move(candRows) : std::move(baseRows);
        group.head = equal;
        if (!group.empty())
            groups.push_back(std::move(group));
    }
    for (size_t g = 0; g < groups.size(); ++g) {
        groups[g].prev = int(g) - 1;
        groups[g].next = g + 1 < groups.size() ? int(g) + 1 : -1;
    }

    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> queue;
    const auto offer = [&](int left) {
        const int right = left >= 0 ? groups[size_t(left)].next : -1;
        if (right < 0 || groups[size_t(left)].candidate == groups[size_t(right)].candidate)
            return;
        const Group& l = groups[size_t(left)];
        const Group& r = groups[size_t(right)];
        const Group& cand = l.candidate ? l : r;
        const Group& base = l.candidate ? r : l;
        queue.push({ std::abs(cand.share - base.share), cand.front(), base.front(), left, right });
    };
    for (size_t g = 0; g + 1 < groups.size(); ++g)
        offer(int(g));

    int head = groups.empty() ? -1 : 0;
    const auto unlink = [&](int g) {
        Group& group = groups[size_t(g)];
        if (group.prev >= 0)
            groups[size_t(group.prev)].next = group.next;
        else
            head = group.next;
        if (group.next >= 0)
            groups[size_t(group.next)].prev = group.prev;
    };
    while (!queue.empty()) {
        const Candidate top = queue.top();
        queue.pop();
        Group& left = groups[size_t(top.left)];
        Group& right = groups[size_t(top.right)];
        // Removed groups are empty, and an empty group's front is never compared.
        if (left.empty() || right.empty() || left.next != top.right)
            continue;
        Group& cand = left.candidate ? left : right;
        Group& base = left.candidate ? right : left;
        if (cand.front() != top.candidateRow || base.front() != top.baselineRow)
            continue;
        pairs->push_back({ top.candidateRow, top.baselineRow });
        const int before = left.prev;
        const int after = right.next;
        ++cand.head;
        ++base.head;
        if (left.empty())
            unlink(top.left);
        if (right.empty())
            unlink(top.right);
        // The keys that changed: the pairs from the group before `left` up to
        // the group `after` (new fronts, or groups newly adjacent).
        for (int g = before >= 0 ? before : head; g >= 0 && g != after; g = groups[size_t(g)].next)
            offer(g);
    }
}

} // namespace Ridgeline
