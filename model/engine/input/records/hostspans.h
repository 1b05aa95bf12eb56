// Stage input/: a trace file read into a RawTrace (records/: the compact records it keeps).
// What the host was doing while the GPU idled: the calls that make the host
// wait for the GPU (synchronisations, blocking copies) and the host frames
// long enough to fill a gap (python_function frames, cpu_ops, the
// "## Call CompiledFxGraph <hash> ##" ranges). The reader keeps them here
// under a memory cap: a frame shorter than minFrameUs can hold at most a
// tiny gap, and a trace recorded with stacks holds millions of those.
#pragma once

#include "engine/input/jsontext.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace Ridgeline {

enum class HostSpanKind : std::uint8_t
{
    Frame, // a python_function frame (an nn.Module's forward among them)
    Op, // a cpu_op that is no Triton op
    CompiledGraphCall, // "## Call CompiledFxGraph <hash> ##"
    Sync, // cudaDeviceSynchronize, hipStreamSynchronize, cudaStreamWaitEvent, ...
    BlockingCopy, // a memcpy call without Async: the host waits for it
};

// cudaMemcpyKind as the runtime call's `kind` arg writes it.
enum class CopyDirection : std::uint8_t
{
    Unknown,
    HostToHost,
    HostToDevice,
    DeviceToHost,
    DeviceToDevice,
};
QString copyDirectionKey(CopyDirection direction); // "host_to_device", ...; "" for Unknown
// From a memcpy call's `kind` arg (cudaMemcpyKind; hipMemcpyKind has the same values).
CopyDirection copyDirectionOfKind(int kind);

// 32 bytes: a trace may keep up to HostSpans::maxSpans of them.
struct HostSpan
{
    double begin = 0;
    double end = 0;
    std::int64_t bytes = -1; // BlockingCopy: the `bytes` arg; -1 when not recorded
    std::uint32_t thread = 0; // interned (pid, tid), as every record's
    std::uint32_t nameId : 24 = 0; // into HostSpans::names
    HostSpanKind kind : 5 = HostSpanKind::Frame;
    CopyDirection direction : 3 = CopyDirection::Unknown;
};
static_assert(sizeof(HostSpan) == 32);

class HostSpans
{
public:
    // A frame or op shorter than this can cover at most half of a gap of
    // twice its length: too short to be the cause of an idle worth fixing.
    static constexpr double minFrameUs = 10.0;
    // 32 MB of records; past it the rest are dropped with a warning.
    static constexpr size_t defaultMaxSpans = 1u << 20;
    // Distinct names kept; the rest share one.
    static constexpr std::uint32_t maxNames = 1u << 16;

    // Whether a runtime call of this name makes the host wait for the GPU.
    static bool isSyncCall(std::string_view name);
    static bool isBlockingCopyCall(std::string_view name);
    static bool isCompiledGraphCall(std::string_view name) { return name.starts_with("## Call CompiledFxGraph"); }

    // `maxSpans`: the cap (a reader option, ReadOptions::maxHostSpans; tests set a small one).
    explicit HostSpans(size_t maxSpans = defaultMaxSpans)
        : m_maxSpans(maxSpans)
    { }
    size_t maxSpans() const { return m_maxSpans; }

    // Adds a span; false when the cap was reached (the caller warns once).
    bool add(HostSpanKind kind, double begin, double end, std::uint32_t thread, std::string_view name, std::int64_t bytes = -1,
        CopyDirection direction = CopyDirection::Unknown);

    const std::deque<HostSpan>& spans() const { return m_spans; }
    const QString& nameOf(const HostSpan& span) const { return m_names[int(span.nameId)]; }
    bool capped() const { return m_capped; }
    size_t size() const { return m_spans.size(); }

private:
    std::uint32_t nameId(std::string_view name);

    std::deque<HostSpan> m_spans;
    QStringList m_names;
    std::unordered_map<std::string, std::uint32_t, StringViewHash, std::equal_to<>> m_nameIds; // found by string_view
    size_t m_maxSpans = defaultMaxSpans;
    bool m_capped = false;
};

} // namespace Ridgeline
