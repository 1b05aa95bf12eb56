// Stage input/: a trace file read into a RawTrace.
// What the reader keeps of a trace: only the events the analysis needs,
// in compact records. Its size follows the number of host ops, launches and
// GPU events, not the size of the file.
#pragma once

#include "engine/input/records/gpueventlist.h"
#include "engine/input/records/hostspans.h"
#include "engine/input/records/launchshapes.h"
#include "engine/input/records/libraryoprecords.h"
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

// A cpu_op that is no Triton op. It matters only where it may stand between
// a launch and a Triton op around it; after reading, the others are dropped
// (RawTrace::keepOnlyWhatLinkingNeeds). Packed to 20 bytes: a trace holds
// one per aten op, millions in a big one.
struct [[gnu::packed]] OtherOpSpan
{
    double begin = 0;
    double end = 0;
    std::uint32_t thread = 0; // interned (pid, tid): see TraceEventCollector::maxThreads
};

// The name and args of Triton ops: one per distinct pair, shared by every
// op that has them (a trace repeats the same few kernel calls millions of
// times).
struct TritonOpIdentity
{
    QString name;
    std::shared_ptr<const TritonOpArgs> args;
};

// Where identities live: their addresses never change (a deque), and the
// copies of a RawTrace share them, so an op's pointer stays good as long
// as any copy of its trace lives.
class TritonOpIdentities
{
public:
    // The identity of (name, args), added when new: found by the name's
    // text and the args' address (EventArgsReader interns args).
    const TritonOpIdentity* intern(const QString& name, std::shared_ptr<const TritonOpArgs> args);
    size_t size() const { return m_identities.size(); }

private:
    std::deque<TritonOpIdentity> m_identities;
    QHash<std::pair<QString, const TritonOpArgs*>, const TritonOpIdentity*> m_index;
};

// A Triton cpu_op; its host span is [ts, ts + dur]. 40 bytes: a trace holds
// one per call, millions in a big one.
struct TritonOpRecord
{
    double ts = 0;
    double dur = 0; // 0 when badDuration
    std::int64_t externalId = -1;
    const TritonOpIdentity* identity = nullptr; // in the trace's tritonOpIdentities
    std::uint32_t thread = 0;
    bool badDuration = false; // dur missing or negative: launches cannot nest in it

    const QString& name() const { return identity->name; }
    const std::shared_ptr<const TritonOpArgs>& args() const { return identity->args; }
};
static_assert(sizeof(TritonOpRecord) == 40);

enum class LaunchKind : std::uint8_t
{
    Kernel, // cudaLaunchKernel, hipModuleLaunchKernel, ...
    Graph, // cudaGraphLaunch / hipGraphLaunch
    Memcpy, // cudaMemcpyAsync, ...: a graph node when captured
    Memset,
};

// Names are interned in 24 bits: see TraceEventCollector::maxGpuNames.
constexpr std::uint32_t noKernelName = (1u << 24) - 1;

// A runtime call that starts GPU work. A kernel or graph launch is also a
// host span, [ts, end], that nests in the op that made it. 40 bytes.
struct LaunchRecord
{
    std::int64_t key = -1; // correlation, else External id
    double ts = 0;
    double end = 0;
    std::uint64_t geometry = 0; // grid and block (kernelGeometry), 0: not recorded
    std::uint32_t thread = 0;
    std::uint32_t kernelNameId : 24 = noKernelName; // args.kernel, into RawTrace::gpuEventNames
    LaunchKind kind : 7 = LaunchKind::Kernel;
    // An ac2g flow starts ("ph": "s") at this call. TraceLens links a call to
    // its GPU work only through both ends of that flow, and ROCm writes none
    // for hipMemset/hipMemsetAsync (ATEN_MODELS.md §1.3): a bit, not a list.
    bool hasFlowStart : 1 = false;
};
static_assert(sizeof(LaunchRecord) == 40);

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

// PyTorch profiler's "ProfilerStep#N" annotation on the thread that ran
// the step: the host window of one training or inference step.
struct ProfilerStepAnnotation
{
    double begin = 0;
    double end = 0;
    std::int64_t number = 0;
};

// A GPU stream as the trace names it: its pid is the device, its tid the
// stream. One per thread id that GPU events were recorded on.
struct GpuStream
{
    std::uint32_t thread = 0;
    QString device; // the event's pid as written ("0", "2")
    QString stream; // the event's tid as written ("7", "stream 7")
};

// A CPU thread that launched GPU work, as the trace names it: the launch
// calls' pid and tid as written.
struct LaunchThread
{
    std::uint32_t thread = 0;
    QString pid;
    QString tid;
};

// A vLLM or SGLang "execute_..." range (a model step: execute_32_context_0
// (...)_generation_32(...), execute_diffusion_1_256x256): a host window
// (user_annotation) or the GPU's own (gpu_user_annotation, on a stream).
struct ExecuteAnnotation
{
    double begin = 0;
    double end = 0;
    std::uint32_t thread = 0;
    bool onGpu = false;
    QString name; // at most TraceEventCollector::maxAnnotationName characters
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
    std::optional<int> gpuComputeUnits; // deviceProperties[0].numSms (SMs, or CUs on ROCm), when recorded
    std::deque<OtherOpSpan> otherOpSpans;
    std::deque<TritonOpRecord> tritonOps;
    std::shared_ptr<TritonOpIdentities> tritonOpIdentities = std::make_shared<TritonOpIdentities>();
    // The library ops the reader was asked to keep (readTrace's filter),
    // after reading only those that can own GPU work.
    LibraryOpRecords libraryOps;
    std::deque<LaunchRecord> launches;
    GpuEventList gpuEvents; // 24 bytes each
    LaunchShapes launchShapes; // grid, block and CUPTI's occupancy figures, per kernel name and shape
    QStringList gpuEventNames; // and the kernel names of launches (args.kernel)
    std::vector<CaptureMarker> captureMarkers;
    std::vector<CaptureAnnotation> captureAnnotations;
    std::vector<ProfilerStepAnnotation> profilerSteps; // by begin, each once, outermost (AnnotationKeeper)
    // Syncs, blocking copies and host frames: what the host did while the GPU idled.
    HostSpans hostSpans;
    std::vector<GpuStream> gpuStreams; // in order of first event
    std::vector<LaunchThread> launchThreads; // in order of first launch
    std::vector<ExecuteAnnotation> executeAnnotations; // in file order
    std::deque<FlowEnd> flowEnds; // ac2g "f" events, in file order until indexFlowEnds()
    // Whether the file wrote any flow start: a trace without them (written
    // by another tool) says nothing about which call TraceLens would link.
    bool flowStartsRecorded = false;
    // Flow starts read before their launch, or of a call that is no kept
    // launch: matched by markFlowStarts(), then dropped. Kineto writes a
    // start right after its call, so this stays empty on its traces.
    std::vector<std::int64_t> unmatchedFlowStarts;
    // Keys of GPU events dropped for a bad duration: their launches say so.
    std::unordered_set<std::int64_t> badGpuEventKeys;

    // Sum of all GPU kernel durations: the denominator of each kernel's share.
    double totalGpuKernelTimeUs = 0;
    std::int64_t eventCount = 0;
    std::int64_t skippedEvents = 0;
    // GPU events whose float64 ts cannot hold their dur to 1 %: their time is wrong.
    std::int64_t impreciseTimestamps = 0;
    struct TimeAndDuration
    {
        double ts = 0;
        double dur = 0;
    };
    TimeAndDuration firstImpreciseEvent; // for the warning: which magnitudes
    // GPU events of 0 or under a nanosecond (the trace's resolution): kept
    // untimed, as a dropped event, so that no call gets infinite TB/s.
    std::int64_t subNanosecondGpuEvents = 0;
    // GPU events identical to the one before them (stream, start, duration,
    // name, key, grid): no GPU runs two kernels at once on one stream, so a
    // repeat is one event recorded twice, counted once.
    std::int64_t repeatedGpuEvents = 0;
    QStringList warnings; // the first few skipped events, with byte offsets
    bool truncated = false;

    // Whether flow `id` has an end, and whether one is on `thread` (an id
    // the file repeats may have several). Binary searches once
    // indexFlowEnds() ran, scans before.
    bool hasFlowEnd(std::int64_t id) const;
    bool flowEndsOn(std::int64_t id, std::uint32_t thread) const;
    // After reading, drops what cannot change a link: other ops that overlap
    // no Triton op on their thread, and flow ends of ids no launch has. The
    // links stay exactly what they were (tst_linking checks it on random
    // traces); on big traces most of the memory goes. Keeps flowEnds' order.
    void keepOnlyWhatLinkingNeeds();
    // Sorts flowEnds by id and thread, in place: after reading (and after
    // keepOnlyWhatLinkingNeeds, which leaves fewer to sort).
    void indexFlowEnds();
    // An ac2g flow's start read: marks its launch (hasFlowStart), at once
    // when it is the last launch kept, else after reading.
    void noteFlowStart(std::int64_t id);
    // After reading: sets hasFlowStart on the launches of unmatchedFlowStarts
    // and frees that list.
    void markFlowStarts();
    // Whether TraceLens links `launch` to the GPU work it started: when its
    // flow has a start, or when the file wrote no flow starts at all.
    bool traceLensLinks(const LaunchRecord& launch) const { return !flowStartsRecorded || launch.hasFlowStart; }

private:
    bool m_flowEndsIndexed = false;
};

} // namespace Ridgeline
