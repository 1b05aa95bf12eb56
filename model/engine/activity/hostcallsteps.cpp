#include "engine/activity/hostcallsteps.h"

#include "engine/input/rawtrace.h"

#include <algorithm>

namespace Ridgeline {

HostCallStepCounter::HostCallStepCounter(const RawTrace& trace, StepKind kind)
    : m_kind(kind)
{
    const HostSpans& spans = trace.hostSpans;
    // The calls of each thread, outermost only; names by the spans' ids.
    std::unordered_map<std::uint32_t, std::vector<Call>> candidates;
    std::unordered_map<std::uint32_t, std::uint32_t> nameOfSpanName;
    for (const HostSpan& span : spans.spans()) {
        const bool call = kind == StepKind::CompiledGraphCall ? span.kind == HostSpanKind::CompiledGraphCall
                                                              : span.kind == HostSpanKind::Frame && isModuleFrame(spans.nameOf(span));
        if (!call)
            continue;
        auto [name, inserted] = nameOfSpanName.try_emplace(span.nameId, std::uint32_t(m_names.size()));
        if (inserted)
            m_names.push_back({ spans.nameOf(span), 0, 0, 0 });
        candidates[span.thread].push_back({ span.begin, span.end, name->second });
    }
    for (auto& [thread, calls] : candidates) {
        // Outer before inner at one begin; a call inside the last kept one is a nested call, not a step.
        std::sort(calls.begin(), calls.end(),
            [](const Call& a, const Call& b) { return a.begin < b.begin || (a.begin == b.begin && a.end > b.end); });
        std::vector<std::uint32_t>& kept = m_callsOfThread[thread];
        for (const Call& call : calls) {
            if (!kept.empty() && call.begin < m_calls[kept.back()].end)
                continue;
            kept.push_back(std::uint32_t(m_calls.size()));
            m_calls.push_back(call);
            ++m_names[call.name].calls;
        }
    }
}

void HostCallStepCounter::add(std::uint32_t thread, double hostTs, double begin, double end, double kernelUs, double tritonUs)
{
    const auto found = m_callsOfThread.find(thread);
    if (found == m_callsOfThread.end())
        return;
    const std::vector<std::uint32_t>& calls = found->second;
    // The last call begun by hostTs, if hostTs is still inside it.
    const auto it
        = std::upper_bound(calls.begin(), calls.end(), hostTs, [&](double ts, std::uint32_t call) { return ts < m_calls[call].begin; });
    if (it == calls.begin())
        return;
    Call& call = m_calls[*std::prev(it)];
    if (hostTs > call.end)
        return;
    Name& name = m_names[call.name];
    name.kernelUs += kernelUs;
    name.tritonUs += tritonUs;
    // The call's GPU span and busy time, events in order of start.
    if (!call.any) {
        call.any = true;
        call.first = begin;
        call.cursor = end;
        call.busy = end - begin;
        return;
    }
    if (end <= call.cursor)
        return;
    call.busy += end - std::max(begin, call.cursor);
    call.cursor = end;
}

int HostCallStepCounter::stepName() const
{
    int best = -1;
    for (size_t i = 0; i < m_names.size(); ++i) {
        const Name& name = m_names[i];
        // A call that ran no GPU work is no step of the GPU's.
        if (name.kernelUs <= 0)
            continue;
        if (best < 0 || name.calls > m_names[size_t(best)].calls
            || (name.calls == m_names[size_t(best)].calls && name.kernelUs > m_names[size_t(best)].kernelUs))
            best = int(i);
    }
    return best;
}

StepFigures HostCallStepCounter::figures(double mainKernelUs) const
{
    StepFigures figures;
    const int best = stepName();
    if (best < 0)
        return figures;
    const Name& name = m_names[size_t(best)];
    figures.kind = m_kind;
    figures.count = name.calls;
    figures.gpuTimePerStepUs = name.kernelUs / name.calls;
    figures.tritonTimePerStepUs = name.tritonUs / name.calls;
    double idle = 0;
    for (const Call& call : m_calls) {
        if (call.name != std::uint32_t(best))
            continue;
        if (call.any)
            idle += std::max(0.0, (call.cursor - call.first) - call.busy);
        figures.firstStartUs = std::min(figures.firstStartUs.value_or(call.begin), call.begin);
    }
    figures.idlePerStepUs = idle / name.calls;
    // The sums' rounding (one set of durations added in two orders) is no time run once.
    const double rest = mainKernelUs - name.kernelUs;
    figures.oneOffGpuTimeUs = rest > 1e-9 * mainKernelUs ? rest : 0.0;
    figures.what = name.text;
    return figures;
}

std::vector<double> HostCallStepCounter::stepCallTimes() const
{
    const int best = stepName();
    std::vector<double> times;
    for (const Call& call : m_calls) {
        if (best >= 0 && call.name == std::uint32_t(best))
            times.push_back(call.begin);
    }
    std::sort(times.begin(), times.end());
    return times;
}

} // namespace Ridgeline
