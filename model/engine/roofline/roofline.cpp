#include "engine/roofline/roofline.h"

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
    if (row.libraryOp) { // "matrix_bf16" -> "bf16"
        const QString spec = row.libraryOp->model ? row.libraryOp->model->figures.computeSpec : QString();
        const qsizetype underscore = spec.indexOf(u'_');
        return underscore < 0 ? QString() : spec.mid(underscore + 1);
    }
    if (row.model->tensors.empty() && !row.model->gemm)
        return {};
    // V2 rows name ATen dtypes ("c10::BFloat16"); V1 rows the Triton pointer
    // types of the signature ("*bf16").
    struct Name
    {
        const char16_t* dtype;
        const char* precision;
    };
    static constexpr Name names[] = {
        { u"c10::BFloat16", "bf16" },
        { u"*bf16", "bf16" },
        { u"c10::Half", "fp16" },
        { u"*fp16", "fp16" },
        { u"*f16", "fp16" },
        { u"c10::Float", "fp32" },
        { u"float", "fp32" },
        { u"*fp32", "fp32" },
        { u"*f32", "fp32" },
        { u"c10::Double", "fp64" },
        { u"double", "fp64" },
        { u"*fp64", "fp64" },
        { u"*f64", "fp64" },
    };
    // A GEMM computes in its operands' dtype, whatever its epilogue writes.
    const QString& dtype = row.model->gemm ? row.model->gemm->operandDtype : row.model->tensors.front().dtype;
    for (const Name& name : names) {
        if (dtype == QStringView(name.dtype))
            return QString::fromLatin1(name.precision);
    }
    if (dtype.startsWith(u"c10::Float8") || dtype.startsWith(u"*fp8"))
        return QStringLiteral("fp8");
    return {};
}

const ComputeRoof* applicableRoof(const PeakFigures& peaks, const KernelRow& row)
{
    const QString precision = kernelPrecision(row);
    // A library op names its roof as TraceLens does ("matrix_bf16",
    // "vector_fp32"); one the GPU lacks falls to the vector roofs below.
    if (row.libraryOp && row.libraryOp->model) {
        if (const QString& spec = row.libraryOp->model->figures.computeSpec; !spec.isEmpty())
            if (const ComputeRoof* roof = findRoof(peaks, spec))
                return roof;
    }
    if (row.model->gemm) {
        // GEMM templates run on the matrix units (tl.dot). FP32 operands use
        // TF32 only where the template allows it (ALLOW_TF32, known from V1);
        // otherwise FP32 matrix units where the GPU has them (CDNA), else the
        // vector roof below.
        if (precision == u"fp32") {
            if (row.model->gemm->allowTf32.value_or(false))
                if (const ComputeRoof* roof = findRoof(peaks, QStringLiteral("matrix_tf32")))
                    return roof;
        }
        if (!precision.isEmpty())
            if (const ComputeRoof* roof = findRoof(peaks, QStringLiteral("matrix_") + precision))
                return roof;
    }
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
    // FLOPs unknown (a user kernel's ops): its bytes still give TB/s, which
    // only the memory roof bounds, as for a kernel of 0 FLOPs.
    const bool flopsUnknown = row.hasModel() && !row.model->flopsKnown;
    const auto intensity = flopsUnknown && row.bytes() && *row.bytes() > 0 ? std::optional(0.0) : row.flopsPerByte();
    if (!intensity || !(*intensity >= 0) || !(row.tflopsPerS || flopsUnknown))
        return std::nullopt;
    const ComputeRoof* roof = applicableRoof(peaks, row);
    if (!roof)
        return std::nullopt;
    RooflinePlacement placement;
    placement.roof = roof;
    placement.flopsUnknown = flopsUnknown;
    if (*intensity == 0) { // 0 (or unknown) FLOPs over bytes moved
        if (!row.tbPerS || !(peaks.memoryBandwidthTBps > 0))
            return std::nullopt;
        placement.memoryOnly = true;
        placement.bound = RooflinePlacement::Bound::Memory;
        placement.achievedTBps = row.tbPerS->mean;
        placement.fractionOfRoof = placement.achievedTBps / peaks.memoryBandwidthTBps;
        placement.aboveRoof = placement.fractionOfRoof > 1.0 + 1e-9;
        return placement;
    }
    placement.intensity = *intensity;
    placement.achievedTflops = row.tflopsPerS->mean;
    placement.achievedTBps = row.tbPerS ? row.tbPerS->mean : 0;
    placement.attainableTflops = attainableTflops(*intensity, peaks.memoryBandwidthTBps, roof->tflops);
    placement.bound = *intensity < ridgePoint(roof->tflops, peaks.memoryBandwidthTBps) ? RooflinePlacement::Bound::Memory
                                                                                       : RooflinePlacement::Bound::Compute;
    placement.fractionOfRoof = placement.achievedTflops / placement.attainableTflops;
    // A hair above the roof is rounding; anything more is a modelling error.
    placement.aboveRoof = placement.fractionOfRoof > 1.0 + 1e-9;
    return placement;
}

const CacheRoof* probablyServedFrom(
    const RooflinePlacement& placement, const GpuSpec& gpu, const PeakFigures& peaks, std::optional<double> bytesPerCall)
{
    const double tbps = placement.achievedTBps;
    if (!placement.aboveRoof || !(tbps > peaks.memoryBandwidthTBps))
        return nullptr;
    for (const CacheRoof& cache : gpu.cacheRoofs) { // lowest first
        const bool holds = !cache.capacityMB || !bytesPerCall || *bytesPerCall <= *cache.capacityMB * 1e6;
        if (tbps <= cache.tbps && holds)
            return &cache;
    }
    return nullptr;
}

bool withinDatasheetHbm(const RooflinePlacement& placement, const GpuSpec& gpu, PeakSet used, std::optional<double> bytesPerCall)
{
    if (used != PeakSet::MaxAchievable || !gpu.maxAchievable || !gpu.datasheet || !placement.aboveRoof
        || placement.bound != RooflinePlacement::Bound::Memory)
        return false;
    if (probablyServedFrom(placement, gpu, *gpu.maxAchievable, bytesPerCall))
        return false;
    return placement.achievedTBps > gpu.maxAchievable->memoryBandwidthTBps && placement.achievedTBps <= gpu.datasheet->memoryBandwidthTBps;
}

QString withinDatasheetHbmNote(double achievedTBps, const GpuSpec& gpu, const PeakFigures& measured)
{
    if (!gpu.datasheet)
        return {};
    return QStringLiteral("%1 TB/s is above the measured HBM roof (%2 TB/s) but within the datasheet's (%3 TB/s): the measurement "
                          "is probably low for this access pattern, not the model")
        .arg(QString::number(achievedTBps, 'g', 4), QString::number(measured.memoryBandwidthTBps, 'g', 4),
            QString::number(gpu.datasheet->memoryBandwidthTBps, 'g', 4));
}

QString servedFromCacheNote(const CacheRoof* cache, double achievedTBps, const PeakFigures& peaks)
{
    if (!cache)
        return {};
    return QStringLiteral("%1 TB/s is above the HBM roof (%2 TB/s) but below the %3 roof (%4 TB/s, %5): its data was probably "
                          "served from the %3, not HBM")
        .arg(QString::number(achievedTBps, 'g', 4), QString::number(peaks.memoryBandwidthTBps, 'g', 4), cache->label,
            QString::number(cache->tbps, 'g', 4), cache->source);
}

QString roofLabel(const RooflinePlacement& placement)
{
    return placement.memoryOnly ? QStringLiteral("HBM") : placement.roof->label;
}

QString boundName(RooflinePlacement::Bound bound)
{
    return bound == RooflinePlacement::Bound::Memory ? QStringLiteral("memory") : QStringLiteral("compute");
}

} // namespace Ridgeline
