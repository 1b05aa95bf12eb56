// The attainable-time part of a derivation: the latency floor t0 and where
// it came from, the time the kernel's bytes and FLOPs take at their roofs,
// the attainable time per call, and what the measured calls leave above it
// (recoverable time) with the limiter and the kind of fix it calls for.
#include "derivation/derivationsections.h"
#include "engine/timebudget/attainabletime.h"

namespace Ridgeline::Derivation {
namespace {

using MD = MarkdownWriter;

QString us(double value)
{
    return figure(value) + QStringLiteral(" us");
}

QString meaning(Limiter limiter)
{
    switch (limiter) {
    case Limiter::Memory:
        return QStringLiteral("its bytes at the HBM roof take longest: tune its memory access (block sizes, coalescing, fewer "
                              "passes over the data)");
    case Limiter::Compute:
        return QStringLiteral("its FLOPs at the compute roof take longest: tune its math (tile sizes, the matrix units)");
    case Limiter::Latency:
        return QStringLiteral("t0 is at least its roof term: no call this small comes near any roof, and its time is fixed "
                              "per-launch cost. Latency-bound means fuse, not tune: fuse it into a neighbour or remove the "
                              "launch (CUDA/HIP graphs remove launch overhead)");
    case Limiter::SlowForSize:
        return QStringLiteral("t0 is at least its roof term, yet its calls take over twice their attainable time: the fixed "
                              "cost of a launch does not explain them, so fusing it alone would not win this back. Tune it "
                              "(block sizes, memory access, how its work is split)");
    case Limiter::FlopsUnknown:
        return QStringLiteral("its bytes at the HBM roof take no longer than t0, but its FLOPs are unknown, so nothing says its "
                              "work is small: attainable and recoverable time count its bytes only, and it is not called "
                              "latency-bound");
    case Limiter::Unmodelled:
        return QStringLiteral("no bytes or FLOPs are known: time only");
    }
    return {};
}

} // namespace

void writeAttainableTime(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged)
{
    const GpuSpec& gpu = judged.gpuSpec();
    const PeakSet peaks = judged.peakSet;
    const LatencyFloor& floor = judged.budget.latencyFloor;
    md.heading(2, QStringLiteral("Attainable time"));
    const PeakFigures& pf = gpu.peaks(peaks);
    const KernelTimeFigures f = kernelTimeFigures(row, pf, floor.us);
    md.bullet(MD::bold(QStringLiteral("Latency floor t0 = ") + us(floor.us)) + QStringLiteral(" — ") + floor.sourceKey()
        + QStringLiteral(": ") + MD::plain(floor.sourceText));
    if (!f.attainableUs || !f.roofTermUs) {
        md.paragraph(QStringLiteral("No attainable time: ") + meaning(f.limiter) + u'.');
        return;
    }
    const double bytes = row.bytes().value_or(0);
    const double memoryUs = pf.memoryBandwidthTBps > 0 ? bytes / (pf.memoryBandwidthTBps * 1e6) : 0.0;
    md.bullet(QStringLiteral("Bytes / HBM roof = %1 B / %2 TB/s = %3").arg(figure(bytes), figure(pf.memoryBandwidthTBps), us(memoryUs)));
    if (row.flops() && f.computeTflops && *f.computeTflops > 0) {
        md.bullet(QStringLiteral("FLOPs / compute roof = %1 / %2 TFLOPS (%3) = %4")
                .arg(figure(*row.flops()), figure(*f.computeTflops), MD::plain(f.computeRoofLabel),
                    us(*row.flops() / (*f.computeTflops * 1e6))));
    } else {
        md.bullet(row.flops() ? QStringLiteral("FLOPs / compute roof: no compute roof applies, so bytes alone")
                              : QStringLiteral("FLOPs unknown: bytes alone"));
    }
    md.bullet(QStringLiteral("Roof term = the larger = %1").arg(us(*f.roofTermUs)));
    md.bullet(MD::bold(
        QStringLiteral("Attainable per call = t0 + roof term = %1 + %2 = %3").arg(us(floor.us), us(*f.roofTermUs), us(*f.attainableUs))));
    if (f.timedCalls > 0) {
        md.bullet(QStringLiteral("Measured mean = %1 / %2 timed calls = %3")
                .arg(us(f.measuredUs), count(f.timedCalls), us(f.measuredUs / double(f.timedCalls))));
    } else {
        md.bullet(QStringLiteral("No timed calls: nothing measured to compare with."));
    }
    if (f.fractionOfAttainable)
        md.bullet(QStringLiteral("Fraction of attainable = timed calls × attainable / measured = %1 × %2 / %3 = %4 %")
                .arg(count(f.timedCalls), us(*f.attainableUs), us(f.measuredUs), figure(100.0 * *f.fractionOfAttainable)));
    md.bullet(MD::bold(QStringLiteral("Recoverable = %1").arg(us(f.recoverableUs)))
        + QStringLiteral(": the sum over timed calls of max(0, measured − attainable)"));
    md.paragraph(MD::bold(QStringLiteral("Limiter: ") + limiterTitle(f.limiter)) + QStringLiteral(" — ") + meaning(f.limiter) + u'.');
}

} // namespace Ridgeline::Derivation
