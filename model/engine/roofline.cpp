#include "roofline.h"

#include <algorithm>

namespace Ridgeline {
namespace {

const ComputeRoof* findRoof(const PeakFigures& peaks, const QString& key)
{
    for (const ComputeRoof& roof : peaks.computeRoofs) {
        if (roof.key == key)
            return &roof;
    }
    return nullptr;
}

} // namespace

double attainableTflops(double intensity, double bandwidthTBps, double peakTflops)
{
    return std::min(peakTflops, bandwidthTBps * intensity);
}

double ridgePoint(double peakTflops, double bandwidthTBps)
{
    return peakTflops / bandwidthTBps;
}

QString kernelPrecision(const KernelRow& row)
{
    if (row.model.tensors.empty())
        return {};
    QStringView dtype = row.model.tensors.front().dtype;
    // V1 rows carry Triton pointer types from the signature: "*bf16", "*fp8e4nv".
    if (dtype.startsWith(u'*')) {
        const QStringView type = dtype.mid(1);
        if (type == u"bf16")
            return QStringLiteral("bf16");
        if (type == u"fp16" || type == u"f16")
            return QStringLiteral("fp16");
        if (type == u"fp32" || type == u"f32")
            return QStringLiteral("fp32");
        if (type == u"fp64" || type == u"f64")
            return QStringLiteral("fp64");
        if (type.startsWith(u"fp8"))
            return QStringLiteral("fp8");
        return {};
    }
    if (dtype == u"c10::BFloat16")
        return QStringLiteral("bf16");
    if (dtype == u"c10::Half")
        return QStringLiteral("fp16");
    if (dtype == u"c10::Float" || dtype == u"float")
        return QStringLiteral("fp32");
    if (dtype == u"c10::Double" || dtype == u"double")
        return QStringLiteral("fp64");
    if (dtype.startsWith(u"c10::Float8"))
        return QStringLiteral("fp8");
    return {};
}

const ComputeRoof* applicableRoof(const PeakFigures& peaks, const KernelRow& row)
{
    const QString precision = kernelPrecision(row);
    if (!precision.isEmpty()) {
        if (const ComputeRoof* roof = findRoof(peaks, QStringLiteral("vector_") + precision))
            return roof;
    }
    if (const ComputeRoof* roof = findRoof(peaks, QStringLiteral("vector_fp32")))
        return roof;
    return peaks.computeRoofs.empty() ? nullptr : &peaks.computeRoofs.back();
}

std::optional<RooflinePlacement> placeKernel(const KernelRow& row, const PeakFigures& peaks)
{
    const auto intensity = row.flopsPerByte();
    if (!intensity || !(*intensity > 0) || !row.tflopsPerS)
        return std::nullopt;
    const ComputeRoof* roof = applicableRoof(peaks, row);
    if (!roof)
        return std::nullopt;
    RooflinePlacement placement;
    placement.roof = roof;
    placement.intensity = *intensity;
    placement.achievedTflops = row.tflopsPerS->mean;
    placement.attainableTflops = attainableTflops(*intensity, peaks.memoryBandwidthTBps, roof->tflops);
    placement.bound = *intensity < ridgePoint(roof->tflops, peaks.memoryBandwidthTBps) ? RooflinePlacement::Bound::Memory
                                                                                       : RooflinePlacement::Bound::Compute;
    placement.fractionOfRoof = placement.achievedTflops / placement.attainableTflops;
    // A hair above the roof is rounding; anything more is a modelling error.
    placement.aboveRoof = placement.fractionOfRoof > 1.0 + 1e-9;
    return placement;
}

QString boundName(RooflinePlacement::Bound bound)
{
    return bound == RooflinePlacement::Bound::Memory ? QStringLiteral("memory") : QStringLiteral("compute");
}

} // namespace Ridgeline
