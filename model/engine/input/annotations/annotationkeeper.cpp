#include "engine/input/annotations/annotationkeeper.h"

#include "engine/input/jsontext.h"

#include <algorithm>
#include <charconv>

namespace Ridgeline {

std::optional<CaptureAnnotation> captureAnnotation(std::string_view name)
{
    constexpr std::string_view prefix = "capture_";
    if (!name.starts_with(prefix))
        return std::nullopt;
    size_t i = prefix.size();
    std::int64_t batch = 0;
    const size_t digits = i;
    while (i < name.size() && name[i] >= '0' && name[i] <= '9' && i - digits < 9)
        batch = batch * 10 + (name[i++] - '0');
    if (i == digits)
        return std::nullopt;
    CaptureAnnotation annotation;
    annotation.batchSize = int(batch);
    if (i < name.size() && name[i] == '_')
        annotation.mode = toQString(name.substr(i + 1, 32));
    return annotation;
}

std::optional<std::int64_t> profilerStepNumber(std::string_view name)
{
    constexpr std::string_view prefix = "ProfilerStep#";
    if (!name.starts_with(prefix) || name.size() > prefix.size() + 18)
        return std::nullopt;
    std::int64_t number = 0;
    const auto [end, error] = std::from_chars(name.data() + prefix.size(), name.data() + name.size(), number);
    if (error != std::errc() || end != name.data() + name.size())
        return std::nullopt;
    return number;
}

bool isExecuteAnnotation(std::string_view name)
{
    return name.starts_with("execute_");
}

bool isProfilerStepAnnotation(std::string_view name)
{
    return name.starts_with("ProfilerStep#");
}

void AnnotationKeeper::keepProfilerStep(std::string_view name, double begin, double end)
{
    if (m_trace.profilerSteps.size() >= maxProfilerSteps) {
        ++m_stepsPastCap;
        return;
    }
    const std::optional<std::int64_t> number = profilerStepNumber(name);
    if (!number)
        ++m_stepsUnnumbered;
    m_trace.profilerSteps.push_back({ begin, end, number.value_or(-1) });
}

void AnnotationKeeper::finishProfilerSteps()
{
    std::vector<ProfilerStepAnnotation>& steps = m_trace.profilerSteps;
    // By begin, the longer first where two begin together: a step nested
    // in another comes after it, and lies within the kept step that
    // reaches furthest so far.
    std::stable_sort(steps.begin(), steps.end(), [](const ProfilerStepAnnotation& a, const ProfilerStepAnnotation& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
    });
    std::int64_t repeated = 0, nested = 0;
    size_t kept = 0;
    size_t furthest = 0; // the kept step that ends last
    for (size_t i = 0; i < steps.size(); ++i) {
        const ProfilerStepAnnotation& step = steps[i];
        if (kept > 0) {
            const ProfilerStepAnnotation& reach = steps[furthest];
            const ProfilerStepAnnotation& last = steps[kept - 1];
            if (step.begin == last.begin && step.end == last.end && step.number == last.number) {
                ++repeated;
                continue;
            }
            if (step.end <= reach.end) {
                ++nested;
                continue;
            }
        }
        steps[kept] = step;
        furthest = kept++;
    }
    steps.resize(kept);
    if (repeated > 0)
        m_trace.warnings << QStringLiteral("%1 ProfilerStep annotations repeat one already read (same number, begin and end): each step "
                                           "counted once")
                                .arg(repeated);
    if (nested > 0)
        m_trace.warnings << QStringLiteral("%1 ProfilerStep annotations lie inside another: the outermost are the steps").arg(nested);
    if (m_stepsPastCap > 0)
        m_trace.warnings << QStringLiteral("%1 ProfilerStep annotations past the first %2 are not counted as steps")
                                .arg(m_stepsPastCap)
                                .arg(maxProfilerSteps);
    if (m_stepsUnnumbered > 0)
        m_trace.warnings << QStringLiteral("%1 ProfilerStep annotations have a number that does not parse: kept as steps, numbered -1")
                                .arg(m_stepsUnnumbered);
}

void AnnotationKeeper::keepExecute(std::string_view name, bool onGpu, double begin, double end, std::uint32_t thread)
{
    if (m_trace.executeAnnotations.size() >= maxExecuteAnnotations) {
        if (!m_executesOverflowed)
            m_trace.warnings << QStringLiteral("more than %1 execute_ annotations: the rest are not shown").arg(maxExecuteAnnotations);
        m_executesOverflowed = true;
        return;
    }
    // vLLM writes each step's batch into the name: hundreds of characters.
    m_trace.executeAnnotations.push_back({ begin, end, thread, onGpu, toQString(name.substr(0, size_t(maxAnnotationName))) });
}

void AnnotationKeeper::noteLaunchThread(std::uint32_t thread, std::string_view pid, std::string_view tid)
{
    // Launches come in long runs from one thread: most calls end here.
    if (thread == m_lastLaunchThread)
        return;
    m_lastLaunchThread = thread;
    if (m_launchThreads.size() >= maxLaunchThreads || !m_launchThreads.insert(thread).second)
        return;
    m_trace.launchThreads.push_back({ thread, unquotedId(pid), unquotedId(tid) });
}

} // namespace Ridgeline
