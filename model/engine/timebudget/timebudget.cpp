#include "engine/timebudget/timebudget.h"

#include "engine/base/text/textinterner.h"
#include "engine/findings/underfilled.h"
#include "engine/launch/computeunits.h"
#include "engine/timebudget/opportunities.h"

namespace Ridgeline {

QString opportunityKindKey(Opportunity::Kind kind)
{
    switch (kind) {
    case Opportunity::Kind::Kernel:
        return QStringLiteral("kernel");
    case Opportunity::Kind::LatencyBoundKernels:
        return QStringLiteral("latency-bound kernels");
    case Opportunity::Kind::Idle:
        return QStringLiteral("idle");
    case Opportunity::Kind::Unmodelled:
        return QStringLiteral("unmodelled");
    }
    return {};
}

KernelFindings judgedFindings(const KernelRow& row, const GpuSpec* gpu)
{
    KernelFindings findings = row.findings.values();
    if (!gpu || !row.launch || row.launch->computeUnits)
        return findings;
    LaunchFacts judged = *row.launch;
    fillComputeUnits(judged, gpu->computeUnits, QStringLiteral("the GPU catalogue: %1").arg(gpu->name));
    if (std::optional<KernelFinding> finding = underFilledFinding(judged, gpu->name))
        findings.insert(findings.begin(), std::move(*finding)); // the launch's findings first, as the row's
    return findings;
}

TimeBudget evaluateTimeBudget(
    const AnalysisResult& result, const PeakFigures& peaks, std::optional<double> latencyFloorOverrideUs, const GpuSpec* gpu)
{
    TimeBudget budget;
    budget.latencyFloor = chooseLatencyFloor(result.activity, latencyFloorOverrideUs);
    budget.rows.reserve(result.rows.size());
    TextInterner texts; // rows of one kind are told the same: one copy of each sentence
    for (const KernelRow& row : result.rows) {
        KernelTimeFigures figures = kernelTimeFigures(row, peaks, budget.latencyFloor.us, gpu, &result);
        if (!gpu)
            figures.findings = row.findings.values(); // as judgedFindings gives them without a GPU
        texts.intern(figures.advice.text);
        for (KernelFinding& finding : figures.findings)
            texts.intern(finding.text);
        budget.recoverableUs += figures.recoverableUs;
        if (row.isLibraryOp()) { // no Triton time
            budget.rows.push_back(std::move(figures));
            continue;
        }
        budget.tritonTimeUs += figures.measuredUs;
        if (figures.limiter == Limiter::Latency)
            budget.tritonLatencyBoundUs += figures.measuredUs;
        else if (figures.limiter != Limiter::Unmodelled)
            budget.tritonRecoverableUs += figures.recoverableUs;
        budget.rows.push_back(std::move(figures));
    }
    budget.tritonRestUs = std::max(0.0, budget.tritonTimeUs - budget.tritonRecoverableUs - budget.tritonLatencyBoundUs);
    budget.opportunities = rankOpportunities(result, budget);
    return budget;
}

} // namespace Ridgeline
