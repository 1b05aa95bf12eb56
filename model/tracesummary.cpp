#include "tracesummary.h"

#include <QRegularExpression>

namespace Ridgeline {

TraceSummary summarize(const AnalysisResult& result)
{
    TraceSummary summary;
    summary.totalGpuKernelTimeUs = result.totalGpuKernelTimeUs;
    summary.tritonKernelTimeUs = result.tritonKernelTimeUs;
    if (result.totalGpuKernelTimeUs > 0)
        summary.tritonShare = result.tritonKernelTimeUs / result.totalGpuKernelTimeUs;
    summary.libraryKernels = int(result.libraryKernels.size());
    for (const KernelRow& row : result.rows) {
        if (row.isLibraryOp()) { // with the library rows: the toggle that hides them hides these
            ++summary.libraryOps;
            ++summary.libraryKernels;
            continue;
        }
        ++summary.uniqueKernels;
        summary.calls += row.calls;
        ++summary.byCategory[categoryKey(row.parsedName.category)];
        ++summary.byProvenance[provenanceKey(row.provenance())];
        summary.kernelOnly += row.kind == RowKind::KernelOnly;
        summary.opOnly += row.kind == RowKind::OpOnly;
        summary.replayed += row.kind == RowKind::Replayed;
    }
    return summary;
}

QString withFileNames(const QString& text)
{
    // A slash after a word character is a unit ("TB/s") or a pair ("CUDA/HIP"),
    // not the start of a path.
    static const QRegularExpression path(QStringLiteral("(?<![\\w.~])/(?:[^\\s/:,;'\"()]+/)+([^\\s/:,;'\"()]+)"));
    QString named = text;
    named.replace(path, QStringLiteral("\\1"));
    return named;
}

} // namespace Ridgeline
