#include "engine/activity/idlecauseclassifier.h"

#include <algorithm>

namespace Ridgeline {

QString idleCauseClassKey(IdleCauseClass cls)
{
    switch (cls) {
    case IdleCauseClass::Sync:
        return QStringLiteral("sync");
    case IdleCauseClass::Launch:
        return QStringLiteral("launch");
    case IdleCauseClass::Starved:
        return QStringLiteral("starved");
    case IdleCauseClass::Other:
        break;
    }
    return QStringLiteral("other");
}

// Intervals of one thread and kind by begin, asked about windows whose begin
// never goes back: those open at the window's begin are kept (at most the
// nesting depth of frames), those that begin inside it are looked ahead at.
class IdleCauseClassifier::Sweep
{
public:
    // Past these a hostile nesting or a burst of spans inside one gap costs
    // no more: the innermost open frames and the first that begin are asked.
    static constexpr size_t maxOpen = 1024;
    static constexpr size_t maxLookAhead = 4096;

    std::vector<Interval> items;

    void sort()
    {
        std::stable_sort(items.begin(), items.end(), [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
    }

    // The intervals overlapping [begin, end), into `out`.
    void overlapping(double begin, double end, std::vector<Interval>& out)
    {
        out.clear();
        // Spans that ended before the window are never pushed: between two
        // gaps thousands may begin and end, and the cap must not push the
        // long open frames (a compiled graph's wrapper) out.
        std::erase_if(m_open, [&](std::uint32_t i) { return items[i].end <= begin; });
        for (; m_next < items.size() && items[m_next].begin <= begin; ++m_next) {
            if (items[m_next].end <= begin)
                continue;
            if (m_open.size() == maxOpen) // a nesting deeper than any real stack: the outermost go
                m_open.erase(m_open.begin());
            m_open.push_back(std::uint32_t(m_next));
        }
        for (std::uint32_t i : m_open)
            out.push_back(items[i]);
        for (size_t i = m_next; i < items.size() && items[i].begin < end && i - m_next < maxLookAhead; ++i)
            out.push_back(items[i]);
    }

private:
    size_t m_next = 0;
    std::vector<std::uint32_t> m_open;
};

struct IdleCauseClassifier::ThreadSpans
{
    Sweep waits; // syncs and blocking copies
    Sweep frames; // python frames, cpu_ops, compiled graph calls
    Sweep launches;
};

namespace {

double overlap(double aBegin, double aEnd, double bBegin, double bEnd)
{
    return std::max(0.0, std::min(aEnd, bEnd) - std::max(aBegin, bBegin));
}

// The union of `intervals` (by begin) within [begin, end).
double coveredLength(const std::vector<std::pair<double, double>>& intervals, double begin, double end)
{
    double covered = 0;
    double cursor = begin;
    for (auto [b, e] : intervals) {
        b = std::max(b, cursor);
        e = std::min(e, end);
        if (e > b) {
            covered += e - b;
            cursor = e;
        }
    }
    return covered;
}

} // namespace

IdleCauseClassifier::IdleCauseClassifier(const RawTrace& trace)
    : m_trace(trace)
{
    for (int c = 0; c < 4; ++c)
        m_causes[c].cls = IdleCauseClass(c);
    const std::deque<HostSpan>& spans = trace.hostSpans.spans();
    for (std::uint32_t i = 0; i < spans.size(); ++i) {
        const HostSpan& span = spans[i];
        ThreadSpans* thread = spansOf(span.thread);
        const bool wait = span.kind == HostSpanKind::Sync || span.kind == HostSpanKind::BlockingCopy;
        (wait ? thread->waits : thread->frames).items.push_back({ span.begin, span.end, i });
    }
    std::unordered_map<std::uint32_t, std::int64_t> launchesPerThread;
    for (std::uint32_t i = 0; i < trace.launches.size(); ++i) {
        const LaunchRecord& launch = trace.launches[i];
        spansOf(launch.thread)->launches.items.push_back({ launch.ts, launch.end, i });
        ++launchesPerThread[launch.thread];
    }
    std::int64_t most = -1;
    for (const auto& [thread, count] : launchesPerThread) {
        if (count > most || (count == most && thread < m_mainLaunchThread)) {
            most = count;
            m_mainLaunchThread = thread;
        }
    }
    for (auto& [thread, spansOfThread] : m_threads) {
        spansOfThread->waits.sort();
        spansOfThread->frames.sort();
        spansOfThread->launches.sort();
    }
}

IdleCauseClassifier::~IdleCauseClassifier() = default;

IdleCauseClassifier::ThreadSpans* IdleCauseClassifier::spansOf(std::uint32_t thread)
{
    std::unique_ptr<ThreadSpans>& spans = m_threads[thread];
    if (!spans)
        spans = std::make_unique<ThreadSpans>();
    return spans.get();
}

void IdleCauseClassifier::add(double begin, double end, std::optional<std::uint32_t> launch)
{
    const double length = end - begin;
    if (!(length > 0))
        return;
    ClassifiedGap gap;
    gap.startUs = begin; // made relative in finish()
    gap.lengthUs = length;
    const std::uint32_t threadId = launch ? m_trace.launches[*launch].thread : m_mainLaunchThread;
    const std::optional<double> nextLaunchTs = launch ? std::optional(m_trace.launches[*launch].ts) : std::nullopt;
    const auto found = m_threads.find(threadId);
    if (found == m_threads.end()) {
        gap.note = QStringLiteral("no host work recorded on the launching thread");
        record(IdleCauseClass::Other, std::move(gap));
        return;
    }
    ThreadSpans& thread = *found->second;
    const auto& spans = m_trace.hostSpans.spans();

    thread.frames.overlapping(begin, end, m_frames);
    // The innermost (shortest) frame holding [b, e], or null.
    const auto innermostAround = [&](double b, double e) -> const Interval* {
        const Interval* best = nullptr;
        for (const Interval& frame : m_frames) {
            if (frame.begin <= b && frame.end >= e && (!best || frame.end - frame.begin < best->end - best->begin))
                best = &frame;
        }
        return best;
    };

    // A sync or blocking copy: the host waited for the GPU, which had nothing queued.
    thread.waits.overlapping(begin, end, m_waits);
    if (!m_waits.empty()) {
        std::vector<std::pair<double, double>> intervals;
        const Interval* longest = nullptr;
        for (const Interval& wait : m_waits) {
            intervals.emplace_back(wait.begin, wait.end);
            if (!longest || overlap(wait.begin, wait.end, begin, end) > overlap(longest->begin, longest->end, begin, end))
                longest = &wait;
        }
        if (coveredLength(intervals, begin, end) >= 0.5 * length) {
            const HostSpan& call = spans[longest->ref];
            gap.call = m_trace.hostSpans.nameOf(call);
            if (call.bytes >= 0)
                gap.bytes = call.bytes;
            gap.direction = copyDirectionKey(call.direction);
            if (const Interval* frame = innermostAround(longest->begin, longest->end))
                gap.op = m_trace.hostSpans.nameOf(spans[frame->ref]);
            record(IdleCauseClass::Sync, std::move(gap));
            return;
        }
    }

    // The host issued work as fast as it could: launch calls, and the ATen
    // op whose dispatch makes the next launch (eager mode's per-op cost).
    // Only the innermost op around the launch: the ops around it (a
    // "Torch-Compiled Region", a module's) hold far more than its dispatch.
    const Interval* dispatching = nullptr;
    for (const Interval& frame : m_frames) {
        if (nextLaunchTs && spans[frame.ref].kind == HostSpanKind::Op && frame.begin <= *nextLaunchTs && frame.end >= *nextLaunchTs
            && (!dispatching || frame.end - frame.begin < dispatching->end - dispatching->begin))
            dispatching = &frame;
    }
    const auto dispatchesNextLaunch = [&](const Interval& frame) { return &frame == dispatching; };
    thread.launches.overlapping(begin, end, m_launches);
    std::vector<std::pair<double, double>> launchIntervals;
    for (const Interval& call : m_launches)
        launchIntervals.emplace_back(call.begin, call.end);
    for (const Interval& frame : m_frames) {
        if (dispatchesNextLaunch(frame))
            launchIntervals.emplace_back(frame.begin, frame.end);
    }
    std::sort(launchIntervals.begin(), launchIntervals.end());
    if (!launchIntervals.empty() && coveredLength(launchIntervals, begin, end) >= 0.5 * length) {
        record(IdleCauseClass::Launch, std::move(gap));
        return;
    }

    // The innermost frame that filled at least half of the gap: the thread
    // ran its code (a DataLoader's __next__, a compiled graph's wrapper
    // before its first launch) instead of issuing work. Frames shorter than
    // HostSpans::minFrameUs are not kept: their time is their parent's.
    const Interval* busy = nullptr;
    for (const Interval& frame : m_frames) {
        if (overlap(frame.begin, frame.end, begin, end) < 0.5 * length || dispatchesNextLaunch(frame))
            continue;
        if (!busy || frame.end - frame.begin < busy->end - busy->begin)
            busy = &frame;
    }
    if (busy) {
        gap.op = m_trace.hostSpans.nameOf(spans[busy->ref]);
        record(IdleCauseClass::Starved, std::move(gap));
        return;
    }
    gap.note = m_frames.empty() && m_waits.empty() && m_launches.empty()
        ? QStringLiteral("no host work recorded on the launching thread")
        : QStringLiteral("the launching thread's recorded work covers less than half of it");
    record(IdleCauseClass::Other, std::move(gap));
}

void IdleCauseClassifier::record(IdleCauseClass cls, ClassifiedGap gap)
{
    IdleCause& cause = m_causes[int(cls)];
    ++cause.count;
    cause.totalUs += gap.lengthUs;
    std::vector<ClassifiedGap>& largest = cause.largest;
    if (largest.size() == IdleCause::maxLargest && largest.back().lengthUs >= gap.lengthUs)
        return;
    const auto at = std::upper_bound(
        largest.begin(), largest.end(), gap.lengthUs, [](double length, const ClassifiedGap& other) { return length > other.lengthUs; });
    largest.insert(at, std::move(gap));
    if (largest.size() > IdleCause::maxLargest)
        largest.pop_back();
}

std::vector<IdleCause> IdleCauseClassifier::finish(double originUs) const
{
    std::vector<IdleCause> causes;
    for (const IdleCause& cause : m_causes) {
        if (cause.count == 0)
            continue;
        causes.push_back(cause);
        for (ClassifiedGap& gap : causes.back().largest)
            gap.startUs -= originUs;
    }
    return causes;
}

} // namespace Ridgeline
