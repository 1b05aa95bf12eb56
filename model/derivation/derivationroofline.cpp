// The roofline part of a derivation: the roofs that apply, which one bounds
// the kernel, what it could attain there and how much of that it reached;
// and the one-line summary of results that opens the derivation.
#include "derivation/derivationsections.h"
#include "engine/base/text/units.h"
#include "engine/roofline/roofline.h"
#include "engine/timebudget/attainabletime.h"
#include "engine/timebudget/opportunities.h"

namespace Ridgeline::Derivation {
namespace {

using MD = MarkdownWriter;

QString roofReason(const KernelRow& row, const ComputeRoof& roof)
{
    const QString precision = kernelPrecision(row);
    if (precision.isEmpty())
        return QStringLiteral("the first tensor's dtype names no precision, so the FP32 vector roof (or the lowest) applies");
    if (row.model->gemm) {
        if (roof.key.startsWith(u"matrix_"))
            return QStringLiteral("a GEMM template runs on the matrix units (tl.dot), in its operands' dtype (%1)%2")
                .arg(precision,
                    precision == u"fp32" ? (roof.key == u"matrix_tf32" ? QStringLiteral(", as TF32: the template allows it")
                                                                       : QStringLiteral(", without TF32"))
                                         : QString());
        return QStringLiteral("a GEMM template in %1, but this peak set has no %1 matrix roof%2, so %3 applies")
            .arg(precision, precision == u"fp32" ? QStringLiteral(" (and TF32 is not known to be allowed)") : QString(), roof.key);
    }
    const QString wanted = QStringLiteral("vector_") + precision;
    if (roof.key == wanted)
        return QStringLiteral("Triton pointwise and reduction kernels run on the vector units, in the dtype of their "
                              "data (%1)")
            .arg(precision);
    return QStringLiteral("the data is %1 but this peak set has no %2 roof, so %3 applies")
        .arg(precision, MD::code(wanted), MD::code(roof.key));
}

// Above HBM but within a cache level's published bandwidth, or within the
// datasheet's HBM under a measured roof: the likelier stories.
void writeCacheNote(
    MarkdownWriter& md, const KernelRow& row, const RooflinePlacement& p, const GpuSpec& gpu, const PeakFigures& pf, PeakSet used)
{
    if (const CacheRoof* cache = probablyServedFrom(p, gpu, pf, row.bytes()))
        md.paragraph(MD::bold(QStringLiteral("Probably served from cache:")) + u' '
            + MD::plain(servedFromCacheNote(cache, p.achievedTBps, pf)) + u'.');
    else if (withinDatasheetHbm(p, gpu, used, row.bytes()))
        md.paragraph(MD::bold(QStringLiteral("Within the datasheet's HBM:")) + u' '
            + MD::plain(withinDatasheetHbmNote(p.achievedTBps, gpu, pf)) + u'.');
}

QString whyNotPlaced(const KernelRow& row)
{
    if (!row.bytes())
        return QStringLiteral("bytes are unknown, so the intensity is undefined");
    if (!row.flopsPerByte())
        return QStringLiteral("bytes are 0, so the intensity is undefined");
    if (!(*row.flopsPerByte() > 0))
        return QStringLiteral("FLOPs are 0, so the intensity is 0 and has no place on a log-scale roofline");
    if (!row.tflopsPerS)
        return QStringLiteral("there is no kernel time, so no achieved TFLOPS/s");
    return QStringLiteral("no compute roof applies");
}

} // namespace

void writeRoofline(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged)
{
    const GpuSpec& gpu = judged.gpuSpec();
    const PeakSet peaks = judged.peakSet;
    md.heading(2, QStringLiteral("Roofline"));
    const PeakSet used = gpu.has(peaks) ? peaks : (peaks == PeakSet::Datasheet ? PeakSet::MaxAchievable : PeakSet::Datasheet);
    if (!gpu.has(used)) {
        md.paragraph(QStringLiteral("No peak figures for ") + MD::plain(gpu.name) + QStringLiteral(": no roofline."));
        return;
    }
    const PeakFigures& pf = gpu.peaks(peaks);
    QString gpuLine = MD::bold(QStringLiteral("GPU:")) + u' ' + MD::plain(gpu.name) + QStringLiteral(", ") + peakSetTitle(used);
    if (used != peaks)
        gpuLine += QStringLiteral(" (it has no ") + peakSetTitle(peaks) + u')';
    md.bullet(gpuLine);
    md.bullet(MD::bold(QStringLiteral("Memory roof:")) + u' ' + figure(pf.memoryBandwidthTBps)
        + QStringLiteral(" TB/s (TFLOPS/s = bandwidth × intensity)"));
    const ComputeRoof* roof = applicableRoof(pf, row);
    if (!roof) {
        md.paragraph(QStringLiteral("This peak set has no compute roof."));
        return;
    }
    const double ridge = ridgePoint(roof->tflops, pf.memoryBandwidthTBps);
    md.bullet(MD::bold(QStringLiteral("Compute roof:")) + u' ' + MD::plain(roof->label) + QStringLiteral(" (") + MD::code(roof->key)
        + QStringLiteral("), ") + figure(roof->tflops) + QStringLiteral(" TFLOPS/s: ") + roofReason(row, *roof));
    md.bullet(MD::bold(QStringLiteral("Ridge point")) + QStringLiteral(" = peak / bandwidth = ") + figure(roof->tflops)
        + QStringLiteral(" / ") + figure(pf.memoryBandwidthTBps) + QStringLiteral(" = ") + figure(ridge) + QStringLiteral(" FLOP/B"));

    const auto placement = placeKernel(row, pf);
    if (!placement) {
        md.paragraph(QStringLiteral("The kernel has no point on the roofline: ") + whyNotPlaced(row) + u'.');
        return;
    }
    const RooflinePlacement& p = *placement;
    // Above a measured roof but within the datasheet's is no model error (writeCacheNote says what it is).
    const bool modelError = p.aboveRoof && !withinDatasheetHbm(p, gpu, judged.peakSetUsed(), row.bytes());
    if (p.memoryOnly) {
        if (p.flopsUnknown)
            md.bullet(QStringLiteral("FLOPs unknown over %1 bytes: no intensity, so the kernel is measured by its TB/s "
                                     "against the memory roof alone (drawn in the chart's left-edge lane)")
                    .arg(figure(*row.bytes())));
        else
            md.bullet(QStringLiteral("0 FLOPs over %1 bytes: intensity 0, ").arg(figure(*row.bytes()))
                + MD::bold(QStringLiteral("memory-bound by definition")));
        md.bullet(MD::bold(QStringLiteral("Reached")) + QStringLiteral(" = TB/s / memory roof = ") + figure(p.achievedTBps)
            + QStringLiteral(" / ") + figure(pf.memoryBandwidthTBps) + QStringLiteral(" = ") + MD::bold(formatPercent(p.fractionOfRoof))
            + QStringLiteral(" of the memory roof") + (row.calls > 1 ? QStringLiteral(" (achieved: mean TB/s over calls)") : QString()));
        if (modelError)
            md.paragraph(QStringLiteral("⚠ ") + MD::bold(QStringLiteral("Above the roof:"))
                + QStringLiteral(" %1 of the memory roof means bytes over-counted, a time too short, data served "
                                 "from a cache, or the wrong GPU.")
                    .arg(formatPercent(p.fractionOfRoof)));
        writeCacheNote(md, row, p, gpu, pf, judged.peakSetUsed());
        return;
    }
    const QString bound = boundName(p.bound);
    md.bullet(QStringLiteral("Intensity %1 FLOP/B is %2 the ridge point %3: ")
                  .arg(figure(p.intensity),
                      p.bound == RooflinePlacement::Bound::Memory ? QStringLiteral("below") : QStringLiteral("at or above"), figure(ridge))
        + MD::bold(QStringLiteral("bounded by the ") + bound + QStringLiteral(" roof")));
    md.bullet(MD::bold(QStringLiteral("Attainable TFLOPS/s")) + QStringLiteral(" = min(peak, bandwidth × intensity) = min(")
        + figure(roof->tflops) + QStringLiteral(", ") + figure(pf.memoryBandwidthTBps) + QStringLiteral(" × ") + figure(p.intensity)
        + QStringLiteral(") = ") + MD::bold(figure(p.attainableTflops)));
    md.bullet(MD::bold(QStringLiteral("Reached")) + QStringLiteral(" = achieved / attainable = ") + figure(p.achievedTflops)
        + QStringLiteral(" / ") + figure(p.attainableTflops) + QStringLiteral(" = ") + MD::bold(formatPercent(p.fractionOfRoof))
        + QStringLiteral(" of the ") + bound + QStringLiteral(" roof")
        + (row.calls > 1 ? QStringLiteral(" (achieved: mean TFLOPS/s over calls)") : QString()));
    if (p.bound == RooflinePlacement::Bound::Memory && row.tbPerS)
        md.bullet(QStringLiteral("The same as bandwidth: %1 TB/s / %2 TB/s = %3")
                .arg(figure(row.tbPerS->mean), figure(pf.memoryBandwidthTBps), formatPercent(row.tbPerS->mean / pf.memoryBandwidthTBps)));
    if (modelError)
        md.paragraph(QStringLiteral("⚠ ") + MD::bold(QStringLiteral("Above the roof:"))
            + QStringLiteral(" a kernel cannot beat its roof, so %1 means a model or unit error (bytes or "
                             "FLOPs over-counted, a time too short, or the wrong GPU or peak set).")
                .arg(formatPercent(p.fractionOfRoof)));
    writeCacheNote(md, row, p, gpu, pf, judged.peakSetUsed());
}

void writeAtAGlance(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged)
{
    const GpuSpec& gpu = judged.gpuSpec();
    const PeakSet peaks = judged.peakSet;
    const LatencyFloor* floor = &judged.budget.latencyFloor;
    QStringList parts;
    if (auto mb = row.dataMovedMib())
        parts << figure(*mb) + QStringLiteral(" MiB");
    if (const auto gflops = row.gflops(); gflops && row.hasModel())
        parts << figure(*gflops) + QStringLiteral(" GFLOPS");
    if (row.kernelTimeUs)
        parts << figure(row.kernelTimeUs->mean) + (row.kernelTimeUs->count > 1 ? QStringLiteral(" us mean") : QStringLiteral(" us"));
    if (row.tbPerS)
        parts << figure(row.tbPerS->mean) + QStringLiteral(" TB/s");
    if (row.tflopsPerS)
        parts << figure(row.tflopsPerS->mean) + QStringLiteral(" TFLOPS/s");
    if (auto intensity = row.flopsPerByte())
        parts << figure(*intensity) + QStringLiteral(" FLOPS/Byte");
    if (!row.hasModel())
        parts << QStringLiteral("no figures");
    if (parts.size() < 2 && !row.kernelTimeUs)
        return;
    QString text = MD::bold(QStringLiteral("At a glance:")) + u' ' + parts.join(QStringLiteral(", "));
    const bool hasPeaks = gpu.has(PeakSet::Datasheet) || gpu.has(PeakSet::MaxAchievable);
    const KernelTimeFigures time = floor && hasPeaks ? kernelTimeFigures(row, gpu.peaks(peaks), floor->us) : KernelTimeFigures();
    if (time.limiter == Limiter::Latency && time.attainableUs) {
        // Its fraction of the roof would read near 0 %: no kernel this small comes near one.
        text += QStringLiteral("; latency-bound: attainable %1 per call, %2 recoverable (fuse, not tune)")
                    .arg(formatTimeUs(*time.attainableUs), formatTimeUs(time.recoverableUs));
    } else if (time.limiter == Limiter::SlowForSize && time.attainableUs && time.fractionOfAttainable) {
        // Under t0 like a latency-bound one, but far slower than its floor.
        text += QStringLiteral("; slow for its size: attainable %1 per call, it runs %2x that, %3 recoverable (tune, not fuse)")
                    .arg(formatTimeUs(*time.attainableUs), QString::number(1.0 / *time.fractionOfAttainable, 'f', 1),
                        formatTimeUs(time.recoverableUs));
    } else if (hasPeaks) {
        if (auto placement = placeKernel(row, gpu.peaks(peaks)))
            text += QStringLiteral("; ") + boundName(placement->bound) + QStringLiteral("-bound at ")
                + formatPercent(placement->fractionOfRoof) + QStringLiteral(" of its roof")
                + (placement->aboveRoof ? QStringLiteral(" (above the roof: see below)") : QString());
        if (time.attainableUs && time.fractionOfAttainable)
            text += QStringLiteral(", %1 recoverable (%2 of attainable)")
                        .arg(formatTimeUs(time.recoverableUs), formatPercent(*time.fractionOfAttainable));
    }
    md.bullet(text);
}

} // namespace Ridgeline::Derivation
