// Stage results/: calls grouped into unique kernel rows.
// One row of the kernel table: a unique Triton kernel (name + input dims,
// types, strides and concrete inputs), its calls, GPU time and figures.
#pragma once

#include "engine/base/memory/cowvector.h"
#include "engine/base/memory/heapoptional.h"
#include "engine/findings/kernelfinding.h"
#include "engine/input/tritonopargs.h"
#include "engine/launch/launchfacts.h"
#include "engine/libraryops/models/libraryopmodel.h"
#include "engine/perfmodel/kernelmodel.h"
#include "engine/results/calltimes.h"
#include "engine/results/compactstats.h"
#include "engine/results/gputimebreakdown.h"
#include "engine/results/statistics.h"
#include "engine/triton/kernelname.h"

#include <cstdint>
#include <optional>

namespace Ridgeline {

enum class RowKind : std::uint8_t // one byte, beside the row's work and calls
{
    Launched, // a Triton op and the GPU kernel it launched: figures and time
    KernelOnly, // a GPU kernel no op launched (graph replay): time, no model
    OpOnly, // a Triton op with no GPU kernel (captured into a graph): figures, no time
    Replayed, // an op captured into a graph and the replays of its kernel: figures and time
    Library, // a GPU kernel of no Triton op (GEMM, attention, ...): name, calls and time, not modelled
    LibraryOp, // a library op (aten::addmm, SDPA, ...) and the GPU events under it: its model's figures and their busy time
};

QString rowKindKey(RowKind kind); // "launched", "kernel-only", "op-only", "replayed", "library", "library-op"

// A library op row's own part: the op's model, and the GPU work under it.
struct LibraryOpRowDetails
{
    LibraryOpCategory category = LibraryOpCategory::Other;
    std::optional<LibraryOpModel> model; // nullopt: its args do not fit a model (KernelModel::reason says why)
    QStringList kernelNames; // the GPU kernels under the op, distinct, the first few
    int moreKernelNames = 0; // distinct names past those
    double gpuEventsPerCall = 1; // mean over timed calls: each costs a latency floor
    // The bytes a call's memcpys moved, as their events' `bytes` args say
    // (the mean over calls); nullopt where a call's memcpy did not say.
    std::optional<double> copyBytesPerCall;
};

// Where a replayed row's figures and time came from: replay kernel -> graph
// launch -> capture file and window -> captured op (its first call's).
struct ReplayChain
{
    std::int64_t graphLaunchCorrelation = -1;
    double graphLaunchTs = 0;
    QString captureFile;
    bool captureInSameTrace = false;
    int captureWindow = 0; // 1-based, in its file's order
    std::optional<int> batchSize;
    QString mode;
    double capturedOpTs = 0;
    std::int64_t capturedOpExternalId = -1;
    int graphLaunches = 0; // distinct graph launches among the row's calls
    int captureWindows = 0; // distinct capture windows among them
};

// The figures TraceLens would report for this row, where they differ.
struct TraceLensFigures
{
    std::int64_t bytes = 0;
    std::int64_t flops = 0;
    double gflops = 0;
    double dataMovedMib = 0;
    std::optional<double> flopsPerByte;
    std::optional<double> tbPerS; // mean over calls, over TraceLens's time
    std::optional<double> tflopsPerS; // mean over calls, over TraceLens's time
    QString why;
    // False where only the time differs: the figures above are Ridgeline's own.
    bool figuresDiffer = true;
    // A library op's time as TraceLens reports it, where it differs: without
    // the GPU events it links to no op (ATEN_MODELS.md §1.3). Ridgeline's
    // kernelTimeUs keeps them: they are the op's GPU work. On the heap: a
    // Triton row's TraceLens figures never have it.
    HeapOptional<SampleStats> kernelTimeUs;
    QString timeWhy;
};

struct KernelRow
{
    QString name;
    KernelName parsedName;
    RowKind kind = RowKind::Launched;
    GpuWork work = GpuWork::Triton; // Library rows: what the kernel's name says it does
    int calls = 0; // beside kind and work: one 8-byte slot for the three
    SharedValue<KernelModel> model; // empty (shared, no allocation) for library rows
    SharedValue<TritonOpArgs> args; // of the group's first call (shared with its op); empty for kernel-only rows

    CompactStats kernelTimeUs; // busy GPU time per call, of the timed calls
    CallTimes callTimesUs; // the same times, for time above an attainable one
    CompactStats tbPerS;
    CompactStats tflopsPerS;
    std::optional<double> shareOfGpuTime; // of the trace's total GPU kernel time, 0..1
    HeapOptional<TraceLensFigures> traceLens;
    HeapOptional<ReplayChain> replay; // Replayed rows
    HeapOptional<LibraryOpRowDetails> libraryOp; // LibraryOp rows
    // Triton rows: how the kernel was launched (its first call with a GPU
    // kernel's grid); empty where the trace says nothing of the launch.
    HeapOptional<LaunchFacts> launch;
    // Triton rows: what to change, from the launch and the source (findings/);
    // each finding's time at stake is the row's recoverable time under the lens.
    // One pointer where there are none (a library row), shared by copies.
    CowVector<KernelFinding> findings;

    Provenance provenance() const { return model->provenance; }
    bool hasModel() const { return model->provenance != Provenance::None; }
    bool isLibrary() const { return kind == RowKind::Library; }
    bool isLibraryOp() const { return kind == RowKind::LibraryOp; }
    // Latency floors (t0) one call pays: one per GPU event it ran (a
    // library op may run several), one for a Triton kernel.
    double latencyFloorsPerCall() const { return libraryOp ? libraryOp->gpuEventsPerCall : 1.0; }
    // Calls with GPU time: fewer than calls where an op was launched during
    // a graph capture (its kernel ran in the replays). Means divide by these.
    int timedCalls() const { return kernelTimeUs ? kernelTimeUs->count : 0; }
    std::optional<double> flops() const;
    std::optional<double> bytes() const;
    std::optional<double> gflops() const;
    std::optional<double> dataMovedMib() const;
    std::optional<double> flopsPerByte() const;
};

// Makes a new row's texts (reasons, sources of numels, launch and finding
// sentences) share one copy with the equal texts of the rows made before
// it: what a row keeps stays small when a trace holds 200,000 kernels of
// one kind. Figures and text do not change. Not for library rows, whose
// model is shared already (libraryrows.cpp).
class TextInterner;
void shareEqualTexts(KernelRow& row, TextInterner& texts);
// The same for a model alone (a row's shared model is left as it is).
void shareEqualTexts(KernelModel& model, TextInterner& texts);

} // namespace Ridgeline
