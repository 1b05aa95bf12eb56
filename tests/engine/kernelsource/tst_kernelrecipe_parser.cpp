// parseKernelSource on what the decorator and def line state, and on
// hostile sources: each gives a clear reason and finishes, with memory and
// time bounded by the caps (no wall-clock asserts).
#include "engine/kernelsource/recipe/kernelmeasure.h"
#include "engine/kernelsource/recipe/kernelrecipe.h"
#include "kernelfixtures.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;

namespace Ridgeline::Test {
namespace {

QString copyKernel(const QString& extraBody = QString())
{
    return pointwiseKernel(QStringLiteral("triton_poi_fused_copy_0"), QStringLiteral("in_ptr0, out_ptr0, xnumel"),
        QStringLiteral("'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32'"),
        QStringLiteral("'mutated_arg_names': [], 'num_load': 1, 'num_store': 1"),
        QStringLiteral("    xnumel = 1024\n"
                       "    x0 = xindex\n")
            + extraBody
            + QStringLiteral("    tmp0 = tl.load(in_ptr0 + (x0), xmask)\n"
                             "    tl.store(out_ptr0 + (x0), tmp0, xmask)\n"));
}

TEST(KernelRecipeParser, ReadsTheDecoratorOfPyTorch29)
{
    const QString source = QStringLiteral(
        "@triton_heuristics.reduction(\n"
        "    size_hints={'x': 4096, 'r0_': 2048},\n"
        "    reduction_hint=ReductionHint.OUTER,\n"
        "    filename=__file__,\n"
        "    triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', "
        "'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, cc=90), "
        "'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},\n"
        "    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_sum_0', "
        "'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'num_load': 1, 'num_store': 1, "
        "'num_reduction': 1, 'kernel_num_gb': 0.0167, 'kernel_flop': 8388608, 'backend_hash': 'AB12'}\n"
        ")\n"
        "@triton.jit\n"
        "def triton_red_fused_sum_0(in_out_ptr0, in_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):\n"
        "    xnumel = 4096\n"
        "    pass\n");
    const KernelRecipe r = parseKernelSource(source);
    EXPECT_TRUE(r.error.isEmpty()) << r.error.toStdString();
    EXPECT_TRUE(r.problems.isEmpty()) << r.problems.join(u'\n').toStdString();
    EXPECT_EQ(r.heuristic, QStringLiteral("reduction"));
    EXPECT_EQ(r.defName, QStringLiteral("triton_red_fused_sum_0"));
    EXPECT_EQ(r.kernelName, QStringLiteral("triton_red_fused_sum_0"));
    EXPECT_EQ(r.args, (QStringList { u"in_out_ptr0"_s, u"in_ptr0"_s, u"xnumel"_s, u"r0_numel"_s, u"XBLOCK"_s, u"R0_BLOCK"_s }));
    EXPECT_EQ(r.signature.value(QStringLiteral("in_out_ptr0")), QStringLiteral("*bf16"));
    EXPECT_EQ(r.sizeHints.at(QStringLiteral("x")), 4096);
    EXPECT_EQ(r.sizeHints.at(QStringLiteral("r0_")), 2048);
    EXPECT_EQ(r.reductionHint, QStringLiteral("OUTER"));
    EXPECT_EQ(r.mutatedArgNames, QStringList { u"in_out_ptr0"_s });
    EXPECT_EQ(r.metaNumLoad, 1);
    EXPECT_EQ(r.metaNumStore, 1);
    EXPECT_EQ(r.metaNumReduction, 1);
    EXPECT_DOUBLE_EQ(r.kernelNumGb.value_or(0), 0.0167);
    EXPECT_EQ(r.kernelFlop, 8388608);
    EXPECT_EQ(r.statedIntegers.value(QStringLiteral("xnumel")), 4096);
    const KernelAnatomy a = measureKernel(r, {});
    EXPECT_EQ(a.inductorBytes, 16700000);
    EXPECT_EQ(a.pointers.size(), 2u);
}

TEST(KernelRecipeParser, ReadsPyTorch20sListHintsAndPositionalSignature)
{
    const QString source = QStringLiteral(
        "@pointwise(size_hints=[4096], filename=__file__, meta={'signature': {0: '*fp32', 1: '*fp16', 2: 'i32'}, 'device': 0, "
        "'constants': {}, 'mutated_arg_names': ['in_out_ptr0'], "
        "'configs': [instance_descriptor(divisible_by_16=(0, 1, 2), equal_to_1=())]})\n"
        "@triton.jit\n"
        "def triton_(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):\n"
        "    xnumel = 3456\n"
        "    xoffset = tl.program_id(0) * XBLOCK\n"
        "    xindex = xoffset + tl.arange(0, XBLOCK)[:]\n"
        "    xmask = xindex < xnumel\n"
        "    x2 = xindex\n"
        "    x0 = xindex % 6\n"
        "    tmp0 = tl.load(in_out_ptr0 + (x2), xmask)\n"
        "    tmp1 = tl.load(in_ptr0 + (x0), xmask)\n"
        "    tmp2 = tmp0 + tmp1\n"
        "    tl.store(in_out_ptr0 + (x2 + tl.zeros([XBLOCK], tl.int32)), tmp2, xmask)\n");
    const KernelRecipe r = parseKernelSource(source);
    EXPECT_TRUE(r.problems.isEmpty()) << r.problems.join(u'\n').toStdString();
    EXPECT_EQ(r.heuristic, QStringLiteral("pointwise"));
    EXPECT_EQ(r.kernelName, QStringLiteral("triton_"));
    EXPECT_EQ(r.sizeHints.at(QStringLiteral("x")), 4096);
    EXPECT_EQ(r.signature.value(QStringLiteral("in_ptr0")), QStringLiteral("*fp16"));
    EXPECT_EQ(r.mutatedArgNames, QStringList { u"in_out_ptr0"_s });
    const KernelAnatomy a = measureKernel(r, {});
    const PointerAnatomy* io = findPointer(a, QStringLiteral("in_out_ptr0"));
    ASSERT_NE(io, nullptr);
    EXPECT_EQ(io->uniqueBytes, 2 * 3456 * 4);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr0"))->uniqueBytes, 6 * 2);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr0"))->reuse, 576);
}

TEST(KernelRecipeParser, UnbalancedBracketsGiveTheLine)
{
    const KernelRecipe open = parseKernelSource(copyKernel(QStringLiteral("    tmp9 = tl.load(in_ptr0 + (x0, xmask)\n")));
    EXPECT_TRUE(open.error.contains(QLatin1String("never closed"))) << open.error.toStdString();
    EXPECT_TRUE(open.error.contains(QLatin1String("line 20"))) << open.error.toStdString();
    const KernelAnatomy a = measureKernel(open, {});
    EXPECT_EQ(a.problem, open.error);

    const KernelRecipe stray = parseKernelSource(copyKernel(QStringLiteral("    tmp9 = x0)\n")));
    EXPECT_TRUE(stray.error.contains(QLatin1String("unmatched ')' at line 20"))) << stray.error.toStdString();
    const KernelRecipe crossed = parseKernelSource(copyKernel(QStringLiteral("    tmp9 = (x0]\n")));
    EXPECT_TRUE(crossed.error.contains(QLatin1String("closes the '('"))) << crossed.error.toStdString();
}

TEST(KernelRecipeParser, UnknownConstructsAreSkippedWithAProblemLine)
{
    const KernelRecipe r = parseKernelSource(copyKernel(QStringLiteral("    tmp8 = lambda v: v + 1\n"
                                                                       "    tmp9 = [v for v in range(3)]\n"
                                                                       "    if XBLOCK == 1:\n"
                                                                       "        x9 = 0\n")));
    EXPECT_TRUE(r.error.isEmpty());
    ASSERT_EQ(r.problems.size(), 3) << r.problems.join(u'\n').toStdString();
    EXPECT_TRUE(r.problems[0].startsWith(QLatin1String("line 20: 'lambda'"))) << r.problems[0].toStdString();
    EXPECT_TRUE(r.problems[1].contains(QLatin1String("comprehension")));
    EXPECT_TRUE(r.problems[2].contains(QLatin1String("'if' is not followed")));
    // The rest is still read and measured.
    const KernelAnatomy a = measureKernel(r, {});
    EXPECT_EQ(a.uniqueBytes, 2 * 1024 * 4);
    EXPECT_FALSE(a.problem.isEmpty());
}

TEST(KernelRecipeParser, AnIndexItCannotReadIsUnknownWithItsReason)
{
    const QString source = pointwiseKernel(QStringLiteral("k"), QStringLiteral("in_ptr0, out_ptr0, xnumel"),
        QStringLiteral("'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32'"), QStringLiteral("'num_load': 1"),
        QStringLiteral("    xnumel = 1024\n"
                       "    x0 = xindex % 32\n"
                       "    x1 = xindex // 32\n"
                       "    tmp0 = tl.load(in_ptr0 + (x0*x1), xmask)\n"
                       "    tl.store(out_ptr0 + (xindex), tmp0, xmask)\n"));
    const KernelAnatomy a = measureKernel(parseKernelSource(source), {});
    const PointerAnatomy* p = findPointer(a, QStringLiteral("in_ptr0"));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->kind, AccessKind::Unknown);
    EXPECT_TRUE(p->why.contains(QLatin1String("a product of two variables"))) << p->why.toStdString();
    EXPECT_EQ(findPointer(a, QStringLiteral("out_ptr0"))->uniqueBytes, 1024 * 4);
}

TEST(KernelRecipeParser, DeepNestingIsRefusedNotRecursed)
{
    const int depth = 100000;
    const QString nested = QString(depth, u'(') + QStringLiteral("x0") + QString(depth, u')');
    const KernelRecipe r = parseKernelSource(copyKernel(QStringLiteral("    tmp9 = ") + nested + u'\n'));
    EXPECT_TRUE(r.error.isEmpty()) << r.error.toStdString();
    ASSERT_EQ(r.problems.size(), 1);
    EXPECT_TRUE(r.problems[0].contains(QLatin1String("nested deeper than"))) << r.problems[0].toStdString();
    // A long chain of floor divisions is deep too, without brackets.
    QString chain = QStringLiteral("    tmp9 = x0");
    for (int i = 0; i < 5000; ++i)
        chain += QStringLiteral(" // 2");
    const KernelRecipe c = parseKernelSource(copyKernel(chain + u'\n'));
    ASSERT_EQ(c.problems.size(), 1);
    EXPECT_TRUE(c.problems[0].contains(QLatin1String("nested deeper than"))) << c.problems[0].toStdString();
    EXPECT_EQ(measureKernel(c, {}).uniqueBytes, 2 * 1024 * 4);
}

TEST(KernelRecipeParser, ATenMegabyteExpressionIsSkippedWithAReason)
{
    if (builtWithSanitizers())
        GTEST_SKIP() << "hostile scale: skipped under the sanitizers";
    QString sum = QStringLiteral("    tmp9 = x0");
    sum.reserve(10 * 1024 * 1024 + 64);
    while (sum.size() < 10 * 1024 * 1024)
        sum += QStringLiteral(" + 1");
    const KernelRecipe r = parseKernelSource(copyKernel(sum + u'\n'));
    ASSERT_EQ(r.problems.size(), 1);
    EXPECT_TRUE(r.problems[0].contains(QLatin1String("more than 262144 tokens"))) << r.problems[0].toStdString();
    EXPECT_EQ(measureKernel(r, {}).uniqueBytes, 2 * 1024 * 4);

    // Within the token cap but past the node cap of one statement.
    QString wide = QStringLiteral("    tmp9 = x0");
    for (int i = 0; i < 100000; ++i)
        wide += QStringLiteral(" + 1");
    const KernelRecipe w = parseKernelSource(copyKernel(wide + u'\n'));
    EXPECT_TRUE(w.problems.isEmpty()) << w.problems.join(u'\n').toStdString(); // 100001 terms: one flat sum, under the caps
}

TEST(KernelRecipeParser, AHundredThousandLoadsAreReadAndMeasured)
{
    if (builtWithSanitizers())
        GTEST_SKIP() << "hostile scale: skipped under the sanitizers";
    QString body;
    const int loads = 100000;
    for (int i = 0; i < loads; ++i)
        body += QStringLiteral("    tmp%1 = tl.load(in_ptr0 + (%2 + x0), xmask)\n").arg(i + 10).arg(i % 7);
    const KernelRecipe r = parseKernelSource(copyKernel(body));
    EXPECT_TRUE(r.problems.isEmpty()) << r.problems.join(u'\n').toStdString();
    EXPECT_EQ(r.parsedLoads, loads + 1);
    const KernelAnatomy a = measureKernel(r, {});
    const PointerAnatomy* p = findPointer(a, QStringLiteral("in_ptr0"));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->uniqueElements, 1024 + 6); // offsets 0..6 over 1024 lanes
    EXPECT_EQ(p->perAccessBytes, std::int64_t(loads + 1) * 1024 * 4);
    EXPECT_EQ(p->kind, AccessKind::Contiguous); // the union starts at 0 and has no holes

    // Every load at its own offset: too irregular to count, said so, and finished.
    QString distinct;
    for (int i = 0; i < loads; ++i)
        distinct += QStringLiteral("    tmp%1 = tl.load(in_ptr0 + (%2 + x0), xmask)\n").arg(i + 10).arg(i * 3);
    const KernelAnatomy d = measureKernel(parseKernelSource(copyKernel(distinct)), {});
    const PointerAnatomy* q = findPointer(d, QStringLiteral("in_ptr0"));
    ASSERT_NE(q, nullptr);
    EXPECT_FALSE(q->uniqueElements.has_value());
    EXPECT_TRUE(q->why.contains(QLatin1String("accesses whose index parts differ"))) << q->why.toStdString();
    EXPECT_EQ(q->perAccessBytes, std::nullopt);
    EXPECT_EQ(findPointer(d, QStringLiteral("out_ptr0"))->uniqueBytes, 1024 * 4);
}

TEST(KernelRecipeParser, TemporariesBuiltTwiceOverFromEachOtherAreWalkedOnce)
{
    // tmp_k = tmp_(k-1) + tmp_(k-2): walked naively, 2^200 paths.
    QString body = QStringLiteral("    tmp0 = x0\n    tmp1 = x0\n");
    for (int k = 2; k < 200; ++k)
        body += QStringLiteral("    tmp%1 = tmp%2 + tmp%3\n    mask%1 = (tmp%1 >= 0) & mask%2 & mask%3\n").arg(k).arg(k - 1).arg(k - 2);
    body.replace(QStringLiteral(" & mask1 & mask0"), QString());
    body.replace(QStringLiteral(" & mask2 & mask1"), QString());
    body += QStringLiteral("    tmp900 = tl.load(in_ptr0 + (tmp199), mask199)\n");
    const KernelRecipe r = parseKernelSource(copyKernel(body));
    EXPECT_TRUE(r.problems.isEmpty()) << r.problems.join(u'\n').toStdString();
    const KernelAnatomy a = measureKernel(r, {});
    const PointerAnatomy* p = findPointer(a, QStringLiteral("in_ptr0"));
    ASSERT_NE(p, nullptr);
    // tmp199 is fib(199) * x0: past 64 bits, so unknown with the reason.
    EXPECT_FALSE(p->uniqueElements.has_value());
    EXPECT_FALSE(p->why.isEmpty());
}

TEST(KernelRecipeParser, EmptyAndBinaryTextGiveAReason)
{
    EXPECT_FALSE(parseKernelSource(QString()).error.isEmpty());
    const KernelRecipe binary = parseKernelSource(QString::fromLatin1("\x01\x02\xff def \x7f(", 10));
    EXPECT_FALSE(binary.error.isEmpty());
    const KernelAnatomy a = measureKernel(binary, {});
    EXPECT_TRUE(a.pointers.empty());
    EXPECT_FALSE(a.problem.isEmpty());
    const KernelRecipe triple = parseKernelSource(copyKernel(QStringLiteral("    '''never closed\n")));
    EXPECT_TRUE(triple.error.contains(QLatin1String("triple-quoted"))) << triple.error.toStdString();
}

} // namespace
} // namespace Ridgeline::Test
