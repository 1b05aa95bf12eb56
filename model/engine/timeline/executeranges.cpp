#include "engine/timeline/executeranges.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace Ridgeline {

ExecuteRangeSpans::ExecuteRangeSpans(const RawTrace& trace, double originUs, TimelineClock& clock)
{
    const std::vector<ExecuteAnnotation>& annotations = trace.executeAnnotations;
    const bool onGpu = std::any_of(annotations.begin(), annotations.end(), [](const ExecuteAnnotation& a) { return a.onGpu; });
    const auto toNs = [&](double us) { return clock.toNs(us - originUs); };
    std::vector<std::uint32_t> host; // into annotations, by begin
    for (std::uint32_t a = 0; a < annotations.size(); ++a) {
        const ExecuteAnnotation& annotation = annotations[a];
        if (annotation.onGpu != onGpu)
            continue;
        if (onGpu) {
            m_spans.push_back({ a, toNs(annotation.begin), toNs(annotation.end) });
        } else {
            host.push_back(a);
            m_spans.push_back({ a, std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min() });
        }
    }
    if (host.empty())
        return;
    // Spans are in the order of `host`; each launch finds the range that
    // began last before it on its thread.
    std::vector<std::uint32_t> byBegin(host.size());
    std::iota(byBegin.begin(), byBegin.end(), 0u);
    std::sort(byBegin.begin(), byBegin.end(),
        [&](std::uint32_t x, std::uint32_t y) { return annotations[host[x]].begin < annotations[host[y]].begin; });
    for (const LaunchRecord& launch : trace.launches) {
        if (launch.key < 0)
            continue;
        auto after = std::upper_bound(
            byBegin.begin(), byBegin.end(), launch.ts, [&](double ts, std::uint32_t s) { return ts < annotations[host[s]].begin; });
        // Nested or overlapping ranges are rare: look back over a few.
        for (int looked = 0; after != byBegin.begin() && looked < 4; ++looked) {
            const std::uint32_t s = *--after;
            const ExecuteAnnotation& annotation = annotations[host[s]];
            if (annotation.thread == launch.thread && launch.ts <= annotation.end) {
                m_launched.push_back({ launch.key, s });
                break;
            }
        }
    }
    std::sort(m_launched.begin(), m_launched.end());
}

void ExecuteRangeSpans::noteGpuEvent(std::int64_t key, std::int64_t startNs, std::int64_t endNs)
{
    if (m_launched.empty() || key < 0)
        return;
    auto it = std::lower_bound(m_launched.begin(), m_launched.end(), Launched { key, 0 });
    if (it == m_launched.end() || it->key != key)
        return;
    Span& span = m_spans[it->span];
    span.startNs = std::min(span.startNs, startNs);
    span.endNs = std::max(span.endNs, endNs);
}

std::vector<ExecuteRangeSpans::Span> ExecuteRangeSpans::spans() const
{
    std::vector<Span> ran;
    for (const Span& span : m_spans) {
        if (span.startNs <= span.endNs)
            ran.push_back(span);
    }
    return ran;
}

} // namespace Ridgeline
