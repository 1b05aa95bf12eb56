// Stage roofline/: GPU peaks and roofline math.
// Roofline arithmetic as pure functions: ceilings, ridge points, and which
// roof bounds a kernel and how close it came. Views only draw these.
#pragma once

#include "engine/results/kernelrow.h"
#include "engine/roofline/gpuspec.h"

#include <optional>

namespace Ridgeline {

// TFLOPS/s attainable at `intensity` FLOP/B under one compute peak.
double attainableTflops(double intensity, double bandwidthTBps, double peakTflops);
// FLOP/B where the memory roof meets a compute roof.
double ridgePoint(double peakTflops, double bandwidthTBps);

// The compute roof that applies to a Triton kernel: GEMM templates run on
// the matrix units in their operands' dtype ("matrix_bf16"; FP32 on TF32
// only where the template allows it); pointwise, reduction and the other
// kernels on the vector units in the dtype of their data ("vector_bf16"),
// else in FP32 ("vector_fp32"), the GPU's lowest roof last.
const ComputeRoof* applicableRoof(const PeakFigures& peaks, const KernelRow& row);
// "bf16", "fp16", "fp32", "fp64", "fp8" or empty: the dtype of a GEMM's A
// operand, else of the kernel's first tensor.
QString kernelPrecision(const KernelRow& row);

struct RooflinePlacement
{
    enum class Bound
    {
        Memory,
        Compute
    };
    Bound bound = Bound::Memory;
    const ComputeRoof* roof = nullptr;
    double intensity = 0; // FLOP/B
    double achievedTflops = 0; // mean over calls
    double attainableTflops = 0; // the roof at this intensity
    double fractionOfRoof = 0; // achieved / attainable
    bool aboveRoof = false; // a model or unit error: never hidden
    // No FLOPs but bytes moved (copies, transposes, clones): memory-bound by
    // definition, at intensity 0; fractionOfRoof is TB/s over the memory
    // roof, and achieved and attainable TFLOPS/s are 0.
    bool memoryOnly = false;
    bool flopsUnknown = false; // memoryOnly because the kernel's FLOPs are unknown, not 0
    double achievedTBps = 0; // mean over calls
};

// nullopt when the kernel has no intensity or no throughput.
std::optional<RooflinePlacement> placeKernel(const KernelRow& row, const PeakFigures& peaks);

// A kernel above the HBM roof whose TB/s a cache level's bandwidth still
// allows, and whose bytes per call (`bytesPerCall`, where known) the cache
// can hold: its data was probably served from that cache (the lowest such
// level), not a model error. Null when the kernel is not above the memory
// roof, or above every cache roof the GPU publishes, or moves more per call
// than any of them holds (805 MB streamed at 5 TB/s came from HBM).
const CacheRoof* probablyServedFrom(
    const RooflinePlacement& placement, const GpuSpec& gpu, const PeakFigures& peaks, std::optional<double> bytesPerCall);
// A memory-bound kernel above the measured (max-achievable) HBM roof, served
// from no cache, yet within the datasheet's HBM: the measurement of the
// roof is low, not the model (xDiT's 805 MB aten::add at 5.02 TB/s). False
// under datasheet peaks (`used`: the set the placement was made under),
// where above the roof is above what the GPU can do. The chart, the
// exports and the inspector all ask this one function.
bool withinDatasheetHbm(const RooflinePlacement& placement, const GpuSpec& gpu, PeakSet used, std::optional<double> bytesPerCall);
// One sentence for reasons and the inspector.
QString withinDatasheetHbmNote(double achievedTBps, const GpuSpec& gpu, const PeakFigures& measured);
// One sentence for reasons and the inspector; empty when null.
QString servedFromCacheNote(const CacheRoof* cache, double achievedTBps, const PeakFigures& peaks);

QString boundName(RooflinePlacement::Bound bound); // "memory", "compute"
// The roof a kernel is measured against: its compute roof ("FP32 vector"),
// or "HBM" for a kernel of 0 FLOPs, which only the memory roof bounds.
QString roofLabel(const RooflinePlacement& placement);

} // namespace Ridgeline
