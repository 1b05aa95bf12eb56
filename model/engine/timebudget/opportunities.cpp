#include "engine/timebudget/opportunities.h"

#include "engine/base/text/units.h"
#include "engine/results/naming/rowdisplayname.h"
#include "engine/timebudget/idleopportunities.h"
#include "engine/timebudget/unmodelledopportunities.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {

namespace {

QString callsText(std::int64_t calls)
{
    return QStringLiteral("%1 %2").arg(calls).arg(calls == 1 ? QStringLiteral("call") : QStringLiteral("calls"));
}

QString bytesRoofText(const KernelRow& row, const KernelTimeFigures& figures)
{
    return QStringLiteral("its %1 MiB take %2 at the %3 roof")
        .arg(QString::number(row.dataMovedMib().value_or(0), 'g', 3), formatTimeUs(*figures.roofTermUs), figures.memoryRoofLabel);
}

QString kernelWhy(const KernelRow& row, const KernelTimeFigures& figures, const LatencyFloor& floor)
{
    const double mean = figures.timedCalls > 0 ? figures.measuredUs / double(figures.timedCalls) : 0.0;
    if (figures.limiter == Limiter::SlowForSize) {
        // Under the floor, yet far from it: not launch cost, so fusing would
        // not win this back; its code is slow for the work it does.
        const double times = figures.fractionOfAttainable && *figures.fractionOfAttainable > 0 ? 1.0 / *figures.fractionOfAttainable : 0.0;
        return QStringLiteral("%1: %2 at %3 each, where %4 (+ t0 %5 = %6 attainable): it runs %7x its attainable time, "
                              "far above the fixed cost of a launch, so fusing it alone would not win this back: %8")
            .arg(limiterTitle(figures.limiter), callsText(figures.timedCalls), formatTimeUs(mean), bytesRoofText(row, figures),
                formatTimeUs(floor.us), formatTimeUs(*figures.attainableUs), QString::number(times, 'f', 1), figures.advice.text);
    }
    if (figures.limiter == Limiter::FlopsUnknown) {
        return QStringLiteral("%1: %2 at %3 each; %4 (+ t0 %5 = %6 attainable, bytes only): at most this much above it, "
                              "since its FLOPs may take longer. Not called latency-bound: with its FLOPs unknown, nothing "
                              "says its work is small; check its math before fusing it")
            .arg(limiterTitle(figures.limiter), callsText(figures.timedCalls), formatTimeUs(mean), bytesRoofText(row, figures),
                formatTimeUs(floor.us), formatTimeUs(*figures.attainableUs));
    }
    const QString roof = figures.limiter == Limiter::Compute
        ? QStringLiteral("its FLOPs take %1 at the %2 roof").arg(formatTimeUs(*figures.roofTermUs), figures.computeRoofLabel)
        : bytesRoofText(row, figures);
    // What to do is the row's advice (advice/): its class's specific fix.
    return QStringLiteral("%1: %2 at %3 each, where %4 (+ t0 %5 = %6 attainable): %7")
        .arg(limiterTitle(figures.limiter), callsText(figures.timedCalls), formatTimeUs(mean), roof, formatTimeUs(floor.us),
            formatTimeUs(*figures.attainableUs), figures.advice.text);
}

// A kernel's own line: one a fix to its own code could speed up.
bool rankedAsKernel(Limiter limiter)
{
    switch (limiter) {
    case Limiter::Memory:
    case Limiter::Compute:
    case Limiter::SlowForSize:
    case Limiter::FlopsUnknown:
        return true;
    case Limiter::Latency:
    case Limiter::Unmodelled:
        return false;
    }
    return false;
}

// The findings of an item's rows, most time at stake first (then the rows'
// order), at most maxFindingsPerOpportunity: the group's rows are many.
void attachFindings(Opportunity& item, const TimeBudget& budget)
{
    for (int row : item.rowIndices) {
        if (row < 0 || size_t(row) >= budget.rows.size())
            continue;
        const KernelTimeFigures& figures = budget.rows[size_t(row)];
        for (const KernelFinding& finding : figures.findings)
            item.findings.push_back({ row, finding, figures.recoverableUs });
    }
    std::stable_sort(item.findings.begin(), item.findings.end(),
        [](const Opportunity::RowFinding& a, const Opportunity::RowFinding& b) { return a.timeAtStakeUs > b.timeAtStakeUs; });
    if (item.findings.size() > maxFindingsPerOpportunity)
        item.findings.resize(maxFindingsPerOpportunity);
}

} // namespace

QString opportunityShownName(const AnalysisResult& result, const Opportunity& item)
{
    if (item.kind != Opportunity::Kind::Kernel && item.kind != Opportunity::Kind::Unmodelled)
        return item.name; // a group of one row is still the group
    if (item.rowIndices.size() == 1 && item.libraryIndices.empty() && size_t(item.rowIndices[0]) < result.rows.size())
        return rowNames(result.rows[size_t(item.rowIndices[0])]).display;
    if (item.libraryIndices.size() == 1 && item.rowIndices.empty() && size_t(item.libraryIndices[0]) < result.libraryKernels.size())
        return rowNames(result.libraryKernels[size_t(item.libraryIndices[0])]).display;
    return item.name;
}

std::vector<Opportunity> rankOpportunities(const AnalysisResult& result, const TimeBudget& budget)
{
    const double gpuTime = result.totalGpuKernelTimeUs;
    const auto share = [&](double us) { return gpuTime > 0 ? us / gpuTime : 0.0; };

    std::vector<Opportunity> kernels;
    Opportunity latency;
    latency.kind = Opportunity::Kind::LatencyBoundKernels;
    latency.name = QStringLiteral("latency-bound kernels");
    for (size_t i = 0; i < budget.rows.size() && i < result.rows.size(); ++i) {
        const KernelTimeFigures& figures = budget.rows[i];
        if (figures.limiter == Limiter::Latency && figures.measuredUs > 0) {
            latency.recoverableUs += figures.aboveRoofTermUs();
            latency.rowIndices.push_back(int(i));
            ++latency.count;
            latency.launches += figures.timedCalls;
        } else if (rankedAsKernel(figures.limiter) && figures.recoverableUs > 0) {
            Opportunity item;
            item.kind = Opportunity::Kind::Kernel;
            item.name = result.rows[i].name;
            item.recoverableUs = figures.recoverableUs;
            item.shareOfGpuTime = share(figures.recoverableUs);
            item.why = kernelWhy(result.rows[i], figures, budget.latencyFloor);
            item.rowIndices = { int(i) };
            kernels.push_back(std::move(item));
        }
    }
    std::stable_sort(
        kernels.begin(), kernels.end(), [](const Opportunity& a, const Opportunity& b) { return a.recoverableUs > b.recoverableUs; });
    if (kernels.size() > maxKernelOpportunities)
        kernels.resize(maxKernelOpportunities);

    std::vector<Opportunity> ranked = std::move(kernels);
    if (latency.count > 0) {
        latency.shareOfGpuTime = share(latency.recoverableUs);
        latency.why = QStringLiteral("%1 kernels (%2 launches) too small to reach any roof: each spends no more than t0 = %3 "
                                     "on its work and runs within %4x its attainable time, the rest is fixed cost; fuse them "
                                     "into their neighbours or remove the launches (CUDA/HIP graphs remove launch overhead), "
                                     "do not tune them. At stake: their time above their work at the roofs")
                          .arg(latency.count)
                          .arg(latency.launches)
                          .arg(formatTimeUs(budget.latencyFloor.us))
                          .arg(QString::number(1.0 / latencyMinFractionOfAttainable, 'g', 3));
        ranked.push_back(std::move(latency));
    }
    if (const DeviceActivity* device = result.activity.mainDevice(); device && device->idleUs > 0 && !device->implausibleSpan()) {
        for (Opportunity& idle : idleOpportunities(*device, result.activity.idleCauses)) {
            idle.shareOfGpuTime = share(idle.recoverableUs);
            ranked.push_back(std::move(idle));
        }
    }
    for (Opportunity& item : unmodelledOpportunities(result))
        ranked.push_back(std::move(item));
    std::stable_sort(
        ranked.begin(), ranked.end(), [](const Opportunity& a, const Opportunity& b) { return a.recoverableUs > b.recoverableUs; });
    for (Opportunity& item : ranked)
        attachFindings(item, budget);
    return ranked;
}

} // namespace Ridgeline
