#include "engine/roofline/rooflinedata.h"

#include "engine/base/exportnumber.h"
#include "engine/base/textescaping.h"
#include "engine/findings/bytesdisagree.h"
#include "engine/findings/kernelfindings.h"
#include "engine/results/copies/copywork.h"
#include "engine/results/naming/rowdisplayname.h"

#include <QFileInfo>
#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

// Decades of headroom so that a marker or a roof label on the edge of the
// data is not cut by the axis.
constexpr double PointMargin = 0.12;
constexpr double RoofMargin = 0.08;
// Roofs run right of their ridge points far enough to carry their labels.
constexpr double RoofRunDecades = 0.9;

// The intensity from the source's unique bytes where they and the model's
// disagree: the point's intensity scaled by model bytes over source bytes.
std::optional<double> sourceIntensity(const KernelRow& row, double intensity)
{
    const KernelAnatomy* anatomy = anatomyOf(row.model);
    if (!anatomy || !sourceBytesDisagree(*anatomy, row.model) || intensity <= 0)
        return std::nullopt;
    return intensity * double(*row.model->bytes) / double(*anatomy->uniqueBytes);
}

// Precisions that Triton pointwise and reduction kernels almost never run
// in: drawn only when a kernel needs them.
bool rarelyRelevant(const QString& key)
{
    return key.endsWith(u"_fp64") || key.endsWith(u"_int8") || key.endsWith(u"_tf32");
}

QString shortest(double value)
{
    return exportFigureText(value);
}

QString csvBool(bool value)
{
    return value ? QStringLiteral("true") : QStringLiteral("false");
}

double power10(int exponent)
{
    return std::pow(10.0, exponent);
}

} // namespace

QString RooflineRoof::unit() const
{
    return kind == Kind::Memory ? QStringLiteral("TB/s") : QStringLiteral("TFLOPS");
}

QString RooflineRoof::name() const
{
    return label + u' ' + shortest(value) + u' ' + unit();
}

double DecadeFrame::xMin() const
{
    return power10(xMinExp);
}
double DecadeFrame::xMax() const
{
    return power10(xMaxExp);
}
double DecadeFrame::yMin() const
{
    return power10(yMinExp);
}
double DecadeFrame::yMax() const
{
    return power10(yMaxExp);
}

QString RooflineData::peakSetText() const
{
    if (!peakSetFellBack)
        return peakSetTitle(peakSet);
    return peakSetTitle(peakSet)
        + QStringLiteral(" (no %1 for this GPU)")
              .arg(peakSetTitle(peakSet == PeakSet::Datasheet ? PeakSet::MaxAchievable : PeakSet::Datasheet));
}

QString RooflineData::title() const
{
    const QString gpu = gpuName + QStringLiteral(", ") + peakSetText();
    if (tracePath.isEmpty())
        return gpu;
    return QFileInfo(tracePath).fileName() + QStringLiteral(": ") + gpu;
}

const RooflinePoint* RooflineData::point(int kernelIndex) const
{
    // Both lists are in kernel order: a chart of 200,000 markers asks for
    // each of them, which a scan would make quadratic.
    for (const auto* list : { &points, &memoryOnlyPoints }) {
        const auto it = std::lower_bound(
            list->begin(), list->end(), kernelIndex, [](const RooflinePoint& p, int index) { return p.kernelIndex < index; });
        if (it != list->end() && it->kernelIndex == kernelIndex)
            return &*it;
    }
    return nullptr;
}

RooflineData rooflineData(const AnalysisResult* result, const GpuSpec& gpu, PeakSet peaks)
{
    RooflineData data;
    data.gpuName = gpu.name;
    // The requested set, or the other one where this GPU lacks it (as peaks() does).
    data.peakSet = gpu.has(peaks) ? peaks : (peaks == PeakSet::Datasheet ? PeakSet::MaxAchievable : PeakSet::Datasheet);
    data.peakSetFellBack = data.peakSet != peaks;
    const PeakFigures& figures = gpu.peaks(data.peakSet);

    RooflineRoof memory;
    memory.kind = RooflineRoof::Kind::Memory;
    memory.key = QStringLiteral("hbm");
    memory.label = QStringLiteral("HBM");
    memory.value = figures.memoryBandwidthTBps;
    data.roofs.push_back(memory);
    data.cacheRoofs = gpu.cacheRoofs;

    if (result) {
        data.tracePath = result->tracePath;
        data.kernelCount = int(result->rows.size());
        // Most rows are plotted: growing the list by doubling would hold two
        // copies of it at once (100 MB at 200,000 kernels), as the time
        // budget's rows are held beside it. The memory-only lane is short.
        data.points.reserve(result->rows.size());
        for (int i = 0; i < data.kernelCount; ++i) {
            const KernelRow& row = result->rows[size_t(i)];
            const auto placement = placeKernel(row, figures);
            if (!placement)
                continue;
            const std::optional<CopyWork> copy = copyWorkOf(row);
            const bool crossesHostLink = copy && copy->crossesHostLink() && placement->memoryOnly;
            if (crossesHostLink && !(gpu.hostLinkTBps && *gpu.hostLinkTBps > 0))
                continue; // no link figure, no roof: as the time budget says (attainabletime.h)
            RooflinePoint point;
            point.kernelIndex = i;
            point.name = row.name;
            point.displayName = rowNames(row).display;
            point.category = row.parsedName.category;
            point.provenance = row.provenance();
            point.shareOfGpuTime = row.shareOfGpuTime;
            point.intensity = placement->intensity;
            point.tflops = placement->achievedTflops;
            point.roofKey = placement->roof->key;
            point.roofLabel = roofLabel(*placement);
            point.roofTflops = placement->roof->tflops;
            point.bound = placement->bound;
            point.attainableTflops = placement->attainableTflops;
            point.fractionOfRoof = placement->fractionOfRoof;
            point.aboveRoof = placement->aboveRoof;
            point.flopsUnknown = placement->flopsUnknown;
            if (const CacheRoof* cache = probablyServedFrom(*placement, gpu, figures, row.bytes()))
                point.servedFromCache = cache->label;
            else
                point.withinDatasheetHbm = withinDatasheetHbm(*placement, gpu, data.peakSet, row.bytes());
            point.sourceIntensity = sourceIntensity(row, placement->intensity);
            if (crossesHostLink) {
                // The link carries what the memcpys said they moved, else half the model's read and write.
                const std::optional<double> modelBytes = row.bytes();
                const std::optional<double> linkBytes = hostLinkBytesPerCall(row);
                const double share = modelBytes && linkBytes && *modelBytes > 0 ? *linkBytes / *modelBytes : 1.0;
                point.hostLinkTBps = gpu.hostLinkTBps;
                point.roofLabel = QStringLiteral("host link");
                point.fractionOfRoof = placement->achievedTBps * share / *gpu.hostLinkTBps;
                point.aboveRoof = point.fractionOfRoof > 1.0 + 1e-9;
                point.servedFromCache.clear();
            }
            (placement->memoryOnly ? data.memoryOnlyPoints : data.points).push_back(point);
        }
    }

    for (const ComputeRoof& peak : figures.computeRoofs) {
        RooflineRoof roof;
        roof.key = peak.key;
        roof.label = peak.label;
        roof.value = peak.tflops;
        roof.ridgePoint = ridgePoint(peak.tflops, figures.memoryBandwidthTBps);
        roof.plotted = !rarelyRelevant(peak.key)
            || std::any_of(data.points.begin(), data.points.end(), [&](const RooflinePoint& p) { return p.roofKey == peak.key; });
        data.roofs.push_back(roof);
    }
    return data;
}

namespace {

// No roofline spans more: 10^±30 FLOP/B or TFLOPS/s is no kernel and no GPU,
// and a frame to 10^309 (a peak of 1e308) is infinite to the axes. The
// clamp also keeps 0, negatives and NaN (log10 of them) from an int overflow.
constexpr int FrameExponentLimit = 30;

int clampedExponent(double exponent)
{
    if (!(exponent > -FrameExponentLimit))
        return -FrameExponentLimit;
    if (!(exponent < FrameExponentLimit))
        return FrameExponentLimit;
    return int(exponent);
}

} // namespace

int decadeBelow(double value, double margin)
{
    return clampedExponent(std::floor(std::log10(value) - margin));
}

int decadeAbove(double value, double margin)
{
    return clampedExponent(std::ceil(std::log10(value) + margin));
}

DecadeFrame snapToDecades(double xMin, double xMax, double yMin, double yMax)
{
    // A hair inside a decade is that decade: axis ranges come back from
    // pixel arithmetic with rounding noise.
    constexpr double Noise = 1e-6;
    DecadeFrame frame { decadeBelow(xMin, -Noise), decadeAbove(xMax, -Noise), decadeBelow(yMin, -Noise), decadeAbove(yMax, -Noise) };
    frame.xMaxExp = std::max(frame.xMaxExp, frame.xMinExp + 1);
    frame.yMaxExp = std::max(frame.yMaxExp, frame.yMinExp + 1);
    return frame;
}

namespace {

double topPlottedRoof(const RooflineData& data)
{
    double top = 0;
    for (const RooflineRoof& roof : data.roofs) {
        if (roof.kind == RooflineRoof::Kind::Compute && roof.plotted)
            top = std::max(top, roof.value);
    }
    // A GPU file with only a bandwidth: show the memory roof up to 1 PFLOPS.
    return top > 0 ? top : 1000.0;
}

double topPlottedRidge(const RooflineData& data)
{
    double top = 0;
    for (const RooflineRoof& roof : data.roofs) {
        if (roof.kind == RooflineRoof::Kind::Compute && roof.plotted)
            top = std::max(top, roof.ridgePoint);
    }
    return top > 0 ? top : topPlottedRoof(data) / data.bandwidthTBps();
}

// Whether a frame should reach `p`: latency-bound points only when the
// frame has nothing else to show.
bool framesPoint(const RooflinePoint& p, bool allLatencyBound)
{
    return !p.latencyBound || allLatencyBound;
}

bool allLatencyBound(const RooflineData& data)
{
    return std::all_of(data.points.begin(), data.points.end(), [](const RooflinePoint& p) { return p.latencyBound; });
}

void widenToPoints(DecadeFrame& frame, const RooflineData& data)
{
    const bool all = allLatencyBound(data);
    for (const RooflinePoint& p : data.points) {
        if (!framesPoint(p, all))
            continue;
        if (p.sourceIntensity) { // the bar's other end
            frame.xMinExp = std::min(frame.xMinExp, decadeBelow(*p.sourceIntensity, PointMargin));
            frame.xMaxExp = std::max(frame.xMaxExp, decadeAbove(*p.sourceIntensity, PointMargin));
        }
        frame.xMinExp = std::min(frame.xMinExp, decadeBelow(p.intensity, PointMargin));
        frame.xMaxExp = std::max(frame.xMaxExp, decadeAbove(p.intensity, PointMargin));
        frame.yMinExp = std::min(frame.yMinExp, decadeBelow(p.tflops, PointMargin));
        frame.yMaxExp = std::max(frame.yMaxExp, decadeAbove(p.tflops, PointMargin));
    }
    for (const RooflineArrow& a : data.arrows) { // the baseline ends
        frame.xMinExp = std::min(frame.xMinExp, decadeBelow(a.baselineIntensity, PointMargin));
        frame.xMaxExp = std::max(frame.xMaxExp, decadeAbove(a.baselineIntensity, PointMargin));
        frame.yMinExp = std::min(frame.yMinExp, decadeBelow(a.baselineTflops, PointMargin));
        frame.yMaxExp = std::max(frame.yMaxExp, decadeAbove(a.baselineTflops, PointMargin));
    }
}

} // namespace

DecadeFrame fitFrame(const RooflineData& data)
{
    if (data.points.empty())
        return gpuFrame(data);
    DecadeFrame frame;
    const bool all = allLatencyBound(data);
    const RooflinePoint& first
        = *std::find_if(data.points.begin(), data.points.end(), [&](const RooflinePoint& p) { return framesPoint(p, all); });
    frame.xMinExp = decadeBelow(first.intensity, PointMargin);
    frame.xMaxExp = decadeAbove(first.intensity, PointMargin);
    frame.yMinExp = decadeBelow(first.tflops, PointMargin);
    frame.yMaxExp = decadeAbove(first.tflops, PointMargin);
    widenToPoints(frame, data);
    for (const RooflineRoof& roof : data.roofs) {
        if (roof.kind != RooflineRoof::Kind::Compute || !roof.plotted)
            continue;
        frame.xMinExp = std::min(frame.xMinExp, decadeBelow(roof.ridgePoint, PointMargin));
        frame.xMaxExp = std::max(frame.xMaxExp, decadeAbove(roof.ridgePoint, RoofRunDecades));
        frame.yMinExp = std::min(frame.yMinExp, decadeBelow(roof.value, RoofMargin));
        frame.yMaxExp = std::max(frame.yMaxExp, decadeAbove(roof.value, RoofMargin));
    }
    // The 0-FLOP lane at the left edge sits at fraction x the memory roof
    // there (RooflineChart): the frame reaches down to its lowest kernel,
    // or two decades below the roof (a kernel under 1 % sits on the axis).
    const double lane = frame.xMin() * std::pow(10.0, 0.12);
    for (const RooflinePoint& p : data.memoryOnlyPoints) {
        if (!p.latencyBound)
            frame.yMinExp
                = std::min(frame.yMinExp, decadeBelow(std::max(p.fractionOfRoof, 0.01) * data.bandwidthTBps() * lane, PointMargin));
    }
    return frame;
}

DecadeFrame gpuFrame(const RooflineData& data)
{
    DecadeFrame frame;
    frame.xMinExp = -2;
    frame.xMaxExp = std::max(4, decadeAbove(topPlottedRidge(data), RoofRunDecades));
    frame.yMinExp = decadeBelow(data.bandwidthTBps() * 0.01);
    frame.yMaxExp = decadeAbove(topPlottedRoof(data), RoofMargin);
    widenToPoints(frame, data);
    return frame;
}

QByteArray rooflineCsv(const RooflineData& data)
{
    const QStringList header {
        QStringLiteral("record"),
        QStringLiteral("gpu"),
        QStringLiteral("name"),
        QStringLiteral("kind"),
        QStringLiteral("source"),
        QStringLiteral("value"),
        QStringLiteral("unit"),
        QStringLiteral("ridge_point_flops_per_byte"),
        QStringLiteral("plotted"),
        QStringLiteral("category"),
        QStringLiteral("provenance"),
        QStringLiteral("flops_per_byte"),
        QStringLiteral("tflops_per_s"),
        QStringLiteral("share_of_gpu_time"),
        QStringLiteral("roof"),
        QStringLiteral("attainable_tflops_per_s"),
        QStringLiteral("bound"),
        QStringLiteral("fraction_of_roof"),
        QStringLiteral("above_roof"),
        QStringLiteral("probably_served_from"),
        QStringLiteral("within_datasheet_hbm"),
    };
    QString out = header.join(u',') + u'\n';
    const QString gpu = csvTextField(data.gpuName);
    for (const RooflineRoof& roof : data.roofs) {
        const bool memory = roof.kind == RooflineRoof::Kind::Memory;
        const QStringList fields {
            QStringLiteral("roof"),
            gpu,
            csvTextField(roof.label),
            memory ? QStringLiteral("memory") : QStringLiteral("compute"),
            peakSetKey(data.peakSet),
            shortest(roof.value),
            roof.unit(),
            memory ? QString() : shortest(roof.ridgePoint),
            csvBool(roof.plotted),
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {},
        };
        out += fields.join(u',') + u'\n';
    }
    for (const CacheRoof& cache : data.cacheRoofs) {
        const QStringList fields {
            QStringLiteral("roof"),
            gpu,
            csvTextField(cache.label),
            QStringLiteral("cache"),
            csvTextField(cache.source),
            shortest(cache.tbps),
            QStringLiteral("TB/s"),
            {},
            csvBool(false),
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {},
            {},
        };
        out += fields.join(u',') + u'\n';
    }
    const auto kernelRow = [&](const RooflinePoint& p, bool plotted) {
        const QStringList fields {
            QStringLiteral("kernel"),
            gpu,
            csvTextField(p.name),
            {},
            {},
            {},
            {},
            {},
            csvBool(plotted),
            categoryKey(p.category),
            provenanceKey(p.provenance),
            shortest(p.intensity),
            shortest(p.tflops),
            p.shareOfGpuTime ? shortest(*p.shareOfGpuTime) : QString(),
            csvTextField(p.roofLabel),
            shortest(p.attainableTflops),
            boundName(p.bound),
            shortest(p.fractionOfRoof),
            csvBool(p.aboveRoof),
            csvTextField(p.servedFromCache),
            csvBool(p.withinDatasheetHbm),
        };
        out += fields.join(u',') + u'\n';
    };
    for (const RooflinePoint& p : data.points)
        kernelRow(p, true);
    for (const RooflinePoint& p : data.memoryOnlyPoints) // intensity 0: memory-bound, off the log axes
        kernelRow(p, false);
    return out.toUtf8();
}

} // namespace Ridgeline
