#include "engine/timebudget/attainabletime.h"

#include "engine/advice/eagerattention.h"
#include "engine/findings/kernelfindings.h"
#include "engine/results/copies/copywork.h"
#include "engine/roofline/roofline.h"
#include "engine/timebudget/timebudget.h"

#include <algorithm>

namespace Ridgeline {

QString limiterKey(Limiter limiter)
{
    switch (limiter) {
    case Limiter::Memory:
        return QStringLiteral("memory");
    case Limiter::Compute:
        return QStringLiteral("compute");
    case Limiter::Latency:
        return QStringLiteral("latency");
    case Limiter::SlowForSize:
        return QStringLiteral("slow-for-size");
    case Limiter::FlopsUnknown:
        return QStringLiteral("flops-unknown");
    case Limiter::Unmodelled:
        return QStringLiteral("unmodelled");
    }
    return {};
}

QString limiterTitle(Limiter limiter)
{
    switch (limiter) {
    case Limiter::Memory:
        return QStringLiteral("memory-bound");
    case Limiter::Compute:
        return QStringLiteral("compute-bound");
    case Limiter::Latency:
        return QStringLiteral("latency-bound");
    case Limiter::SlowForSize:
        return QStringLiteral("slow for its size");
    case Limiter::FlopsUnknown:
        return QStringLiteral("FLOPs unknown");
    case Limiter::Unmodelled:
        return QStringLiteral("not modelled");
    }
    return {};
}

double roofTermUs(double bytes, std::optional<double> flops, double memoryTBps, double computeTflops)
{
    // 1 TB/s moves 1e6 bytes per us; 1 TFLOPS does 1e6 FLOPs per us.
    const double memoryUs = memoryTBps > 0 ? bytes / (memoryTBps * 1e6) : 0.0;
    const double computeUs = flops && computeTflops > 0 ? *flops / (computeTflops * 1e6) : 0.0;
    return std::max(memoryUs, computeUs);
}

double KernelTimeFigures::aboveRoofTermUs() const
{
    if (!roofTermUs)
        return 0.0;
    return std::max(0.0, measuredUs - double(timedCalls) * *roofTermUs);
}

namespace {

// Under the floor, what the calls' time says: near their attainable time
// the fixed cost explains it (fuse); far above it, it does not (tune).
// Without a FLOPs figure nothing is said: its compute may take the time.
Limiter limiterOf(double floorUs, double memoryUs, double computeUs, bool flopsKnown, std::optional<double> fraction)
{
    const double term = std::max(memoryUs, computeUs);
    if (floorUs < term)
        return computeUs > memoryUs ? Limiter::Compute : Limiter::Memory;
    if (!flopsKnown)
        return Limiter::FlopsUnknown;
    if (fraction && *fraction < latencyMinFractionOfAttainable)
        return Limiter::SlowForSize;
    return Limiter::Latency; // also without timed calls: nothing says it is slow
}

AdviceFacts::Verdict verdictOf(Limiter limiter)
{
    switch (limiter) {
    case Limiter::Latency:
        return AdviceFacts::Verdict::LatencyBound;
    case Limiter::SlowForSize:
        return AdviceFacts::Verdict::SlowForSize;
    case Limiter::Unmodelled:
        return AdviceFacts::Verdict::Unmodelled;
    case Limiter::Memory:
    case Limiter::Compute:
    case Limiter::FlopsUnknown:
        break;
    }
    return AdviceFacts::Verdict::Tune;
}

// The row's advice from its figures, once they are all known.
void advise(KernelTimeFigures& figures, const KernelRow& row, double latencyFloorUs, const GpuSpec* gpu, const AnalysisResult* trace)
{
    AdviceFacts facts;
    facts.verdict = verdictOf(figures.limiter);
    facts.timedCalls = figures.timedCalls;
    facts.meanUs = figures.timedCalls > 0 ? figures.measuredUs / double(figures.timedCalls) : 0.0;
    facts.attainableUs = figures.attainableUs;
    facts.latencyFloorUs = latencyFloorUs;
    facts.limiterTitle = limiterTitle(figures.limiter);
    const KernelFindings& findings = gpu ? figures.findings : row.findings.values();
    if (!findings.empty())
        facts.firstFinding = findings.front().text;
    if (gpu) {
        facts.gpuName = gpu->name;
        facts.computeUnits = gpu->computeUnits;
        facts.hostLinkTBps = gpu->hostLinkTBps;
        facts.hostLinkSource = gpu->hostLinkSource;
    }
    if (trace)
        facts.eagerAttentionChain = eagerAttentionChain(*trace, row);
    figures.advice = adviseRow(row, facts);
}

KernelTimeFigures roofTimeFigures(const KernelRow& row, const PeakFigures& peaks, double latencyFloorUs, const GpuSpec* gpu)
{
    KernelTimeFigures figures;
    figures.timedCalls = row.timedCalls();
    figures.measuredUs = row.kernelTimeUs ? row.kernelTimeUs->sum : 0.0;
    figures.memoryTBps = peaks.memoryBandwidthTBps;
    std::optional<double> bytes = row.bytes();
    const std::optional<CopyWork> copy = copyWorkOf(row);
    if (copy && copy->crossesHostLink()) {
        // Its bytes cross the host link once, at the link's speed: HBM's roof
        // would call a copy at the link's full speed latency-bound. No link
        // figure, no roof.
        if (!gpu || !gpu->hostLinkTBps)
            return figures;
        bytes = hostLinkBytesPerCall(row);
        figures.memoryTBps = *gpu->hostLinkTBps;
        figures.memoryRoofLabel = QStringLiteral("host link");
    }
    if (!bytes || figures.memoryTBps <= 0)
        return figures;

    const std::optional<double> flops = row.flops();
    const ComputeRoof* roof = flops ? applicableRoof(peaks, row) : nullptr;
    if (roof) {
        figures.computeTflops = roof->tflops;
        figures.computeRoofLabel = roof->label;
    }
    const double memoryUs = *bytes / (figures.memoryTBps * 1e6);
    const double computeUs = roof && roof->tflops > 0 ? *flops / (roof->tflops * 1e6) : 0.0;
    const double term = std::max(memoryUs, computeUs);
    // A library op pays the floor once per GPU event it ran.
    const double floorUs = latencyFloorUs * row.latencyFloorsPerCall();
    figures.roofTermUs = term;
    figures.attainableUs = floorUs + term;
    if (figures.timedCalls > 0 && figures.measuredUs > 0)
        figures.fractionOfAttainable = double(figures.timedCalls) * *figures.attainableUs / figures.measuredUs;
    figures.limiter = limiterOf(floorUs, memoryUs, computeUs, flops.has_value(), figures.fractionOfAttainable);
    figures.recoverableUs = row.callTimesUs.excessOver(*figures.attainableUs);

    // The source's bytes under the same roofs and floor (size_hints' numels
    // give upper bounds, not counts: none then).
    const KernelAnatomy* anatomy = anatomyOf(row.model);
    if (anatomy && !anatomy->approximate && anatomy->uniqueBytes && *anatomy->uniqueBytes > 0) {
        const double sourceMemoryUs = double(*anatomy->uniqueBytes) / (peaks.memoryBandwidthTBps * 1e6);
        figures.attainableSourceUs = floorUs + std::max(sourceMemoryUs, computeUs);
        if (figures.timedCalls > 0 && figures.measuredUs > 0)
            figures.fractionOfAttainableSource = double(figures.timedCalls) * *figures.attainableSourceUs / figures.measuredUs;
    }
    return figures;
}

} // namespace

KernelTimeFigures kernelTimeFigures(
    const KernelRow& row, const PeakFigures& peaks, double latencyFloorUs, const GpuSpec* gpu, const AnalysisResult* trace)
{
    KernelTimeFigures figures = roofTimeFigures(row, peaks, latencyFloorUs, gpu);
    if (gpu)
        figures.findings = judgedFindings(row, gpu);
    advise(figures, row, latencyFloorUs * row.latencyFloorsPerCall(), gpu, trace);
    return figures;
}

} // namespace Ridgeline
