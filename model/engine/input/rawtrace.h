// Stage input/: a trace file read into a RawTrace.
// What the reader keeps of a trace: only the events the analysis needs,
// in compact records. Its size follows the number of host ops, launches and
// GPU events, not the size of the file.
#pragma once

#include "engine/input/tritonopargs.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <deque>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace Ridgeline {

enum class HostSpanKind : std::uint8_t { TritonOp, OtherOp, Launch };

// A host event that can nest others (cpu_op) or be nested (a launch call).
// 24 bytes: a trace holds one per cpu_op and launch, millions in a big one.
struct HostSpan
{
    double begin = 0;
    double end = 0;
    std::uint32_t thread : 24 = 0; // interned (pid, tid): see TraceEventCollector::maxThreads
    HostSpanKind kind : 8 = HostSpanKind::OtherOp;
    std::int32_t index = -1; // into tritonOps or launches; -1 for other ops
};

struct TritonOpRecord
{
    QString name;
    double ts = 0;
    double dur = 0;
    std::uint32_t thread = 0;
    std::int64_t externalId = -1;
    bool badDuration = false; // dur missing or negative: launches cannot nest in it
    // Shared between ops with identical args: a trace repeats the same few
    // kernel calls many thousand times.
    std::shared_ptr<const TritonOpArgs> args;
};

enum class LaunchKind : std::uint8_t {
    Kernel, // cudaLaunchKernel, hipModuleLaunchKernel, ...
    Graph,  // cudaGraphLaunch / hipGraphLaunch
    Memcpy, // cudaMemcpyAsync, ...: a graph node when captured
    Memset,
};

constexpr std::uint32_t noKernelName = UINT32_MAX;

// A runtime call that starts GPU work.
struct LaunchRecord
{
    std::int64_t key = -1; // correlation, else External id
    double ts = 0;
    std::uint64_t geometry = 0; // grid and block (kernelGeometry), 0: not recorded
    std::uint32_t thread = 0;
    std::uint32_t kernelNameId = noKernelName; // args.kernel, into RawTrace::gpuEventNames
    LaunchKind kind = LaunchKind::Kernel;
};

// A cudaStreamBeginCapture / EndCapture call (hip too): graph capture bounds.
struct CaptureMarker
{
    double ts = 0;
    double end = 0;
    std::uint32_t thread = 0;
    bool begin = true;
};

// vLLM's "capture_<batch>_<mode>" annotation around a capture.
struct CaptureAnnotation
{
    double begin = 0;
    double end = 0;
    std::uint32_t thread = 0;
    int batchSize = 0;
    QString mode;
};

enum class GpuEventKind : std::uint8_t { Kernel, Memcpy, Memset };

struct GpuEventRecord
{
    double ts = 0;
    double dur = 0;
    std::int64_t key = -1; // correlation, else External id
    std::uint32_t thread = 0;
    std::uint32_t nameId = 0; // into RawTrace::gpuEventNames
    GpuEventKind kind = GpuEventKind::Kernel;
    std::uint64_t geometry = 0; // grid and block (kernelGeometry), 0: not recorded
};

// grid and block as one comparable value; 0 means not recorded.
std::uint64_t kernelGeometry(const std::int64_t grid[3], const std::int64_t block[3]);

// The end of an ac2g flow: which thread (GPU stream) its kernel ran on.
// Packed to 12 bytes: a trace holds one per launch, millions in a big one.
struct [[gnu::packed]] FlowEnd
{
    std::int64_t id = 0;
    std::uint32_t thread = 0;
};

// The big record lists are deques: they grow by blocks, never by copying
// the whole list (a vector's doubling holds old and new at once), and their
// elements stay where they are.
struct RawTrace
{
    QString gpuName; // deviceProperties[0].name, when recorded
    std::deque<HostSpan> hostSpans;
    std::deque<TritonOpRecord> tritonOps;
    std::deque<LaunchRecord> launches;
    std::deque<GpuEventRecord> gpuEvents;
    QStringList gpuEventNames; // and the kernel names of launches (args.kernel)
    std::vector<CaptureMarker> captureMarkers;
    std::vector<CaptureAnnotation> captureAnnotations;
    std::deque<FlowEnd> flowEnds; // ac2g "f" events, in file order until indexFlowEnds()
    // Keys of GPU events dropped for a bad duration: their launches say so.
    std::unordered_set<std::int64_t> badGpuEventKeys;

    // Sum of all GPU kernel durations: the denominator of each kernel's share.
    double totalGpuKernelTimeUs = 0;
    std::int64_t eventCount = 0;
    std::int64_t skippedEvents = 0;
    // GPU events whose float64 ts cannot hold their dur to 1 %: their time is wrong.
    std::int64_t impreciseTimestamps = 0;
    QStringList warnings; // the first few skipped events, with byte offsets
    bool truncated = false;

    // Whether flow `id` has an end, and whether one is on `thread` (an id
    // the file repeats may have several). Binary searches once
    // indexFlowEnds() ran, scans before.
    bool hasFlowEnd(std::int64_t id) const;
    bool flowEndsOn(std::int64_t id, std::uint32_t thread) const;
    // Sorts flowEnds by id and thread, in place: after reading.
    void indexFlowEnds();

private:
    bool m_flowEndsIndexed = false;
};

} // namespace Ridgeline
