// Stage activity/: what the GPU did over time, measured from the trace.
// Steps by a host call made again and again, from the host spans the reader
// kept (RawTrace::hostSpans): the "## Call CompiledFxGraph <hash> ##" calls
// of one hash (StepKind::CompiledGraphCall), or the calls of one outermost
// nn.Module, "nn.Module: <Class>_<n>" frames inside no other module frame
// on their thread (StepKind::Module). The name called most often is the
// step, ties to more GPU time. A GPU event belongs to the call during which
// its launch call began on that call's thread (the GPU runs behind the host).
#pragma once

#include "engine/activity/gpuactivity.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace Ridgeline {

struct RawTrace;

class HostCallStepCounter
{
public:
    // `kind`: CompiledGraphCall or Module: which spans of `trace` are the calls.
    HostCallStepCounter(const RawTrace& trace, StepKind kind);
    bool any() const { return !m_calls.empty(); }
    // A GPU event of the main device whose launch call began at `hostTs` on `thread`.
    void add(std::uint32_t thread, double hostTs, double begin, double end, double kernelUs, double tritonUs);
    // `mainKernelUs`: the main device's kernel time, of which the rest is one-off.
    StepFigures figures(double mainKernelUs) const;
    // When the step name's calls began, sorted (a ProfilerStep holds how many).
    std::vector<double> stepCallTimes() const;

    // Whether a host frame's name is an nn.Module's (PyTorch's with_modules).
    static bool isModuleFrame(QStringView name) { return name.startsWith(u"nn.Module: "); }

private:
    struct Call
    {
        double begin = 0;
        double end = 0;
        std::uint32_t name = 0; // into m_names
        bool any = false; // a GPU event of it seen
        double first = 0, cursor = 0, busy = 0; // its GPU span and busy time so far
    };
    struct Name
    {
        QString text;
        int calls = 0;
        double kernelUs = 0, tritonUs = 0;
    };
    // The name called most often, ties to more GPU time; -1 when none.
    int stepName() const;

    StepKind m_kind;
    std::vector<Call> m_calls; // outermost only: disjoint on each thread
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_callsOfThread; // by begin
    std::vector<Name> m_names;
};

} // namespace Ridgeline
