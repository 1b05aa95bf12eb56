// The V1 model (spec section 4) on wrapper blocks: element counts from
// size_hints, bytes from the signature, FLOPs from the ATen ops, and how
// the modeller orders V2 and V1, resolves generic names and refuses to guess.
#include "cachefixtures.h"
#include "engine/inductorcache/inductorcacheindex.h"
#include "engine/perfmodel/kernelmodeller.h"
#include "engine/triton/opcatalog.h"
#include "testsupport.h"
#include "v2args.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// One Triton block in the 2.8 layout.
QByteArray block(const QByteArray& name, const QByteArray& decorator, const QByteArray& hints, const QByteArray& signature,
    const QByteArray& comments = {})
{
    return comments + name + " = async_compile.triton('" + name + "', '''\nimport triton\n\n@triton_heuristics." + decorator
        + "(\n    size_hints=" + hints + ",\n    filename=__file__,\n    triton_meta={'signature': " + signature
        + ", 'constants': {}},\n)\n@triton.jit\ndef " + name + "(...):\n    pass\n''', device_str='cuda')\n\n";
}

struct Cache
{
    std::shared_ptr<InductorCacheIndex> index = std::make_shared<InductorCacheIndex>(QStringLiteral("test cache"));

    Cache& add(const QString& label, const QByteArray& text)
    {
        index->addFile(label, text);
        return *this;
    }
    KernelModel model(const QString& name, const TritonOpArgs& args = {}) const
    {
        return KernelModeller::withInductorCache(index, {}).model({ name, parseKernelName(name, OpCatalog::builtIn()), &args });
    }
};

struct FixtureCase
{
    const char* kernel;
    std::int64_t xnumel, rnumel, bytes, flops, outputWriteBytes;
    const char* bytesFormula;
};

void PrintTo(const FixtureCase& c, std::ostream* os)
{
    *os << c.kernel;
}

// The bundled trace's four kernels (spec section 7) from the fixture's blocks.
const FixtureCase fixtureCases[] = {
    { "triton_red_fused_add_mean_mul_pow_rsqrt_0", 32768, 2048, 268500992, 469762048, 0, "(2 + 2) x 32768 x 2048 + 2 x 32768 = 268500992" },
    { "triton_red_fused__unsafe_view_add_mean_mul_pow_rsqrt_1", 32768, 2048, 402718720, 469762048, 0,
        "(2 + 2 + 2) x 32768 x 2048 + 2 x 32768 = 402718720" },
    { "triton_poi_fused__unsafe_view_mul_silu_2", 268435456, 1, 1610612736, 1342177280, 536870912, "(2 x 2 + 2) x 268435456 = 1610612736" },
    { "triton_poi_fused__unsafe_view_add_3", 67108864, 1, 536870912, 67108864, 134217728, "(2 x 2 + 2 + 2) x 67108864 = 536870912" },
};

class FixtureKernels : public ::testing::TestWithParam<FixtureCase>
{
};

TEST_P(FixtureKernels, FollowTheV1Formulas)
{
    const FixtureCase& c = GetParam();
    Cache cache;
    cache.add(QStringLiteral("fixture.py"), fixtureWrapper());
    const KernelModel m = cache.model(QString::fromLatin1(c.kernel));
    ASSERT_EQ(m.provenance, Provenance::V1) << qPrintable(m.reason);
    EXPECT_EQ(m.xnumel, c.xnumel);
    EXPECT_EQ(m.rnumel, c.rnumel);
    ASSERT_TRUE(m.bytes.has_value());
    EXPECT_EQ(*m.bytes, c.bytes);
    EXPECT_EQ(m.flops, c.flops);
    EXPECT_EQ(m.outputWriteBytes, c.outputWriteBytes);
    EXPECT_EQ(m.traceLensBytes, c.bytes) << "bf16 is in TraceLens's pointer table";
    EXPECT_TRUE(m.traceLensDifferences.isEmpty()) << qPrintable(m.traceLensDifferences.join(u'\n'));
    // The fixture is Inductor's own output for static shapes: "xnumel = 32768" is in every block.
    EXPECT_TRUE(m.reason.contains(QStringLiteral("exact: the block's source states its element counts"))) << qPrintable(m.reason);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("V2 not available: no Concrete Inputs"))) << qPrintable(m.reason);
    ASSERT_TRUE(m.v1.has_value());
    EXPECT_EQ(m.v1->bytesFormula, QString::fromLatin1(c.bytesFormula));
    EXPECT_EQ(m.v1->opsSource, QStringLiteral("Original ATen comment"));
    EXPECT_EQ(m.v1->kernel.wrapperFile, QStringLiteral("fixture.py"));
    EXPECT_TRUE(m.v1->kernel.source.contains(QStringLiteral("@triton.jit")));
    std::int64_t sum = 0;
    for (const V1PointerTerm& term : m.v1->terms)
        sum += term.bytes;
    EXPECT_EQ(sum, c.bytes) << "the per-pointer terms add up to the total";
}

INSTANTIATE_TEST_SUITE_P(BundledTraceKernels, FixtureKernels, ::testing::ValuesIn(fixtureCases),
    [](const auto& param) { return std::string(param.param.kernel); });

TEST(PerfModelV1, RmsNormTermsNameEachPointer)
{
    Cache cache;
    cache.add(QStringLiteral("fixture.py"), fixtureWrapper());
    const KernelModel m = cache.model(QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"));
    ASSERT_TRUE(m.v1.has_value());
    const auto& terms = m.v1->terms;
    ASSERT_EQ(terms.size(), 3u);
    EXPECT_EQ(terms[0].name, QStringLiteral("in_ptr0"));
    EXPECT_EQ(terms[0].elements, 32768 * 2048);
    EXPECT_EQ(terms[1].name, QStringLiteral("in_ptr1"));
    EXPECT_EQ(terms[1].bytes, 2 * 32768 * 2048) << "the weight is counted over x*r: V1's known over-count";
    EXPECT_EQ(terms[2].name, QStringLiteral("out_ptr0"));
    EXPECT_EQ(terms[2].elements, 32768);
    EXPECT_EQ(m.v1->flopsFormula, QStringLiteral("(2 + 1 + 1 + 2 + 1) x 32768 x 2048 = 469762048"));
    EXPECT_EQ(
        m.v1->kernel.kernelPath, QStringLiteral("/tmp/torchinductor_root/mw/cmwjlpfu2kb4ehcuvblmjopjzi4rp4n2rtyqnvbbrb4xvqkksyqd.py"));
    EXPECT_EQ(m.v1->kernel.sizeHintsText, QStringLiteral("{'x': 32768, 'r0_': 2048}"));
}

struct CountCase
{
    const char* name;
    QByteArray decorator, hints;
    std::int64_t xnumel, rnumel;
    bool reductionFormula;
};

void PrintTo(const CountCase& c, std::ostream* os)
{
    *os << c.name;
}

const CountCase countCases[] = {
    { "DictTileMultipliesYIntoX", "pointwise", "{'y': 2048, 'x': 32}", 65536, 1, false },
    { "ListTileMultipliesToo", "pointwise", "[256, 64]", 16384, 1, false },
    { "ListReductionIsXThenR", "reduction", "[512, 64]", 512, 64, true },
    { "PersistentReductionDict", "persistent_reduction", "{'x': 1, 'r0_': 8}", 1, 8, true },
    { "TwoReductionDimsMultiply", "reduction", "{'x': 4, 'r0_': 16, 'r1_': 8}", 4, 128, true },
    { "ReductionOfOneUsesThePointwiseFormula", "reduction", "{'x': 64, 'r0_': 1}", 64, 1, false },
};

class SizeHintCounts : public ::testing::TestWithParam<CountCase>
{
};

TEST_P(SizeHintCounts, GiveXnumelAndRnumel)
{
    const CountCase& c = GetParam();
    Cache cache;
    cache.add(QStringLiteral("w.py"),
        block("triton_poi_fused_add_0", c.decorator, c.hints, "{'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32'}"));
    const KernelModel m = cache.model(QStringLiteral("triton_poi_fused_add_0"));
    ASSERT_EQ(m.provenance, Provenance::V1) << qPrintable(m.reason);
    EXPECT_EQ(m.xnumel, c.xnumel);
    EXPECT_EQ(m.rnumel, c.rnumel);
    ASSERT_TRUE(m.v1.has_value());
    EXPECT_EQ(m.v1->reduction, c.reductionFormula);
    EXPECT_EQ(*m.bytes, c.reductionFormula ? 4 * c.xnumel * c.rnumel + 4 * c.xnumel : 8 * c.xnumel);
    EXPECT_EQ(m.flops, c.xnumel * c.rnumel) << "add: 1 FLOP per element";
}

INSTANTIATE_TEST_SUITE_P(
    Hints, SizeHintCounts, ::testing::ValuesIn(countCases), [](const auto& param) { return std::string(param.param.name); });

TEST(PerfModelV1, PointerTypesOutsideTheTablesAreSaid)
{
    Cache cache;
    cache.add(QStringLiteral("w.py"),
        block("triton_poi_fused_ne_0", "pointwise", "{'x': 1024}", "{'in_ptr0': '*fp32', 'out_ptr0': '*i1', 'xnumel': 'i32'}"));
    cache.add(QStringLiteral("v.py"),
        block("triton_poi_fused_ne_1", "pointwise", "{'x': 1024}", "{'in_ptr0': '*fp4x9', 'out_ptr0': '*i1', 'xnumel': 'i32'}"));
    const KernelModel known = cache.model(QStringLiteral("triton_poi_fused_ne_0"));
    ASSERT_TRUE(known.bytes.has_value());
    EXPECT_EQ(*known.bytes, 5 * 1024);
    EXPECT_EQ(known.traceLensBytes, 4 * 1024) << "TraceLens counts *i1 as 0 bytes";
    ASSERT_EQ(known.traceLensDifferences.size(), 1);
    EXPECT_TRUE(known.traceLensDifferences.front().contains(QStringLiteral("*i1")));

    const KernelModel unknown = cache.model(QStringLiteral("triton_poi_fused_ne_1"));
    EXPECT_EQ(unknown.provenance, Provenance::V1);
    EXPECT_FALSE(unknown.bytes.has_value());
    EXPECT_TRUE(unknown.reason.contains(QStringLiteral("unknown pointer type *fp4x9"))) << qPrintable(unknown.reason);
}

TEST(PerfModelV1, GenericNamesAreModelledFromTheCacheBlock)
{
    // PyTorch 2.0: no name in the call, no category or ops in the name.
    const QByteArray text = "triton__3 = async_compile.triton('''\nimport triton\n@reduction(size_hints=[8, 128],\n"
                            "    reduction_hint=ReductionHint.INNER,\n    filename=__file__,\n"
                            "    meta={'signature': {0: '*fp32', 1: '*fp32', 2: 'i32', 3: 'i32'}, 'device': 0, 'constants': {}})\n"
                            "@triton.jit\ndef triton__3(in_ptr0, out_ptr0, xnumel, rnumel, XBLOCK : tl.constexpr, RBLOCK : "
                            "tl.constexpr):\n"
                            "    xnumel = 8\n''')\n";
    Cache cache;
    cache.add(QStringLiteral("old.py"), text);
    const KernelModel m = cache.model(QStringLiteral("triton__3"));
    ASSERT_EQ(m.provenance, Provenance::V1) << qPrintable(m.reason);
    EXPECT_EQ(m.xnumel, 8);
    EXPECT_EQ(m.rnumel, 128);
    EXPECT_EQ(*m.bytes, 4 * 8 * 128 + 4 * 8);
    EXPECT_EQ(m.flops, 0);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("FLOPs counted as 0"))) << qPrintable(m.reason);
    ASSERT_FALSE(m.traceLensDifferences.isEmpty());
    EXPECT_TRUE(m.traceLensDifferences.front().contains(QStringLiteral("does not model"))) << qPrintable(m.traceLensDifferences.front());

    // Without the cache a generic name still says why it has no figures.
    const QString name = QStringLiteral("triton_0");
    const TritonOpArgs none;
    const KernelModeller modeller = KernelModeller::withInductorCache(nullptr, QStringLiteral("no Inductor cache given"));
    const KernelModel noCache = modeller.model({ name, parseKernelName(name, OpCatalog::builtIn()), &none });
    EXPECT_EQ(noCache.provenance, Provenance::None);
    EXPECT_TRUE(noCache.reason.startsWith(QStringLiteral("generic kernel name"))) << qPrintable(noCache.reason);
    EXPECT_TRUE(noCache.reason.contains(QStringLiteral("V1: no Inductor cache given"))) << qPrintable(noCache.reason);

    // Every kernel's source is missing for that one reason: the kernels share
    // one record of it, a V2 row as a row without figures.
    ASSERT_TRUE(noCache.source);
    EXPECT_EQ(noCache.source->source.origin, SourceOrigin::None);
    EXPECT_EQ(noCache.source->source.why, QStringLiteral("no Inductor cache given"));
    const QString pointwise = QStringLiteral("triton_poi_fused_add_0");
    const TritonOpArgs args = Ridgeline::Test::V2Args().tensor({ 8 }, "float", { 1 }).tensor({ 8 }, "float", { 1 }).scalar("8").done().args;
    const KernelModel v2 = modeller.model({ pointwise, parseKernelName(pointwise, OpCatalog::builtIn()), &args });
    EXPECT_EQ(v2.provenance, Provenance::V2) << qPrintable(v2.reason);
    ASSERT_TRUE(v2.source);
    EXPECT_EQ(&*v2.source, &*noCache.source);
}

TEST(PerfModelV1, TemplatesWithoutAMatrixProductStayUnmodelled)
{
    Cache cache;
    cache.add(QStringLiteral("t.py"), block("triton_0", "template", "{'x': 64}", "{'arg_A': '*bf16', 'out_ptr0': '*bf16'}"));
    const KernelModel m = cache.model(QStringLiteral("triton_0"));
    EXPECT_EQ(m.provenance, Provenance::None);
    // A template block is counted only as a matrix product, and this one names no GEMM op.
    EXPECT_TRUE(m.reason.contains(QStringLiteral("template block has no GEMM op"))) << qPrintable(m.reason);
    // No figures, but the block (and its source) is kept for the inspector.
    ASSERT_TRUE(m.v1.has_value());
    EXPECT_EQ(m.v1->kernel.heuristic, HeuristicKind::Template);
    EXPECT_TRUE(m.v1->kernel.source.contains(QStringLiteral("def triton_0(")));
    EXPECT_FALSE(m.v1->bytes.has_value());

    // A template named as such (triton_tem_*) is not modelled by its name
    // either; its block is still found.
    cache.add(QStringLiteral("u.py"), block("triton_tem_fused_mm_0", "template", "{'x': 64}", "{'arg_A': '*bf16', 'out_ptr0': '*bf16'}"));
    const KernelModel tem = cache.model(QStringLiteral("triton_tem_fused_mm_0"));
    EXPECT_EQ(tem.provenance, Provenance::None);
    ASSERT_TRUE(tem.v1.has_value());
    EXPECT_EQ(tem.v1->kernel.wrapperFile, QStringLiteral("u.py"));
}

TEST(PerfModelV1, TwoGraphsDefiningANameDifferentlyAreAmbiguous)
{
    const QByteArray sig = "{'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'rnumel': 'i32'}";
    Cache cache;
    cache.add(QStringLiteral("a/output_code.py"),
        block("triton_per_fused_sum_0", "persistent_reduction", "[33554432, 32]", sig, "# kernel path: /tmp/c/aa/caaa.py\n"));
    cache.add(QStringLiteral("b/crhpk.py"),
        block("triton_per_fused_sum_0", "persistent_reduction", "[134217728, 32]", sig, "# kernel path: /tmp/c/bb/cbbb.py\n"));
    const KernelModel m = cache.model(QStringLiteral("triton_per_fused_sum_0"));
    EXPECT_EQ(m.provenance, Provenance::None);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("V1: ambiguous: 2 wrapper files define triton_per_fused_sum_0: ")))
        << qPrintable(m.reason);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("a/output_code.py (line 2, size_hints [33554432, 32])"))) << qPrintable(m.reason);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("b/crhpk.py"))) << qPrintable(m.reason);

    // The trace's kernel_file names one graph's per-kernel file: no guess needed.
    TritonOpArgs args;
    args.kernelFile = QStringLiteral("/elsewhere/bb/cbbb.py");
    const KernelModel picked = cache.model(QStringLiteral("triton_per_fused_sum_0"), args);
    ASSERT_EQ(picked.provenance, Provenance::V1) << qPrintable(picked.reason);
    EXPECT_EQ(picked.xnumel, 134217728);
}

TEST(PerfModelV1, TheSameBlockInTwoFilesIsOneDefinition)
{
    const QByteArray b = block("triton_poi_fused_relu_0", "pointwise", "[128]", "{0: '*fp32', 1: 'i32'}");
    Cache cache;
    cache.add(QStringLiteral("one.py"), b).add(QStringLiteral("two.py"), b);
    const KernelModel m = cache.model(QStringLiteral("triton_poi_fused_relu_0"));
    ASSERT_EQ(m.provenance, Provenance::V1) << qPrintable(m.reason);
    EXPECT_EQ(m.v1->definingFiles, 2);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("the same block is in 2 wrapper files")));
}

TEST(PerfModelV1, NamesOutsideTheCacheAndUnreadableBlocksSayWhy)
{
    Cache cache;
    cache.add(QStringLiteral("w.py"),
        "triton_poi_fused_add_0 = async_compile.triton('triton_poi_fused_add_0', '''\n"
        "@triton_heuristics.pointwise(filename=__file__)\n@triton.jit\ndef f():\n    pass\n''')\n");
    const KernelModel unreadable = cache.model(QStringLiteral("triton_poi_fused_add_0"));
    EXPECT_EQ(unreadable.provenance, Provenance::None);
    EXPECT_TRUE(unreadable.reason.contains(QStringLiteral("V1: w.py defines triton_poi_fused_add_0 at line 1, but no size_hints")))
        << qPrintable(unreadable.reason);
    const KernelModel missing = cache.model(QStringLiteral("triton_poi_fused_mul_0"));
    EXPECT_TRUE(missing.reason.contains(
        QStringLiteral("triton_poi_fused_mul_0 is not in the Inductor cache test cache (1 wrapper files, 0 kernels)")))
        << qPrintable(missing.reason);
}

TritonOpArgs v2Args(std::vector<std::vector<std::int64_t>> dims, const QString& type, std::int64_t xnumel)
{
    TritonOpArgs args;
    for (auto& d : dims) {
        args.inputDims.push_back(d);
        args.inputTypes << type;
        args.concreteInputs << QString();
    }
    args.inputDims.push_back(std::vector<std::int64_t> {});
    args.inputTypes << QStringLiteral("Scalar");
    args.concreteInputs << QString::number(xnumel);
    args.hasInputDims = args.hasInputTypes = args.hasConcreteInputs = true;
    return args;
}

TEST(PerfModelV1, V2ComesFirstAndV1CrossChecksItsOutputWrite)
{
    Cache cache;
    cache.add(QStringLiteral("fixture.py"), fixtureWrapper());
    cache.add(QStringLiteral("outs.py"),
        block("triton_poi_fused_add_9", "pointwise", "{'x': 1024}",
            "{'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32'}"));

    const KernelModel agrees = cache.model(QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"),
        v2Args({ { 8, 4096, 8192 }, { 32768, 8192 } }, QStringLiteral("c10::BFloat16"), 268435456));
    ASSERT_EQ(agrees.provenance, Provenance::V2) << qPrintable(agrees.reason);
    EXPECT_EQ(*agrees.bytes, 1610612736);
    ASSERT_TRUE(agrees.v1OutputWriteNote.has_value());
    EXPECT_TRUE(agrees.v1OutputWriteNote->startsWith(QStringLiteral("V1 signature agrees: the first pointer, in_out_ptr0 (*bf16)")))
        << qPrintable(*agrees.v1OutputWriteNote);
    ASSERT_TRUE(agrees.v1.has_value()) << "the V2 row carries the cache's block: its Triton source";
    EXPECT_TRUE(agrees.v1->kernel.source.contains(QStringLiteral("tl.sigmoid")));

    const KernelModel disagrees = cache.model(
        QStringLiteral("triton_poi_fused_add_9"), v2Args({ { 1024 }, { 1024 }, { 1024 } }, QStringLiteral("c10::BFloat16"), 1024));
    ASSERT_EQ(disagrees.provenance, Provenance::V2);
    ASSERT_TRUE(disagrees.v1OutputWriteNote.has_value());
    EXPECT_TRUE(disagrees.v1OutputWriteNote->contains(QStringLiteral("no in_out_ptr; the kernel writes out_ptr0")))
        << qPrintable(*disagrees.v1OutputWriteNote);
    EXPECT_TRUE(disagrees.v1OutputWriteNote->contains(QStringLiteral("(2048 bytes) is likely an over-count")));

    const KernelModel reduction = cache.model(QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"),
        v2Args({ { 8, 4096, 2048 }, { 2048 }, { 8, 4096, 2048 } }, QStringLiteral("c10::BFloat16"), 2048));
    EXPECT_FALSE(reduction.v1OutputWriteNote.has_value()) << "only pointwise kernels get the extra write";
}

} // namespace
