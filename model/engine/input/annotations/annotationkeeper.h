// Stage input/: a trace file read into a RawTrace.
// What the collector keeps of the trace's user annotations and of the
// threads that launch GPU work, each list bounded: what an annotation's name
// says (PyTorch's ProfilerStep#N, vLLM's capture_<batch>_<mode>), vLLM's and
// SGLang's execute_ ranges (a model step: on the host as user_annotation, on
// a GPU stream as gpu_user_annotation), and each launching thread's pid and
// tid as the trace writes them.
#pragma once

#include "engine/input/rawtrace.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_set>

namespace Ridgeline {

// vLLM's "capture_<batch>_<mode>" (capture_32_FULL); begin, end and thread unset.
std::optional<CaptureAnnotation> captureAnnotation(std::string_view name);
// PyTorch profiler's "ProfilerStep#<N>": N.
std::optional<std::int64_t> profilerStepNumber(std::string_view name);
bool isExecuteAnnotation(std::string_view name);
bool isProfilerStepAnnotation(std::string_view name);

class AnnotationKeeper
{
public:
    explicit AnnotationKeeper(RawTrace& trace)
        : m_trace(trace)
    { }

    // A step's execute_ range is milliseconds at least; more would be a hostile file.
    static constexpr size_t maxExecuteAnnotations = 1u << 14; // 16,384, names and all under 6 MB
    static constexpr qsizetype maxAnnotationName = 160;
    // Threads named in RawTrace::launchThreads; a lane past them says its number.
    static constexpr size_t maxLaunchThreads = 4096;

    // An execute_ range over [begin, end] on `thread` (a GPU stream when `onGpu`).
    void keepExecute(std::string_view name, bool onGpu, double begin, double end, std::uint32_t thread);
    // A launch call on `thread`; pid and tid as the event's JSON tokens.
    void noteLaunchThread(std::uint32_t thread, std::string_view pid, std::string_view tid);
    // A ProfilerStep#N range (host). Past maxProfilerSteps the rest are
    // counted, not kept; a number that does not parse is kept as -1.
    static constexpr size_t maxProfilerSteps = 1u << 16;
    void keepProfilerStep(std::string_view name, double begin, double end);
    // After reading: the steps by begin, each once, the outermost of nested
    // ones; every step dropped or renumbered said in one warning per cause.
    void finishProfilerSteps();

private:
    RawTrace& m_trace;
    std::unordered_set<std::uint32_t> m_launchThreads; // already in RawTrace::launchThreads
    std::uint32_t m_lastLaunchThread = std::uint32_t(-1);
    bool m_executesOverflowed = false;
    std::int64_t m_stepsPastCap = 0;
    std::int64_t m_stepsUnnumbered = 0;
};

} // namespace Ridgeline
