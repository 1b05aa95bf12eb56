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
    // Ridgeline: 4 + 2048, no second write (arg 0 has 2 elements, arg 1
    // exactly xnumel: the output, counted once) = 2052; TraceLens: 8 + 2048
    // + "arg 0 again" 512 x 4 = 4104.
    EXPECT_EQ(*m.bytes, 2052);
    EXPECT_EQ(m.traceLensBytes, 4104);
    ASSERT_TRUE(m.outputWrite);
    EXPECT_EQ(m.outputWrite->tensor, 1);
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

// Issue 21: a cat into a larger output. arg 0 bf16 [1, 768, 3072] (2,359,296
// elements) is no output of xnumel 11,796,480 elements; arg 3 bf16 [1, 768,
// 15360] has exactly xnumel: it is the output, already read-counted once.
// Ridgeline: 2,359,296 x 2 + 5,898,240 x 2 (two more inputs of 4 x 768 x ...)
// is just the tensors; TraceLens adds 11,796,480 x 2 for "arg 0 again".
TEST(PerfModelV2, PointwiseWriteIntoALargerOutputIsNotCountedTwice)
{
    Args a;
    a.tensor({ 1, 768, 3072 }, "c10::BFloat16")
        .tensor({ 1, 768, 3072 }, "c10::BFloat16")
        .tensor({ 1, 768, 9216 }, "c10::BFloat16")
        .tensor({ 1, 768, 15360 }, "c10::BFloat16")
        .scalar("11796480")
        .done();
    const KernelModel m = model("triton_poi_fused__unsafe_view_addmm_cat_clone_gelu_transpose_view_34", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2) << qPrintable(m.reason);
    EXPECT_EQ(m.xnumel, 11796480);
    ASSERT_TRUE(m.outputWrite);
    EXPECT_FALSE(m.outputWrite->counted);
    EXPECT_EQ(m.outputWrite->tensor, 3);
    EXPECT_FALSE(m.outputWrite->ambiguous);
    EXPECT_EQ(m.outputWriteBytes, 0);
    // 768 x (3072 + 3072 + 9216 + 15360) x 2 B = 47,185,920 B; TraceLens 23,592,960 more.
    EXPECT_EQ(*m.bytes, 47185920);
    EXPECT_EQ(m.traceLensOutputWriteBytes, 23592960);
    EXPECT_EQ(m.traceLensBytes, 47185920 + 23592960);
    EXPECT_TRUE(m.traceLensDifferences.join(u' ').contains(QStringLiteral("arg 3 holds the output")));
}

TEST(PerfModelV2, PointwiseInPlaceWriteIsCountedAndAmbiguous)
{
    // in_out_ptr0 fp32 [4096] with a bias [4096]: arg 0 has xnumel elements,
    // written in place or a separate output of the same size: counted once
    // (16 KiB), the args cannot tell which.
    Args a;
    a.tensor({ 4096 }, "c10::Float").tensor({ 4096 }, "c10::Float").scalar("4096").done();
    const KernelModel m = model("triton_poi_fused_add_relu_0", a.args);
    ASSERT_TRUE(m.outputWrite);
    EXPECT_TRUE(m.outputWrite->counted);
    EXPECT_TRUE(m.outputWrite->ambiguous);
    EXPECT_EQ(m.outputWrite->tensor, 0);
    EXPECT_EQ(m.outputWriteBytes, 16384);
    EXPECT_EQ(*m.bytes, 3 * 16384);
    EXPECT_TRUE(m.traceLensDifferences.isEmpty());
}

TEST(PerfModelV2, PointwiseWithoutATensorOfXnumelKeepsTraceLensRule)
{
    // A broadcast add into xnumel 200 from [10, 20] and [20]: arg 0 has 200
    // elements too (the earlier test); here arg 0 [20] and arg 1 [10]: no
    // tensor has 200 elements, so arg 0 is taken as the output, as TraceLens does.
    Args a;
    a.tensor({ 20 }, "c10::Float").tensor({ 10 }, "c10::Float").scalar("200").done();
    const KernelModel m = model("triton_poi_fused_add_0", a.args);
    ASSERT_TRUE(m.outputWrite);
    EXPECT_TRUE(m.outputWrite->counted);
    EXPECT_TRUE(m.outputWrite->ambiguous);
    EXPECT_EQ(m.outputWriteBytes, 800);
}

// Issue 34: a row keeps the first 64 tensors for the inspector, not 4,096
// (600 KB a row); every figure is still of all of them.
TEST(PerfModelV2, ARowKeepsItsFirstTensorsAndCountsEveryOne)
{
    // 100 fp32 tensors of 1..100 elements, xnumel 100: 4 x 5050 bytes read;
    // arg 99 (kept out of the list) has xnumel elements, so it is the output
    // and arg 0 is not written again.
    Args a;
    for (std::int64_t elements = 1; elements <= 100; ++elements)
        a.tensor({ elements }, "c10::Float");
    a.scalar("100").done();
    const KernelModel m = model("triton_poi_fused_cat_0", a.args);
    ASSERT_EQ(m.provenance, Provenance::V2) << qPrintable(m.reason);
    ASSERT_TRUE(m.bytes);
    EXPECT_EQ(*m.bytes, 4 * 5050);
    ASSERT_TRUE(m.outputWrite);
    EXPECT_FALSE(m.outputWrite->counted);
    EXPECT_EQ(m.outputWrite->tensor, 99);
    EXPECT_EQ(m.tensors.size(), KernelModel::maxKeptTensors);
    EXPECT_EQ(m.tensors.back().argIndex, 63);
    EXPECT_EQ(m.tensorsNotKept, 36u);
    EXPECT_EQ(m.tensorCount(), 100u);
    EXPECT_EQ(m.bytesOfTensorsNotKept, 4 * (5050 - 2080)); // args 64..99: 65..100 elements
    EXPECT_EQ(m.traceLensBytesOfTensorsNotKept, 4 * (5050 - 2080));
}
