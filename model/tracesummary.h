// The figures of the summary strip: GPU time, the Triton share of it, and
// kernel counts by category and by provenance.
#pragma once

#include "engine/results/analysisresult.h"

#include <QMap>
#include <QString>

namespace Ridgeline {

struct TraceSummary
{
    double totalGpuKernelTimeUs = 0;
    double tritonKernelTimeUs = 0;
    double tritonShare = 0; // of the total, 0..1
    int uniqueKernels = 0;
    int calls = 0;
    QMap<QString, int> byCategory; // categoryKey -> unique kernels
    QMap<QString, int> byProvenance; // "V2" / "V1" / "none" -> unique kernels
    int kernelOnly = 0; // rows from graph replays
    int opOnly = 0; // rows captured without a kernel
    int replayed = 0; // rows of captured ops with their replays' time
    int libraryKernels = 0; // rows of non-Triton GPU kernels (GEMM, attention, ...) and library ops
    int libraryOps = 0; // of those, library ops (aten::addmm, SDPA, ...) with the GPU events under them
};

TraceSummary summarize(const AnalysisResult& result);

// `text` with every absolute path ("/home/me/traces/run.json.gz") reduced to
// its file name: a warning in the window names the file, not where it lies
// (the tool tips keep the whole path).
QString withFileNames(const QString& text);

} // namespace Ridgeline
