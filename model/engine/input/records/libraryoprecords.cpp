#include "engine/input/records/libraryoprecords.h"

#include "engine/input/rawtrace.h"

#include <algorithm>
#include <tuple>

namespace Ridgeline {

void LibraryOpRecords::keepOnlyOwners(const std::deque<LaunchRecord>& launches)
{
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
}

} // namespace Ridgeline
