// A kernel row's identity (KernelRowKey): the name and the four arg lists,
// compared by content; and the aggregator's row of each call, which the
// timeline takes instead of finding each call's row again.
#include "engine/input/tracereader.h"
#include "engine/linking/kernelrowkey.h"
#include "engine/results/kernelaggregator.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

TritonOpArgs args(const QString& dims, const QString& types, const QString& strides, const QString& concrete)
{
    TritonOpArgs a;
    a.inputDimsJson = dims;
    a.inputTypesJson = types;
    a.inputStridesJson = strides;
    a.concreteInputsJson = concrete;
    return a;
}

} // namespace

TEST(KernelRowKey, RowsDifferingInOneArgListDiffer)
{
    const QString name = QStringLiteral("triton_poi_fused_add_0");
    const TritonOpArgs base
        = args(QStringLiteral("[[4]]"), QStringLiteral("[\"float\"]"), QStringLiteral("[[1]]"), QStringLiteral("[\"\"]"));
    // Another args object of the same lists: the same row (the reader interns
    // args per trace, but a capture trace's reader has its own).
    const TritonOpArgs same = base;
    EXPECT_EQ((KernelRowKey { name, &base }), (KernelRowKey { name, &same }));
    EXPECT_EQ(qHash(KernelRowKey { name, &base }), qHash(KernelRowKey { name, &same }));

    TritonOpArgs dims = base, types = base, strides = base, concrete = base;
    dims.inputDimsJson = QStringLiteral("[[8]]");
    types.inputTypesJson = QStringLiteral("[\"c10::Half\"]");
    strides.inputStridesJson = QStringLiteral("[[2]]");
    concrete.concreteInputsJson = QStringLiteral("[\"1\"]");
    for (const TritonOpArgs* other : { &dims, &types, &strides, &concrete })
        EXPECT_FALSE((KernelRowKey { name, &base }) == (KernelRowKey { name, other }));
    // The args' other fields are no part of the identity.
    TritonOpArgs informational = base;
    informational.kernelFile = QStringLiteral("/tmp/k.py");
    informational.numWarps = 8;
    EXPECT_EQ((KernelRowKey { name, &base }), (KernelRowKey { name, &informational }));

    // Another name, and a kernel without an op (no args), are other rows.
    EXPECT_FALSE((KernelRowKey { name, &base }) == (KernelRowKey { QStringLiteral("triton_poi_fused_add_1"), &base }));
    EXPECT_FALSE((KernelRowKey { name, &base }) == (KernelRowKey { name, nullptr }));
    EXPECT_EQ((KernelRowKey { name, nullptr }), (KernelRowKey { name, nullptr }));
}

TEST(KernelRowKey, TheListsAreComparedAsListsNotAsOneJoinedText)
{
    // Joined with a separator, "a|b" + "c" and "a" + "b|c" read alike.
    const QString name = QStringLiteral("triton_poi_fused_add_0");
    const TritonOpArgs a = args(QStringLiteral("[\"a|b\"]"), QStringLiteral("[\"c\"]"), {}, {});
    const TritonOpArgs b = args(QStringLiteral("[\"a\"]"), QStringLiteral("[\"b|c\"]"), {}, {});
    EXPECT_FALSE((KernelRowKey { name, &a }) == (KernelRowKey { name, &b }));
}

TEST(KernelRowKey, TheIndexKeepsTheFirstIndexOfEachKey)
{
    const QString name = QStringLiteral("triton_poi_fused_add_0");
    const TritonOpArgs a = args(QStringLiteral("[[4]]"), {}, {}, {});
    const TritonOpArgs aAgain = a;
    const TritonOpArgs b = args(QStringLiteral("[[8]]"), {}, {}, {});
    KernelRowKeyIndex index;
    EXPECT_EQ(index.insert({ name, &a }, 0), std::pair(std::uint32_t(0), true));
    EXPECT_EQ(index.insert({ name, &b }, 1), std::pair(std::uint32_t(1), true));
    EXPECT_EQ(index.insert({ name, &aAgain }, 2), std::pair(std::uint32_t(0), false));
    EXPECT_EQ(index.insert({ name, nullptr }, 2), std::pair(std::uint32_t(2), true));
    EXPECT_EQ(index.insert({ name, &b }, 3), std::pair(std::uint32_t(1), false));
}

// Two calls of one row (the same name and args), one of another (other
// dims), and a Triton kernel without an op: each call's row is the one the
// aggregator put it in, after sorting the rows by time.
TEST(KernelRowKey, TheAggregatorSaysEachCallsRow)
{
    const QByteArray name = "triton_poi_fused_add_0";
    const QByteArray small = R"("Input Dims": [[1024], [1024]], "Input type": ["c10::Float", "c10::Float"], )"
                             R"("Input Strides": [[1], [1]], "Concrete Inputs": ["", ""])";
    const QByteArray large = R"("Input Dims": [[4096], [4096]], "Input type": ["c10::Float", "c10::Float"], )"
                             R"("Input Strides": [[1], [1]], "Concrete Inputs": ["", ""])";
    // The small op's two calls take 10 us each, the large op's one 50 us:
    // the large row sorts first. The kernel without an op takes 1 us.
    const QByteArray events = tritonOpEvent(name, 100, 20, 1, small) + ",\n" + launchEvent(105, 5, 10) + ",\n" + flowEnd(10) + ",\n"
        + kernelEvent(name, 200, 10, 10) + ",\n" + tritonOpEvent(name, 300, 20, 2, large) + ",\n" + launchEvent(305, 5, 11) + ",\n"
        + flowEnd(11) + ",\n" + kernelEvent(name, 400, 50, 11) + ",\n" + tritonOpEvent(name, 500, 20, 3, small) + ",\n"
        + launchEvent(505, 5, 12) + ",\n" + flowEnd(12) + ",\n" + kernelEvent(name, 600, 10, 12) + ",\n"
        + kernelEvent("triton_red_fused_sum_1", 700, 1, 13);
    TempTraces traces;
    const TraceReadResult read = readTrace(traces.write(QStringLiteral("trace.json"), traceJson(events)), {});
    ASSERT_EQ(read.status, TraceReadResult::Status::Ok) << read.error.toStdString();
    const LinkedKernels linked = linkKernels(read.trace);
    ASSERT_EQ(linked.opCalls.size(), 3u);
    ASSERT_EQ(linked.kernelOnlyCalls.size(), 1u);

    RowOfCall rowOfCall;
    const std::vector<KernelRow> rows
        = aggregateKernels(read.trace, linked, KernelModeller::withInductorCache(nullptr, {}), nullptr, &rowOfCall);
    ASSERT_EQ(rows.size(), 3u);
    ASSERT_EQ(rowOfCall.opCalls.size(), 3u);
    ASSERT_EQ(rowOfCall.kernelOnlyCalls.size(), 1u);
    // The rows by time: the large op's (50 us), the small op's (2 x 10 us), the kernel's (1 us).
    EXPECT_EQ(rows[0].calls, 1);
    EXPECT_TRUE(rows[0].args->inputDimsJson.contains(QStringLiteral("4096")));
    EXPECT_EQ(rows[1].calls, 2);
    EXPECT_EQ(rows[2].kind, RowKind::KernelOnly);
    for (size_t i = 0; i < linked.opCalls.size(); ++i) {
        const bool isLarge = linked.opCalls[i].op->args()->inputDimsJson.contains(QStringLiteral("4096"));
        EXPECT_EQ(rowOfCall.opCalls[i], isLarge ? 0u : 1u) << "call " << i;
    }
    EXPECT_EQ(rowOfCall.kernelOnlyCalls[0], 2u);
}
