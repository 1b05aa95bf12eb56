// Stage results/: calls grouped into unique kernel rows.
// Everything one analysis of a trace produced: an immutable snapshot that
// crosses threads by shared_ptr<const AnalysisResult>.
#pragma once

#include "engine/activity/gpuactivity.h"
#include "engine/graphs/graphmerge.h"
#include "engine/results/gputimebreakdown.h"
#include "engine/results/kernelrow.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace Ridgeline {

struct Timeline; // engine/timeline/timeline.h, a later stage
struct PreparedTrace; // engine/preparedtrace.h, the analysis's first stage

struct AnalysisResult
{
    QString tracePath;
    QString traceGpuName; // from deviceProperties; empty when not recorded
    double totalGpuKernelTimeUs = 0;
    double tritonKernelTimeUs = 0; // busy time of the Triton rows (not Library ones), summed
    GpuTimeBreakdown gpuTime;      // the whole GPU time by kind of work
    GpuActivity activity;          // busy, idle, gaps, latency floor, steps
    // Triton kernels by total kernel time, longest first; then the library
    // ops (RowKind::LibraryOp: aten::addmm, SDPA, ...), longest first.
    std::vector<KernelRow> kernels;
    // The GPU kernels no Triton row holds (GEMM, attention, communication,
    // other library kernels), one row per name, longest first: with
    // `kernels`, every GPU kernel is in exactly one row.
    std::vector<KernelRow> libraryKernels;
    std::int64_t eventCount = 0;
    std::int64_t skippedEvents = 0;
    bool truncated = false;
    QStringList warnings;

    // The Inductor cache the V1 model read: its path, and how it was found
    // ("given", "$TORCHINDUCTOR_CACHE_DIR", "~/.cache/torchinductor",
    // "/tmp/torchinductor_<user>"); both empty when there was none.
    QString inductorCacheSource;
    QString inductorCacheOrigin;
    QString inductorCacheKind; // "directory", "tar.gz archive", "zip archive", ...
    int inductorCacheWrapperFiles = 0;
    int inductorCacheKernels = 0; // readable kernel blocks in all its wrapper files
    int inductorCacheTraceKernels = 0; // this trace's kernel names it defines
    // The cache's own problems, each naming the file (an unreadable archive,
    // a malformed wrapper file or block). The trace's rows never depend on
    // them; the first few are also in `warnings`.
    QStringList cacheWarnings;

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
