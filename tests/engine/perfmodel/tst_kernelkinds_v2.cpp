// Ridgeline's rules for the kernels TraceLens does not model, on hand-made
// V2 args: GEMM templates, foreach, split scans, generic names and
// user-written kernels. Every figure is worked out by hand in the comments.
#include "engine/perfmodel/kernelmodeller.h"
#include "engine/results/kernelrow.h"
#include "engine/roofline/roofline.h"
#include "engine/triton/opcatalog.h"
#include "v2args.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using Args = Ridgeline::Test::V2Args;

namespace {

KernelName parsed(const QString& name, std::optional<KernelCategory> category = {})
{
    KernelName n = parseKernelName(name, OpCatalog::builtIn());
    if (category)
        n.category = *category;
    return n;
}

KernelModel model(
    const char* name, const TritonOpArgs& args, std::optional<KernelCategory> category = {}, const WrapperKernel* block = nullptr)
{
    const QString kernel = QString::fromLatin1(name);
    ModelInput input { kernel, parsed(kernel, category), &args };
    input.cacheBlock = block;
    return KernelModeller::standard().model(input);
}

// A launched row of one call taking `us` microseconds.
KernelRow rowOf(const KernelModel& m, const char* name, double us)
{
    KernelRow row;
    row.name = QString::fromLatin1(name);
    row.parsedName = parsed(row.name);
    row.model = m;
    row.calls = 1;
    SampleStats time;
    time.count = 1;
    time.sum = time.mean = time.median = time.min = time.max = us;
    row.kernelTimeUs = time;
    SampleStats rate = time;
    if (auto bytes = row.bytes()) {
        rate.sum = rate.mean = rate.median = rate.min = rate.max = *bytes / 1e12 / (us / 1e6);
        row.tbPerS = rate;
    }
    if (auto flops = row.flops()) {
        rate.sum = rate.mean = rate.median = rate.min = rate.max = *flops / 1e12 / (us / 1e6);
        row.tflopsPerS = rate;
    }
    return row;
}

const PeakFigures& peaksOf(const char* gpu)
{
    return GpuCatalog::builtIn().find(QString::fromLatin1(gpu))->peaks(PeakSet::Datasheet);
}

} // namespace

TEST(KernelKindsV2, TemplateMmIsTwoMnkOverItsThreeMatrices)
{
    // A [1024, 512] x B [512, 256] -> C [1024, 256], bf16; no integer args.
    Args a;
    a.tensor({ 1024, 512 }, "c10::BFloat16").tensor({ 512, 256 }, "c10::BFloat16").tensor({ 1024, 256 }, "c10::BFloat16").done();
    const KernelModel m = model("triton_tem_fused_mm_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2) << qPrintable(m.reason);
    ASSERT_TRUE(m.gemm.has_value());
    EXPECT_EQ(m.gemm->m, 1024);
    EXPECT_EQ(m.gemm->n, 256);
    EXPECT_EQ(m.gemm->k, 512);
    EXPECT_EQ(m.gemm->outArg, 2);
    EXPECT_EQ(m.flops, 268435456); // 2 x 1024 x 256 x 512
    ASSERT_TRUE(m.bytes.has_value());
    EXPECT_EQ(*m.bytes, 1835008); // (1024x512 + 512x256 + 1024x256) x 2
    EXPECT_EQ(m.outputWriteBytes, 0); // no pointwise extra write
    EXPECT_TRUE(m.reason.contains(QStringLiteral("Ridgeline's rule for template GEMMs"))) << qPrintable(m.reason);
    // TraceLens's view: not modelled.
    EXPECT_EQ(m.traceLensFlops, 0);
    ASSERT_FALSE(m.traceLensDifferences.isEmpty());
    EXPECT_TRUE(m.traceLensDifferences.front().contains(QStringLiteral("template")));
}

TEST(KernelKindsV2, TemplateAddmmCountsBiasAddAndEpilogue)
{
    // bias [256] (rank 1: not an operand), A [128, 64], B [64, 256], C [128, 256], fp16.
    // 2 x 128 x 256 x 64 = 4,194,304; addmm's bias add 1 + relu 1 per output element:
    // 2 x 128 x 256 = 65,536. Bytes (256 + 8192 + 16384 + 32768) x 2 = 115,200.
    Args a;
    a.tensor({ 256 }, "c10::Half")
        .tensor({ 128, 64 }, "c10::Half")
        .tensor({ 64, 256 }, "c10::Half")
        .tensor({ 128, 256 }, "c10::Half")
        .done();
    const KernelModel m = model("triton_tem_fused_addmm_relu_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2) << qPrintable(m.reason);
    ASSERT_TRUE(m.gemm.has_value());
    EXPECT_EQ(m.gemm->op, QStringLiteral("addmm"));
    EXPECT_EQ(m.gemm->aArg, 1);
    EXPECT_EQ(m.gemm->bArg, 2);
    EXPECT_EQ(m.gemm->gemmFlops, 4194304);
    EXPECT_EQ(m.gemm->epilogueFlops, 65536);
    EXPECT_EQ(m.flops, 4259840);
    EXPECT_EQ(*m.bytes, 115200);
}

TEST(KernelKindsV2, TemplateBmmMultipliesTheBatch)
{
    // [4, 64, 32] x [4, 32, 16] -> [4, 64, 16], fp32: 2 x 4 x 64 x 16 x 32 = 262,144 FLOPs;
    // (8192 + 2048 + 4096) x 4 = 57,344 bytes.
    Args a;
    a.tensor({ 4, 64, 32 }, "c10::Float").tensor({ 4, 32, 16 }, "c10::Float").tensor({ 4, 64, 16 }, "c10::Float").done();
    const KernelModel m = model("triton_tem_fused_bmm_0", a.args);
    ASSERT_TRUE(m.gemm.has_value()) << qPrintable(m.reason);
    EXPECT_EQ(m.gemm->batch, 4);
    EXPECT_EQ(m.flops, 262144);
    EXPECT_EQ(*m.bytes, 57344);
    EXPECT_EQ(m.xnumel, 4 * 64 * 16);
    EXPECT_EQ(m.rnumel, 32);
}

TEST(KernelKindsV2, TemplateWithoutGemmOpHasUnknownFlopsNotZero)
{
    // flex attention's template: no mm among its ops.
    Args a;
    a.tensor({ 2, 4, 128, 64 }, "c10::BFloat16").tensor({ 2, 4, 128, 64 }, "c10::BFloat16").done();
    const KernelModel m = model("triton_tem_fused_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2) << qPrintable(m.reason);
    EXPECT_FALSE(m.flopsKnown);
    EXPECT_EQ(*m.bytes, 2 * 2 * 4 * 128 * 64 * 2);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("FLOPs unknown")));
}

TEST(KernelKindsV2, TemplatesLandOnTheMatrixRoofOfTheirOperands)
{
    Args bf16;
    bf16.tensor({ 1024, 512 }, "c10::BFloat16").tensor({ 512, 256 }, "c10::BFloat16").tensor({ 1024, 256 }, "c10::BFloat16").done();
    const KernelRow row = rowOf(model("triton_tem_fused_mm_0", bf16.args), "triton_tem_fused_mm_0", 10.0);
    const auto placement = placeKernel(row, peaksOf("MI300X"));
    ASSERT_TRUE(placement.has_value());
    EXPECT_EQ(placement->roof->key, QStringLiteral("matrix_bf16"));
    // 268,435,456 FLOPs / 1,835,008 B = 146.3 FLOP/B, below the BF16 ridge (1307.4 / 5.3 = 246.7): memory-bound.
    EXPECT_NEAR(placement->intensity, 146.285714, 1e-5);
    EXPECT_EQ(placement->bound, RooflinePlacement::Bound::Memory);

    // FP32 operands from V2 (ALLOW_TF32 unknown): CDNA's FP32 matrix roof;
    // on an A100, which has none, the FP32 vector roof, not TF32.
    Args fp32;
    fp32.tensor({ 64, 32 }, "c10::Float").tensor({ 32, 16 }, "c10::Float").tensor({ 64, 16 }, "c10::Float").done();
    const KernelRow f = rowOf(model("triton_tem_fused_mm_1", fp32.args), "triton_tem_fused_mm_1", 1.0);
    EXPECT_EQ(placeKernel(f, peaksOf("MI300X"))->roof->key, QStringLiteral("matrix_fp32"));
    EXPECT_EQ(placeKernel(f, peaksOf("NVIDIA A100 SXM4 80GB"))->roof->key, QStringLiteral("vector_fp32"));
    // A pointwise kernel of the same dtype stays on a vector roof.
    Args poi;
    poi.tensor({ 4096 }, "c10::BFloat16").scalar("4096").done();
    const KernelRow p = rowOf(model("triton_poi_fused_add_0", poi.args), "triton_poi_fused_add_0", 1.0);
    EXPECT_TRUE(placeKernel(p, peaksOf("MI300X"))->roof->key.startsWith(QStringLiteral("vector_")));
}

TEST(KernelKindsV2, ForeachSumsItsTensorListsAndSubKernels)
{
    // _foreach_add over two tensors of 1000 and 3000 fp32 elements: in, in, out, out.
    // Bytes (1000 + 3000) x 4 x 2 = 32,000; with one xnumel per sub-kernel in
    // Concrete Inputs, elements 1000 + 3000 = 4000 and add's 1 FLOP each.
    Args a;
    a.tensor({ 1000 }, "c10::Float").tensor({ 3000 }, "c10::Float").tensor({ 1000 }, "c10::Float").tensor({ 3000 }, "c10::Float");
    Args withCounts = a;
    withCounts.scalar("1000").scalar("3000").done();
    const KernelModel m = model("triton_for_fused__foreach_add_0", withCounts.args);
    ASSERT_EQ(m.provenance, Provenance::V2) << qPrintable(m.reason);
    EXPECT_EQ(*m.bytes, 32000);
    EXPECT_EQ(m.xnumel, 4000);
    EXPECT_TRUE(m.flopsKnown);
    EXPECT_EQ(m.flops, 4000);
    EXPECT_EQ(m.traceLensFlopsPerElement, 0); // _foreach_add is not in TraceLens's table

    // Without integer args the elements are unknown: bytes stay, FLOPs unknown.
    a.done();
    const KernelModel noCounts = model("triton_for_fused__foreach_add_0", a.args);
    ASSERT_EQ(noCounts.provenance, Provenance::V2) << qPrintable(noCounts.reason);
    EXPECT_EQ(*noCounts.bytes, 32000);
    EXPECT_FALSE(noCounts.flopsKnown);
}

TEST(KernelKindsV2, SplitScanReadsAndWritesEveryElement)
{
    // cumsum (1) + exp (4) + sub (1) = 6 FLOPs per element over 64 x 4096;
    // input and output [64, 4096] fp32: 2 x 262,144 x 4 = 2,097,152 bytes.
    Args a;
    a.tensor({ 64, 4096 }, "c10::Float").tensor({ 64, 4096 }, "c10::Float").scalar("64").scalar("4096").done();
    const KernelModel m = model("triton_spl_fused_cumsum_exp_sub_3", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2) << qPrintable(m.reason);
    EXPECT_EQ(m.xnumel, 64);
    EXPECT_EQ(m.rnumel, 4096);
    EXPECT_EQ(m.flopsPerElement, 6);
    EXPECT_EQ(m.flops, 6 * 64 * 4096);
    EXPECT_EQ(*m.bytes, 2097152);
    EXPECT_EQ(m.outputWriteBytes, 0);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("split scans")));
}

TEST(KernelKindsV2, GenericNameTakesOpsFromTheCacheBlock)
{
    // triton_3: two [4096] bf16 tensors = 16,384 bytes, xnumel 4096.
    Args a;
    a.tensor({ 4096 }, "c10::BFloat16").tensor({ 4096 }, "c10::BFloat16").scalar("4096").done();
    const KernelModel alone = model("triton_3", a.args);
    ASSERT_EQ(alone.provenance, Provenance::V2) << qPrintable(alone.reason);
    EXPECT_EQ(*alone.bytes, 16384);
    EXPECT_EQ(alone.xnumel, 4096);
    EXPECT_FALSE(alone.flopsKnown);

    // The cache's block lists add and mul: 2 FLOPs x 4096.
    WrapperKernel block;
    block.name = QStringLiteral("triton_3");
    block.heuristic = HeuristicKind::Pointwise;
    block.hasAtenComment = true;
    block.atenOps = QStringList { QStringLiteral("add"), QStringLiteral("mul") };
    const KernelModel withBlock = model("triton_3", a.args, {}, &block);
    EXPECT_TRUE(withBlock.flopsKnown);
    EXPECT_EQ(withBlock.flops, 8192);
    EXPECT_TRUE(withBlock.reason.contains(QStringLiteral("Original ATen"))) << qPrintable(withBlock.reason);

    // A reduction block makes the last two integers xnumel and rnumel.
    Args red;
    red.tensor({ 64, 512 }, "c10::Float").tensor({ 64 }, "c10::Float").scalar("64").scalar("512").done();
    block.heuristic = HeuristicKind::Reduction;
    block.decorator = QStringLiteral("triton_heuristics.reduction");
    block.atenOps = QStringList { QStringLiteral("sum") };
    const KernelModel reduction = model("triton_3", red.args, {}, &block);
    EXPECT_EQ(reduction.xnumel, 64);
    EXPECT_EQ(reduction.rnumel, 512);
    EXPECT_EQ(reduction.flops, 64 * 512);
}

TEST(KernelKindsV2, UserKernelIsPlacedOnTheMemoryRoofWithFlopsUnknown)
{
    // _rms_norm_forward_kernel: x [8, 4096], weight [4096], y [8, 4096] fp16 =
    // (32768 + 4096 + 32768) x 2 = 139,264 bytes.
    Args a;
    a.tensor({ 8, 4096 }, "c10::Half").tensor({ 4096 }, "c10::Half").tensor({ 8, 4096 }, "c10::Half").scalar("4096").scalar("1e-06").done();
    const KernelModel m = model("_rms_norm_forward_kernel", a.args, KernelCategory::User);
    ASSERT_EQ(m.provenance, Provenance::V2) << qPrintable(m.reason);
    EXPECT_EQ(*m.bytes, 139264);
    EXPECT_FALSE(m.flopsKnown);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("user-written")));

    KernelRow row = rowOf(m, "_rms_norm_forward_kernel", 0.1);
    row.parsedName.category = KernelCategory::User;
    EXPECT_FALSE(row.flops().has_value()); // unknown, not 0
    EXPECT_FALSE(row.flopsPerByte().has_value());
    const auto placement = placeKernel(row, peaksOf("MI300X"));
    ASSERT_TRUE(placement.has_value());
    EXPECT_TRUE(placement->memoryOnly);
    EXPECT_TRUE(placement->flopsUnknown);
    // 139,264 B in 0.1 us = 1.39264 TB/s of 5.3.
    EXPECT_NEAR(placement->fractionOfRoof, 1.39264 / 5.3, 1e-9);
}
