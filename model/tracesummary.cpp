#include "tracesummary.h"

namespace Ridgeline {

TraceSummary summarize(const AnalysisResult& result)
{
    TraceSummary summary;
    summary.totalGpuKernelTimeUs = result.totalGpuKernelTimeUs;
    summary.tritonKernelTimeUs = result.tritonKernelTimeUs;
    if (result.totalGpuKernelTimeUs > 0)
        summary.tritonShare = result.tritonKernelTimeUs / result.totalGpuKernelTimeUs;
    summary.uniqueKernels = int(result.kernels.size());
    summary.libraryKernels = int(result.libraryKernels.size());
    for (const KernelRow& row : result.kernels) {
        summary.calls += row.calls;
        ++summary.byCategory[categoryKey(row.parsedName.category)];
        ++summary.byProvenance[provenanceKey(row.provenance())];
        summary.kernelOnly += row.kind == RowKind::KernelOnly;
        summary.opOnly += row.kind == RowKind::OpOnly;
        summary.replayed += row.kind == RowKind::Replayed;
    }
    return summary;
}

} // namespace Ridgeline
