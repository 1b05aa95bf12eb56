// Stage libraryops/: the library ops (GEMM, attention, convolution, norms,
// elementwise, reductions) that Inductor calls beside its Triton kernels.
// Which GPU events each library op owns, as TraceLens decides it
// (ATEN_MODELS.md §1.2-1.3): the outermost modelled op on a thread owns every
// GPU event launched under its host span (kernels, and the memcpy and
// memset of a copy_), whatever ops lie between. Triton's calls keep theirs:
// each GPU event is in exactly one row. The calls are grouped at once by op
// name and signature (the four arg lists, as TraceLens groups, not per
// thread): a call costs its busy time, 8 bytes, and nothing more.
#pragma once

#include "engine/graphs/graphmerge.h"
#include "engine/input/rawtrace.h"
#include "engine/linking/kernellinker.h"

#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

namespace Ridgeline {

// The calls of one op name with one signature.
struct LibraryOpGroup
{
    QString name;
    std::shared_ptr<const TritonOpArgs> args;
    std::vector<double> busyTimesUs; // per call that ran GPU work: the union of its GPU events
    int calls = 0; // with or without GPU work (graph captures have none)
    std::int64_t gpuEvents = 0; // over all calls: GPU events (and launch overheads) they cost
    QStringList kernelNames; // distinct, in order of first sight, at most maxKernelNames
    int moreKernelNames = 0; // distinct names past that (counted up to a few hundred)
    int replayedCalls = 0; // of `calls`: graph replays of an op captured in a graph
    // The bytes its memcpy events say they moved (their `bytes` arg), over the
    // calls that ran memcpys all of which said; the calls whose memcpys did not.
    double copyBytes = 0;
    int copyCallsMeasured = 0;
    int copyCallsUnmeasured = 0;
    // TraceLens's busy time per call, parallel to busyTimesUs, once a call's
    // differs (else empty: 8 bytes a call only where it matters). TraceLens
    // leaves out a GPU event whose runtime call wrote no flow start: ROCm's
    // hipMemset/hipMemsetAsync (ATEN_MODELS.md §1.3).
    std::vector<double> traceLensBusyTimesUs;
    std::int64_t traceLensLeftOutEvents = 0; // GPU events TraceLens links to no op
    QString traceLensLeftOutName; // the first one's name ("Memset (Device)")

    static constexpr int maxKernelNames = 16;
    // Mean GPU events per call that ran GPU work: the latency floors it pays.
    double gpuEventsPerCall() const { return busyTimesUs.empty() ? 0.0 : double(gpuEvents) / double(busyTimesUs.size()); }
    // The mean bytes a call's memcpys moved, where every call that ran one said.
    std::optional<double> copyBytesPerCall() const;
    void noteKernelName(const QString& kernel);
};

// A GPU event a library op owns, and the group of the call that owns it:
// the timeline finds a box's row with it.
struct OwnedGpuEvent
{
    std::uint32_t event; // into RawTrace::gpuEvents
    std::uint32_t group; // into LibraryOpWork::groups
};

struct LibraryOpWork
{
    std::vector<LibraryOpGroup> groups; // in order of first call
    std::vector<bool> ownedEvents; // per RawTrace::gpuEvents: whether a library op owns it
    // One per owned event (8 bytes each, in order of the calls), not one per
    // GPU event: a trace of 20M Triton kernels and no library op keeps none.
    std::vector<OwnedGpuEvent> owners;
};

// `linked`: Triton's calls; the GPU events they hold are not a library op's.
// `graphs`: the replays of captured library ops (GraphMerge::libraryCalls), or null.
LibraryOpWork ownLibraryOpWork(const RawTrace& trace, const LinkedKernels& linked, const GraphMerge* graphs = nullptr);
// The same with the merge's parts apart: an analysis of a time range has
// its own copy of the replayed calls (`libraryCalls`, into trace's
// gpuEvents), the captures their ops live in stay shared.
LibraryOpWork ownLibraryOpWork(const RawTrace& trace, const LinkedKernels& linked, const CapturedGraphs& captures,
    const std::vector<ReplayedLibraryCall>& libraryCalls);

} // namespace Ridgeline
