#include "engine/comparison/workcomparison.h"

namespace Ridgeline {
namespace {

std::optional<double> spanOf(const AnalysisResult& result)
{
    const DeviceActivity* device = result.activity.mainDevice();
    return device ? std::optional(device->spanUs) : std::nullopt;
}

} // namespace

WorkComparison compareWork(const AnalysisResult& baseline, const AnalysisResult& candidate)
{
    WorkComparison comparison;
    // Both maps are ordered by GpuWork: merged in that order.
    std::map<GpuWork, WorkTimeChange> byWork;
    for (const auto& [work, us] : baseline.gpuTime.us) {
        byWork[work].work = work;
        byWork[work].baselineUs = us;
    }
    for (const auto& [work, us] : candidate.gpuTime.us) {
        byWork[work].work = work;
        byWork[work].candidateUs = us;
    }
    comparison.byWork.reserve(byWork.size());
    for (const auto& [work, change] : byWork)
        comparison.byWork.push_back(change);
    comparison.baselineGpuTimeUs = baseline.gpuTime.totalUs();
    comparison.candidateGpuTimeUs = candidate.gpuTime.totalUs();
    comparison.baselineSpanUs = spanOf(baseline);
    comparison.candidateSpanUs = spanOf(candidate);
    return comparison;
}

} // namespace Ridgeline
