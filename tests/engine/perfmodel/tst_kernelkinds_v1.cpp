// Ridgeline's rules for the kernels TraceLens does not model, on V1 cache
// blocks: template GEMMs (M, N, K from the template's source), foreach
// kernels (one "xnumel =" per sub-kernel), split scans, user kernels; exact
// counts where a block states them; Inductor's estimates in inductor_meta.
#include "engine/inductorcache/inductorcacheindex.h"
#include "engine/perfmodel/kernelmodeller.h"
#include "engine/triton/opcatalog.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

// One wrapper block: decorator arguments and the kernel's body as written.
QByteArray block(const QByteArray& name, const QByteArray& aten, const QByteArray& decorator, const QByteArray& decoratorArgs,
    const QByteArray& params, const QByteArray& body)
{
    return "# Original ATen: [" + aten + "]\n" + name + " = async_compile.triton('" + name + "', '''\nimport triton\n\n@triton_heuristics."
        + decorator + "(\n" + decoratorArgs + "\n)\n@triton.jit\ndef " + name + "(" + params + "):\n" + body
        + "''', device_str='cuda')\n\n";
}

KernelModel modelFrom(const QByteArray& wrapper, const char* name, const TritonOpArgs* args = nullptr)
{
    auto index = std::make_shared<InductorCacheIndex>(QStringLiteral("test cache"));
    index->addFile(QStringLiteral("wrapper.py"), wrapper);
    const QString kernel = QString::fromLatin1(name);
    static const TritonOpArgs none;
    return KernelModeller::withInductorCache(index, {}).model(
        { kernel, parseKernelName(kernel, OpCatalog::builtIn()), args ? args : &none });
}

const QByteArray templateMeta
    = "    num_stages=2,\n    num_warps=4,\n"
      "    triton_meta={'signature': {'arg_A': '*bf16', 'arg_B': '*bf16', 'out_ptr0': '*bf16'}, 'constants': {}},\n"
      "    inductor_meta={'kernel_name': 'triton_tem_fused_mm_0', 'kernel_num_gb': 0.001835008, 'kernel_flop': 268435456},";

QByteArray templateBody(const QByteArray& m)
{
    return "    GROUP_M : tl.constexpr = 8\n    ALLOW_TF32 : tl.constexpr = False\n    A = arg_A\n    B = arg_B\n\n    M = " + m
        + "\n    N = 256\n    K = 512\n    stride_am = 512\n";
}

} // namespace

TEST(KernelKindsV1, StaticTemplateFromItsSource)
{
    // M = 1024, N = 256, K = 512 in bf16: 2 x 1024 x 256 x 512 = 268,435,456 FLOPs;
    // A 1024 x 512 + B 512 x 256 + C 1024 x 256 = 917,504 elements x 2 = 1,835,008 bytes.
    const QByteArray wrapper
        = block("triton_tem_fused_mm_0", "aten.mm", "template", templateMeta, "arg_A, arg_B, out_ptr0", templateBody("1024"));
    const KernelModel m = modelFrom(wrapper, "triton_tem_fused_mm_0");
    ASSERT_EQ(m.provenance, Provenance::V1) << qPrintable(m.reason);
    ASSERT_TRUE(m.gemm.has_value());
    EXPECT_EQ(m.gemm->m, 1024);
    EXPECT_EQ(m.gemm->n, 256);
    EXPECT_EQ(m.gemm->k, 512);
    EXPECT_EQ(m.gemm->operandDtype, QStringLiteral("*bf16"));
    EXPECT_EQ(m.gemm->allowTf32, false);
    EXPECT_EQ(m.flops, 268435456);
    ASSERT_TRUE(m.bytes.has_value());
    EXPECT_EQ(*m.bytes, 1835008);
    ASSERT_TRUE(m.v1.has_value());
    EXPECT_FALSE(m.v1->approximate); // only A, B and the output: every shape is stated
    EXPECT_EQ(m.v1->terms.size(), 3u);
    EXPECT_EQ(m.traceLensFlops, 0);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("template GEMMs"))) << qPrintable(m.reason);

    // Inductor's estimate from inductor_meta matches here: 0.001835008 GB, 268,435,456 FLOPs.
    ASSERT_TRUE(m.inductor.has_value());
    EXPECT_EQ(*m.inductor->bytes, 1835008);
    EXPECT_EQ(*m.inductor->flops, 268435456);
    EXPECT_TRUE(m.inductor->source.contains(QStringLiteral("inductor_meta")));
}

TEST(KernelKindsV1, DynamicTemplateSaysWhichSizeIsUnknown)
{
    const QByteArray wrapper
        = block("triton_tem_fused_mm_0", "aten.mm", "template", templateMeta, "arg_A, arg_B, out_ptr0, ks0", templateBody("ks0"));
    const KernelModel m = modelFrom(wrapper, "triton_tem_fused_mm_0");
    EXPECT_EQ(m.provenance, Provenance::None);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("M = ks0"))) << qPrintable(m.reason);
    ASSERT_TRUE(m.v1.has_value()); // the block is still shown
}

TEST(KernelKindsV1, ForeachCountsEachSubKernelsPointers)
{
    // Sub-kernel 0: in_ptr0 -> out_ptr0 over 1000 fp32; sub-kernel 1: in_ptr1 -> out_ptr1 over 3000.
    // Bytes (1000 + 1000 + 3000 + 3000) x 4 = 32,000; FLOPs add 1 x 4000.
    const QByteArray meta = "    num_warps=8,\n    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', "
                            "'out_ptr1': '*fp32'}, 'constants': {}},";
    const QByteArray body = "    xpid = tl.program_id(0)\n    XBLOCK: tl.constexpr = 1024\n"
                            "    if xpid >= 0 and xpid < num_xblocks_0:\n        xnumel = 1000\n        rnumel = 1\n"
                            "        tmp0 = tl.load(in_ptr0 + (x0), xmask)\n        tl.store(out_ptr0 + (x0), tmp0 + 1.0, xmask)\n"
                            "    elif xpid >= num_xblocks_0 and xpid < num_xblocks_1:\n        xnumel = 3000\n        rnumel = 1\n"
                            "        tmp1 = tl.load(in_ptr1 + (x1), xmask)\n        tl.store(out_ptr1 + (x1), tmp1 + 1.0, xmask)\n";
    const QByteArray wrapper
        = block("triton_for_fused_1", "aten._foreach_add", "foreach", meta, "in_ptr0, in_ptr1, out_ptr0, out_ptr1", body);
    const KernelModel m = modelFrom(wrapper, "triton_for_fused_1");
    ASSERT_EQ(m.provenance, Provenance::V1) << qPrintable(m.reason);
    EXPECT_EQ(m.xnumel, 4000);
    ASSERT_TRUE(m.bytes.has_value());
    EXPECT_EQ(*m.bytes, 32000);
    EXPECT_TRUE(m.flopsKnown);
    EXPECT_EQ(m.flops, 4000);
    EXPECT_EQ(m.v1->terms.size(), 4u);
    EXPECT_FALSE(m.v1->approximate);
}

TEST(KernelKindsV1, SplitScanMovesEveryElementBothWays)
{
    // size_hints 64 x 4096 and the source's exact counts 50 x 3000: in and out fp32,
    // (4 + 4) x 50 x 3000 = 1,200,000 bytes; cumsum 1 x 150,000 FLOPs.
    const QByteArray meta
        = "    size_hints={'x': 64, 'r0_': 4096},\n    reduction_hint=ReductionHint.DEFAULT,\n"
          "    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32'}, 'constants': {}},";
    const QByteArray body = "    xnumel = 50\n    r0_numel = 3000\n    rbase = tl.arange(0, RBLOCK)\n";
    const QByteArray wrapper = block(
        "triton_spl_fused_cumsum_0", "aten.cumsum", "split_scan", meta, "in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr", body);
    const KernelModel m = modelFrom(wrapper, "triton_spl_fused_cumsum_0");
    ASSERT_EQ(m.provenance, Provenance::V1) << qPrintable(m.reason);
    EXPECT_EQ(m.xnumel, 50);
    EXPECT_EQ(m.rnumel, 3000);
    EXPECT_EQ(*m.bytes, 1200000);
    EXPECT_EQ(m.flops, 150000);
    EXPECT_FALSE(m.v1->approximate);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("exact"))) << qPrintable(m.reason);
}

TEST(KernelKindsV1, StaticPointwiseTakesTheStatedCountNotTheRoundedHint)
{
    // size_hints rounds 3000 up to 4096; the source says xnumel = 3000.
    // Pointers in_out_ptr0 (twice) and in_ptr0, bf16: (2 x 2 + 2) x 3000 = 18,000 bytes.
    const QByteArray meta
        = "    size_hints={'x': 4096},\n"
          "    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'xnumel': 'i32'}, 'constants': {}},";
    const QByteArray wrapper = block("triton_poi_fused_add_0", "aten.add", "pointwise", meta,
        "in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr", "    xnumel = 3000\n    xoffset = tl.program_id(0) * XBLOCK\n");
    const KernelModel m = modelFrom(wrapper, "triton_poi_fused_add_0");
    ASSERT_EQ(m.provenance, Provenance::V1) << qPrintable(m.reason);
    EXPECT_EQ(m.xnumel, 3000);
    EXPECT_EQ(*m.bytes, 18000);
    EXPECT_FALSE(m.v1->approximate);
    EXPECT_FALSE(m.reason.contains(QStringLiteral("approximate"))) << qPrintable(m.reason);

    // Without the statement the count is size_hints' and approximate.
    const QByteArray dynamic = block("triton_poi_fused_add_0", "aten.add", "pointwise", meta,
        "in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr", "    xoffset = tl.program_id(0) * XBLOCK\n");
    const KernelModel rounded = modelFrom(dynamic, "triton_poi_fused_add_0");
    EXPECT_EQ(rounded.xnumel, 4096);
    EXPECT_TRUE(rounded.v1->approximate);
}

TEST(KernelKindsV1, UserAutotuneBlockIsNotModelledAndSaysWhy)
{
    const QByteArray meta
        = "    configs=[{'BLOCK_SIZE': 1024}],\n    triton_meta={'signature': {'X': '*fp16', 'Y': '*fp16', 'N': 'i32'}, 'constants': {}},";
    const QByteArray wrapper = block(
        "_rms_norm_forward_kernel", "", "user_autotune", meta, "X, Y, N, BLOCK_SIZE : tl.constexpr", "    pid = tl.program_id(0)\n");
    const KernelModel m = modelFrom(wrapper, "_rms_norm_forward_kernel");
    EXPECT_EQ(m.provenance, Provenance::None);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("user-written"))) << qPrintable(m.reason);
}

TEST(KernelKindsV1, InductorEstimateFromTraceArgsWinsOverTheBlocksAndDiffersInPercent)
{
    // V2 args: the same mm, with Inductor's estimate in the args (0.002 GB, 2.5e8 FLOPs).
    TritonOpArgs args;
    args.inputDims
        = { std::vector<std::int64_t> { 1024, 512 }, std::vector<std::int64_t> { 512, 256 }, std::vector<std::int64_t> { 1024, 256 } };
    args.inputStrides = { std::nullopt, std::nullopt, std::nullopt };
    args.inputTypes = QStringList { QStringLiteral("c10::BFloat16"), QStringLiteral("c10::BFloat16"), QStringLiteral("c10::BFloat16") };
    args.concreteInputs = QStringList { QString(), QString(), QString() };
    args.hasInputDims = args.hasInputTypes = args.hasConcreteInputs = true;
    args.inductorNumGb = 0.002;
    args.inductorFlop = 250000000;
    const QByteArray wrapper
        = block("triton_tem_fused_mm_0", "aten.mm", "template", templateMeta, "arg_A, arg_B, out_ptr0", templateBody("1024"));
    const KernelModel m = modelFrom(wrapper, "triton_tem_fused_mm_0", &args);
    ASSERT_EQ(m.provenance, Provenance::V2) << qPrintable(m.reason);
    ASSERT_TRUE(m.inductor.has_value());
    EXPECT_TRUE(m.inductor->source.contains(QStringLiteral("args")));
    EXPECT_EQ(*m.inductor->bytes, 2000000);
    EXPECT_EQ(*m.inductor->flops, 250000000);
}
