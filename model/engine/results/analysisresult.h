// Stage results/: calls grouped into unique kernel rows.
// Everything one analysis of a trace produced: an immutable snapshot that
// crosses threads by shared_ptr<const AnalysisResult>.
#pragma once

#include "engine/activity/gpuactivity.h"
#include "engine/graphs/graphmerge.h"
#include "engine/libraryops/eagerattentionchains.h"
#include "engine/results/gputimebreakdown.h"
#include "engine/results/kernelrow.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace Ridgeline {

struct Timeline; // engine/timeline/timeline.h, a later stage
struct PreparedTrace; // engine/preparedtrace.h, the analysis's first stage

// How much of the trace's event stream the reader took in.
struct EventsRead
{
    std::int64_t count = 0; // events read
    std::int64_t skipped = 0; // malformed events skipped, each costing one event (the first few are warnings)
    bool truncated = false; // the stream ended early (a cut file, a damaged archive)
};

// The Inductor cache the V1 model read: its path, and how it was found
// ("given", "$TORCHINDUCTOR_CACHE_DIR", "~/.cache/torchinductor",
// "/tmp/torchinductor_<user>"); both empty when there was none.
struct InductorCacheSummary
{
    QString source;
    QString origin;
    QString kind; // "directory", "tar.gz archive", "zip archive", ...
    int wrapperFiles = 0;
    int kernelBlocks = 0; // readable kernel blocks in all its wrapper files
    int traceKernels = 0; // this trace's kernel names it defines
    // The cache's own problems, each naming the file (an unreadable archive,
    // a malformed wrapper file or block). The trace's rows never depend on
    // them; the first few are also in AnalysisResult::warnings.
    QStringList warnings;
};

struct AnalysisResult
{
    QString tracePath;
    QString traceGpuName; // from deviceProperties; empty when not recorded
    double totalGpuKernelTimeUs = 0;
    double tritonKernelTimeUs = 0; // busy time of the Triton rows (not Library ones), summed
    GpuTimeBreakdown gpuTime; // the whole GPU time by kind of work
    GpuActivity activity; // busy, idle, gaps, latency floor, steps
    // The table's rows: first the Triton kernel rows by total kernel time,
    // longest first; then the library-op rows (RowKind::LibraryOp: aten::mm,
    // SDPA, ...), longest first.
    std::vector<KernelRow> rows;
    // The GPU kernels no Triton row holds (GEMM, attention, communication,
    // other library kernels), one row per name, longest first: with the
    // Triton rows of `rows`, every GPU kernel is in exactly one row.
    std::vector<KernelRow> libraryKernels;
    // The softmax kernels that run in eager attention chains (bmm, softmax,
    // bmm under one module call), by kernel name: their rows' advice.
    std::vector<EagerAttentionChains> eagerAttention;
    EventsRead events;
    QStringList warnings;

    // The Inductor cache the V1 model read (all empty when there was none).
    InductorCacheSummary inductorCache;

    // CUDA/HIP graphs: the capture traces read (the opened trace itself when
    // it holds captures), their windows, every graph launch and whether its
    // replayed Triton kernels were attributed to captured ops.
    GraphMergeSummary graphs;

    // Every GPU event over time, in lanes, for the timeline view and export.
    std::shared_ptr<const Timeline> timeline;
    // [start, end) in us from the trace's first GPU event, when the analysis
    // was restricted to the GPU events that start in it.
    std::optional<std::pair<double, double>> gpuRangeUs;
    // What the figures were computed from (FigureOptions::keepPreparedTrace,
    // else null): another range of it is analysed without reading the file.
    std::shared_ptr<const PreparedTrace> prepared;
};

} // namespace Ridgeline
