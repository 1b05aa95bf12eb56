// Kernel-name parsing: category prefixes, index, and the longest-match
// segmentation of the fused part against the ATen op list.
#include "engine/triton/kernelname.h"
#include "engine/triton/opcatalog.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

QStringList ops(std::initializer_list<const char*> names)
{
    QStringList list;
    for (const char* name : names)
        list << QString::fromLatin1(name);
    return list;
}

KernelName parse(const char* name)
{
    return parseKernelName(QString::fromLatin1(name), OpCatalog::builtIn());
}

} // namespace

TEST(KernelName, BuiltInCatalogHoldsTheSpecOpList)
{
    EXPECT_GT(OpCatalog::builtIn().size(), 900);
    EXPECT_TRUE(OpCatalog::builtIn().isKnownOp(u"_unsafe_view"));
    EXPECT_TRUE(OpCatalog::builtIn().isKnownOp(u"all_to_all_single"));
    EXPECT_FALSE(OpCatalog::builtIn().isKnownOp(u"unsafe"));
}

TEST(KernelName, SpecExampleSegments)
{
    const KernelName name = parse("triton_poi_fused__unsafe_view_mul_silu_2");
    EXPECT_EQ(name.category, KernelCategory::Pointwise);
    EXPECT_EQ(name.index, 2);
    EXPECT_EQ(name.fusedPart(), QStringLiteral("_unsafe_view_mul_silu"));
    EXPECT_EQ(name.fusedOps(), ops({ "_unsafe_view", "mul", "silu" }));
    EXPECT_TRUE(name.opsSegmented);
}

TEST(KernelName, Categories)
{
    EXPECT_EQ(parse("triton_red_fused_add_mean_0").category, KernelCategory::Reduction);
    EXPECT_EQ(parse("triton_per_fused_sum_3").category, KernelCategory::PersistentReduction);
    EXPECT_EQ(parse("triton_tem_fused_addmm_0").category, KernelCategory::Template);
    EXPECT_EQ(parse("triton_for_fused_0").category, KernelCategory::Foreach);
    EXPECT_EQ(parse("triton_spl_fused_cumsum_1").category, KernelCategory::SplitScan);
    EXPECT_EQ(parse("triton_xyz_fused_add_0").category, KernelCategory::Other);
    const KernelName generic = parse("triton_17");
    EXPECT_EQ(generic.category, KernelCategory::Generic);
    EXPECT_EQ(generic.index, 17);
    EXPECT_TRUE(generic.fusedOps().isEmpty());
    EXPECT_FALSE(traceLensModels(KernelCategory::Template));
    EXPECT_TRUE(traceLensModels(KernelCategory::PersistentReduction));
}

TEST(KernelName, LongestMatchWins)
{
    // "all_to_all_add" also splits as all + to + all + add (all three are
    // ATen ops); the longest match keeps all_to_all whole.
    EXPECT_EQ(parse("triton_poi_fused_all_to_all_add_1").fusedOps(), ops({ "all_to_all", "add" }));
    EXPECT_EQ(parse("triton_poi_fused_all_to_all_single_add_1").fusedOps(), ops({ "all_to_all_single", "add" }));
    EXPECT_EQ(parse("triton_red_fused_native_layer_norm_0").fusedOps(), ops({ "native_layer_norm" }));
    EXPECT_EQ(parse("triton_red_fused__unsafe_view_add_mean_mul_pow_rsqrt_1").fusedOps(),
        ops({ "_unsafe_view", "add", "mean", "mul", "pow", "rsqrt" }));
}

TEST(KernelName, BacktracksWhenTheLongestMatchStrandsAPrefix)
{
    // With ops {a, a_b, b_c}: "a_b_c" must split as a + b_c, because taking
    // "a_b" first would leave "c", which is no op.
    const OpCatalog catalog({ QStringLiteral("a"), QStringLiteral("a_b"), QStringLiteral("b_c") });
    EXPECT_EQ(segmentOps(u"a_b_c", catalog), ops({ "a", "b_c" }));
    EXPECT_EQ(segmentOps(u"a_b", catalog), ops({ "a_b" }));
    EXPECT_FALSE(segmentOps(u"c", catalog).has_value());
}

TEST(KernelName, UnknownOpsAreNotSegmented)
{
    const KernelName name = parse("triton_poi_fused_frobnicate_widget_0");
    EXPECT_FALSE(name.opsSegmented);
    EXPECT_TRUE(name.fusedOps().isEmpty());
    EXPECT_EQ(name.fusedPart(), QStringLiteral("frobnicate_widget"));
}

TEST(KernelName, NotTriton)
{
    EXPECT_FALSE(isTritonKernelName(u"aten::mm"));
    EXPECT_TRUE(isTritonKernelName(u"triton_poi_fused_add_0"));
}
