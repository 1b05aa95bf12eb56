// The advice of each class on hand-made rows (figures derived in the
// comments), the host link's roof for a copy between host and device, and
// the catalogue's realistic ceilings with their sources.
#include "engine/advice/attentionadvice.h"
#include "engine/advice/gemmadvice.h"
#include "engine/export/resultexport.h"
#include "engine/lens/judgement.h"
#include "engine/results/copies/copywork.h"
#include "engine/roofline/rooflinedata.h"
#include "engine/timebudget/timebudget.h"
#include "testsupport.h"
#include "timebudgetfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const PeakFigures& datasheet()
{
    return mi300x().peaks(PeakSet::Datasheet);
}

// A library op row (aten::mm, aten::copy_, ...) over these GPU kernels.
KernelRow libraryOpRow(const QString& op, LibraryOpCategory category, const QStringList& kernels, double bytes, std::optional<double> flops,
    const std::vector<double>& timesUs)
{
    KernelRow row = modelledRow(op, bytes, flops, timesUs);
    row.kind = RowKind::LibraryOp;
    row.parsedName.category = KernelCategory::Library;
    LibraryOpRowDetails details;
    details.category = category;
    details.kernelNames = kernels;
    LibraryOpModel model; // the op's figures: a library op row's bytes and FLOPs are its model's
    model.category = category;
    model.figures.bytes = bytes;
    model.figures.flops = flops.value_or(0);
    model.figures.computeSpec = QStringLiteral("vector_fp32");
    details.model = model;
    row.libraryOp = details;
    return row;
}

KernelRow gemmRow(double m, double n, double k, const QString& kernel)
{
    KernelRow row = libraryOpRow(
        QStringLiteral("aten::mm"), LibraryOpCategory::Gemm, { kernel }, 2 * (m * k + k * n + m * n), 2 * m * n * k, { 100, 100 });
    row.libraryOp->model->figures.params
        = { { QStringLiteral("B"), 1 }, { QStringLiteral("M"), m }, { QStringLiteral("N"), n }, { QStringLiteral("K"), k } };
    return row;
}

Advice adviceOn(const KernelRow& row, const GpuSpec* gpu = &mi300x())
{
    return kernelTimeFigures(row, datasheet(), 2.0, gpu).advice;
}

const QString tensileMt128x192 = QStringLiteral("Cijk_Alik_Bljk_BBS_BH_Bias_HAS_SAV_UserArgs_MT128x192x64_MI16x16x1_SN_LDSB1_AFC1_AFEM1");

} // namespace

TEST(Advice, GemmTileFromTheKernelName)
{
    EXPECT_EQ(gemmTileOf(tensileMt128x192), (GemmTile { 128, 192 }));
    EXPECT_EQ(gemmTileOf(u"cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_128x256_32x3_tn_align8"), (GemmTile { 128, 256 }));
    EXPECT_EQ(gemmTileOf(u"cutlass3x_sm90_tensorop_gemm_bf16_bf16_f32_bf16_bf16_128x128x64_1x1x1_0_tnn_align8"), (GemmTile { 128, 128 }));
    EXPECT_EQ(gemmTileOf(u"sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize64x256x64_warpgroupsize1x1x1_execute_segment_k_off"),
        (GemmTile { 64, 256 }));
    EXPECT_FALSE(gemmTileOf(u"triton_poi_fused_add_0"));
    EXPECT_FALSE(gemmTileOf(u"void at::native::elementwise_kernel<128, 4>"));
    EXPECT_FALSE(gemmTileOf(u"MT99999x192x64")); // no real tile edge
}

TEST(Advice, WavesOfTilesOverTheComputeUnits)
{
    EXPECT_EQ(wavesText(96, 304), QStringLiteral("one partial wave (32 % of the GPU)")); // 96 / 304 = 31.6 %
    EXPECT_EQ(wavesText(608, 304), QStringLiteral("2 full waves"));
    EXPECT_EQ(wavesText(700, 304), QStringLiteral("3 waves, the last 30 % full")); // 700 - 608 = 92 = 30.3 % of 304
    EXPECT_EQ(wavesText(0, 304), QString());
}

TEST(Advice, GemmShapeTilesAndWavesOnMi300x)
{
    // 1024 x 2304 x 4096 in 128x192 tiles: ceil(1024/128) x ceil(2304/192) = 8 x 12 = 96 tiles on 304 CUs.
    const Advice advice = adviceOn(gemmRow(1024, 2304, 4096, tensileMt128x192));
    EXPECT_EQ(advice.adviceClass, AdviceClass::Gemm);
    EXPECT_EQ(adviceClassKey(advice.adviceClass), QStringLiteral("gemm"));
    EXPECT_TRUE(advice.text.startsWith(QStringLiteral("GEMM 1024 x 2304 x 4096; 96 tiles of 128x192 on 304 CUs: one partial wave "
                                                      "(32 % of the GPU)")))
        << advice.text.toStdString();
    EXPECT_TRUE(advice.text.contains(QStringLiteral("TunableOp")));
    EXPECT_TRUE(advice.text.contains(QStringLiteral("hipBLASLt offline tuning")));
    EXPECT_TRUE(advice.text.contains(QStringLiteral("max-autotune")));
    // A CUTLASS kernel: no hipBLASLt tuner offered.
    const Advice cutlass = adviceOn(gemmRow(4096, 4096, 4096, QStringLiteral("cutlass_80_tensorop_bf16_s16816gemm_bf16_128x256_32x3_tn")));
    EXPECT_TRUE(cutlass.text.contains(QStringLiteral("512 tiles of 128x256"))) << cutlass.text.toStdString(); // 32 x 16
    EXPECT_FALSE(cutlass.text.contains(QStringLiteral("hipBLASLt")));
}

TEST(Advice, AttentionBackendFromTheOpOrItsKernels)
{
    const auto attention = [](const QString& op, const QString& kernel) {
        return libraryOpRow(op, LibraryOpCategory::Attention, { kernel }, 1e6, 1e9, { 50 });
    };
    EXPECT_EQ(attentionBackendOf(attention(QStringLiteral("aten::_scaled_dot_product_flash_attention"), QStringLiteral("x"))),
        AttentionBackend::Flash);
    EXPECT_EQ(attentionBackendOf(attention(QStringLiteral("aten::_scaled_dot_product_efficient_attention"), QStringLiteral("x"))),
        AttentionBackend::Efficient);
    EXPECT_EQ(attentionBackendOf(attention(
                  QStringLiteral("aten::scaled_dot_product_attention"), QStringLiteral("fmha_cutlassF_bf16_aligned_64x64_rf_sm80"))),
        AttentionBackend::Efficient);
    EXPECT_EQ(attentionBackendOf(
                  attention(QStringLiteral("aten::scaled_dot_product_attention"), QStringLiteral("aiter::fmha_fwd_hd128_bf16_causal"))),
        AttentionBackend::Aiter);
    EXPECT_EQ(attentionBackendOf(attention(
                  QStringLiteral("aten::scaled_dot_product_attention"), QStringLiteral("ck_tile::kentry<ck_tile::FmhaFwdKernel<...>>"))),
        AttentionBackend::Ck);
    const Advice advice = adviceOn(attention(QStringLiteral("aten::_scaled_dot_product_efficient_attention"), QStringLiteral("x")));
    EXPECT_EQ(advice.adviceClass, AdviceClass::Attention);
    EXPECT_TRUE(advice.text.startsWith(QStringLiteral("attention on the efficient backend"))) << advice.text.toStdString();
    EXPECT_TRUE(advice.text.contains(QStringLiteral("flash attention is faster")));
}

TEST(Advice, HostToDeviceCopyMeasuredAgainstTheHostLink)
{
    // aten::copy_ of 10.6 MB from the device to the host, one call of 228 us:
    // its model counts the read and the write (21.2 MB); 10.6 MB cross the
    // link. 10.6e6 B / 228 us = 0.0465 TB/s = 73 % of MI300X's PCIe Gen5 x16
    // 0.064 TB/s. Roof term 10.6e6 / 0.064e6 = 165.625 us, above t0 = 2:
    // memory-bound (against HBM it was 21.2 MB / 5.3 TB/s = 4 us, next to
    // t0). Attainable 167.625 us, recoverable 228 - 167.625 = 60.375 us.
    ASSERT_TRUE(mi300x().hostLinkTBps);
    EXPECT_DOUBLE_EQ(*mi300x().hostLinkTBps, 0.064);
    const KernelRow copy = libraryOpRow(QStringLiteral("aten::copy_"), LibraryOpCategory::Elementwise,
        { QStringLiteral("Memcpy DtoH (Device -> Host)") }, 21.2e6, 0, { 228 });
    ASSERT_EQ(copyWorkOf(copy), (CopyWork { CopyDirection::DeviceToHost, false }));
    const KernelTimeFigures figures = kernelTimeFigures(copy, datasheet(), 2.0, &mi300x());
    EXPECT_EQ(figures.memoryRoofLabel, QStringLiteral("host link"));
    EXPECT_DOUBLE_EQ(figures.memoryTBps, 0.064);
    EXPECT_NEAR(*figures.roofTermUs, 165.625, 1e-9);
    EXPECT_EQ(figures.limiter, Limiter::Memory);
    EXPECT_NEAR(figures.recoverableUs, 60.375, 1e-9);
    EXPECT_EQ(figures.advice.adviceClass, AdviceClass::Copy);
    EXPECT_TRUE(figures.advice.text.startsWith(QStringLiteral("device-to-host copy of 10.1 MiB, 1 call at 228")))
        << figures.advice.text.toStdString();
    EXPECT_TRUE(figures.advice.text.contains(QStringLiteral("0.046 TB/s = 73 % of the host link (0.064 TB/s)")))
        << figures.advice.text.toStdString();

    // A GPU without a host-link figure: no roof, and the advice says why.
    GpuSpec unknownLink = mi300x();
    unknownLink.hostLinkTBps.reset();
    const KernelTimeFigures noRoof = kernelTimeFigures(copy, datasheet(), 2.0, &unknownLink);
    EXPECT_EQ(noRoof.limiter, Limiter::Unmodelled);
    EXPECT_FALSE(noRoof.attainableUs);
    EXPECT_TRUE(noRoof.advice.text.contains(QStringLiteral("no host link for AMD Instinct MI300X, so no roof")))
        << noRoof.advice.text.toStdString();

    // The roofline measures it against the same roof: its model's 21.2 MB in
    // 228 us read as 0.093 TB/s; the link carries half, 0.0465 TB/s, 72.6 %
    // of 0.064 TB/s (against HBM it read 1.8 %).
    AnalysisResult trace;
    KernelRow placed = copy;
    placed.tbPerS = summarize({ 21.2e6 / 228e-6 / 1e12 });
    placed.tflopsPerS = summarize({ 0.0 });
    trace.rows.push_back(placed);
    const RooflineData roofline = rooflineData(&trace, mi300x(), PeakSet::Datasheet);
    ASSERT_EQ(roofline.memoryOnlyPoints.size(), 1u);
    const RooflinePoint& point = roofline.memoryOnlyPoints.front();
    ASSERT_TRUE(point.hostLinkTBps);
    EXPECT_DOUBLE_EQ(*point.hostLinkTBps, 0.064);
    EXPECT_EQ(point.roofLabel, QStringLiteral("host link"));
    EXPECT_NEAR(point.fractionOfRoof, 10.6e6 / 228e-6 / 1e12 / 0.064, 1e-12);
    EXPECT_FALSE(point.aboveRoof);
    EXPECT_TRUE(rooflineCsv(roofline).contains(",host link,")) << rooflineCsv(roofline).constData();
    // No link figure: no roof to place it under, as the budget says.
    EXPECT_TRUE(rooflineData(&trace, unknownLink, PeakSet::Datasheet).memoryOnlyPoints.empty());
    // A copy on the device stays on HBM.
    trace.rows.front().libraryOp->kernelNames = { QStringLiteral("Memcpy DtoD (Device -> Device)") };
    const RooflineData device = rooflineData(&trace, mi300x(), PeakSet::Datasheet);
    ASSERT_EQ(device.memoryOnlyPoints.size(), 1u);
    EXPECT_FALSE(device.memoryOnlyPoints.front().hostLinkTBps);
    EXPECT_EQ(device.memoryOnlyPoints.front().roofLabel, QStringLiteral("HBM"));
}

TEST(Advice, DeviceToDeviceCopyStaysOnHbm)
{
    // 21.2 MB read and written on the device: 4 us at 5.3 TB/s, HBM's roof.
    const KernelRow copy = libraryOpRow(QStringLiteral("aten::copy_"), LibraryOpCategory::Elementwise,
        { QStringLiteral("Memcpy DtoD (Device -> Device)") }, 21.2e6, 0, { 10 });
    const KernelTimeFigures figures = kernelTimeFigures(copy, datasheet(), 2.0, &mi300x());
    EXPECT_EQ(figures.memoryRoofLabel, QStringLiteral("HBM"));
    EXPECT_NEAR(*figures.roofTermUs, 4.0, 1e-9);
    EXPECT_EQ(figures.advice.adviceClass, AdviceClass::Copy);
    EXPECT_TRUE(figures.advice.text.startsWith(QStringLiteral("device-to-device copy of 20.2 MiB"))) << figures.advice.text.toStdString();
    // A copy_ that also ran a kernel is no plain copy.
    const KernelRow mixed = libraryOpRow(QStringLiteral("aten::copy_"), LibraryOpCategory::Elementwise,
        { QStringLiteral("Memcpy DtoH (Device -> Host)"), QStringLiteral("elementwise_kernel") }, 21.2e6, 0, { 10 });
    EXPECT_FALSE(copyWorkOf(mixed));
}

TEST(Advice, LatencyBoundKernelIsToldToFuse)
{
    // 5.3 MB = 1 us at HBM, t0 = 2: attainable 3; calls of 5 and 5 us, 60 % of attainable: latency-bound.
    const Advice advice = adviceOn(modelledRow(QStringLiteral("triton_poi_fused_add_0"), 5.3e6, 0, { 5, 5 }));
    EXPECT_EQ(advice.adviceClass, AdviceClass::Fuse);
    EXPECT_TRUE(advice.text.startsWith(QStringLiteral("latency-bound, 2 calls at 5.00 µs each against 3.00 µs attainable")))
        << advice.text.toStdString();
    EXPECT_TRUE(advice.text.contains(QStringLiteral("do not tune it")));
}

TEST(Advice, SlowForSizeCitesTheLaunchFinding)
{
    // 5.3 MB + 1.3 MFLOP, t0 = 2: attainable 3; calls of 24 us: 8x, slow for its size (before reduction).
    KernelRow row = modelledRow(QStringLiteral("triton_red_fused_mean_0"), 5.3e6, 1.3e6, { 24, 24 });
    row.parsedName.category = KernelCategory::Reduction;
    KernelFinding finding;
    finding.kind = FindingKind::UnderFilled;
    finding.text = QStringLiteral("8 programs on 304 CUs: 3 % of the GPU; split the reduction");
    row.findings.push_back(finding);
    const Advice advice = adviceOn(row);
    EXPECT_EQ(advice.adviceClass, AdviceClass::SlowForSize);
    EXPECT_TRUE(advice.text.contains(QStringLiteral("not launch cost; 8 programs on 304 CUs"))) << advice.text.toStdString();
}

TEST(Advice, InductorReductionsPersistentOrCoordinateDescent)
{
    // 53 MB = 10 us at HBM: memory-bound.
    KernelRow red = modelledRow(QStringLiteral("triton_red_fused_sum_1"), 53e6, 1e6, { 15 });
    red.parsedName.category = KernelCategory::Reduction;
    red.model.edit().rnumel = 4096;
    const Advice advice = adviceOn(red);
    EXPECT_EQ(advice.adviceClass, AdviceClass::Reduction);
    EXPECT_TRUE(advice.text.contains(QStringLiteral("persistent reduction (its rnumel 4096 in one block"))) << advice.text.toStdString();
    red.parsedName.category = KernelCategory::PersistentReduction;
    EXPECT_TRUE(adviceOn(red).text.contains(QStringLiteral("already persistent; try coordinate-descent tuning")));
}

TEST(Advice, UnmodelledSaysWhichModelIsMissing)
{
    KernelRow op = libraryOpRow(QStringLiteral("aten::upsample_nearest2d"), LibraryOpCategory::Other, { QStringLiteral("k") }, 0, 0, { 9 });
    op.model = KernelModel();
    op.model.edit().reason = QStringLiteral("its args fit no model");
    const Advice advice = adviceOn(op);
    EXPECT_EQ(advice.adviceClass, AdviceClass::Unmodelled);
    EXPECT_TRUE(advice.text.startsWith(QStringLiteral("not modelled: no model of aten::upsample_nearest2d fits its args")))
        << advice.text.toStdString();
}

TEST(Advice, MemoryBoundPointwiseIsTuned)
{
    const Advice advice = adviceOn(modelledRow(QStringLiteral("triton_poi_fused_mul_2"), 53e6, 1e6, { 15, 12, 11 }));
    EXPECT_EQ(advice.adviceClass, AdviceClass::Tune);
    EXPECT_TRUE(advice.text.startsWith(QStringLiteral("memory-bound, 3 calls at 12.7 µs each against 12.0 µs attainable: tune it")))
        << advice.text.toStdString();
}

TEST(Advice, OpportunitiesSayTheRowsAdvice)
{
    const TimeBudget budget = evaluateTimeBudget(*timeBudgetFixture(), datasheet(), std::nullopt, &mi300x());
    bool seen = false;
    for (const Opportunity& item : budget.opportunities) {
        if (item.kind != Opportunity::Kind::Kernel)
            continue;
        const Advice& advice = budget.rows[size_t(item.rowIndices.front())].advice;
        EXPECT_TRUE(item.why.endsWith(advice.text)) << item.why.toStdString();
        seen = true;
    }
    EXPECT_TRUE(seen);
}

TEST(RealisticCeilings, EveryCatalogueGpuHasMaxAchievableWithASource)
{
    for (const GpuSpec& gpu : GpuCatalog::builtIn().gpus()) {
        SCOPED_TRACE(gpu.name.toStdString());
        ASSERT_TRUE(gpu.maxAchievable);
        EXPECT_FALSE(gpu.maxAchievable->source.isEmpty());
        EXPECT_FALSE(gpu.datasheet->source.isEmpty());
        EXPECT_LE(gpu.maxAchievable->memoryBandwidthTBps, gpu.datasheet->memoryBandwidthTBps);
        ASSERT_TRUE(gpu.hostLinkTBps);
        EXPECT_FALSE(gpu.hostLinkSource.isEmpty());
        // Without a measurement, the figure says it is an estimate.
        if (!gpu.maxAchievable->source.contains(QStringLiteral("measured"))) {
            EXPECT_TRUE(gpu.maxAchievable->source.startsWith(QStringLiteral("estimate: ")));
        }
    }
    // MI300X: measured, not the datasheet's 5.3 TB/s.
    const PeakFigures& measured = *mi300x().maxAchievable;
    EXPECT_DOUBLE_EQ(measured.memoryBandwidthTBps, 4.3);
    EXPECT_TRUE(measured.source.startsWith(QStringLiteral("measured")));
}

TEST(RealisticCeilings, HostLinkAndSourcesSurviveTheCatalogueFile)
{
    QString error;
    const std::optional<GpuCatalog> back = GpuCatalog::fromJson(GpuCatalog::builtIn().toJson(), &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_EQ(*back, GpuCatalog::builtIn());
    const QByteArray bad = R"({"format": "ridgeline-gpus/1", "gpus": [{"name": "X", "host_link_tbps": -1,
        "peaks": {"datasheet": {"hbm_tbps": 1, "tflops": {"vector_fp32": 1}}}}]})";
    EXPECT_FALSE(GpuCatalog::fromJson(bad, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("host_link_tbps"))) << error.toStdString();
}

TEST(RealisticCeilings, MaxAchievableIsTheLensDefault)
{
    EXPECT_EQ(Lens().peaks, PeakSet::MaxAchievable);
    const TraceJudgement judged = judgeTrace(timeBudgetFixture(), Lens());
    EXPECT_EQ(judged.peakSetUsed(), PeakSet::MaxAchievable);
    EXPECT_DOUBLE_EQ(judged.peaks().memoryBandwidthTBps, 4.3);
}

// Eager attention is read from the host's records: tst_eagerattentionchains.cpp.

TEST(AdviceExport, JsonAndCsvCarryTheAdviceAndTheGpusSources)
{
    const std::shared_ptr<const Judgement> judgement = judge(timeBudgetFixture(), Lens());
    const QJsonObject root = exportObject(*judgement);
    EXPECT_EQ(root.value(QStringLiteral("peak_set")).toString(), QStringLiteral("max_achievable"));
    EXPECT_DOUBLE_EQ(root.value(QStringLiteral("host_link_tbps")).toDouble(), 0.064);
    EXPECT_TRUE(root.value(QStringLiteral("host_link_source")).toString().contains(QStringLiteral("PCIe Gen5 x16")));
    const QJsonObject sources = root.value(QStringLiteral("peak_sources")).toObject();
    EXPECT_TRUE(sources.value(QStringLiteral("max_achievable")).toString().startsWith(QStringLiteral("measured")));
    EXPECT_TRUE(sources.value(QStringLiteral("datasheet")).toString().startsWith(QStringLiteral("vendor datasheet")));
    // Every kernel, Triton or library, carries {class, text}; "mem" (53 MB at 4.3 TB/s = 12.3 us + t0 2) is tuned.
    const QJsonArray kernels = root.value(QStringLiteral("kernels")).toArray();
    ASSERT_FALSE(kernels.isEmpty());
    for (const QJsonValue& kernel : kernels) {
        const QJsonObject advice = kernel.toObject().value(QStringLiteral("advice")).toObject();
        EXPECT_FALSE(advice.value(QStringLiteral("class")).toString().isEmpty());
        EXPECT_FALSE(advice.value(QStringLiteral("text")).toString().isEmpty());
    }
    EXPECT_EQ(kernels.first().toObject().value(QStringLiteral("advice")).toObject().value(QStringLiteral("class")).toString(),
        QStringLiteral("tune"));
    // The CSV: advice is the last column, after first_finding, as "class: text".
    const QStringList lines = QString::fromUtf8(exportCsv(judgement->trace)).split(u'\n');
    EXPECT_TRUE(lines.first().endsWith(QStringLiteral(",first_finding,display_name,advice")));
    EXPECT_TRUE(lines.value(1).endsWith(QStringLiteral("\"")) || lines.value(1).contains(QStringLiteral("tune: ")));
    EXPECT_TRUE(lines.value(1).contains(QStringLiteral("tune: memory-bound, 3 calls")));
}
