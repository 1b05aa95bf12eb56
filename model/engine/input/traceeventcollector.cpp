#include "engine/input/traceeventcollector.h"

#include "engine/base/quotedtext.h"
#include "engine/input/jsontext.h"
#include "engine/input/prefilter/eventprefilter.h"
#include "engine/triton/kernelname.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <optional>

namespace Ridgeline {
namespace {

using namespace simdjson;

// A number that may be written as a JSON number or as a string of one.
std::optional<double> readNumber(ondemand::value value)
{
    ondemand::json_type type;
    if (value.type().get(type))
        return std::nullopt;
    if (type == ondemand::json_type::number) {
        double number = 0;
        if (value.get_double().get(number) || !std::isfinite(number))
            return std::nullopt;
        return number;
    }
    if (type == ondemand::json_type::string) {
        std::string_view text;
        if (value.get_string().get(text))
            return std::nullopt;
        double number = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(number))
            return std::nullopt;
        return number;
    }
    return std::nullopt;
}

std::optional<std::int64_t> readInteger(ondemand::value value)
{
    std::int64_t number = 0;
    if (!value.get_int64().get(number))
        return number;
    return std::nullopt;
}

bool contains(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

// Whether an op's args text holds the kernel_backend key at all: a search
// of a few hundred bytes instead of a JSON decode for every ATen op.
bool mayDeclareTritonBackend(std::string_view argsJson)
{
    return argsJson.find("\"kernel_backend\"") != std::string_view::npos;
}

} // namespace

struct TraceEventCollector::Event
{
    std::string_view ph;
    // Views into the event's text or the parser's string buffer: valid while
    // the event is handled.
    std::string_view cat;
    std::string_view name;
    std::string_view pid;
    std::string_view tid;
    std::optional<double> ts;
    std::optional<double> dur;
    bool hasDur = false;
    std::optional<std::int64_t> id;
    std::string_view args; // raw JSON inside m_buffer
};

TraceEventCollector::TraceEventCollector(RawTrace& trace, Input input, LibraryOpFilter keepLibraryOp)
    : m_trace(trace)
    , m_input(input)
    , m_annotations(trace)
    , m_gpuNames(&trace.gpuEventNames)
    , m_keepLibraryOp(std::move(keepLibraryOp))
{ }

std::int32_t TraceEventCollector::libraryOpNameId(std::string_view name)
{
    if (const auto found = m_libraryOpNameIds.find(name); found != m_libraryOpNameIds.end())
        return found->second;
    const QString text = toQString(name);
    const std::int32_t id = m_keepLibraryOp(text) ? std::int32_t(m_trace.libraryOps.names.size()) : -1;
    if (id >= 0) // only the models' few hundred names: bounded
        m_trace.libraryOps.names << text;
    if (id >= 0 || m_libraryOpNameIds.size() < maxRememberedOpNames)
        m_libraryOpNameIds.emplace(std::string(name), id);
    return id;
}

void TraceEventCollector::keepLibraryOp(const Event& event, double begin, double end, std::uint32_t thread)
{
    if (!m_keepLibraryOp)
        return;
    const std::int32_t nameId = libraryOpNameId(event.name);
    if (nameId < 0)
        return;
    std::int64_t externalId = -1;
    const std::uint32_t argsId = m_trace.libraryOps.argsId(m_args.readTritonOpArgs(event.args, &externalId));
    m_trace.libraryOps.ops.push_back({ begin, end, thread, std::uint32_t(nameId), argsId });
}

bool TraceEventCollector::mayUse(std::string_view json)
{
    return mayBeUsed(json);
}

void TraceEventCollector::skip(std::int64_t offset, const QString& why)
{
    ++m_trace.skippedEvents;
    if (m_trace.warnings.size() < maxWarnings)
        m_trace.warnings << QStringLiteral("event at byte %1 skipped: %2").arg(offset).arg(why);
}

void TraceEventCollector::noteDroppedArgLists()
{
    if (const size_t dropped = m_args.droppedListArgs())
        m_trace.warnings << QStringLiteral(
            "the arg lists of %L1 ops were not kept past %2 MB of distinct lists: their kernels are timed only")
                                .arg(qulonglong(dropped))
                                .arg(qulonglong(EventArgsReader::defaultMaxKeptListBytes >> 20));
}

void TraceEventCollector::skippedElement(std::int64_t offset, const QString& why)
{
    skip(offset, why);
}

std::uint32_t TraceEventCollector::threadId(std::string_view pid, std::string_view tid)
{
    for (const RecentThread& recent : m_recentThreads) {
        const std::string_view key = recent.key;
        if (key.size() == pid.size() + 1 + tid.size() && key.starts_with(pid) && key[pid.size()] == '/' && key.ends_with(tid))
            return recent.id;
    }
    std::string key;
    key.reserve(pid.size() + tid.size() + 1);
    key.append(pid).append(1, '/').append(tid);
    if (m_threads.size() >= maxThreads) { // only a hostile file has so many
        if (const auto found = m_threads.find(key); found != m_threads.end())
            return found->second;
        if (!m_threadsOverflowed)
            m_trace.warnings << QStringLiteral("more than %1 distinct pid/tid pairs: the rest are taken as one thread").arg(maxThreads - 1);
        m_threadsOverflowed = true;
        return maxThreads - 1;
    }
    auto [it, inserted] = m_threads.try_emplace(std::move(key), std::uint32_t(m_threads.size()));
    m_recentThreads[m_nextRecentThread] = { it->first, it->second };
    m_nextRecentThread = (m_nextRecentThread + 1) % m_recentThreads.size();
    return it->second;
}

bool TraceEventCollector::isRepeatOfLastGpuEvent(const GpuEventRecord& event) const
{
    if (!m_lastGpuEvent)
        return false;
    const GpuEventRecord& last = *m_lastGpuEvent;
    return event.ts == last.ts && event.dur == last.dur && event.thread == last.thread && event.nameId == last.nameId
        && event.key == last.key && event.kind == last.kind && event.geometry == last.geometry && event.copyBytes == last.copyBytes;
}

void TraceEventCollector::noteGpuStream(std::uint32_t thread, std::string_view pid, std::string_view tid)
{
    // GPU events come in long runs on one stream: most calls end here.
    if (thread == m_lastGpuThread)
        return;
    m_lastGpuThread = thread;
    if (m_gpuThreads.size() >= maxGpuStreams || !m_gpuThreads.insert(thread).second)
        return;
    m_trace.gpuStreams.push_back({ thread, unquotedId(pid), unquotedId(tid) });
}

QString TraceEventCollector::tritonName(std::string_view name)
{
    // One string per distinct name, shared by every call of it (QString is
    // implicitly shared): a trace repeats a few hundred names many times.
    return m_tritonNameTexts[qsizetype(m_tritonNames.intern(name))];
}

std::uint32_t TraceEventCollector::gpuNameId(std::string_view name)
{
    if (m_gpuNames.size() > 0 && name == m_lastGpuName)
        return m_lastGpuNameId;
    m_lastGpuNameId = internGpuName(name);
    m_lastGpuName.assign(name);
    return m_lastGpuNameId;
}

std::uint32_t TraceEventCollector::internGpuName(std::string_view name)
{
    if (m_gpuNames.size() >= maxGpuNames - 1) { // only a hostile file has so many
        if (const auto found = m_gpuNames.find(name))
            return *found;
        if (!m_gpuNamesOverflowed) {
            m_trace.warnings << QStringLiteral("more than %1 distinct GPU kernel names: the rest are shown as one").arg(maxGpuNames - 1);
            m_trace.gpuEventNames << QStringLiteral("(one of too many kernel names)");
        }
        m_gpuNamesOverflowed = true;
        return maxGpuNames - 1;
    }
    return m_gpuNames.intern(name);
}

bool TraceEventCollector::decode(std::string_view json, Event* event, QString* error)
{
    if (m_buffer.size() < json.size() + SIMDJSON_PADDING)
        m_buffer.resize(json.size() + SIMDJSON_PADDING);
    std::memcpy(m_buffer.data(), json.data(), json.size());
    std::memset(m_buffer.data() + json.size(), 0, SIMDJSON_PADDING);

    ondemand::document document;
    ondemand::object object;
    auto fail = [error](error_code code) {
        *error = QStringLiteral("not valid JSON (%1)").arg(QLatin1StringView(error_message(code)));
        return false;
    };
    if (auto code = m_eventParser.iterate(m_buffer.data(), json.size(), m_buffer.size()).get(document))
        return fail(code);
    if (auto code = document.get_object().get(object))
        return fail(code);
    for (auto field : object) {
        std::string_view key;
        if (auto code = field.unescaped_key().get(key))
            return fail(code);
        ondemand::value value;
        if (auto code = field.value().get(value))
            return fail(code);
        std::string_view text;
        if (key == "ph") {
            if (!value.get_string().get(text))
                event->ph = text.size() == 1 ? text : std::string_view("?");
        } else if (key == "cat" || key == "name") {
            // A string that does not decode (a lone surrogate, say) costs the
            // event, counted, rather than an event silently without a name.
            ondemand::json_type type;
            if (auto code = value.type().get(type))
                return fail(code);
            if (type == ondemand::json_type::string) {
                if (auto code = value.get_string().get(text))
                    return fail(code);
                (key == "cat" ? event->cat : event->name) = text;
            }
        } else if (key == "pid") {
            event->pid = trimmedJson(value.raw_json_token());
        } else if (key == "tid") {
            event->tid = trimmedJson(value.raw_json_token());
        } else if (key == "ts") {
            event->ts = readNumber(value);
        } else if (key == "dur") {
            event->hasDur = true;
            event->dur = readNumber(value);
        } else if (key == "id") {
            event->id = readInteger(value);
        } else if (key == "args") {
            if (auto code = value.raw_json().get(text))
                return fail(code);
            event->args = trimmedJson(text);
        }
    }
    // ph is a view into the parser's string buffer: pin the few values used.
    static constexpr std::string_view phases = "XsfBEiMC?";
    if (!event->ph.empty()) {
        const auto at = phases.find(event->ph.front());
        event->ph = at == std::string_view::npos ? std::string_view("?") : phases.substr(at, 1);
    }
    return true;
}

void TraceEventCollector::event(std::string_view json, std::int64_t offset)
{
    ++m_trace.eventCount;
    if (m_input == Input::Unfiltered && !mayUse(json))
        return;
    // Most of what a trace recorded with stacks keeps is frames: read from
    // their leading fields, as the full decode would, without it.
    if (const std::optional<PlainFrame> frame = beginsAsKinetoFrame(json) ? plainFrame(json) : std::nullopt) {
        if (frame->ph == "X" && frame->dur >= HostSpans::minFrameUs && frame->dur <= maxDurationUs) {
            Event event;
            event.name = frame->name;
            event.ts = frame->ts;
            event.dur = frame->dur;
            keepHostSpan(HostSpanKind::Frame, event, threadId(frame->pid, frame->tid));
        }
        return;
    }
    Event event;
    QString error;
    if (!decode(json, &event, &error)) {
        skip(offset, error);
        return;
    }

    const std::string_view cat = event.cat;
    const bool complete = event.ph == "X";
    if (cat == "ac2g") {
        if (event.ph == "f" && event.id)
            m_trace.flowEnds.push_back({ *event.id, threadId(event.pid, event.tid) });
        else if (event.ph == "s" && event.id)
            m_trace.noteFlowStart(*event.id);
        return;
    }
    if (cat == "python_function") {
        if (complete && event.ts && event.dur && *event.dur >= HostSpans::minFrameUs && *event.dur <= maxDurationUs)
            keepHostSpan(HostSpanKind::Frame, event, threadId(event.pid, event.tid));
        return;
    }
    if (cat == "user_annotation" || cat == "gpu_user_annotation") {
        if (!complete || !event.ts || !event.dur || !(*event.dur >= 0) || *event.dur > maxDurationUs)
            return;
        if (cat == "user_annotation" && HostSpans::isCompiledGraphCall(event.name)) {
            keepHostSpan(HostSpanKind::CompiledGraphCall, event, threadId(event.pid, event.tid));
            return;
        }
        if (isExecuteAnnotation(event.name)) {
            const bool onGpu = cat == "gpu_user_annotation";
            m_annotations.keepExecute(event.name, onGpu, *event.ts, *event.ts + *event.dur, threadId(event.pid, event.tid));
            return;
        }
        if (cat != "user_annotation")
            return; // the GPU's copy of a step or capture: the host's is kept
        if (isProfilerStepAnnotation(event.name)) {
            m_annotations.keepProfilerStep(event.name, *event.ts, *event.ts + *event.dur);
            return;
        }
        if (m_trace.captureAnnotations.size() >= maxCaptureAnnotations)
            return;
        if (auto annotation = captureAnnotation(event.name)) {
            annotation->begin = *event.ts;
            annotation->end = *event.ts + *event.dur;
            annotation->thread = threadId(event.pid, event.tid);
            m_trace.captureAnnotations.push_back(std::move(*annotation));
        }
        return;
    }
    const bool hostOp = complete && cat == "cpu_op";
    const bool runtime = complete && (cat == "cuda_runtime" || cat == "cuda_driver");
    const bool gpu = complete && (cat == "kernel" || cat == "gpu_memcpy" || cat == "gpu_memset");
    if (!hostOp && !runtime && !gpu)
        return;
    if (runtime && !isKeptRuntimeCall(event.name))
        return;
    const bool captureMarker = runtime && isCaptureMarker(event.name);
    const bool copy = runtime && !captureMarker && isCopy(event.name);

    // Built only on the rare path that reports a damaged event.
    const auto what = [&] { return QStringLiteral("%1 \"%2\"").arg(quotedText(cat, 40), quotedText(std::string_view(event.name))); };
    if (!event.ts) {
        skip(offset, what() + QStringLiteral(" has no valid ts"));
        return;
    }
    // Longer than a day is no kernel or op: damage, and a sum of such would
    // overflow to infinity and leave TB/s near zero instead of saying so.
    const bool badDuration = !event.dur || *event.dur < 0 || *event.dur > maxDurationUs;
    const std::uint32_t thread = threadId(event.pid, event.tid);

    if (gpu) {
        const LaunchArgs args = m_args.readLaunchArgs(event.args);
        const std::int64_t key = args.key();
        if (badDuration) {
            m_trace.badGpuEventKeys.insert(key);
            skip(offset,
                what()
                    + (event.hasDur ? QStringLiteral(" has a negative or invalid dur (or one over a day)")
                                    : QStringLiteral(" has no dur")));
            return;
        }
        // Under the trace's resolution no time was measured: 5e-324 us would
        // give a call infinite TB/s.
        if (*event.dur < minGpuEventDurationUs) {
            m_trace.badGpuEventKeys.insert(key);
            ++m_trace.subNanosecondGpuEvents;
            return;
        }
        if (!(std::abs(*event.ts) < GpuEventList::maxAbsoluteTsUs)) {
            m_trace.badGpuEventKeys.insert(key);
            skip(offset, what() + QStringLiteral(" has a ts too far from zero to hold to the nanosecond"));
            return;
        }
        noteGpuStream(thread, event.pid, event.tid);
        GpuEventRecord record;
        record.ts = *event.ts;
        record.dur = *event.dur;
        record.key = key;
        record.thread = thread;
        record.nameId = gpuNameId(event.name);
        record.kind = cat == "kernel" ? GpuEventKind::Kernel : cat == "gpu_memcpy" ? GpuEventKind::Memcpy : GpuEventKind::Memset;
        if (record.kind == GpuEventKind::Kernel)
            record.geometry = args.geometry();
        else if (args.copyBytes > 0)
            record.copyBytes = std::uint64_t(args.copyBytes);
        // As TraceLens: from absolute timestamps, in float64. Far from zero a
        // timestamp cannot hold a short duration: say so instead of a wrong time.
        const double busy = (record.ts + record.dur) - record.ts;
        if (std::abs(busy - record.dur) > 0.01 * record.dur && m_trace.impreciseTimestamps++ == 0)
            m_trace.firstImpreciseEvent = { record.ts, record.dur };
        if (isRepeatOfLastGpuEvent(record)) {
            ++m_trace.repeatedGpuEvents;
            return;
        }
        if (record.kind == GpuEventKind::Kernel) {
            m_trace.totalGpuKernelTimeUs += busy;
            m_trace.launchShapes.note(record.nameId, record.geometry, args.shape());
        }
        m_trace.gpuEvents.push_back(record);
        m_lastGpuEvent = record;
        return;
    }

    const double begin = *event.ts;
    const double end = *event.ts + (badDuration ? 0.0 : *event.dur);

    if (runtime) {
        if (badDuration) {
            skip(offset, what() + QStringLiteral(" has a missing or negative dur (or one over a day)"));
            return;
        }
        if (captureMarker) {
            m_trace.captureMarkers.push_back({ begin, end, thread, contains(event.name, "Begin") });
            return;
        }
        if (HostSpans::isSyncCall(event.name)) {
            keepHostSpan(HostSpanKind::Sync, event, thread);
            return;
        }
        const LaunchArgs args = m_args.readLaunchArgs(event.args);
        if (HostSpans::isBlockingCopyCall(event.name))
            keepHostSpan(HostSpanKind::BlockingCopy, event, thread, args.copyBytes, copyDirectionOfKind(args.copyKind));
        LaunchRecord launch;
        launch.key = args.key();
        launch.ts = begin;
        launch.end = end;
        launch.thread = thread;
        m_annotations.noteLaunchThread(thread, event.pid, event.tid);
        if (copy) { // only a graph node when captured: no host span, no name kept
            launch.kind = contains(event.name, "Memcpy") ? LaunchKind::Memcpy : LaunchKind::Memset;
            m_trace.launches.push_back(launch);
            return;
        }
        launch.kind = contains(event.name, "GraphLaunch") ? LaunchKind::Graph : LaunchKind::Kernel;
        if (!args.kernel.empty())
            launch.kernelNameId = gpuNameId(args.kernel);
        launch.geometry = args.geometry();
        m_trace.launches.push_back(launch);
        return;
    }

    // Inductor's kernels are named triton_*; user-written Triton kernels
    // (torch.library, user_autotune) keep their own names, and PyTorch 2.6+
    // marks both with kernel_backend "triton". The args of other ops are only
    // searched for the key, not decoded.
    std::shared_ptr<const TritonOpArgs> args;
    std::int64_t externalId = -1;
    if (!isTritonKernelName(event.name)) {
        if (mayDeclareTritonBackend(event.args)) {
            args = m_args.readTritonOpArgs(event.args, &externalId);
            if (args->kernelBackend != u"triton")
                args.reset();
        }
        if (!args) {
            if (!badDuration) {
                m_trace.otherOpSpans.push_back({ begin, end, thread });
                keepLibraryOp(event, begin, end, thread);
                if (end - begin >= HostSpans::minFrameUs)
                    keepHostSpan(HostSpanKind::Op, event, thread);
            }
            return;
        }
    }
    TritonOpRecord op;
    if (!args)
        args = m_args.readTritonOpArgs(event.args, &externalId);
    op.identity = m_trace.tritonOpIdentities->intern(tritonName(event.name), std::move(args));
    op.ts = begin;
    op.dur = badDuration ? 0.0 : *event.dur; // the host span is [ts, ts + dur]: the linker adds them as here
    op.thread = thread;
    op.badDuration = badDuration;
    op.externalId = externalId;
    if (badDuration)
        skip(offset, what() + QStringLiteral(" has a missing or negative dur: its GPU kernel cannot be attributed"));
    else if (op.dur >= HostSpans::minFrameUs) // its dispatch may be what a gap waited for
        keepHostSpan(HostSpanKind::Op, event, thread);
    m_trace.tritonOps.push_back(std::move(op));
}

void TraceEventCollector::keepHostSpan(
    HostSpanKind kind, const Event& event, std::uint32_t thread, std::int64_t bytes, CopyDirection direction)
{
    if (!m_trace.hostSpans.add(kind, *event.ts, *event.ts + *event.dur, thread, event.name, bytes, direction) && !m_hostSpansWarned) {
        m_hostSpansWarned = true;
        m_trace.warnings << QStringLiteral("more than %1 host frames and sync calls: the rest are not kept, and idle gaps after "
                                           "them are not given a cause")
                                .arg(m_trace.hostSpans.maxSpans());
    }
}

void TraceEventCollector::topLevelValue(std::string_view key, std::string_view json)
{
    if (key != "deviceProperties" || json.empty())
        return;
    if (m_buffer.size() < json.size() + SIMDJSON_PADDING)
        m_buffer.resize(json.size() + SIMDJSON_PADDING);
    std::memcpy(m_buffer.data(), json.data(), json.size());
    ondemand::document document;
    ondemand::array devices;
    if (m_eventParser.iterate(m_buffer.data(), json.size(), m_buffer.size()).get(document) || document.get_array().get(devices))
        return;
    for (auto device : devices) {
        ondemand::object object;
        std::string_view name;
        if (device.get_object().get(object) || object["name"].get_string().get(name))
            return;
        m_trace.gpuName = toQString(name);
        // The first device's compute units: what a launch's programs spread over.
        std::int64_t units = 0;
        if (!object["numSms"].get_int64().get(units) && units > 0 && units <= maxComputeUnits)
            m_trace.gpuComputeUnits = int(units);
        return; // the first device names the GPU
    }
}

} // namespace Ridgeline
