// Stage linking/: host ops to their launches to the GPU kernels they ran.
// Links each Triton cpu_op to the GPU kernel(s) it launched, as TraceLens
// does (spec section 1): host events nest by time per thread, the launch
// nested in an op carries a correlation key, and the ac2g flow names the GPU
// stream that ran the kernel with that key.
#pragma once

#include "engine/input/rawtrace.h"
#include "engine/linking/gpueventindices.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

namespace Ridgeline {

// A time or none, in 8 bytes (NaN is none): a std::optional<double> is 16,
// and a trace holds a call per kernel, millions in a big one.
class OptionalTime
{
public:
    OptionalTime() = default;
    OptionalTime(double us)
        : m_us(us)
    { }
    explicit operator bool() const { return !std::isnan(m_us); }
    double operator*() const { return m_us; }

private:
    double m_us = std::numeric_limits<double>::quiet_NaN();
};

struct KernelCall
{
    // The Triton op of the call: in the trace's tritonOps, or (graph
    // replays) in the capture trace's. Null for a kernel without an op.
    const TritonOpRecord* op = nullptr;
    GpuEventIndices kernels; // into RawTrace::gpuEvents: the GPU kernels of this call
    OptionalTime busyTimeUs; // none when no kernel ran
    std::uint32_t launches : 31 = 0; // launch calls nested in the op
    std::uint32_t kernelEventDropped : 1 = 0; // a launched kernel's event was malformed
    // Set by the graphs stage for replayed kernels: into GraphMergeSummary's
    // launches and windows (-1: not a replay / not matched).
    int graphLaunch = -1;
    int captureWindow = -1;
    // A kernel left without its op: why, into LinkedKernels::reasons (-1: none).
    // An index, not a string: millions of calls share a few reasons.
    std::int32_t unattributedReason = -1;
};

// What a trace holds once per Triton op: kept small on purpose.
static_assert(sizeof(KernelCall) == 48);

// A triton_ GPU kernel no op launched: a call of that one kernel, time
// only. 12 bytes, not a KernelCall's 48: a replay without its capture is
// millions of them. Its busy time is the event's duration.
struct KernelOnlyCall
{
    std::uint32_t event = 0; // into RawTrace::gpuEvents
    std::int32_t graphLaunch = -1; // as KernelCall::graphLaunch
    std::int32_t unattributedReason = -1; // as KernelCall::unattributedReason
};
static_assert(sizeof(KernelOnlyCall) == 12);

struct LinkedKernels
{
    std::vector<KernelCall> opCalls; // one per Triton cpu_op, in trace order
    std::vector<KernelOnlyCall> kernelOnlyCalls; // in trace order
    std::vector<std::int32_t> opOfLaunch; // per launch: the Triton op it nests in directly, or -1
    QStringList reasons; // KernelCall::unattributedReason's texts, each once
    QHash<QString, std::int32_t> reasonIndexes;

    // The index of `reason` in reasons, added when new.
    std::int32_t reasonIndex(const QString& reason);
    const QString& reasonOf(const KernelCall& call) const;
    const QString& reasonOf(const KernelOnlyCall& call) const;
};

LinkedKernels linkKernels(const RawTrace& trace);

// Length of the union of [ts, ts + dur] intervals, in float64 from absolute
// timestamps as TraceLens computes it.
double busyTimeUs(const RawTrace& trace, std::span<const std::uint32_t> gpuEvents);
inline double busyTimeUs(const RawTrace& trace, const std::vector<std::uint32_t>& gpuEvents)
{
    return busyTimeUs(trace, std::span<const std::uint32_t>(gpuEvents));
}

} // namespace Ridgeline
