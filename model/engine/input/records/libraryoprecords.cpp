#include "engine/input/records/libraryoprecords.h"

#include "engine/input/rawtrace.h"

#include <algorithm>
#include <tuple>

namespace Ridgeline {

std::uint32_t LibraryOpRecords::argsId(std::shared_ptr<const TritonOpArgs> interned)
{
    const auto [it, inserted] = m_argsIds.try_emplace(interned.get(), std::uint32_t(args.size()));
    if (inserted)
        args.push_back(std::move(interned));
    return it->second;
}

void LibraryOpRecords::keepOnlyOwners(const std::deque<LaunchRecord>& launches)
{
    std::unordered_map<const TritonOpArgs*, std::uint32_t>().swap(m_argsIds); // reading is done
    struct Span
    {
        std::uint32_t thread;
        double begin;
        double end;
        std::uint32_t index;
    };
    // Per thread by start; an enclosing op (ends later) before what it holds.
    const auto outerFirst = [](const Span& a, const Span& b) {
        return std::tuple(a.thread, a.begin, -a.end, a.index) < std::tuple(b.thread, b.begin, -b.end, b.index);
    };
    std::vector<Span> spans;
    spans.reserve(ops.size());
    for (std::uint32_t i = 0; i < ops.size(); ++i)
        spans.push_back({ ops[i].thread, ops[i].ts, ops[i].end, i });
    std::sort(spans.begin(), spans.end(), outerFirst);

    std::vector<Span> calls; // launch calls, as spans
    calls.reserve(launches.size());
    for (const LaunchRecord& launch : launches)
        calls.push_back({ launch.thread, launch.ts, launch.end, 0 });
    std::sort(calls.begin(), calls.end(), outerFirst);
    // Whether a launch call lies inside `op`: the first few that begin in it
    // are looked at (one that begins inside and ends outside is damage).
    const auto holdsALaunch = [&](const Span& op) {
        auto it = std::lower_bound(calls.begin(), calls.end(), Span { op.thread, op.begin, op.end, 0 }, outerFirst);
        for (int looked = 0; it != calls.end() && it->thread == op.thread && it->begin <= op.end && looked < 64; ++it, ++looked) {
            if (it->end <= op.end)
                return true;
        }
        return false;
    };

    std::vector<bool> keep(ops.size(), false);
    const Span* outer = nullptr;
    for (const Span& span : spans) {
        const bool nested = outer && outer->thread == span.thread && outer->begin <= span.begin && span.end <= outer->end;
        if (nested)
            continue;
        outer = &span;
        keep[span.index] = holdsALaunch(span);
    }

    std::vector<std::uint32_t> newArgsId(args.size(), UINT32_MAX);
    std::vector<std::shared_ptr<const TritonOpArgs>> keptArgs;
    std::deque<LibraryOpRecord> kept;
    for (std::uint32_t i = 0; i < ops.size(); ++i) {
        if (!keep[i])
            continue;
        LibraryOpRecord op = ops[i];
        std::uint32_t& id = newArgsId[op.argsId];
        if (id == UINT32_MAX) {
            id = std::uint32_t(keptArgs.size());
            keptArgs.push_back(std::move(args[op.argsId]));
        }
        op.argsId = id;
        kept.push_back(op);
    }
    ops = std::move(kept);
    args = std::move(keptArgs);

    m_byThreadAndTs.resize(ops.size());
    for (std::uint32_t i = 0; i < ops.size(); ++i)
        m_byThreadAndTs[i] = i;
    // Copies of the fields: a packed member cannot be bound to a reference.
    const auto key = [&](std::uint32_t i) {
        const LibraryOpRecord op = ops[i];
        return std::tuple<std::uint32_t, double, std::uint32_t>(op.thread, op.ts, i);
    };
    std::sort(m_byThreadAndTs.begin(), m_byThreadAndTs.end(), [&](std::uint32_t a, std::uint32_t b) { return key(a) < key(b); });
}

std::int32_t LibraryOpRecords::ownerOf(std::uint32_t thread, double ts, double end) const
{
    // The last op on the thread that began no later than ts: the kept ops
    // nest in none other, so no earlier one can hold the span.
    const auto after = std::upper_bound(m_byThreadAndTs.begin(), m_byThreadAndTs.end(), std::pair(thread, ts),
        [&](const std::pair<std::uint32_t, double>& key, std::uint32_t i) {
            const LibraryOpRecord op = ops[i];
            return key < std::pair<std::uint32_t, double>(op.thread, op.ts);
        });
    if (after == m_byThreadAndTs.begin())
        return -1;
    const LibraryOpRecord op = ops[*(after - 1)];
    return op.thread == thread && end <= op.end ? std::int32_t(*(after - 1)) : -1;
}

} // namespace Ridgeline
