// The roofline as data: which roofs are drawn, where each kernel lands,
// the whole-decade frames, and the CSV for re-plotting.
#include "engine/export/resultexport.h"
#include "engine/lens/judgement.h"
#include "engine/roofline/rooflinedata.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const RooflineRoof* findRoof(const RooflineData& data, const QString& key)
{
    const auto it = std::find_if(data.roofs.begin(), data.roofs.end(), [&](const RooflineRoof& r) { return r.key == key; });
    return it == data.roofs.end() ? nullptr : &*it;
}

// A kernel of 1 FLOP/B that reaches `tflops`, in `dtype`.
KernelRow syntheticRow(const QString& name, double tflops, const QString& dtype = QStringLiteral("c10::BFloat16"))
{
    KernelRow row;
    row.name = name;
    row.parsedName.category = KernelCategory::Pointwise;
    row.model.edit().provenance = Provenance::V2;
    row.model.edit().flops = 1000;
    row.model.edit().bytes = 1000;
    TensorTraffic tensor;
    tensor.dtype = dtype;
    row.model.edit().tensors.push_back(tensor);
    row.tflopsPerS = SampleStats { 1, tflops, tflops, tflops, tflops, tflops, std::nullopt };
    row.shareOfGpuTime = 0.5;
    return row;
}

std::shared_ptr<const AnalysisResult> bundled()
{
    static const auto outcome = analyze(bundledSampleTrace());
    return outcome.result;
}

} // namespace

TEST(RooflineData, Mi300xDatasheetRoofs)
{
    const RooflineData data = rooflineData(nullptr, mi300x(), PeakSet::Datasheet);
    EXPECT_EQ(data.memoryRoof().kind, RooflineRoof::Kind::Memory);
    EXPECT_DOUBLE_EQ(data.bandwidthTBps(), 5.3);
    EXPECT_EQ(data.memoryRoof().name(), QStringLiteral("HBM 5.3 TB/s"));

    const RooflineRoof* bf16 = findRoof(data, QStringLiteral("matrix_bf16"));
    ASSERT_NE(bf16, nullptr);
    EXPECT_EQ(bf16->name(), QStringLiteral("BF16 matrix 1307.4 TFLOPS"));
    EXPECT_NEAR(bf16->ridgePoint, 246.68, 0.01);
    EXPECT_TRUE(bf16->plotted);
    EXPECT_NEAR(findRoof(data, QStringLiteral("vector_fp32"))->ridgePoint, 30.83, 0.01);
    EXPECT_TRUE(findRoof(data, QStringLiteral("matrix_fp8"))->plotted);
    // FP64 and INT8 are kept as data but not drawn: no Triton kernel here runs in them.
    EXPECT_FALSE(findRoof(data, QStringLiteral("matrix_fp64"))->plotted);
    EXPECT_FALSE(findRoof(data, QStringLiteral("vector_fp64"))->plotted);
    EXPECT_FALSE(findRoof(data, QStringLiteral("matrix_int8"))->plotted);
    // Compute roofs come highest first.
    for (size_t i = 2; i < data.roofs.size(); ++i)
        EXPECT_GE(data.roofs[i - 1].value, data.roofs[i].value);
    EXPECT_EQ(data.title(), QStringLiteral("AMD Instinct MI300X, datasheet peaks"));
}

TEST(RooflineData, MaxAchievablePeaksAndFallback)
{
    const RooflineData measured = rooflineData(nullptr, mi300x(), PeakSet::MaxAchievable);
    EXPECT_EQ(measured.peakSet, PeakSet::MaxAchievable);
    EXPECT_FALSE(measured.peakSetFellBack);
    EXPECT_DOUBLE_EQ(findRoof(measured, QStringLiteral("matrix_bf16"))->value, 708);
    // 708 TFLOPS over the measured 4.3 TB/s (not the datasheet's 5.3).
    EXPECT_NEAR(findRoof(measured, QStringLiteral("matrix_bf16"))->ridgePoint, 164.65, 0.01);
    EXPECT_DOUBLE_EQ(findRoof(measured, QStringLiteral("vector_bf16"))->value, 163);

    // A GPU without measured peaks (a user's H100 entry): the datasheet ones are used, and said so.
    const GpuSpec* catalogued = GpuCatalog::builtIn().find(QStringLiteral("H100"));
    ASSERT_NE(catalogued, nullptr);
    GpuSpec h100 = *catalogued;
    h100.maxAchievable.reset();
    const RooflineData fallback = rooflineData(nullptr, h100, PeakSet::MaxAchievable);
    EXPECT_EQ(fallback.peakSet, PeakSet::Datasheet);
    EXPECT_TRUE(fallback.peakSetFellBack);
    EXPECT_DOUBLE_EQ(fallback.bandwidthTBps(), 3.35);
    EXPECT_EQ(fallback.memoryRoof().name(), QStringLiteral("HBM 3.35 TB/s"));
    EXPECT_TRUE(fallback.title().contains(QStringLiteral("no measured max-achievable peaks"))) << qPrintable(fallback.title());
}

TEST(RooflineData, BundledTracePointsWhereTheModelPutsThem)
{
    const auto result = bundled();
    ASSERT_TRUE(result);
    const RooflineData data = rooflineData(result.get(), mi300x(), PeakSet::Datasheet);
    // 4 Triton kernels and 4 library ops (3 aten::mm, the SDPA), all plotted.
    ASSERT_EQ(data.points.size(), 8u);
    EXPECT_EQ(data.kernelCount, 8);
    EXPECT_EQ(data.unplottedKernels(), 0);
    EXPECT_EQ(data.title(), QStringLiteral("transformer_block_mi300x.json.gz: AMD Instinct MI300X, datasheet peaks"));

    const RooflinePoint& silu = data.points.front(); // the longest kernel comes first
    EXPECT_EQ(silu.kernelIndex, 0);
    EXPECT_EQ(silu.name, QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
    EXPECT_EQ(silu.category, KernelCategory::Pointwise);
    EXPECT_EQ(silu.provenance, Provenance::V2);
    EXPECT_DOUBLE_EQ(silu.intensity, 1342177280.0 / 1610612736.0);
    EXPECT_NEAR(silu.tflops, 2.5449820007814252, 1e-12);
    EXPECT_EQ(silu.roofKey, QStringLiteral("vector_fp32")); // no BF16 vector datasheet figure
    EXPECT_EQ(silu.bound, RooflinePlacement::Bound::Memory);
    EXPECT_NEAR(silu.fractionOfRoof, 2.5449820007814252 / (5.3 / 1.2), 1e-9);
    EXPECT_FALSE(silu.aboveRoof);
    for (const RooflinePoint& p : data.points) {
        EXPECT_EQ(data.point(p.kernelIndex), &p);
        EXPECT_FALSE(p.aboveRoof) << qPrintable(p.name);
    }

    // Measured peaks publish a BF16 vector roof, which then applies.
    const RooflineData measured = rooflineData(result.get(), mi300x(), PeakSet::MaxAchievable);
    EXPECT_EQ(measured.points.front().roofKey, QStringLiteral("vector_bf16"));
}

TEST(RooflineData, AboveTheRoofIsKeptAndFlagged)
{
    AnalysisResult result;
    result.rows.push_back(syntheticRow(QStringLiteral("triton_poi_fused_add_0"), 9.0)); // 9 > 5.3 x 1
    result.rows.push_back(syntheticRow(QStringLiteral("triton_poi_fused_mul_1"), 2.0));
    result.rows.push_back(KernelRow {}); // no model: not plotted
    const RooflineData data = rooflineData(&result, mi300x(), PeakSet::Datasheet);
    ASSERT_EQ(data.points.size(), 2u);
    EXPECT_EQ(data.unplottedKernels(), 1);
    EXPECT_TRUE(data.points[0].aboveRoof);
    EXPECT_NEAR(data.points[0].fractionOfRoof, 9.0 / 5.3, 1e-12);
    EXPECT_FALSE(data.points[1].aboveRoof);
}

TEST(RooflineData, AboveAMeasuredHbmRoofIsCalledNeitherACacheNorAnError)
{
    // 1 FLOP/B at 5.0 TB/s (5.0 TFLOPS/s), under MI300X's measured 4.3 TB/s:
    // 116 % of the roof. 805 MB a call fits no cache (L2 32 MB, Infinity
    // Cache 256 MB) and 5.0 is within the datasheet's 5.3: the measurement
    // is low. 8 MB a call at the same speed: probably the Infinity Cache.
    // 6.0 TB/s is above the datasheet too: a model or unit error.
    const auto streamed = [](const QString& name, double bytes, double tbps) {
        KernelRow row = syntheticRow(name, tbps);
        row.model.edit().flops = std::int64_t(bytes);
        row.model.edit().bytes = std::int64_t(bytes);
        row.tbPerS = SampleStats { 1, tbps, tbps, tbps, tbps, tbps, std::nullopt };
        return row;
    };
    AnalysisResult result;
    result.rows.push_back(streamed(QStringLiteral("big"), 805e6, 5.0));
    result.rows.push_back(streamed(QStringLiteral("small"), 8e6, 5.0));
    result.rows.push_back(streamed(QStringLiteral("impossible"), 805e6, 6.0));
    const RooflineData measured = rooflineData(&result, mi300x(), PeakSet::MaxAchievable);
    ASSERT_EQ(measured.points.size(), 3u);
    EXPECT_TRUE(measured.points[0].aboveRoof);
    EXPECT_NEAR(measured.points[0].fractionOfRoof, 5.0 / 4.3, 1e-9);
    EXPECT_TRUE(measured.points[0].servedFromCache.isEmpty());
    EXPECT_TRUE(measured.points[0].withinDatasheetHbm);
    EXPECT_EQ(measured.points[1].servedFromCache, QStringLiteral("Infinity Cache"));
    EXPECT_FALSE(measured.points[1].withinDatasheetHbm);
    EXPECT_TRUE(measured.points[2].aboveRoof);
    EXPECT_FALSE(measured.points[2].withinDatasheetHbm);
    EXPECT_TRUE(measured.points[2].servedFromCache.isEmpty());
    // Under the datasheet's 5.3 TB/s the big one is below its roof.
    const RooflineData datasheet = rooflineData(&result, mi300x(), PeakSet::Datasheet);
    EXPECT_FALSE(datasheet.points[0].aboveRoof);
    EXPECT_FALSE(datasheet.points[0].withinDatasheetHbm);

    // The roofline CSV and the kernel export say the same: one function decides.
    const QList<QByteArray> lines = rooflineCsv(measured).split('\n');
    const qsizetype column = lines[0].split(',').indexOf("within_datasheet_hbm");
    ASSERT_GE(column, 0);
    QStringList flags;
    for (const QByteArray& line : lines) {
        if (line.startsWith("kernel,"))
            flags << QString::fromUtf8(line.split(',').value(column));
    }
    EXPECT_EQ(flags, (QStringList { QStringLiteral("true"), QStringLiteral("false"), QStringLiteral("false") }));
    auto shared = std::make_shared<AnalysisResult>(result);
    shared->traceGpuName = mi300x().name;
    const QJsonArray kernels = exportObject(*judge(shared, Lens())).value(QStringLiteral("kernels")).toArray(); // max-achievable by default
    ASSERT_EQ(kernels.size(), 3);
    EXPECT_TRUE(kernels[0].toObject().value(QStringLiteral("within_datasheet_hbm")).toBool());
    EXPECT_TRUE(kernels[0].toObject().value(QStringLiteral("reason")).toString().contains(u"within the datasheet's (5.3 TB/s)"))
        << kernels[0].toObject().value(QStringLiteral("reason")).toString().toStdString();
    EXPECT_FALSE(kernels[1].toObject().value(QStringLiteral("within_datasheet_hbm")).toBool());
    EXPECT_FALSE(kernels[2].toObject().value(QStringLiteral("within_datasheet_hbm")).toBool());
    EXPECT_FALSE(kernels[2].toObject().value(QStringLiteral("reason")).toString().contains(u"datasheet"));
}

TEST(RooflineData, AnFp64KernelBringsItsRoofIn)
{
    AnalysisResult result;
    result.rows.push_back(syntheticRow(QStringLiteral("triton_poi_fused_add_0"), 1.0, QStringLiteral("double")));
    const RooflineData data = rooflineData(&result, mi300x(), PeakSet::Datasheet);
    ASSERT_EQ(data.points.size(), 1u);
    EXPECT_EQ(data.points[0].roofKey, QStringLiteral("vector_fp64"));
    EXPECT_TRUE(findRoof(data, QStringLiteral("vector_fp64"))->plotted);
    EXPECT_FALSE(findRoof(data, QStringLiteral("matrix_int8"))->plotted);
}

TEST(RooflineData, FramesAreWholeDecades)
{
    EXPECT_EQ(decadeBelow(0.125), -1);
    EXPECT_EQ(decadeBelow(0.125, 0.12), -2); // 0.125 is within 0.12 decades of 0.1
    EXPECT_EQ(decadeAbove(2614.9), 4);
    EXPECT_EQ(decadeAbove(1000), 3);
    EXPECT_EQ(snapToDecades(0.3, 0.8, 2, 50), (DecadeFrame { -1, 0, 0, 2 }));
    // Rounding noise from pixel arithmetic does not add a decade.
    EXPECT_EQ(snapToDecades(0.0100000001, 999.9999999, 1.0000001, 9.99999999), (DecadeFrame { -2, 3, 0, 1 }));
    // A range inside one decade still spans one.
    EXPECT_EQ(snapToDecades(2, 2, 5, 5), (DecadeFrame { 0, 1, 0, 1 }));

    // Fixed frame from the GPU's roofs: x 10^-2..10^4; y from the decade
    // below 5.3 x 0.01 to the decade above the FP8 roof, 2614.9.
    const RooflineData roofsOnly = rooflineData(nullptr, mi300x(), PeakSet::Datasheet);
    EXPECT_EQ(gpuFrame(roofsOnly), (DecadeFrame { -2, 4, -2, 4 }));
    EXPECT_DOUBLE_EQ(gpuFrame(roofsOnly).xMin(), 0.01);
    EXPECT_DOUBLE_EQ(gpuFrame(roofsOnly).yMax(), 1e4);
    EXPECT_EQ(fitFrame(roofsOnly), gpuFrame(roofsOnly)); // nothing to fit

    const auto result = bundled();
    ASSERT_TRUE(result);
    const RooflineData data = rooflineData(result.get(), mi300x(), PeakSet::Datasheet);
    // Points from 0.125 to 1.75 FLOP/B and 0.48 to 6.1 TFLOPS/s; ridge points
    // up to 493 FLOP/B with room for the roofs' labels; roofs up to 2614.9.
    EXPECT_EQ(fitFrame(data), (DecadeFrame { -2, 4, -1, 4 }));
    EXPECT_EQ(gpuFrame(data), (DecadeFrame { -2, 4, -2, 4 }));
    // A 0-FLOP kernel at half the HBM roof sits in the lane at the left edge,
    // 0.5 x 5.3 x 10^-2 x 10^0.12 = 0.035: the frame reaches a decade below.
    RooflineData withLane = data;
    RooflinePoint copy = data.points.front();
    copy.intensity = 0;
    copy.tflops = 0;
    copy.fractionOfRoof = 0.5;
    withLane.memoryOnlyPoints.push_back(copy);
    EXPECT_EQ(fitFrame(withLane), (DecadeFrame { -2, 4, -2, 4 }));
    withLane.memoryOnlyPoints.front().fractionOfRoof = 1e-6; // under 1 %: on the axis, not decades down
    EXPECT_EQ(fitFrame(withLane), (DecadeFrame { -2, 4, -4, 4 }));
    const RooflineData h100 = rooflineData(result.get(), *GpuCatalog::builtIn().find(QStringLiteral("H100")), PeakSet::Datasheet);
    // 3.35 x 0.01 = 0.0335 -> 10^-2; 989.4 TFLOPS needs room for its label -> 10^4.
    EXPECT_EQ(gpuFrame(h100), (DecadeFrame { -2, 4, -2, 4 }));
}

TEST(RooflineData, TheGpuFrameWidensOnlyForPointsOutsideIt)
{
    AnalysisResult result;
    KernelRow tiny = syntheticRow(QStringLiteral("triton_poi_fused_add_0"), 1e-5);
    tiny.model.edit().flops = 1; // 1e-3 FLOP/B
    result.rows.push_back(tiny);
    const RooflineData data = rooflineData(&result, mi300x(), PeakSet::Datasheet);
    ASSERT_EQ(data.points.size(), 1u);
    EXPECT_EQ(gpuFrame(data), (DecadeFrame { -4, 4, -6, 4 }));
}

TEST(RooflineData, CsvHasARowPerRoofAndPerPlottedKernel)
{
    const auto result = bundled();
    ASSERT_TRUE(result);
    const QStringList lines
        = QString::fromUtf8(rooflineCsv(rooflineData(result.get(), mi300x(), PeakSet::Datasheet))).split(u'\n', Qt::SkipEmptyParts);
    const QStringList header = lines.front().split(u',');
    EXPECT_EQ(header,
        (QStringList { QStringLiteral("record"), QStringLiteral("gpu"), QStringLiteral("name"), QStringLiteral("kind"),
            QStringLiteral("source"), QStringLiteral("value"), QStringLiteral("unit"), QStringLiteral("ridge_point_flops_per_byte"),
            QStringLiteral("plotted"), QStringLiteral("category"), QStringLiteral("provenance"), QStringLiteral("flops_per_byte"),
            QStringLiteral("tflops_per_s"), QStringLiteral("share_of_gpu_time"), QStringLiteral("roof"),
            QStringLiteral("attainable_tflops_per_s"), QStringLiteral("bound"), QStringLiteral("fraction_of_roof"),
            QStringLiteral("above_roof"), QStringLiteral("probably_served_from"), QStringLiteral("within_datasheet_hbm") }));
    // 1 memory roof + 8 compute peaks in the MI300X datasheet set, 2 cache roofs, 4 kernels, 4 library ops.
    ASSERT_EQ(lines.size(), 1 + 9 + 2 + 8);
    for (const QString& line : lines)
        EXPECT_EQ(line.count(u','), header.size() - 1) << qPrintable(line);

    const auto row = [&](const QString& prefix) -> QStringList {
        for (const QString& line : lines) {
            if (line.startsWith(prefix))
                return line.split(u',');
        }
        return {};
    };
    const QStringList l2 = row(QStringLiteral("roof,AMD Instinct MI300X,L2,"));
    ASSERT_EQ(l2.size(), header.size());
    EXPECT_EQ(l2[3], QStringLiteral("cache"));
    EXPECT_TRUE(l2[4].contains(QStringLiteral("CDNA 3"))) << qPrintable(l2[4]);
    EXPECT_EQ(l2[5], QStringLiteral("34.4"));
    const QStringList memory = row(QStringLiteral("roof,AMD Instinct MI300X,HBM,"));
    ASSERT_EQ(memory.size(), header.size());
    EXPECT_EQ(memory[3], QStringLiteral("memory"));
    EXPECT_EQ(memory[4], QStringLiteral("datasheet"));
    EXPECT_EQ(memory[5], QStringLiteral("5.3"));
    EXPECT_EQ(memory[6], QStringLiteral("TB/s"));
    EXPECT_TRUE(memory[7].isEmpty());

    const QStringList bf16 = row(QStringLiteral("roof,AMD Instinct MI300X,BF16 matrix,"));
    ASSERT_EQ(bf16.size(), header.size());
    EXPECT_EQ(bf16[3], QStringLiteral("compute"));
    EXPECT_EQ(bf16[5], QStringLiteral("1307.4"));
    EXPECT_EQ(bf16[7], QStringLiteral("246.679")) << "1307.4 / 5.3 to 6 significant digits";
    EXPECT_EQ(bf16[8], QStringLiteral("true"));
    EXPECT_EQ(row(QStringLiteral("roof,AMD Instinct MI300X,INT8 matrix,")).value(8), QStringLiteral("false"));

    const QStringList silu = row(QStringLiteral("kernel,AMD Instinct MI300X,triton_poi_fused__unsafe_view_mul_silu_2,"));
    ASSERT_EQ(silu.size(), header.size());
    EXPECT_EQ(silu[9], QStringLiteral("poi"));
    EXPECT_EQ(silu[10], QStringLiteral("V2"));
    // Figures to 6 significant digits (engine/base/exportnumber.h).
    const auto six = [](double value) { return QString::number(value, 'g', 6); };
    EXPECT_EQ(silu[11], six(1342177280.0 / 1610612736.0));
    EXPECT_EQ(silu[12], six(2.5449820007814252));
    EXPECT_GT(silu[13].toDouble(), 0);
    EXPECT_EQ(silu[14], QStringLiteral("FP32 vector"));
    EXPECT_EQ(silu[15], six(5.3 / 1.2));
    EXPECT_EQ(silu[16], QStringLiteral("memory"));
    EXPECT_EQ(silu[17], six(2.5449820007814252 / (5.3 / 1.2)));
    EXPECT_EQ(silu[18], QStringLiteral("false"));

    const QStringList measured = QString::fromUtf8(rooflineCsv(rooflineData(result.get(), mi300x(), PeakSet::MaxAchievable))).split(u'\n');
    EXPECT_TRUE(measured.contains(QStringLiteral("roof,AMD Instinct MI300X,BF16 matrix,compute,max_achievable,708,TFLOPS,")
        + QString::number(708 / 4.3, 'g', 6) + QStringLiteral(",true,,,,,,,,,,,,")));
}

// Issue 22: a GPU of absurd peaks (made in the peaks editor, say, where no
// file check applies) gives frames of at most 10^±30, never 10^309 = inf,
// and a value of 0, a negative or NaN gives the limit, not an overflow.
TEST(RooflineData, FramesStayFiniteForAbsurdPeaks)
{
    GpuSpec gpu = mi300x();
    gpu.datasheet->computeRoofs.front().tflops = 1e308;
    gpu.datasheet->memoryBandwidthTBps = 1e-300;
    const RooflineData data = rooflineData(nullptr, gpu, PeakSet::Datasheet);
    for (const DecadeFrame& frame : { fitFrame(data), gpuFrame(data) }) {
        EXPECT_LE(frame.yMaxExp, 30);
        EXPECT_GE(frame.yMinExp, -30);
        EXPECT_LE(frame.xMaxExp, 30);
        EXPECT_GE(frame.xMinExp, -30);
        EXPECT_TRUE(std::isfinite(frame.yMax()));
    }
    EXPECT_EQ(decadeBelow(0), -30);
    EXPECT_EQ(decadeBelow(-1), -30);
    EXPECT_EQ(decadeAbove(std::numeric_limits<double>::infinity()), 30);
    EXPECT_EQ(decadeBelow(std::nan("")), -30);
}
