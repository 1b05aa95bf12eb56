// measureKernel on issue 32's worked cases: every pointer's kind, unique and
// per-access bytes against a brute walk of the same index expressions over
// the iteration space, written out here in C++.
#include "engine/kernelsource/recipe/kernelmeasure.h"
#include "engine/kernelsource/recipe/kernelrecipe.h"
#include "kernelfixtures.h"

#include <gtest/gtest.h>

namespace Ridgeline::Test {
namespace {

const auto all = [](std::int64_t, std::int64_t) { return true; };

// Checks one pointer against a brute count: unique and per-access bytes.
void expectCounted(const KernelAnatomy& anatomy, const QString& arg, AccessKind kind, const BruteCount& brute, std::int64_t elementBytes)
{
    const PointerAnatomy* p = findPointer(anatomy, arg);
    ASSERT_NE(p, nullptr) << arg.toStdString();
    EXPECT_EQ(p->kind, kind) << arg.toStdString() << ": " << p->why.toStdString();
    ASSERT_TRUE(p->uniqueElements.has_value()) << arg.toStdString() << ": " << p->why.toStdString();
    EXPECT_EQ(*p->uniqueElements, std::int64_t(brute.addresses.size())) << arg.toStdString();
    EXPECT_EQ(p->uniqueBytes, std::int64_t(brute.addresses.size()) * elementBytes) << arg.toStdString();
    EXPECT_EQ(p->perAccessBytes, brute.lanes * elementBytes) << arg.toStdString();
}

TEST(KernelMeasureFixtures, BroadcastAddReadsTwelveElementsThirtyEightHundredTimes)
{
    const QString source = pointwiseKernel(QStringLiteral("triton_poi_fused_add_0"), QStringLiteral("in_ptr0, in_ptr1, out_ptr0, xnumel"),
        QStringLiteral("'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32'"),
        QStringLiteral("'mutated_arg_names': [], 'num_load': 2, 'num_store': 1, 'kernel_num_gb': 0.000364848"),
        QStringLiteral("    xnumel = 45600\n"
                       "    x2 = xindex\n"
                       "    x0 = xindex % 12\n"
                       "    tmp0 = tl.load(in_ptr0 + (x2), xmask)\n"
                       "    tmp1 = tl.load(in_ptr1 + (x0), xmask, eviction_policy='evict_last')\n"
                       "    tmp2 = tmp0 + tmp1\n"
                       "    tl.store(out_ptr0 + (x2), tmp2, xmask)\n"));
    const KernelRecipe recipe = parseKernelSource(source);
    ASSERT_TRUE(recipe.error.isEmpty()) << recipe.error.toStdString();
    EXPECT_TRUE(recipe.problems.isEmpty()) << recipe.problems.join(u'\n').toStdString();
    const KernelAnatomy a = measureKernel(recipe, {});
    EXPECT_FALSE(a.approximate);
    BruteCount in0, in1, out0;
    bruteWalk(45600, 1, all, [](std::int64_t x, std::int64_t) { return x; }, &in0);
    bruteWalk(45600, 1, all, [](std::int64_t x, std::int64_t) { return x % 12; }, &in1);
    bruteWalk(45600, 1, all, [](std::int64_t x, std::int64_t) { return x; }, &out0);
    expectCounted(a, QStringLiteral("in_ptr0"), AccessKind::Contiguous, in0, 4);
    expectCounted(a, QStringLiteral("in_ptr1"), AccessKind::Broadcast, in1, 4);
    expectCounted(a, QStringLiteral("out_ptr0"), AccessKind::Contiguous, out0, 4);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr1"))->reuse, 3800);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr1"))->accesses.at(0).eviction, QStringLiteral("evict_last"));
    EXPECT_EQ(findPointer(a, QStringLiteral("out_ptr0"))->role, PointerAnatomy::Role::Out);
    EXPECT_EQ(a.uniqueBytes, (45600 + 12 + 45600) * 4);
    EXPECT_EQ(a.perAccessBytes, 3 * 45600 * 4);
    EXPECT_EQ(a.inductorBytes, 364848);
    EXPECT_EQ(a.parsedLoads, 2);
    EXPECT_EQ(a.metaNumLoad, 2);
    EXPECT_EQ(a.metaNumStore, 1);
    EXPECT_TRUE(a.countNote.isEmpty()) << a.countNote.toStdString();
}

TEST(KernelMeasureFixtures, InPlaceBiasReluCountsItsReadAndItsWrite)
{
    const QString source = pointwiseKernel(QStringLiteral("triton_poi_fused_addmm_relu_0"), QStringLiteral("in_out_ptr0, in_ptr0, xnumel"),
        QStringLiteral("'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'xnumel': 'i32'"),
        QStringLiteral("'mutated_arg_names': ['in_out_ptr0'], 'num_load': 2, 'num_store': 1"),
        QStringLiteral("    xnumel = 3072\n"
                       "    x2 = xindex\n"
                       "    x0 = xindex % 768\n"
                       "    tmp0 = tl.load(in_out_ptr0 + (x2), xmask).to(tl.float32)\n"
                       "    tmp1 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last').to(tl.float32)\n"
                       "    tmp2 = tmp0 + tmp1\n"
                       "    tmp3 = tl.full([1], 0, tl.int32)\n"
                       "    tmp4 = triton_helpers.maximum(tmp3, tmp2)\n"
                       "    tmp5 = tmp4.to(tl.float32)\n"
                       "    tl.store(in_out_ptr0 + (x2), tmp5, xmask)\n"));
    const KernelRecipe recipe = parseKernelSource(source);
    EXPECT_TRUE(recipe.problems.isEmpty()) << recipe.problems.join(u'\n').toStdString();
    const KernelAnatomy a = measureKernel(recipe, {});
    BruteCount read, write, bias;
    bruteWalk(3072, 1, all, [](std::int64_t x, std::int64_t) { return x; }, &read);
    bruteWalk(3072, 1, all, [](std::int64_t x, std::int64_t) { return x; }, &write);
    bruteWalk(3072, 1, all, [](std::int64_t x, std::int64_t) { return x % 768; }, &bias);
    const PointerAnatomy* io = findPointer(a, QStringLiteral("in_out_ptr0"));
    ASSERT_NE(io, nullptr);
    EXPECT_EQ(io->role, PointerAnatomy::Role::InOut);
    EXPECT_EQ(io->kind, AccessKind::Contiguous);
    EXPECT_EQ(io->uniqueBytes, std::int64_t(read.addresses.size() + write.addresses.size()) * 2);
    EXPECT_EQ(io->perAccessBytes, (read.lanes + write.lanes) * 2);
    EXPECT_EQ(io->accesses.size(), 2u);
    expectCounted(a, QStringLiteral("in_ptr0"), AccessKind::Broadcast, bias, 2);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr0"))->reuse, 4);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr0"))->dtype, QStringLiteral("*bf16"));
}

// The hkust-nlp vLLM cache's embedding + RMSNorm kernel (written out here,
// not copied): a row of 576 fp16 gathered per token, tokens in in_ptr0.
QString embeddingKernel(const QString& assertLine)
{
    return QStringLiteral(
        "@triton_heuristics.persistent_reduction(\n"
        "    size_hints={'x': 8192, 'r0_': 1024},\n"
        "    reduction_hint=ReductionHint.INNER,\n"
        "    filename=__file__,\n"
        "    triton_meta={'signature': {'in_ptr0': '*i32', 'in_ptr1': '*fp16', 'in_ptr2': '*fp16', 'out_ptr0': '*fp16', "
        "'out_ptr2': '*fp16', 'xnumel': 'i32', 'r0_numel': 'i32'}, 'constants': {}},\n"
        "    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_embedding_0', 'mutated_arg_names': [], "
        "'no_x_dim': True, 'num_load': 2, 'num_reduction': 1}\n"
        ")\n"
        "@triton.jit\n"
        "def triton_per_fused_embedding_0(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr2, xnumel, r0_numel):\n"
        "    XBLOCK: tl.constexpr = 1\n"
        "    r0_numel = 576\n"
        "    R0_BLOCK: tl.constexpr = 1024\n"
        "    rnumel = r0_numel\n"
        "    RBLOCK: tl.constexpr = R0_BLOCK\n"
        "    xoffset = tl.program_id(0) * XBLOCK\n"
        "    xindex = tl.full([1], xoffset, tl.int32)\n"
        "    xmask = tl.full([R0_BLOCK], True, tl.int1)\n"
        "    r0_index = tl.arange(0, R0_BLOCK)[:]\n"
        "    r0_offset = 0\n"
        "    r0_mask = r0_index < r0_numel\n"
        "    x0 = xindex\n"
        "    r0_1 = r0_index\n"
        "    tmp0 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last')\n"
        "    tmp21 = tl.load(in_ptr2 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0).to(tl.float32)\n"
        "    tmp1 = tmp0.to(tl.int64)\n"
        "    tmp2 = tl.full([R0_BLOCK], 49152, tl.int32)\n"
        "    tmp3 = tmp1 + tmp2\n"
        "    tmp4 = tmp1 < 0\n"
        "    tmp5 = tl.where(tmp4, tmp3, tmp1)\n"
        "%1\n"
        "    tmp7 = tl.load(in_ptr1 + (r0_1 + 576*tmp5), r0_mask, other=0.0).to(tl.float32)\n"
        "    tmp9 = tmp7 * tmp7\n"
        "    tmp12 = tl.where(r0_mask, tmp9, 0)\n"
        "    tmp13 = triton_helpers.promote_to_tensor(tl.sum(tmp12, 0))\n"
        "    tmp18 = libdevice.rsqrt(tmp13 / 576.0 + 1e-05)\n"
        "    tmp22 = tmp7 * tmp18 * tmp21\n"
        "    tl.store(out_ptr0 + (r0_1 + 576*x0), tmp7, r0_mask)\n"
        "    tl.store(out_ptr2 + (r0_1 + 576*x0), tmp22, r0_mask)\n")
        .arg(assertLine);
}

const QString inCodeAssert
    = QStringLiteral("    tl.device_assert((0 <= tmp5) & (tmp5 < 49152), \"index out of bounds: 0 <= tmp5 < 49152\")");

TEST(KernelMeasureFixtures, EmbeddingGatherIsARangeBoundedByTheAssert)
{
    const KernelRecipe recipe = parseKernelSource(embeddingKernel(inCodeAssert));
    EXPECT_TRUE(recipe.problems.isEmpty()) << recipe.problems.join(u'\n').toStdString();
    EXPECT_EQ(recipe.assertBound.value(QStringLiteral("tmp5")), 49152);
    const std::int64_t tokens = 7;
    KernelMeasureInputs inputs;
    inputs.concreteInputs = { QString(), QString(), QString(), QString(), QString(), QStringLiteral("7"), QStringLiteral("576") };
    const KernelAnatomy a = measureKernel(recipe, inputs);
    EXPECT_FALSE(a.approximate);
    const auto rMask = [](std::int64_t, std::int64_t r) { return r < 576; };
    BruteCount ids, norm, out;
    bruteWalk(tokens, 1, all, [](std::int64_t x, std::int64_t) { return x; }, &ids);
    bruteWalk(tokens, 1024, rMask, [](std::int64_t, std::int64_t r) { return r; }, &norm);
    bruteWalk(tokens, 1024, rMask, [](std::int64_t x, std::int64_t r) { return r + 576 * x; }, &out);
    expectCounted(a, QStringLiteral("in_ptr0"), AccessKind::Contiguous, ids, 4);
    expectCounted(a, QStringLiteral("in_ptr2"), AccessKind::Broadcast, norm, 2);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr2"))->reuse, tokens);
    expectCounted(a, QStringLiteral("out_ptr0"), AccessKind::Contiguous, out, 2);
    expectCounted(a, QStringLiteral("out_ptr2"), AccessKind::Contiguous, out, 2);
    // The gather's range: every token the same id (one row) to all distinct.
    BruteCount sameRow, distinctRows;
    bruteWalk(tokens, 1024, rMask, [](std::int64_t, std::int64_t r) { return r + 576 * 3; }, &sameRow);
    bruteWalk(tokens, 1024, rMask, [](std::int64_t x, std::int64_t r) { return r + 576 * (100 + 13 * x); }, &distinctRows);
    const PointerAnatomy* table = findPointer(a, QStringLiteral("in_ptr1"));
    ASSERT_NE(table, nullptr);
    EXPECT_EQ(table->kind, AccessKind::Gather) << table->why.toStdString();
    EXPECT_EQ(table->uniqueBytes, std::int64_t(sameRow.addresses.size()) * 2);
    EXPECT_EQ(table->uniqueBytesMax, std::int64_t(distinctRows.addresses.size()) * 2);
    EXPECT_EQ(table->perAccessBytes, sameRow.lanes * 2);
    // num_load leaves out the index's load: no note.
    EXPECT_EQ(a.parsedLoads, 3);
    EXPECT_EQ(a.metaNumLoad, 2);
    EXPECT_TRUE(a.countNote.isEmpty()) << a.countNote.toStdString();
    EXPECT_FALSE(a.metaNumStore.has_value());
}

TEST(KernelMeasureFixtures, GatherRowsCappedByTheAssertNotByOneInAComment)
{
    KernelMeasureInputs many;
    many.xnumel = 100000; // more tokens than the table has rows
    const KernelAnatomy bounded = measureKernel(parseKernelSource(embeddingKernel(inCodeAssert)), many);
    const PointerAnatomy* table = findPointer(bounded, QStringLiteral("in_ptr1"));
    ASSERT_NE(table, nullptr);
    EXPECT_EQ(table->uniqueBytesMax, std::int64_t(49152) * 576 * 2);
    EXPECT_EQ(table->uniqueBytes, 576 * 2);

    const QString commented = QStringLiteral("    # tl.device_assert((0 <= tmp5) & (tmp5 < 49152), \"index out of bounds\")");
    const KernelAnatomy unbounded = measureKernel(parseKernelSource(embeddingKernel(commented)), many);
    table = findPointer(unbounded, QStringLiteral("in_ptr1"));
    ASSERT_NE(table, nullptr);
    EXPECT_EQ(table->kind, AccessKind::Gather);
    EXPECT_EQ(table->uniqueBytesMax, std::int64_t(100000) * 576 * 2); // the index count bounds it
}

TEST(KernelMeasureFixtures, TwoLoopReductionReadsItsInputTwice)
{
    const QString source = QStringLiteral(
        "@triton_heuristics.reduction(\n"
        "    size_hints={'x': 64, 'r0_': 2048},\n"
        "    reduction_hint=ReductionHint.INNER,\n"
        "    filename=__file__,\n"
        "    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', "
        "'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}},\n"
        "    inductor_meta={'kernel_name': 'triton_red_fused_sub_div_0', 'mutated_arg_names': [], 'num_load': 2, 'num_store': 1}\n"
        ")\n"
        "@triton.jit\n"
        "def triton_red_fused_sub_div_0(in_ptr0, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):\n"
        "    xnumel = 48\n"
        "    r0_numel = 1500\n"
        "    rnumel = r0_numel\n"
        "    RBLOCK: tl.constexpr = R0_BLOCK\n"
        "    xoffset = tl.program_id(0) * XBLOCK\n"
        "    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]\n"
        "    xmask = xindex < xnumel\n"
        "    r0_base = tl.arange(0, R0_BLOCK)[None, :]\n"
        "    x0 = xindex\n"
        "    _tmp2 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)\n"
        "    for r0_offset in range(0, r0_numel, R0_BLOCK):\n"
        "        r0_index = r0_offset + r0_base\n"
        "        r0_mask = r0_index < r0_numel\n"
        "        r0_1 = r0_index\n"
        "        tmp0 = tl.load(in_ptr0 + (r0_1 + 1500*x0), r0_mask & xmask, eviction_policy='evict_last', other=0.0)\n"
        "        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])\n"
        "        tmp3 = _tmp2 + tmp1\n"
        "        _tmp2 = tl.where(r0_mask & xmask, tmp3, _tmp2)\n"
        "    tmp2 = tl.sum(_tmp2, 1)[:, None]\n"
        "    for r0_offset in range(0, r0_numel, R0_BLOCK):\n"
        "        r0_index = r0_offset + r0_base\n"
        "        r0_mask = r0_index < r0_numel\n"
        "        r0_1 = r0_index\n"
        "        tmp4 = tl.load(in_ptr0 + (r0_1 + 1500*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0)\n"
        "        tmp7 = tmp4 - (tmp2 / 1500.0)\n"
        "        tl.store(out_ptr2 + (r0_1 + 1500*x0), tmp7, r0_mask & xmask)\n");
    const KernelRecipe recipe = parseKernelSource(source);
    EXPECT_TRUE(recipe.problems.isEmpty()) << recipe.problems.join(u'\n').toStdString();
    EXPECT_EQ(recipe.loops, 2);
    ASSERT_EQ(recipe.accesses.size(), 3u);
    EXPECT_EQ(recipe.accesses[0].loop, 0);
    EXPECT_EQ(recipe.accesses[2].loop, 1);
    const KernelAnatomy a = measureKernel(recipe, {});
    BruteCount in, out;
    const auto index = [](std::int64_t x, std::int64_t r) { return r + 1500 * x; };
    bruteWalk(48, 1500, all, index, &in); // the first loop
    bruteWalk(48, 1500, all, index, &in); // the second
    bruteWalk(48, 1500, all, index, &out);
    expectCounted(a, QStringLiteral("in_ptr0"), AccessKind::Contiguous, in, 4);
    expectCounted(a, QStringLiteral("out_ptr2"), AccessKind::Contiguous, out, 4);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr0"))->perAccessBytes, 2 * 48 * 1500 * 4);
}

TEST(KernelMeasureFixtures, MaskedCatSplitsTheLanesBetweenItsInputs)
{
    const QString source = pointwiseKernel(QStringLiteral("triton_poi_fused_cat_0"), QStringLiteral("in_ptr0, in_ptr1, out_ptr0, xnumel"),
        QStringLiteral("'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32'"),
        QStringLiteral("'mutated_arg_names': [], 'num_load': 2, 'num_store': 1"),
        QStringLiteral("    xnumel = 640\n"
                       "    x0 = (xindex % 64)\n"
                       "    x1 = xindex // 64\n"
                       "    x2 = xindex\n"
                       "    tmp0 = x0\n"
                       "    tmp1 = tl.full([1], 0, tl.int64)\n"
                       "    tmp2 = tmp0 >= tmp1\n"
                       "    tmp3 = tl.full([1], 32, tl.int64)\n"
                       "    tmp4 = tmp0 < tmp3\n"
                       "    tmp5 = tl.load(in_ptr0 + (32*x1 + (x0)), tmp4 & xmask, eviction_policy='evict_last', other=0.0)\n"
                       "    tmp6 = tmp0 >= tmp3\n"
                       "    tmp7 = tl.full([1], 64, tl.int64)\n"
                       "    tmp8 = tmp0 < tmp7\n"
                       "    tmp9 = tl.load(in_ptr1 + (32*x1 + ((-32) + x0)), tmp6 & xmask, eviction_policy='evict_last', other=0.0)\n"
                       "    tmp10 = tl.where(tmp4, tmp5, tmp9)\n"
                       "    tl.store(out_ptr0 + (x2), tmp10, xmask)\n"));
    const KernelRecipe recipe = parseKernelSource(source);
    EXPECT_TRUE(recipe.problems.isEmpty()) << recipe.problems.join(u'\n').toStdString();
    const KernelAnatomy a = measureKernel(recipe, {});
    BruteCount left, right, out;
    bruteWalk(
        640, 1, [](std::int64_t x, std::int64_t) { return x % 64 < 32; },
        [](std::int64_t x, std::int64_t) { return 32 * (x / 64) + x % 64; }, &left);
    bruteWalk(
        640, 1, [](std::int64_t x, std::int64_t) { return x % 64 >= 32; },
        [](std::int64_t x, std::int64_t) { return 32 * (x / 64) - 32 + x % 64; }, &right);
    bruteWalk(640, 1, all, [](std::int64_t x, std::int64_t) { return x; }, &out);
    expectCounted(a, QStringLiteral("in_ptr0"), AccessKind::Masked, left, 4);
    expectCounted(a, QStringLiteral("in_ptr1"), AccessKind::Masked, right, 4);
    expectCounted(a, QStringLiteral("out_ptr0"), AccessKind::Contiguous, out, 4);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr0"))->accesses.at(0).mask, QStringLiteral("tmp4 & xmask"));
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr1"))->accesses.at(0).index, QStringLiteral("32*x1 + ((-32) + x0)"));
}

QString symbolicKernel()
{
    return pointwiseKernel(QStringLiteral("triton_poi_fused_mul_0"), QStringLiteral("in_ptr0, in_ptr1, out_ptr0, ks0, xnumel"),
        QStringLiteral("'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'ks0': 'i64', 'xnumel': 'i32'"),
        QStringLiteral("'mutated_arg_names': [], 'num_load': 2, 'num_store': 1"),
        QStringLiteral("    x0 = (xindex % ks0)\n"
                       "    x1 = xindex // ks0\n"
                       "    x2 = xindex\n"
                       "    tmp0 = tl.load(in_ptr0 + (x0 + 2*ks0*x1), xmask)\n"
                       "    tmp1 = tl.load(in_ptr1 + (x1), xmask, eviction_policy='evict_last')\n"
                       "    tmp2 = tmp0 * tmp1\n"
                       "    tl.store(out_ptr0 + (x2), tmp2, xmask)\n"));
}

TEST(KernelMeasureFixtures, SymbolicNumelsComeFromTheLaunchsConcreteInputs)
{
    const KernelRecipe recipe = parseKernelSource(symbolicKernel());
    EXPECT_TRUE(recipe.problems.isEmpty()) << recipe.problems.join(u'\n').toStdString();
    KernelMeasureInputs inputs;
    inputs.concreteInputs = { QString(), QString(), QString(), QStringLiteral("100"), QStringLiteral("1200") };
    const KernelAnatomy a = measureKernel(recipe, inputs);
    EXPECT_FALSE(a.approximate);
    BruteCount half, scale, out;
    bruteWalk(1200, 1, all, [](std::int64_t x, std::int64_t) { return x % 100 + 200 * (x / 100); }, &half);
    bruteWalk(1200, 1, all, [](std::int64_t x, std::int64_t) { return x / 100; }, &scale);
    bruteWalk(1200, 1, all, [](std::int64_t x, std::int64_t) { return x; }, &out);
    expectCounted(a, QStringLiteral("in_ptr0"), AccessKind::Slice, half, 4);
    expectCounted(a, QStringLiteral("in_ptr1"), AccessKind::Broadcast, scale, 4);
    expectCounted(a, QStringLiteral("out_ptr0"), AccessKind::Contiguous, out, 4);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr1"))->reuse, 100);
}

TEST(KernelMeasureFixtures, SymbolicSizeWithoutInputsIsUnknownWithAReason)
{
    const KernelAnatomy a = measureKernel(parseKernelSource(symbolicKernel()), {});
    const PointerAnatomy* p = findPointer(a, QStringLiteral("in_ptr0"));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->kind, AccessKind::Unknown);
    EXPECT_FALSE(p->uniqueBytes.has_value());
    EXPECT_FALSE(p->why.isEmpty());
    EXPECT_FALSE(a.uniqueBytes.has_value()); // a sum with an unknown part is unknown
}

TEST(KernelMeasureFixtures, NumelsFromSizeHintsAreFlaggedApproximate)
{
    const QString source = pointwiseKernel(QStringLiteral("triton_poi_fused_copy_0"), QStringLiteral("in_ptr0, out_ptr0, xnumel"),
        QStringLiteral("'in_ptr0': '*fp16', 'out_ptr0': '*fp16', 'xnumel': 'i32'"), QStringLiteral("'num_load': 1"),
        QStringLiteral("    x0 = xindex\n"
                       "    tmp0 = tl.load(in_ptr0 + (x0), xmask)\n"
                       "    tl.store(out_ptr0 + (x0), tmp0, xmask)\n"));
    const KernelAnatomy a = measureKernel(parseKernelSource(source), {});
    EXPECT_TRUE(a.approximate);
    EXPECT_EQ(a.uniqueBytes, 2 * 65536 * 2);
    KernelMeasureInputs known;
    known.xnumel = 1000;
    const KernelAnatomy exact = measureKernel(parseKernelSource(source), known);
    EXPECT_FALSE(exact.approximate);
    EXPECT_EQ(exact.uniqueBytes, 2 * 1000 * 2);
}

} // namespace
} // namespace Ridgeline::Test
