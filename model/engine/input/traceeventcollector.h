// Stage input/: a trace file read into a RawTrace.
// Decodes each event the scanner finds (simdjson On-Demand over that one
// event's text) and keeps what the analysis needs in a RawTrace. A
// malformed event costs that event only: it is counted and skipped.
#pragma once

#include "engine/input/annotations/annotationkeeper.h"
#include "engine/input/eventargsreader.h"
#include "engine/input/jsoneventscanner.h"
#include "engine/input/rawtrace.h"
#include "engine/input/records/utf8nametable.h"

#include <QHash>
#include <array>
#include <memory>
#include <optional>
#include <simdjson.h>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace Ridgeline {

class TraceEventCollector final : public JsonEventScanner::Sink
{
public:
    // Prefiltered: mayUse() already dropped what it would (ScanAheadReader's
    // filter, on the scanning thread), so the collector does not run it again.
    enum class Input
    {
        Unfiltered,
        Prefiltered
    };
    explicit TraceEventCollector(RawTrace& trace, Input input = Input::Unfiltered, LibraryOpFilter keepLibraryOp = {});

    void event(std::string_view json, std::int64_t offset) override;
    void topLevelValue(std::string_view key, std::string_view json) override;
    void skippedElement(std::int64_t offset, const QString& why) override;

    // False for an event's text when the collector would drop it anyway:
    // far cheaper than decoding it.
    static bool mayUse(std::string_view json);
    // After the last event: the kept annotations made whole (steps each
    // once, nested ones dropped, with warnings).
    void finish()
    {
        m_annotations.finishProfilerSteps();
        noteDroppedArgLists();
    }

    static constexpr int maxWarnings = 20;
    // More would be a hostile file: vLLM writes one per captured batch size.
    static constexpr size_t maxCaptureAnnotations = 4096;
    // Streams named in RawTrace::gpuStreams; events on the rest count for device "?".
    static constexpr size_t maxGpuStreams = 4096;
    static constexpr double maxDurationUs = 86'400e6; // a day
    static constexpr double minGpuEventDurationUs = 0.001; // a nanosecond: Kineto's resolution
    // The linker keeps a thread in 24 bits; the last id stands for all the rest.
    static constexpr std::uint32_t maxThreads = 1u << 24;
    // Names are ids of 24 bits in the records (noKernelName is the last);
    // real traces have a few thousand. The last id stands for all the rest.
    static constexpr std::uint32_t maxGpuNames = 1u << 20;
    // numSms past this is no GPU (the largest have a few hundred).
    static constexpr std::int64_t maxComputeUnits = 1 << 20;
    // cpu_op names whose filter answer is remembered; past this many (a
    // hostile file), the filter is asked again for the rest.
    static constexpr size_t maxRememberedOpNames = 1u << 16;

private:
    void noteDroppedArgLists();
    struct Event;

    void skip(std::int64_t offset, const QString& why);
    bool decode(std::string_view json, Event* event, QString* error);
    std::uint32_t threadId(std::string_view pid, std::string_view tid);
    std::uint32_t gpuNameId(std::string_view name);
    std::uint32_t internGpuName(std::string_view name); // gpuNameId without the cache of the last name
    void noteGpuStream(std::uint32_t thread, std::string_view pid, std::string_view tid);
    // The same GPU event twice in a row: recorded twice, counted once.
    bool isRepeatOfLastGpuEvent(const GpuEventRecord& event) const;
    QString tritonName(std::string_view name);
    // Keeps a cpu_op the filter wants as a library op (RawTrace::libraryOps).
    void keepLibraryOp(const Event& event, double begin, double end, std::uint32_t thread);
    // The name's id in RawTrace::libraryOps.names, or -1 when not kept.
    std::int32_t libraryOpNameId(std::string_view name);
    // Keeps a sync call, blocking copy or host frame (RawTrace::hostSpans); warns once at its cap.
    void keepHostSpan(HostSpanKind kind, const Event& event, std::uint32_t thread, std::int64_t bytes = -1,
        CopyDirection direction = CopyDirection::Unknown);

    RawTrace& m_trace;
    Input m_input;
    AnnotationKeeper m_annotations; // execute_ ranges, launching threads' names
    bool m_hostSpansWarned = false;
    simdjson::ondemand::parser m_eventParser;
    EventArgsReader m_args;
    std::vector<char> m_buffer; // the current event with simdjson's padding
    std::unordered_map<std::string, std::uint32_t> m_threads;
    // The last few threads seen and their ids: events come from a handful
    // of threads in turn (the Python thread, a launching thread, a stream),
    // and comparing a key costs less than making it and hashing it.
    struct RecentThread
    {
        std::string key; // "pid/tid", as in m_threads
        std::uint32_t id = 0;
    };
    std::array<RecentThread, 4> m_recentThreads;
    std::uint32_t m_nextRecentThread = 0;
    Utf8NameTable m_gpuNames; // into RawTrace::gpuEventNames
    // The name of the GPU event before, and its id: a trace runs the same
    // kernel many times in a row, and hashing its name each time costs
    // more than comparing it.
    std::string m_lastGpuName;
    std::uint32_t m_lastGpuNameId = 0;
    QStringList m_tritonNameTexts; // one QString per distinct name, shared by every call of it
    Utf8NameTable m_tritonNames { &m_tritonNameTexts };
    LibraryOpFilter m_keepLibraryOp;
    // The filter's answer per cpu_op name (an id, or -1), heterogeneous
    // lookup: most ops are looked up, few names are distinct.
    std::unordered_map<std::string, std::int32_t, StringViewHash, std::equal_to<>> m_libraryOpNameIds;
    std::unordered_set<std::uint32_t> m_gpuThreads; // threads already in RawTrace::gpuStreams
    std::uint32_t m_lastGpuThread = std::uint32_t(-1);
    std::optional<GpuEventRecord> m_lastGpuEvent; // as kept: repeats of it are dropped
    bool m_threadsOverflowed = false;
    bool m_gpuNamesOverflowed = false;
};

} // namespace Ridgeline
