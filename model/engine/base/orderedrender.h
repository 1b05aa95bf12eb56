// Stage base/: helpers every stage may use.
// Renders items [0, count) to text on every core and hands the texts over
// in order, one at a time: an export of a million rows (each rendered in
// microseconds: its texts, figures and advice) takes the time of its
// rendering divided by the cores, and holds no more than one
// round of chunks (cores x chunk texts), never the whole output.
#pragma once

#include <QByteArray>
#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace Ridgeline {

// `render(i)` must only read what every thread may read at once (a const
// analysis and judgement); `take` runs on the calling thread, in index
// order. Small counts render on the calling thread alone.
template <typename Render, typename Take> void renderInOrder(size_t count, Render&& render, Take&& take)
{
    constexpr size_t chunk = 1024;
    const size_t cores = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 16);
    if (cores == 1 || count < 2 * chunk) {
        for (size_t i = 0; i < count; ++i)
            take(render(i));
        return;
    }
    std::vector<std::vector<QByteArray>> texts(cores);
    for (size_t round = 0; round < count; round += cores * chunk) {
        const auto renderChunk = [&](size_t part) {
            const size_t begin = std::min(count, round + part * chunk);
            const size_t end = std::min(count, begin + chunk);
            texts[part].clear();
            texts[part].reserve(end - begin);
            for (size_t i = begin; i < end; ++i)
                texts[part].push_back(render(i));
        };
        std::vector<std::thread> helpers;
        helpers.reserve(cores - 1);
        for (size_t part = 1; part < cores; ++part)
            helpers.emplace_back(renderChunk, part);
        renderChunk(0);
        for (std::thread& helper : helpers)
            helper.join();
        for (const std::vector<QByteArray>& part : texts) {
            for (const QByteArray& text : part)
                take(text);
        }
    }
}

} // namespace Ridgeline
