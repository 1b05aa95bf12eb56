// Stage roofline/: GPU peaks and roofline math.
// The roofline as data, for the chart, its exports and people who re-plot:
// the roofs of one GPU and peak set, one point per kernel that can be placed,
// whole-decade frames, and a CSV of roofs and points.
#pragma once

#include "engine/results/analysisresult.h"
#include "engine/roofline/gpuspec.h"
#include "engine/roofline/roofline.h"

#include <QByteArray>
#include <optional>
#include <vector>

namespace Ridgeline {

struct RooflineRoof
{
    enum class Kind
    {
        Memory,
        Compute
    };
    Kind kind = Kind::Compute;
    QString key; // "hbm" or a peak key such as "matrix_bf16"
    QString label; // "HBM" or "BF16 matrix"
    double value = 0; // TB/s for the memory roof, TFLOPS for compute roofs
    double ridgePoint = 0; // FLOP/B where the memory roof meets this roof; 0 for the memory roof
    // FP64, INT8 and TF32 clutter a Triton roofline: they are kept as data
    // but only drawn when a plotted kernel runs under them.
    bool plotted = true;

    QString unit() const; // "TB/s" or "TFLOPS"
    QString name() const; // "HBM 5.3 TB/s", "BF16 matrix 1307.4 TFLOPS"
    bool operator==(const RooflineRoof&) const = default;
};

struct RooflinePoint
{
    int kernelIndex = -1; // into AnalysisResult::rows
    QString name;
    QString displayName; // the row's as the table shows it (a library op with its shape): the chart's labels
    const QString& shownName() const { return displayName.isEmpty() ? name : displayName; }
    KernelCategory category = KernelCategory::Other;
    Provenance provenance = Provenance::None;
    std::optional<double> shareOfGpuTime;
    double intensity = 0; // FLOP/B
    double tflops = 0; // achieved, mean over calls
    QString roofKey; // the compute roof that applies, e.g. "vector_fp32"
    QString roofLabel; // "FP32 vector"
    double roofTflops = 0;
    RooflinePlacement::Bound bound = RooflinePlacement::Bound::Memory;
    double attainableTflops = 0; // the roof at this intensity
    double fractionOfRoof = 0;
    bool aboveRoof = false; // a model or unit error: flagged, never hidden
    bool flopsUnknown = false; // memory-only because its FLOPs are unknown, not 0
    QString servedFromCache; // above HBM but below this cache's roof ("L2"); empty otherwise
    // Above a measured (max-achievable) HBM roof, no cache's, but within the
    // datasheet's HBM: the measured figure is low for this kernel, which is
    // no model error (xDiT's 805 MB aten::add at 5.02 TB/s against 4.3).
    bool withinDatasheetHbm = false;
    // A copy between host and device (results/copies/): its bytes cross the
    // host link once, so its roof is the link's (this, in TB/s), not HBM's.
    std::optional<double> hostLinkTBps;
    // Too small to reach any roof (the latency floor is at least its roof
    // term): drawn apart, and never stretches a fitted frame. Set from the
    // time budget (timebudget/markLatencyBound), which knows the floor.
    bool latencyBound = false;
    // Where the source's unique bytes and the model's differ by more than
    // 1.5x (findings/bytesdisagree.h): the intensity from the source's
    // bytes, the other end of a bar drawn from `intensity` at `tflops`.
    std::optional<double> sourceIntensity;
    bool operator==(const RooflinePoint&) const = default;
};

// A log-log frame whose four edges are whole decades: 10^xMinExp .. 10^xMaxExp.
struct DecadeFrame
{
    int xMinExp = -2;
    int xMaxExp = 4;
    int yMinExp = -2;
    int yMaxExp = 4;

    double xMin() const;
    double xMax() const;
    double yMin() const;
    double yMax() const;
    bool operator==(const DecadeFrame&) const = default;
};

// Compare mode: a matched baseline kernel's point (drawn hollow) and the
// arrow from it to its candidate kernel's point.
struct RooflineArrow
{
    int kernelIndex = -1; // the candidate kernel, into AnalysisResult::rows
    QString baselineName;
    double baselineIntensity = 0;
    double baselineTflops = 0;
    double intensity = 0; // the candidate's
    double tflops = 0;

    bool operator==(const RooflineArrow&) const = default;
};

struct RooflineData
{
    QString tracePath; // empty when no trace is loaded
    QString gpuName;
    PeakSet peakSet = PeakSet::Datasheet; // the set used
    bool peakSetFellBack = false; // the requested set is missing for this GPU
    std::vector<RooflineRoof> roofs; // the memory roof first, then compute roofs, highest first
    std::vector<RooflinePoint> points; // in kernel order (point() relies on it)
    // Kernels of 0 FLOPs that moved bytes: memory-bound at intensity 0, off
    // a log axis. Their fractionOfRoof is TB/s over their memory roof: HBM's,
    // or the host link's for a copy between host and device (hostLinkTBps).
    std::vector<RooflinePoint> memoryOnlyPoints; // in kernel order too
    // The GPU's cache bandwidths (lowest first): memory roofs a view draws
    // dashed on request (View > Cache Roofs, --cache-roofs).
    std::vector<CacheRoof> cacheRoofs;
    int kernelCount = 0; // rows in the result, plotted or not
    std::vector<RooflineArrow> arrows; // compare mode: baseline -> candidate, both plotted

    const RooflineRoof& memoryRoof() const { return roofs.front(); }
    double bandwidthTBps() const { return roofs.front().value; }
    // "trace.json.gz: AMD Instinct MI300X, datasheet peaks"
    QString title() const;
    QString peakSetText() const; // "datasheet peaks", with the fallback said
    // Kernels with neither a point nor a memory-only placement.
    int unplottedKernels() const { return kernelCount - int(points.size()) - int(memoryOnlyPoints.size()); }
    const RooflinePoint* point(int kernelIndex) const; // plotted or memory-only
    // Views skip redrawing what would come out the same.
    bool operator==(const RooflineData&) const = default;
};

// Roofs of `gpu` under `peaks` and the points of every kernel that has an
// intensity and a throughput; `result` may be null (roofs only).
RooflineData rooflineData(const AnalysisResult* result, const GpuSpec& gpu, PeakSet peaks);

// Rounds outwards to whole decades; a value within `margin` decades of an
// edge gets one more decade so that its marker is not cut by the axis.
int decadeBelow(double value, double margin = 0);
int decadeAbove(double value, double margin = 0);
DecadeFrame snapToDecades(double xMin, double xMax, double yMin, double yMax);

// The decades around the points and the plotted ridge points and roofs;
// the GPU frame when there are no points. Latency-bound points count only
// when every point is one: a frame fitted to 10^-7 FLOP/B would leave the
// kernels that hold the time in a sliver.
DecadeFrame fitFrame(const RooflineData& data);
// A frame from the GPU's roofs alone, so that two exports compare: x
// 10^-2..10^4, y from the decade below the memory roof at 0.01 FLOP/B to the
// decade above the top plotted roof. Widened by whole decades only where a
// point would fall outside.
DecadeFrame gpuFrame(const RooflineData& data);

// One table for re-plotting: a row per roof (record "roof") and per plotted
// kernel (record "kernel"), columns empty where they do not apply.
QByteArray rooflineCsv(const RooflineData& data);

} // namespace Ridgeline
