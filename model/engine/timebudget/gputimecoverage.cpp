#include "engine/timebudget/gputimecoverage.h"

#include "engine/base/text/units.h"

namespace Ridgeline {

std::optional<double> GpuTimeCoverage::share() const
{
    return totalUs > 0 ? std::optional(modelledUs / totalUs) : std::nullopt;
}

bool hasFigures(const KernelRow& row)
{
    return row.flops().has_value() || row.bytes().has_value();
}

GpuTimeCoverage gpuTimeCoverage(const AnalysisResult& result)
{
    GpuTimeCoverage coverage;
    coverage.totalUs = result.gpuTime.totalUs();
    // Together the two lists hold every GPU kernel once (analysisresult.h).
    for (const std::vector<KernelRow>* rows : { &result.rows, &result.libraryKernels }) {
        for (const KernelRow& row : *rows) {
            if (row.kernelTimeUs && hasFigures(row))
                coverage.modelledUs += row.kernelTimeUs->sum;
        }
    }
    return coverage;
}

QString coverageText(const GpuTimeCoverage& coverage)
{
    const std::optional<double> share = coverage.share();
    if (!share)
        return QStringLiteral("no GPU time");
    return QStringLiteral("modelled %1 of GPU time (%2 of %3)")
        .arg(formatPercent(*share, 1), formatTimeUs(coverage.modelledUs), formatTimeUs(coverage.totalUs));
}

} // namespace Ridgeline
