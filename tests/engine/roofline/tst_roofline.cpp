// Roofline arithmetic: ceilings, ridge points, the roof that bounds a
// kernel and the fraction of it reached.
#include "engine/roofline/roofline.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

TEST(Roofline, CeilingsAndRidgePoints)
{
    // GPUS.md: BF16 matrix 1307.4 / 5.3 = 247 FLOP/B; FP32 vector 30.8;
    // TraceLens's BF16 matrix 708 / 5.3 = 134.
    EXPECT_NEAR(ridgePoint(1307.4, 5.3), 246.68, 0.01);
    EXPECT_NEAR(ridgePoint(163.4, 5.3), 30.83, 0.01);
    EXPECT_NEAR(ridgePoint(708, 5.3), 133.58, 0.01);
    EXPECT_DOUBLE_EQ(attainableTflops(1.0, 5.3, 163.4), 5.3);
    EXPECT_DOUBLE_EQ(attainableTflops(1000.0, 5.3, 163.4), 163.4);
}

TEST(Roofline, SwiGluIsMemoryBoundAt58PercentOfTheMemoryRoof)
{
    const auto outcome = analyze(bundledSampleTrace());
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    const KernelRow* row = findRow(*outcome.result, QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(kernelPrecision(*row), QStringLiteral("bf16"));

    const GpuSpec& mi300x = GpuCatalog::builtIn().defaultGpu();
    // Datasheet: no BF16 vector figure is published, so FP32 vector applies.
    const auto datasheet = placeKernel(*row, *mi300x.datasheet);
    ASSERT_TRUE(datasheet);
    EXPECT_EQ(datasheet->roof->key, QStringLiteral("vector_fp32"));
    EXPECT_EQ(datasheet->bound, RooflinePlacement::Bound::Memory);
    // 0.8333 FLOP/B x 5.3 TB/s = 4.4167 TFLOPS/s attainable; 2.54498 reached.
    EXPECT_NEAR(datasheet->attainableTflops, 5.3 * (1342177280.0 / 1610612736.0), 1e-9);
    EXPECT_NEAR(datasheet->fractionOfRoof, 2.5449820007814252 / (5.3 / 1.2), 1e-9);
    // On the memory roof the fraction equals achieved TB/s over bandwidth.
    EXPECT_NEAR(datasheet->fractionOfRoof, row->tbPerS->mean / 5.3, 1e-12);
    EXPECT_FALSE(datasheet->aboveRoof);

    // Measured peaks publish BF16 vector (163).
    const auto measured = placeKernel(*row, *mi300x.maxAchievable);
    ASSERT_TRUE(measured);
    EXPECT_EQ(measured->roof->key, QStringLiteral("vector_bf16"));
}

TEST(Roofline, AboveTheRoofIsFlagged)
{
    KernelRow row;
    row.model.edit().provenance = Provenance::V2;
    row.model.edit().flops = 1000;
    row.model.edit().bytes = 1000; // 1 FLOP/B
    row.tflopsPerS = SampleStats { 1, 9.0, 9.0, 9.0, 9.0, 9.0, std::nullopt };
    const auto placement = placeKernel(row, *GpuCatalog::builtIn().defaultGpu().datasheet);
    ASSERT_TRUE(placement);
    EXPECT_TRUE(placement->aboveRoof); // 9 > 5.3 x 1
    EXPECT_NEAR(placement->fractionOfRoof, 9.0 / 5.3, 1e-12);
}

// Copies, transposes and clones: 0 FLOPs over real bytes are memory-bound
// by definition, measured by TB/s against the memory roof.
TEST(Roofline, ZeroFlopKernelsAreMemoryBoundAgainstTheMemoryRoof)
{
    const PeakFigures& mi300x = *GpuCatalog::builtIn().defaultGpu().datasheet;
    KernelRow copy;
    copy.model.edit().provenance = Provenance::V2;
    copy.model.edit().flops = 0;
    copy.model.edit().bytes = 8'000'000;
    copy.tflopsPerS = SampleStats { 1, 0, 0, 0, 0, 0, std::nullopt };
    copy.tbPerS = SampleStats { 1, 5.0, 5.0, 5.0, 5.0, 5.0, std::nullopt };
    const auto placement = placeKernel(copy, mi300x);
    ASSERT_TRUE(placement);
    EXPECT_TRUE(placement->memoryOnly);
    EXPECT_EQ(placement->bound, RooflinePlacement::Bound::Memory);
    EXPECT_NEAR(placement->fractionOfRoof, 5.0 / 5.3, 1e-12);
    EXPECT_FALSE(placement->aboveRoof);
    EXPECT_EQ(placement->attainableTflops, 0.0);

    copy.tbPerS = SampleStats { 1, 9.5, 9.5, 9.5, 9.5, 9.5, std::nullopt }; // xdit's clone
    EXPECT_TRUE(placeKernel(copy, mi300x)->aboveRoof);

    copy.model.edit().bytes = 0; // nothing moved: no intensity, no place
    EXPECT_FALSE(placeKernel(copy, mi300x));
}

// Above HBM but within a cache level's bandwidth: probably served from the
// lowest such cache (MI300X: Infinity Cache 17.2, L2 34.4 TB/s).
TEST(Roofline, AKernelAboveHbmButBelowACacheRoofWasProbablyServedFromIt)
{
    const GpuSpec& gpu = *GpuCatalog::builtIn().find(QStringLiteral("MI300X"));
    ASSERT_EQ(gpu.cacheRoofs.size(), 2u);
    EXPECT_EQ(gpu.cacheRoofs[0].label, QStringLiteral("Infinity Cache"));
    EXPECT_DOUBLE_EQ(gpu.cacheRoofs[0].tbps, 17.2);
    EXPECT_EQ(gpu.cacheRoofs[1].label, QStringLiteral("L2"));
    EXPECT_DOUBLE_EQ(gpu.cacheRoofs[1].tbps, 34.4);
    EXPECT_TRUE(gpu.cacheRoofs[1].source.contains(QStringLiteral("CDNA 3")));
    const PeakFigures& peaks = *gpu.datasheet;

    KernelRow copy;
    copy.model.edit().provenance = Provenance::V2;
    copy.model.edit().bytes = 8'000'000;
    copy.tflopsPerS = SampleStats { 1, 0, 0, 0, 0, 0, std::nullopt };
    const auto at = [&](double tbps) {
        copy.tbPerS = SampleStats { 1, tbps, tbps, tbps, tbps, tbps, std::nullopt };
        return *placeKernel(copy, peaks);
    };
    const std::optional<double> bytes = copy.bytes(); // 8 MB a call: both caches hold it
    EXPECT_EQ(probablyServedFrom(at(5.0), gpu, peaks, bytes), nullptr); // below HBM: nothing to explain
    EXPECT_EQ(probablyServedFrom(at(9.5), gpu, peaks, bytes)->label, QStringLiteral("Infinity Cache"));
    EXPECT_EQ(probablyServedFrom(at(20.0), gpu, peaks, bytes)->label, QStringLiteral("L2"));
    EXPECT_EQ(probablyServedFrom(at(40.0), gpu, peaks, bytes), nullptr); // above every cache: a model or unit error
    EXPECT_TRUE(servedFromCacheNote(probablyServedFrom(at(9.5), gpu, peaks, bytes), 9.5, peaks)
            .contains(QStringLiteral("probably served from the Infinity Cache")));

    // What a cache cannot hold it did not serve: MI300X's L2 holds 32 MB, its
    // Infinity Cache 256 MB. 100 MB a call at 9.5 TB/s fits only the latter;
    // xDiT's aten::add streams 805 MB a call, which neither holds.
    ASSERT_TRUE(gpu.cacheRoofs[0].capacityMB && gpu.cacheRoofs[1].capacityMB);
    EXPECT_DOUBLE_EQ(*gpu.cacheRoofs[0].capacityMB, 256);
    EXPECT_DOUBLE_EQ(*gpu.cacheRoofs[1].capacityMB, 32);
    EXPECT_EQ(probablyServedFrom(at(20.0), gpu, peaks, 100e6), nullptr) << "above the Infinity Cache's bandwidth, too big for L2";
    EXPECT_EQ(probablyServedFrom(at(9.5), gpu, peaks, 100e6)->label, QStringLiteral("Infinity Cache"));
    EXPECT_EQ(probablyServedFrom(at(9.5), gpu, peaks, 805e6), nullptr);
    EXPECT_EQ(probablyServedFrom(at(9.5), gpu, peaks, std::nullopt)->label, QStringLiteral("Infinity Cache")) << "bytes unknown";

    // A GPU that publishes no cache bandwidth explains nothing.
    const GpuSpec& a100 = *GpuCatalog::builtIn().find(QStringLiteral("NVIDIA A100 SXM4 80GB"));
    EXPECT_EQ(probablyServedFrom(at(9.5), a100, *a100.datasheet, bytes), nullptr);
}

TEST(Roofline, NoPlacementWithoutIntensity)
{
    KernelRow row; // provenance none
    EXPECT_FALSE(placeKernel(row, *GpuCatalog::builtIn().defaultGpu().datasheet));
}

TEST(Roofline, V1RowsTakeThePrecisionOfTheirPointerType)
{
    // A V1 row's tensors are the signature's pointers: "*bf16", not c10::BFloat16.
    KernelRow row;
    row.model.edit().provenance = Provenance::V1;
    TensorTraffic tensor;
    for (const auto& [type, precision] : { std::pair { "*bf16", "bf16" }, std::pair { "*fp16", "fp16" }, std::pair { "*fp32", "fp32" },
             std::pair { "*fp8e4nv", "fp8" }, std::pair { "*i64", "" } }) {
        tensor.dtype = QString::fromLatin1(type);
        row.model.edit().tensors = { tensor };
        EXPECT_EQ(kernelPrecision(row), QString::fromLatin1(precision)) << type;
    }
    // MI300X's measured peaks publish a BF16 vector roof (its datasheet does not).
    const PeakFigures peaks = GpuCatalog::builtIn().defaultGpu().peaks(PeakSet::MaxAchievable);
    tensor.dtype = QStringLiteral("*bf16");
    row.model.edit().tensors = { tensor };
    ASSERT_NE(applicableRoof(peaks, row), nullptr);
    EXPECT_EQ(applicableRoof(peaks, row)->key, QStringLiteral("vector_bf16"));
}
