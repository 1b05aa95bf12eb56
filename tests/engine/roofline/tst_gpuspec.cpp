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
    EXPECT_EQ(catalog.find(QStringLiteral("NVIDIA Tesla T4")), nullptr);
    // H100's max-achievable figures are estimates that say so: 90 % of the datasheet's 3.35 TB/s.
    const GpuSpec* h100 = catalog.find(QStringLiteral("H100"));
    EXPECT_DOUBLE_EQ(h100->peaks(PeakSet::MaxAchievable).memoryBandwidthTBps, 3.015);
    EXPECT_TRUE(h100->maxAchievable->source.startsWith(QStringLiteral("estimate: 90 %")));
    // A GPU with datasheet figures only falls back to them.
    GpuSpec datasheetOnly = *h100;
    datasheetOnly.maxAchievable.reset();
    EXPECT_DOUBLE_EQ(datasheetOnly.peaks(PeakSet::MaxAchievable).memoryBandwidthTBps, 3.35);
}

// The device names PyTorch writes into traces, matched however they are
// punctuated, the most specific catalogue name winning.
TEST(GpuSpec, TraceDeviceNamesPickTheirOwnRoofs)
{
    const GpuCatalog& catalog = GpuCatalog::builtIn();
    const auto found = [&](const char* name) {
        const GpuSpec* gpu = catalog.find(QString::fromLatin1(name));
        return gpu ? gpu->name : QStringLiteral("(none)");
    };
    EXPECT_EQ(found("NVIDIA A100-SXM4-80GB"), QStringLiteral("NVIDIA A100 SXM4 80GB"));
    EXPECT_EQ(found("NVIDIA A100-PG509-200"), QStringLiteral("NVIDIA A100 SXM4 80GB"));
    EXPECT_EQ(found("NVIDIA A100-SXM4-40GB"), QStringLiteral("NVIDIA A100 40GB"));
    EXPECT_EQ(found("NVIDIA A100 80GB PCIe"), QStringLiteral("NVIDIA A100 PCIe 80GB"));
    EXPECT_EQ(found("NVIDIA GeForce RTX 4090"), QStringLiteral("NVIDIA GeForce RTX 4090"));
    EXPECT_EQ(found("NVIDIA GeForce RTX 4090 D"), QStringLiteral("NVIDIA GeForce RTX 4090 D"));
    EXPECT_EQ(found("NVIDIA H100 PCIe"), QStringLiteral("NVIDIA H100 PCIe"));
    EXPECT_EQ(found("NVIDIA H100 80GB HBM3"), QStringLiteral("NVIDIA H100 SXM"));
    EXPECT_EQ(found("NVIDIA L40S"), QStringLiteral("NVIDIA L40S"));
    EXPECT_EQ(found("AMD Instinct MI250X/MI250"), QStringLiteral("AMD Instinct MI250X"));
    EXPECT_EQ(found("AMD Instinct MI210"), QStringLiteral("AMD Instinct MI210"));
    EXPECT_EQ(found("AMD Instinct MI300X"), QStringLiteral("AMD Instinct MI300X"));
    EXPECT_EQ(found("NVIDIA A1000"), QStringLiteral("(none)")); // whole words: not an A100

    // Dense datasheet figures, not the sparse ones vendors headline.
    const GpuSpec* a100 = catalog.find(QStringLiteral("NVIDIA A100-SXM4-80GB"));
    EXPECT_DOUBLE_EQ(a100->datasheet->memoryBandwidthTBps, 2.039);
    EXPECT_DOUBLE_EQ(a100->datasheet->computeRoofs.front().tflops, 312.0);
    const GpuSpec* rtx = catalog.find(QStringLiteral("NVIDIA GeForce RTX 4090"));
    EXPECT_DOUBLE_EQ(rtx->datasheet->memoryBandwidthTBps, 1.008);
    for (const GpuSpec& gpu : catalog.gpus())
        EXPECT_FALSE(gpu.sources.isEmpty()) << qPrintable(gpu.name);
}

TEST(GpuSpec, AnUnknownTraceGpuIsNamedBesideTheOneDrawn)
{
    const GpuCatalog& catalog = GpuCatalog::builtIn();
    const QString warning = catalog.unknownGpuWarning(QStringLiteral("NVIDIA Tesla T4"), catalog.defaultGpu());
    EXPECT_TRUE(warning.contains(QStringLiteral("\"NVIDIA Tesla T4\""))) << qPrintable(warning);
    EXPECT_TRUE(warning.contains(QStringLiteral("AMD Instinct MI300X's"))) << qPrintable(warning);
    EXPECT_TRUE(catalog.unknownGpuWarning(QStringLiteral("NVIDIA L40S"), catalog.defaultGpu()).isEmpty());
    EXPECT_TRUE(catalog.unknownGpuWarning(QString(), catalog.defaultGpu()).isEmpty()); // the trace names none
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

// What the peaks editor saves is what `--gpu-file` reads: written and read
// back, a catalogue keeps every figure, alias and source.
TEST(GpuSpec, TheBuiltInCatalogueRoundTripsThroughJson)
{
    const GpuCatalog& builtIn = GpuCatalog::builtIn();
    const QByteArray json = builtIn.toJson();
    EXPECT_TRUE(json.contains("\"format\": \"ridgeline-gpus/1\""));
    QString error;
    const auto back = GpuCatalog::fromJson(json, &error);
    ASSERT_TRUE(back) << qPrintable(error);
    ASSERT_EQ(back->gpus().size(), builtIn.gpus().size());
    for (size_t i = 0; i < builtIn.gpus().size(); ++i)
        EXPECT_EQ(back->gpus()[i], builtIn.gpus()[i]) << qPrintable(builtIn.gpus()[i].name);
    EXPECT_EQ(back->toJson(), json); // and writes the same text again
}

TEST(GpuSpec, AUserFileKeepsEachFiguresOwnSource)
{
    GpuSpec lab;
    lab.name = QStringLiteral("Lab GPU");
    lab.sources = QStringLiteral("vendor sheet");
    lab.maxAchievable = PeakFigures { 1.25, QStringLiteral("measured with a STREAM run"),
        { { QStringLiteral("matrix_bf16"), QStringLiteral("BF16 matrix"), 512.5, QStringLiteral("user override") },
            { QStringLiteral("vector_fp32"), QStringLiteral("FP32 vector"), 0.03125, {} } },
        QStringLiteral("a lab's STREAM and GEMM runs") };
    QString error;
    const auto back = GpuCatalog::fromJson(GpuCatalog::of({ lab }).toJson(), &error);
    ASSERT_TRUE(back) << qPrintable(error);
    const GpuSpec* read = back->find(QStringLiteral("lab gpu"));
    ASSERT_NE(read, nullptr);
    EXPECT_FALSE(read->datasheet);
    ASSERT_TRUE(read->maxAchievable);
    EXPECT_DOUBLE_EQ(read->maxAchievable->memoryBandwidthTBps, 1.25);
    EXPECT_EQ(read->maxAchievable->memorySource, QStringLiteral("measured with a STREAM run"));
    const ComputeRoof* bf16 = read->maxAchievable->roof(QStringLiteral("matrix_bf16"));
    ASSERT_NE(bf16, nullptr);
    EXPECT_DOUBLE_EQ(bf16->tflops, 512.5);
    EXPECT_EQ(read->sourceOf(bf16->source), QStringLiteral("user override"));
    const ComputeRoof* fp32 = read->maxAchievable->roof(QStringLiteral("vector_fp32"));
    ASSERT_NE(fp32, nullptr);
    EXPECT_DOUBLE_EQ(fp32->tflops, 0.03125);
    EXPECT_EQ(read->sourceOf(fp32->source), QStringLiteral("vendor sheet")); // none of its own: the GPU's
    EXPECT_EQ(*read, lab);
}

// Issue 22: a GPU file whose figures no GPU has, two GPUs of one name or an
// empty alias is refused with a line naming the GPU and the figure; one row
// per class.
struct HostileGpuFile
{
    const char* what;
    const char* json;
    const char* mustSay; // in the error
};

class GpuFileRefused : public ::testing::TestWithParam<HostileGpuFile>
{
};

TEST_P(GpuFileRefused, WithALineNamingTheGpuAndTheFigure)
{
    QString error;
    EXPECT_FALSE(GpuCatalog::fromJson(QByteArray(GetParam().json), &error)) << GetParam().what;
    EXPECT_TRUE(error.contains(QString::fromLatin1(GetParam().mustSay))) << qPrintable(error);
    EXPECT_LE(error.size(), 1000);
    EXPECT_FALSE(error.contains(u'\n'));
}

INSTANTIATE_TEST_SUITE_P(GpuSpec, GpuFileRefused,
    ::testing::Values(HostileGpuFile { "roof of 1e308 TFLOPS",
                          R"({"gpus": [{"name": "Big", "peaks": {"datasheet": {"hbm_tbps": 5, "tflops": {"matrix_bf16": 1e308}}}}]})",
                          "Big datasheet: tflops.matrix_bf16" },
        HostileGpuFile { "roof of 1e-300 TFLOPS",
            R"({"gpus": [{"name": "Tiny", "peaks": {"datasheet": {"hbm_tbps": 5, "tflops": {"vector_fp32": 1e-300}}}}]})",
            "0.01 to 100000 TFLOPS" },
        HostileGpuFile { "HBM of 1e-6 TB/s",
            R"({"gpus": [{"name": "AMD Instinct MI300X", "peaks": {"datasheet": {"hbm_tbps": 1e-6, "tflops": {}}}}]})",
            "AMD Instinct MI300X datasheet: hbm_tbps" },
        HostileGpuFile { "HBM of 1e308 TB/s",
            R"({"gpus": [{"name": "Fast", "peaks": {"max_achievable": {"hbm_tbps": 1e308, "tflops": {}}}}]})", "0.01 to 1000 TB/s" },
        HostileGpuFile { "cache roof of 1e308 TB/s",
            R"({"gpus": [{"name": "C", "peaks": {"datasheet": {"hbm_tbps": 5, "tflops": {}}}, "cache_roofs": [{"key": "l2", "tbps": 1e308}]}]})",
            "C: cache roof l2" },
        HostileGpuFile { "a cache of no size",
            R"({"gpus": [{"name": "C", "peaks": {"datasheet": {"hbm_tbps": 5, "tflops": {}}}, "cache_roofs": [{"key": "l2", "tbps": 9, "capacity_mb": 0}]}]})",
            "C: cache roof l2 needs capacity_mb" },
        HostileGpuFile { "a roof key that is no name",
            R"({"gpus": [{"name": "K", "peaks": {"datasheet": {"hbm_tbps": 5, "tflops": {"cache_roofsss!ss": 2.5}}}}]})",
            "K datasheet: tflops key \"cache_roofsss!ss\" is not a roof's name" },
        HostileGpuFile { "two GPUs of one name",
            R"({"gpus": [{"name": "Twin", "peaks": {"datasheet": {"hbm_tbps": 5, "tflops": {}}}}, {"name": "twin", "peaks": {"datasheet": {"hbm_tbps": 6, "tflops": {}}}}]})",
            "twin: a second GPU of this name (\"gpus\"[1])" },
        HostileGpuFile { "an empty alias",
            R"({"gpus": [{"name": "A", "aliases": ["", "B"], "peaks": {"datasheet": {"hbm_tbps": 5, "tflops": {}}}}]})",
            "A: an empty alias" },
        HostileGpuFile { "a GPU without a name",
            R"({"gpus": [{"name": "A", "peaks": {"datasheet": {"hbm_tbps": 5, "tflops": {}}}}, {"peaks": {}}]})",
            "GPU 2 of 2 (\"gpus\"[1]) has no name" }));

TEST(GpuSpec, RoofsOfEqualHeightRoundTripInOneOrderWhateverTheirKeys)
{
    // fuzz_session found it: a key led by a byte-order mark among roofs of
    // one height came back from a write and a read in another order.
    const QByteArray json = "{\"gpus\": [{\"name\": \"G\", \"peaks\": {\"datasheet\": {\"hbm_tbps\": 2, \"tflops\": "
                            "{\"zeta\": 1.5, \"\xEF\xBB\xBF"
                            "beta\": 1.5, \"alpha\": 1.5, \"Zeta\": 1.5, \"matrix_bf16\": 20}}}}]}";
    QString error;
    const auto read = GpuCatalog::fromJson(json, &error);
    ASSERT_TRUE(read) << qPrintable(error);
    const auto back = GpuCatalog::fromJson(read->toJson(), &error);
    ASSERT_TRUE(back) << qPrintable(error);
    EXPECT_EQ(back->gpus(), read->gpus());
    QStringList keys;
    for (const ComputeRoof& roof : read->gpus().front().datasheet->computeRoofs)
        keys << roof.key;
    // Qt's reader drops the mark; the rest by key (code units: Z before a).
    EXPECT_EQ(keys,
        (QStringList { QStringLiteral("matrix_bf16"), QStringLiteral("Zeta"), QStringLiteral("alpha"), QStringLiteral("beta"),
            QStringLiteral("zeta") }));
}

TEST(GpuSpec, MergingManyGpusReplacesByNameAndKeepsTheRest)
{
    // 50k overrides over 100k GPUs (a hash by folded name: the scan it
    // replaced compared each override with every GPU).
    std::vector<GpuSpec> gpus;
    for (int i = 0; i < 100000; ++i) {
        GpuSpec gpu;
        gpu.name = QStringLiteral("GPU %1").arg(i);
        gpu.datasheet = PeakFigures { 1, {}, {}, {} };
        gpus.push_back(std::move(gpu));
    }
    GpuCatalog catalog = GpuCatalog::of(gpus);
    std::vector<GpuSpec> overrides(gpus.begin(), gpus.begin() + 50000);
    for (GpuSpec& gpu : overrides)
        gpu.datasheet->memoryBandwidthTBps = 2;
    catalog.merge(GpuCatalog::of(overrides));
    ASSERT_EQ(catalog.gpus().size(), 100000u);
    EXPECT_EQ(catalog.gpus()[49999].datasheet->memoryBandwidthTBps, 2);
    EXPECT_EQ(catalog.gpus()[50000].datasheet->memoryBandwidthTBps, 1);
}
