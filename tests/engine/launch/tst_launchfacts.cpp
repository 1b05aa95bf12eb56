// The launch of one kernel from hand-built inputs: programs and waves from
// kernel_kwargs, from a source constexpr and from size_hints; a grid in
// blocks and one in work-items; compute units from the trace and from the
// catalogue; the share of lanes that do work. Every figure derived by hand
// in the comment beside it.
#include "engine/export/launch/launchexport.h"
#include "engine/kernelsource/sourcefacts.h"
#include "engine/launch/blocksizes.h"
#include "engine/launch/computeunits.h"
#include "engine/launch/launchofkernel.h"
#include "testsupport.h"

#include <QJsonObject>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

KernelModel v2Model(std::int64_t xnumel, std::int64_t rnumel = 1)
{
    KernelModel model;
    model.provenance = Provenance::V2;
    model.xnumel = xnumel;
    model.rnumel = rnumel;
    model.xnumelSource = QStringLiteral("Concrete Inputs[2], the last integer");
    return model;
}

// A model with no figures but the cache's block: its size_hints and source.
KernelModel blockOnly(const QString& source, std::vector<SizeHint> hints)
{
    KernelModel model;
    model.provenance = Provenance::None;
    V1Derivation v1;
    v1.kernel.source = source;
    v1.kernel.sizeHints = std::move(hints);
    v1.kernel.heuristic = HeuristicKind::PersistentReduction;
    model.v1 = v1;
    return model;
}

LaunchShape shape(std::int64_t gx, std::int64_t bx)
{
    LaunchShape s;
    s.grid[0] = gx;
    s.grid[1] = s.grid[2] = 1;
    s.block[0] = bx;
    s.block[1] = s.block[2] = 1;
    return s;
}

TritonOpArgs kwargs(const QString& text, int warps = 4, int stages = 1)
{
    TritonOpArgs args;
    args.kernelKwargs = text;
    args.numWarps = warps;
    args.numStages = stages;
    return args;
}

// The hkust-nlp vLLM cache's RMSNorm (PyTorch 2.6+): xnumel an argument,
// r0_numel stated, both block sizes fixed as constexprs.
const char* const rmsNormSource = R"(
@triton.jit
def triton_per_fused__to_copy_add_mean_mul_pow_rsqrt_0(in_ptr0, in_ptr1, in_ptr2, out_ptr1, xnumel, r0_numel):
    XBLOCK: tl.constexpr = 1
    r0_numel = 576
    R0_BLOCK: tl.constexpr = 1024
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
)";

} // namespace

TEST(BlockSizes, KwargsFirstThenTheSourcesConstexprs)
{
    const BlockSizes fromKwargs = readBlockSizes(QStringLiteral("XBLOCK=1,R0_BLOCK=2048,waves_per_eu=2"), nullptr);
    ASSERT_TRUE(fromKwargs.x && fromKwargs.r0);
    EXPECT_EQ(fromKwargs.x->value, 1);
    EXPECT_EQ(fromKwargs.r0->value, 2048);
    EXPECT_EQ(fromKwargs.x->source, QStringLiteral("kernel_kwargs"));
    EXPECT_FALSE(fromKwargs.y);

    const TritonSourceFacts facts = readTritonSourceFacts(QString::fromUtf8(rmsNormSource));
    EXPECT_EQ(facts.xblock, 1);
    EXPECT_EQ(facts.r0block, 1024); // "RBLOCK: tl.constexpr = R0_BLOCK" restates it: not a number, not read
    EXPECT_FALSE(facts.yblock);
    // kernel_kwargs win over the source; the source fills what they lack.
    const BlockSizes both = readBlockSizes(QStringLiteral("XBLOCK=8"), &facts);
    EXPECT_EQ(both.x->value, 8);
    EXPECT_EQ(both.r0->value, 1024);
    EXPECT_EQ(both.r0->source, QStringLiteral("the source's constexpr"));

    // No Triton block: not a power of two, zero, negative, past 2^20, no number.
    const BlockSizes bad = readBlockSizes(QStringLiteral("XBLOCK=96,YBLOCK=0,R0_BLOCK=-4"), nullptr);
    EXPECT_FALSE(bad.x || bad.y || bad.r0);
    EXPECT_FALSE(readBlockSizes(QStringLiteral("XBLOCK=2097152,R0_BLOCK=x,=,,"), nullptr).x);
}

TEST(LaunchFacts, ProgramsAndWavesFromKwargsWithAGridInBlocks)
{
    // xDiT's addmm+GELU: xnumel 79,691,776 / XBLOCK 4,096 = 19,456 programs,
    // the grid's own count; 19,456 / 304 CUs = 64 waves; 19,456 x 4,096 =
    // 79,691,776 lanes, every one inside xnumel.
    const KernelModel model = v2Model(79691776);
    const TritonOpArgs args = kwargs(QStringLiteral("XBLOCK=4096"));
    const LaunchShape grid = shape(19456, 256);
    const auto facts = launchOfKernel({ &model, KernelCategory::Pointwise, &args, &grid, {}, 304 });
    ASSERT_TRUE(facts);
    EXPECT_EQ(facts->numWarps, 4);
    EXPECT_EQ(facts->numStages, 1);
    EXPECT_EQ(facts->programs, 19456);
    EXPECT_EQ(facts->gridCounts, GridCounts::Blocks);
    EXPECT_FALSE(facts->programsApproximate);
    EXPECT_TRUE(facts->programsSource.contains(QStringLiteral("ceil(xnumel 79691776 / XBLOCK 4096)"))) << qPrintable(facts->programsSource);
    EXPECT_EQ(facts->computeUnits, 304);
    EXPECT_EQ(facts->computeUnitsSource, traceComputeUnitsSource());
    EXPECT_DOUBLE_EQ(*facts->waves, 64.0);
    EXPECT_DOUBLE_EQ(*facts->activeLaneShare, 1.0);
    EXPECT_TRUE(facts->note.isEmpty());
}

TEST(LaunchFacts, AGridInWorkItemsIsReadAsProgramsTimesBlock)
{
    // Some ROCm launches write the global size: 19,456 programs x 256
    // work-items = 4,980,736 in the grid. Read as blocks it would be 256x
    // too many programs.
    const KernelModel model = v2Model(79691776);
    const TritonOpArgs args = kwargs(QStringLiteral("XBLOCK=4096"));
    const LaunchShape grid = shape(19456 * 256, 256);
    const auto facts = launchOfKernel({ &model, KernelCategory::Pointwise, &args, &grid, {}, 304 });
    ASSERT_TRUE(facts);
    EXPECT_EQ(facts->gridCounts, GridCounts::WorkItems);
    EXPECT_EQ(facts->programs, 19456);
    EXPECT_DOUBLE_EQ(*facts->waves, 64.0);
    EXPECT_EQ(gridCountsKey(*facts->gridCounts), QStringLiteral("work_items"));
}

TEST(LaunchFacts, AGridThatDisagreesWithTheNumelsIsReadAsBlocksWithANote)
{
    // ceil(4,864 / 1,024) = 5 programs, but the grid says 7 (nor 5 x 512):
    // the grid is the measurement; the row says they disagree.
    const KernelModel model = v2Model(4864);
    const TritonOpArgs args = kwargs(QStringLiteral("XBLOCK=1024"));
    const LaunchShape grid = shape(7, 512);
    const auto facts = launchOfKernel({ &model, KernelCategory::Pointwise, &args, &grid, {}, 304 });
    ASSERT_TRUE(facts);
    EXPECT_EQ(facts->programs, 7);
    EXPECT_EQ(facts->gridCounts, GridCounts::Blocks);
    EXPECT_TRUE(facts->note.contains(QStringLiteral("= 5 programs"))) << qPrintable(facts->note);
    // The lanes follow the numels: 4,864 of 5 x 1,024 = 5,120 do work (95 %).
    EXPECT_DOUBLE_EQ(*facts->activeLaneShare, 4864.0 / 5120.0);
}

TEST(LaunchFacts, ProgramsFromASourceConstexprAndSizeHints)
{
    // The RMSNorm's source fixes XBLOCK = 1 and R0_BLOCK = 1,024; its
    // xnumel is an argument, so the programs come from size_hints' x, 8,192
    // (a power of two at least xnumel): approximate. 8,192 / 304 CUs =
    // 26.947 waves. r0_numel 576 in an R0_BLOCK of 1,024: 56.25 % of the
    // lanes work (XBLOCK 1 pads no row).
    const KernelModel model
        = blockOnly(QString::fromUtf8(rmsNormSource), { { QStringLiteral("x"), 8192 }, { QStringLiteral("r0_"), 1024 } });
    const auto facts = launchOfKernel({ &model, KernelCategory::PersistentReduction, nullptr, nullptr, model.v1->kernel.source, 304 });
    EXPECT_FALSE(facts); // no args and no grid: the trace says nothing of the launch

    TritonOpArgs noKwargs; // the op was recorded, without launch args
    noKwargs.numWarps = 8;
    const auto stated = launchOfKernel({ &model, KernelCategory::PersistentReduction, &noKwargs, nullptr, model.v1->kernel.source, 304 });
    ASSERT_TRUE(stated);
    EXPECT_EQ(stated->programs, 8192);
    EXPECT_TRUE(stated->programsApproximate);
    EXPECT_FALSE(stated->gridCounts);
    EXPECT_TRUE(stated->programsSource.contains(QStringLiteral("ceil(xnumel 8192 / XBLOCK 1)"))) << qPrintable(stated->programsSource);
    EXPECT_TRUE(stated->programsSource.contains(QStringLiteral("size_hints")));
    EXPECT_NEAR(*stated->waves, 8192.0 / 304.0, 1e-12);
    EXPECT_DOUBLE_EQ(*stated->activeLaneShare, 0.5625);
    EXPECT_TRUE(stated->activeLaneShareSource.contains(QStringLiteral("r0_numel 576 over 1 x R0_BLOCK 1024")))
        << qPrintable(stated->activeLaneShareSource);
}

TEST(LaunchFacts, SizeHintsGiveApproximateProgramsAndNoLaneShare)
{
    // No figures, no source, kwargs XBLOCK 1,024: xnumel only from
    // size_hints' 65,536, so 64 programs at most, approximate; 64 / 132 SMs
    // = 0.485 waves. A rounded xnumel says nothing of the padding: no share.
    KernelModel model = blockOnly(QString(), { { QStringLiteral("x"), 65536 } });
    model.v1->kernel.heuristic = HeuristicKind::Pointwise;
    const TritonOpArgs args = kwargs(QStringLiteral("XBLOCK=1024"));
    const auto facts = launchOfKernel({ &model, KernelCategory::Pointwise, &args, nullptr, {}, 132 });
    ASSERT_TRUE(facts);
    EXPECT_EQ(facts->programs, 64);
    EXPECT_TRUE(facts->programsApproximate);
    EXPECT_NEAR(*facts->waves, 64.0 / 132.0, 1e-12);
    EXPECT_FALSE(facts->activeLaneShare);
}

TEST(LaunchFacts, WithoutABlockSizeTheGridGivesThePrograms)
{
    // An NVIDIA trace of PyTorch 2.4: no kernel_kwargs, no source, but the
    // GPU event's grid [3920, 1, 1] and CUPTI's figures: 3,920 programs in
    // blocks, 3,920 / 114 SMs = 34.386 waves (CUPTI's own "blocks per SM").
    const KernelModel model; // no figures
    LaunchShape grid = shape(3920, 128);
    grid.registersPerThread = 48;
    grid.sharedMemory = 0;
    grid.blocksPerSm = 34.385963;
    grid.estAchievedOccupancyPercent = 83;
    const auto facts = launchOfKernel({ &model, KernelCategory::Pointwise, nullptr, &grid, {}, 114 });
    ASSERT_TRUE(facts);
    EXPECT_EQ(facts->programs, 3920);
    EXPECT_EQ(facts->gridCounts, GridCounts::Blocks);
    EXPECT_TRUE(facts->programsSource.contains(QStringLiteral("no block size"))) << qPrintable(facts->programsSource);
    EXPECT_NEAR(*facts->waves, 3920.0 / 114.0, 1e-12);
    EXPECT_EQ(facts->registersPerThread, 48);
    EXPECT_EQ(facts->sharedMemory, 0);
    EXPECT_DOUBLE_EQ(*facts->blocksPerSm, 34.385963);
    EXPECT_DOUBLE_EQ(*facts->estAchievedOccupancyPercent, 83);
    EXPECT_FALSE(facts->activeLaneShare);
    EXPECT_FALSE(facts->numWarps);
}

TEST(LaunchFacts, ComputeUnitsFromTheTraceFirstElseTheCatalogue)
{
    // 16 programs: on the trace's 108 SMs 0.148 waves; without
    // deviceProperties, on the judged MI300X's catalogue 304 CUs 0.0526.
    const KernelModel model = v2Model(16);
    const TritonOpArgs args = kwargs(QStringLiteral("XBLOCK=1"));
    KernelRow withTrace;
    withTrace.launch = *launchOfKernel({ &model, KernelCategory::Pointwise, &args, nullptr, {}, 108 });
    KernelRow withoutTrace;
    withoutTrace.launch = *launchOfKernel({ &model, KernelCategory::Pointwise, &args, nullptr, {}, std::nullopt });
    EXPECT_FALSE(withoutTrace.launch->computeUnits);
    EXPECT_FALSE(withoutTrace.launch->waves);

    const GpuSpec& gpu = mi300x();
    ASSERT_EQ(gpu.computeUnits, 304);
    const auto traced = judgedLaunch(withTrace, gpu);
    EXPECT_EQ(traced->computeUnits, 108);
    EXPECT_NEAR(*traced->waves, 16.0 / 108.0, 1e-12);
    const auto catalogued = judgedLaunch(withoutTrace, gpu);
    EXPECT_EQ(catalogued->computeUnits, 304);
    EXPECT_NEAR(*catalogued->waves, 16.0 / 304.0, 1e-12);
    EXPECT_TRUE(catalogued->computeUnitsSource.startsWith(QStringLiteral("the GPU catalogue: AMD Instinct MI300X (AMD CDNA 3")))
        << qPrintable(catalogued->computeUnitsSource);

    const QJsonObject json = launchJson(withoutTrace, gpu).toQJson().toObject();
    EXPECT_EQ(json.value(QStringLiteral("programs")).toInteger(), 16);
    EXPECT_EQ(json.value(QStringLiteral("compute_units")).toInt(), 304);
    EXPECT_DOUBLE_EQ(json.value(QStringLiteral("waves")).toDouble(), 0.0526316); // 6 significant digits
    EXPECT_EQ(json.value(QStringLiteral("kwargs")).toObject().value(QStringLiteral("XBLOCK")).toInt(), 1);
    EXPECT_TRUE(json.value(QStringLiteral("grid")).isNull());
    EXPECT_TRUE(json.value(QStringLiteral("registers_per_thread")).isNull());
    EXPECT_EQ(launchCsvFields(withoutTrace, gpu), (QStringList { QStringLiteral("16"), QStringLiteral("0.0526316") }));
    EXPECT_EQ(launchCsvFields(KernelRow {}, gpu), (QStringList { QString(), QString() }));
}

TEST(LaunchFacts, TheCatalogueHasComputeUnitsForEveryGpuAndReadsThemBack)
{
    for (const GpuSpec& gpu : GpuCatalog::builtIn().gpus()) {
        SCOPED_TRACE(qPrintable(gpu.name));
        ASSERT_TRUE(gpu.computeUnits);
        EXPECT_GE(*gpu.computeUnits, 100);
        EXPECT_FALSE(gpu.computeUnitsSource.isEmpty());
    }
    EXPECT_EQ(GpuCatalog::builtIn().find(QStringLiteral("H100"))->computeUnits, 132);
    QString error;
    const auto again = GpuCatalog::fromJson(GpuCatalog::builtIn().toJson(), &error);
    ASSERT_TRUE(again) << qPrintable(error);
    EXPECT_EQ(*again, GpuCatalog::builtIn());
    // A figure that is no count of compute units is refused, naming it.
    const QByteArray bad
        = R"({"gpus": [{"name": "X", "compute_units": 0.5, "peaks": {"datasheet": {"hbm_tbps": 1, "tflops": {"vector_fp32": 10}}}}]})";
    EXPECT_FALSE(GpuCatalog::fromJson(bad, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("compute_units"))) << qPrintable(error);
}
