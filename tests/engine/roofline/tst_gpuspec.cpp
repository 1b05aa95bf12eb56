// GPU peaks as data: the built-in catalog and user overrides.
#include "engine/roofline/gpuspec.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

TEST(GpuSpec, DefaultIsMi300xWithBothPeakSets)
{
    const GpuSpec& gpu = GpuCatalog::builtIn().defaultGpu();
    EXPECT_EQ(gpu.name, QStringLiteral("AMD Instinct MI300X"));
    ASSERT_TRUE(gpu.datasheet && gpu.maxAchievable);
    EXPECT_DOUBLE_EQ(gpu.datasheet->memoryBandwidthTBps, 5.3);
    auto roof = [](const PeakFigures& peaks, const char* key) {
        for (const ComputeRoof& r : peaks.computeRoofs) {
            if (r.key == QLatin1StringView(key))
                return r.tflops;
        }
        return -1.0;
    };
    EXPECT_DOUBLE_EQ(roof(*gpu.datasheet, "matrix_bf16"), 1307.4);
    EXPECT_DOUBLE_EQ(roof(*gpu.maxAchievable, "matrix_bf16"), 708);
    EXPECT_DOUBLE_EQ(roof(*gpu.maxAchievable, "matrix_fp16"), 654);
    EXPECT_DOUBLE_EQ(roof(*gpu.datasheet, "vector_fp32"), 163.4);
    EXPECT_EQ(gpu.datasheet->computeRoofs.front().key, QStringLiteral("matrix_fp8")); // highest first
}

TEST(GpuSpec, FindsByTraceDeviceNameAndAlias)
{
    const GpuCatalog& catalog = GpuCatalog::builtIn();
    ASSERT_NE(catalog.find(QStringLiteral("AMD Instinct MI300X")), nullptr);
    EXPECT_EQ(catalog.find(QStringLiteral("mi325x"))->name, QStringLiteral("AMD Instinct MI325X"));
    EXPECT_EQ(catalog.find(QStringLiteral("NVIDIA H100 80GB HBM3"))->name, QStringLiteral("NVIDIA H100 SXM"));
    EXPECT_EQ(catalog.find(QStringLiteral("NVIDIA A100-SXM4-80GB")), nullptr);
    // A GPU with datasheet figures only falls back to them.
    const GpuSpec* h100 = catalog.find(QStringLiteral("H100"));
    EXPECT_DOUBLE_EQ(h100->peaks(PeakSet::MaxAchievable).memoryBandwidthTBps, 3.35);
}

TEST(GpuSpec, UserFileOverridesAndAdds)
{
    QString error;
    auto user = GpuCatalog::fromJson(R"({"gpus": [
        {"name": "AMD Instinct MI300X", "peaks": {"datasheet": {"hbm_tbps": 5.0, "tflops": {"matrix_bf16": 1000}}}},
        {"name": "Lab GPU", "peaks": {"datasheet": {"hbm_tbps": 1.0, "tflops": {"vector_fp32": 10}}}}]})",
                                     &error);
    ASSERT_TRUE(user) << qPrintable(error);
    GpuCatalog catalog = GpuCatalog::builtIn();
    const size_t before = catalog.gpus().size();
    catalog.merge(*user);
    EXPECT_EQ(catalog.gpus().size(), before + 1);
    EXPECT_DOUBLE_EQ(catalog.find(QStringLiteral("AMD Instinct MI300X"))->datasheet->memoryBandwidthTBps, 5.0);
    EXPECT_NE(catalog.find(QStringLiteral("lab gpu")), nullptr);
}

TEST(GpuSpec, BadFilesAreRejectedWithAReason)
{
    QString error;
    EXPECT_FALSE(GpuCatalog::fromJson("nope", &error));
    EXPECT_TRUE(error.contains(QStringLiteral("not JSON")));
    EXPECT_FALSE(GpuCatalog::fromJson(R"({"gpus": [{"name": "X", "peaks": {"datasheet": {"hbm_tbps": -1}}}]})", &error));
    EXPECT_TRUE(error.contains(QStringLiteral("hbm_tbps")));
}
