// The V2 model on hand-made args: scalar extraction, byte and FLOP
// formulas, and the figures TraceLens would report where it is blind.
#include "engine/perfmodel/kernelmodeller.h"
#include "engine/perfmodel/perfmodelv2.h"
#include "engine/triton/opcatalog.h"

#include "v2args.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using Args = Ridgeline::Test::V2Args;

namespace {


KernelModel model(const char* name, const TritonOpArgs& args)
{
    const QString kernel = QString::fromLatin1(name);
    return KernelModeller::standard().model({ kernel, parseKernelName(kernel, OpCatalog::builtIn()), &args });
}

} // namespace

TEST(PerfModelV2, ReductionTakesSecondLastAndLastIntegers)
{
    // Floats, booleans and "" are not integers: 64 and 512 are the last two.
    Args a;
    a.tensor({ 64, 512 }, "c10::Float").scalar("0.").scalar("64").scalar("False").scalar("512").done();
    const KernelModel m = model("triton_red_fused_sum_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2) << qPrintable(m.reason);
    EXPECT_EQ(m.xnumel, 64);
    EXPECT_EQ(m.rnumel, 512);
    // Reductions have no extra output write: 64 * 512 * 4 bytes.
    EXPECT_EQ(*m.bytes, 131072);
    EXPECT_EQ(m.outputWriteBytes, 0);
    EXPECT_EQ(m.flops, 64 * 512); // sum: 1 per element
}

TEST(PerfModelV2, ReductionWithOneIntegerIsPointwiseShaped)
{
    Args a;
    a.tensor({ 1024 }, "c10::Half").scalar("1024").done();
    const KernelModel m = model("triton_per_fused_sum_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2);
    EXPECT_EQ(m.xnumel, 1024);
    EXPECT_EQ(m.rnumel, 1);
}

TEST(PerfModelV2, PointwiseAddsOneWriteOfTheFirstTensor)
{
    // in_out bf16 [10, 20] + in fp32 [20]: 400 + 80 bytes read, +400 written.
    Args a;
    a.tensor({ 10, 20 }, "c10::BFloat16").tensor({ 20 }, "c10::Float").scalar("200").done();
    const KernelModel m = model("triton_poi_fused_add_mul_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2);
    EXPECT_EQ(m.xnumel, 200);
    EXPECT_EQ(m.rnumel, 1);
    EXPECT_EQ(m.outputWriteBytes, 400);
    EXPECT_EQ(*m.bytes, 880);
    EXPECT_EQ(m.flops, 400); // (add 1 + mul 1) x 200
    EXPECT_TRUE(m.traceLensDifferences.isEmpty());
}

TEST(PerfModelV2, PlainDtypeNamesAreCountedAndTraceLensDifferenceRecorded)
{
    Args a;
    a.tensor({ 256 }, "float").tensor({ 256 }, "c10::BFloat16").scalar("256").done();
    const KernelModel m = model("triton_poi_fused_mul_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2);
    // Ridgeline: 256*4 + 256*2 + write 256*4 = 2560. TraceLens: float = 0 -> 512.
    EXPECT_EQ(*m.bytes, 2560);
    EXPECT_EQ(m.traceLensBytes, 512);
    ASSERT_EQ(m.traceLensDifferences.size(), 1);
    EXPECT_TRUE(m.traceLensDifferences.front().contains(QStringLiteral("float")));
}

TEST(PerfModelV2, OpsOutsideTheTraceLensTable)
{
    Args a;
    a.tensor({ 100 }, "c10::BFloat16").scalar("100").done();
    const KernelModel m = model("triton_poi_fused_cos_mul_where_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2);
    // Ridgeline: cos 4 + mul 1 + where 1 = 6 per element; TraceLens: mul only.
    EXPECT_EQ(m.flops, 600);
    EXPECT_EQ(m.traceLensFlops, 100);
    ASSERT_FALSE(m.traceLensDifferences.isEmpty());
    EXPECT_TRUE(m.traceLensDifferences.join(u' ').contains(QStringLiteral("cos, where")));
}

TEST(PerfModelV2, OpsUnknownToBothAreListedAsNotCounted)
{
    Args a;
    a.tensor({ 8 }, "c10::BFloat16").scalar("8").done();
    const KernelModel m = model("triton_poi_fused_add_polar_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2);
    EXPECT_EQ(m.flops, 8);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("not counted (0 FLOPs): polar"))) << qPrintable(m.reason);
    EXPECT_EQ(OpCatalog::cost(u"polar").kind, OpCostKind::NotCounted);
    EXPECT_EQ(OpCatalog::cost(u"_unsafe_view").kind, OpCostKind::MemoryOnly);
}

TEST(PerfModelV2, BroadcastTensorReadOnce)
{
    // [2] with stride 0 is one element broadcast; TraceLens reads 2.
    Args a;
    a.tensor({ 2 }, "c10::Float", { 0 }).tensor({ 2, 256 }, "c10::Float", { 256, 1 }).scalar("512").done();
    const KernelModel m = model("triton_poi_fused_mul_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2);
    EXPECT_TRUE(m.tensors[0].broadcast);
    EXPECT_EQ(m.tensors[0].elements, 1);
    EXPECT_EQ(m.tensors[0].traceLensElements, 2);
    // Ridgeline: 4 + 2048 + write 512*4 = 4100; TraceLens: 8 + 2048 + 2048 = 4104.
    EXPECT_EQ(*m.bytes, 4100);
    EXPECT_EQ(m.traceLensBytes, 4104);
}

TEST(PerfModelV2, UnknownDtypeLeavesBytesUndefined)
{
    Args a;
    a.tensor({ 4 }, "c10::Mystery").scalar("4").done();
    const KernelModel m = model("triton_poi_fused_add_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2);
    EXPECT_FALSE(m.bytes.has_value());
    EXPECT_EQ(m.flops, 4);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("unknown dtype c10::Mystery")));
}

TEST(PerfModelV2, KindsTraceLensLacksKeepTheirBytesAndSayTraceLensDoesNotModelThem)
{
    // One [4] bf16 tensor: 8 bytes. A template without two matrices has no
    // GEMM to count and a generic name no ops: FLOPs unknown, not 0.
    Args a;
    a.tensor({ 4 }, "c10::BFloat16").scalar("4").done();
    for (const char* name : { "triton_tem_fused_addmm_0", "triton_3" }) {
        const KernelModel m = model(name, a.args);
        EXPECT_EQ(m.provenance, Provenance::V2) << name;
        EXPECT_EQ(m.bytes, std::optional<std::int64_t>(8)) << name;
        EXPECT_FALSE(m.flopsKnown) << name;
        ASSERT_EQ(m.traceLensDifferences.size(), 1) << name;
        EXPECT_TRUE(m.traceLensDifferences.front().contains(QStringLiteral("TraceLens does not model"))) << name;
        EXPECT_EQ(m.traceLensBytes, 0) << name;
    }
}

TEST(PerfModelV2, MissingConcreteInputsExplainsRecordShapes)
{
    TritonOpArgs empty;
    const KernelModel m = model("triton_poi_fused_add_0", empty);
    EXPECT_EQ(m.provenance, Provenance::None);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("record_shapes=True"))) << qPrintable(m.reason);
}
