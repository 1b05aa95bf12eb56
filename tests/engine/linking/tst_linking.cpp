// Linking Triton cpu_ops to their GPU kernels (PERF_MODEL.md section 1):
// nesting per thread, the ac2g flow's stream, graph launches, busy time.
#include "engine/linking/kernellinker.h"
#include "testsupport.h"

#include <gtest/gtest.h>
#include <random>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// 1024 floats in, 1024 out: a well-formed V2 op.
const QByteArray poiArgs = R"("Input Dims": [[1024], [1024], []], "Input type": ["c10::Float", "c10::Float", "Scalar"], )"
                           R"("Input Strides": [[1], [1], []], "Concrete Inputs": ["", "", "1024"])";
const QByteArray poiName = "triton_poi_fused_add_0";

class Linking : public ::testing::Test
{
protected:
    std::shared_ptr<const AnalysisResult> run(const QByteArray& events)
    {
        const AnalysisOutcome outcome = analyze(m_traces.write(QStringLiteral("trace.json"), traceJson(events)));
        EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
        return outcome.result;
    }
    static const KernelRow* row(const AnalysisResult& result, const QString& name, RowKind kind)
    {
        for (const KernelRow& r : result.rows) {
            if (r.name == name && r.kind == kind)
                return &r;
        }
        return nullptr;
    }
    TempTraces m_traces;
};

TEST_F(Linking, OneOpOneKernelThroughTheFlow)
{
    const auto result = run(tritonOpEvent(poiName, 100, 20, 1, poiArgs) + ",\n" + launchEvent(105, 5, 10) + ",\n" + flowEnd(10) + ",\n"
        + kernelEvent(poiName, 200, 40.5, 10));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u);
    const KernelRow& r = result->rows.front();
    EXPECT_EQ(r.name, QString::fromLatin1(poiName));
    EXPECT_EQ(r.kind, RowKind::Launched);
    EXPECT_EQ(r.provenance(), Provenance::V2);
    EXPECT_EQ(r.calls, 1);
    ASSERT_TRUE(r.kernelTimeUs);
    EXPECT_DOUBLE_EQ(r.kernelTimeUs->sum, 40.5); // the kernel's dur, not the op's 20
    EXPECT_DOUBLE_EQ(result->totalGpuKernelTimeUs, 40.5);
    EXPECT_DOUBLE_EQ(result->tritonKernelTimeUs, 40.5);
}

TEST_F(Linking, FlowEndStreamChoosesAmongKernelsWithTheSameCorrelation)
{
    // Correlation 10 on stream 0 (50 us) and stream 7 (30 us); the flow ends on 7.
    const auto result = run(tritonOpEvent(poiName, 100, 20, 1, poiArgs) + ",\n" + launchEvent(105, 5, 10) + ",\n"
        + kernelEvent(poiName, 200, 50, 10, 0) + ",\n" + kernelEvent(poiName, 300, 30, 10, 7) + ",\n" + flowEnd(10, 7));
    ASSERT_TRUE(result);
    const KernelRow* launched = row(*result, QString::fromLatin1(poiName), RowKind::Launched);
    ASSERT_NE(launched, nullptr);
    ASSERT_TRUE(launched->kernelTimeUs);
    EXPECT_DOUBLE_EQ(launched->kernelTimeUs->sum, 30.0);
    // The stream-0 kernel belongs to no launch: a kernel-only row of 50 us.
    const KernelRow* orphan = row(*result, QString::fromLatin1(poiName), RowKind::KernelOnly);
    ASSERT_NE(orphan, nullptr);
    EXPECT_DOUBLE_EQ(orphan->kernelTimeUs->sum, 50.0);
}

TEST_F(Linking, OverlappingKernelsOfOneOpCountBusyTime)
{
    // [300, 340.5] u [320.25, 360.75] = [300, 360.75]: 60.75 us, not 40.5 + 40.5 = 81.
    const auto result = run(tritonOpEvent(poiName, 100, 50, 1, poiArgs) + ",\n" + launchEvent(105, 5, 10) + ",\n" + launchEvent(120, 5, 11)
        + ",\n" + flowEnd(10, 0) + ",\n" + flowEnd(11, 1) + ",\n" + kernelEvent(poiName, 300, 40.5, 10, 0) + ",\n"
        + kernelEvent(poiName, 320.25, 40.5, 11, 1));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u);
    const KernelRow& r = result->rows.front();
    EXPECT_EQ(r.calls, 1);
    ASSERT_TRUE(r.kernelTimeUs);
    EXPECT_DOUBLE_EQ(r.kernelTimeUs->sum, 60.75);
    EXPECT_DOUBLE_EQ(result->totalGpuKernelTimeUs, 81.0); // the denominator sums every kernel
}

TEST_F(Linking, KernelWithoutOpIsKernelOnly)
{
    // Correlation 99 has no launch: a replayed kernel.
    const auto result = run(kernelEvent("triton_poi_fused_mul_1", 500, 12.5, 99));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u);
    const KernelRow& r = result->rows.front();
    EXPECT_EQ(r.kind, RowKind::KernelOnly);
    EXPECT_EQ(r.provenance(), Provenance::None);
    EXPECT_FALSE(r.bytes());
    ASSERT_TRUE(r.kernelTimeUs);
    EXPECT_DOUBLE_EQ(r.kernelTimeUs->sum, 12.5);
    EXPECT_TRUE(r.model->reason.contains(u"without a Triton op")) << r.model->reason.toStdString();
}

TEST_F(Linking, NonTritonKernelMakesNoRow)
{
    const auto result = run(kernelEvent("Cijk_Ailk_Bljk_BBS", 500, 12.5, 99));
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->rows.empty());
    EXPECT_DOUBLE_EQ(result->totalGpuKernelTimeUs, 12.5);
}

TEST_F(Linking, OpWithoutKernelIsOpOnly)
{
    // Launched during graph capture: a launch, but no GPU event.
    const auto result = run(tritonOpEvent(poiName, 100, 20, 1, poiArgs) + ",\n" + launchEvent(105, 5, 10));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u);
    const KernelRow& r = result->rows.front();
    EXPECT_EQ(r.kind, RowKind::OpOnly);
    EXPECT_EQ(r.provenance(), Provenance::V2);
    // 1024 x 4 + 1024 x 4 + pointwise write 4 x 1024 = 12288 bytes; add: 1 x 1024 FLOPs.
    ASSERT_TRUE(r.bytes());
    EXPECT_DOUBLE_EQ(*r.bytes(), 12288.0);
    EXPECT_DOUBLE_EQ(*r.flops(), 1024.0);
    EXPECT_FALSE(r.kernelTimeUs);
    EXPECT_FALSE(r.tbPerS);
    EXPECT_FALSE(r.shareOfGpuTime);
    EXPECT_TRUE(r.model->reason.contains(u"graph capture")) << r.model->reason.toStdString();
}

TEST_F(Linking, LaunchInsideAnotherCpuOpDoesNotLinkToTheTritonOp)
{
    // triton op [100, 200] > aten::copy_ [110, 150] > launch [120, 125]:
    // the launch's parent is aten::copy_, not the Triton op.
    const auto result = run(tritonOpEvent(poiName, 100, 100, 1, poiArgs) + ",\n" + tritonOpEvent("aten::copy_", 110, 40, 2, {}) + ",\n"
        + launchEvent(120, 5, 10) + ",\n" + flowEnd(10) + ",\n" + kernelEvent(poiName, 300, 15, 10));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 2u);
    const KernelRow* op = row(*result, QString::fromLatin1(poiName), RowKind::OpOnly);
    ASSERT_NE(op, nullptr);
    EXPECT_FALSE(op->kernelTimeUs);
    const KernelRow* kernel = row(*result, QString::fromLatin1(poiName), RowKind::KernelOnly);
    ASSERT_NE(kernel, nullptr);
    EXPECT_DOUBLE_EQ(kernel->kernelTimeUs->sum, 15.0);
}

TEST_F(Linking, OpsOnDifferentThreadsDoNotNest)
{
    // The launch [120, 125] lies inside the op's [100, 200] in time, but on tid 2.
    const auto result = run(tritonOpEvent(poiName, 100, 100, 1, poiArgs, 1) + ",\n" + launchEvent(120, 5, 10, "hipModuleLaunchKernel", 2)
        + ",\n" + flowEnd(10) + ",\n" + kernelEvent(poiName, 300, 15, 10));
    ASSERT_TRUE(result);
    ASSERT_NE(row(*result, QString::fromLatin1(poiName), RowKind::OpOnly), nullptr);
    const KernelRow* kernel = row(*result, QString::fromLatin1(poiName), RowKind::KernelOnly);
    ASSERT_NE(kernel, nullptr);
    EXPECT_DOUBLE_EQ(kernel->kernelTimeUs->sum, 15.0);
    EXPECT_EQ(row(*result, QString::fromLatin1(poiName), RowKind::Launched), nullptr);
}

TEST_F(Linking, GraphLaunchClaimsEveryKernelWithItsCorrelation)
{
    // Three kernels with correlation 10 on three streams, no flow end needed:
    // [300, 310] u [305, 320] u [400, 405] = 20 + 5 = 25 us.
    const auto result = run(tritonOpEvent(poiName, 100, 100, 1, poiArgs) + ",\n" + launchEvent(120, 5, 10, "hipGraphLaunch") + ",\n"
        + kernelEvent(poiName, 300, 10, 10, 0) + ",\n" + kernelEvent(poiName, 305, 15, 10, 1) + ",\n"
        + kernelEvent(poiName, 400, 5, 10, 2));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u); // nothing left over as kernel-only
    const KernelRow& r = result->rows.front();
    EXPECT_EQ(r.kind, RowKind::Launched);
    EXPECT_EQ(r.calls, 1);
    ASSERT_TRUE(r.kernelTimeUs);
    EXPECT_DOUBLE_EQ(r.kernelTimeUs->sum, 25.0);
}

// Hand-built RawTrace: the linker and busyTimeUs without the reader.
GpuEventRecord gpu(double ts, double dur, std::int64_t key, std::uint32_t thread = 0)
{
    GpuEventRecord event;
    event.ts = ts;
    event.dur = dur;
    event.key = key;
    event.thread = thread;
    return event;
}

RawTrace rawTrace()
{
    RawTrace trace;
    trace.gpuEventNames << QStringLiteral("triton_poi_fused_add_0");
    TritonOpRecord op;
    op.identity = trace.tritonOpIdentities->intern(QStringLiteral("triton_poi_fused_add_0"), nullptr);
    op.ts = 10;
    op.dur = 10;
    trace.tritonOps.push_back(op);
    LaunchRecord launch;
    launch.key = 5;
    // The op and its launch share the same bounds: the op still encloses it.
    launch.ts = 10;
    launch.end = 20;
    trace.launches.push_back(launch);
    return trace;
}

TEST(LinkingRaw, BusyTimeIsTheUnionOfIntervals)
{
    RawTrace trace;
    // [0, 10] holds [2, 5]; [10, 12] touches it; [20, 25] stands apart: 12 + 5 = 17.
    trace.gpuEvents = { gpu(20, 5, 1), gpu(2, 3, 1), gpu(0, 10, 1), gpu(10, 2, 1) };
    EXPECT_DOUBLE_EQ(busyTimeUs(trace, { 0, 1, 2, 3 }), 17.0);
    EXPECT_DOUBLE_EQ(busyTimeUs(trace, { 1 }), 3.0);
    EXPECT_DOUBLE_EQ(busyTimeUs(trace, std::vector<std::uint32_t> {}), 0.0);
}

TEST(LinkingRaw, BusyTimeFromAbsoluteTimestampsInFloat64)
{
    // Spec section 6: (3603029056307.818 + 527.382) - 3603029056307.818 in float64.
    RawTrace trace;
    trace.gpuEvents = { gpu(3603029056307.818, 527.382, 1) };
    EXPECT_EQ(busyTimeUs(trace, { 0 }), 527.3818359375);
}

TEST(LinkingRaw, WithoutFlowEndTheFirstKernelWithTheKeyIsTaken)
{
    RawTrace trace = rawTrace();
    trace.gpuEvents = { gpu(100, 7, 4), gpu(200, 3, 5, 1), gpu(300, 9, 5, 2) };
    const LinkedKernels linked = linkKernels(trace);
    ASSERT_EQ(linked.opCalls.size(), 1u);
    const KernelCall& call = linked.opCalls.front();
    EXPECT_EQ(call.op, &trace.tritonOps[0]);
    EXPECT_EQ(std::uint32_t(call.launches), 1u);
    ASSERT_EQ(call.kernels, std::vector<std::uint32_t> { 1 }); // one kernel per normal launch
    EXPECT_DOUBLE_EQ(*call.busyTimeUs, 3.0);
    // Events 0 (key 4) and 2 (key 5, second) are unclaimed triton_ kernels.
    ASSERT_EQ(linked.kernelOnlyCalls.size(), 2u);
    EXPECT_EQ(linked.kernelOnlyCalls[0].event, 0u);
    EXPECT_EQ(linked.kernelOnlyCalls[1].event, 2u);
    EXPECT_EQ(linked.kernelOnlyCalls[1].graphLaunch, -1);
}

TEST(LinkingRaw, FlowEndThreadSelectsAndDroppedKeyIsReported)
{
    RawTrace trace = rawTrace();
    trace.gpuEvents = { gpu(200, 3, 5, 1), gpu(300, 9, 5, 2) };
    trace.flowEnds = { { 5, 7 }, { 5, 2 } }; // any end of an id counts; none of the events is on 7
    trace.badGpuEventKeys.insert(5);
    const LinkedKernels linked = linkKernels(trace);
    ASSERT_EQ(linked.opCalls.size(), 1u);
    EXPECT_EQ(linked.opCalls[0].kernels, std::vector<std::uint32_t> { 1 });
    EXPECT_DOUBLE_EQ(*linked.opCalls[0].busyTimeUs, 9.0);
    EXPECT_TRUE(bool(linked.opCalls[0].kernelEventDropped));
}

TEST(LinkingRaw, LaunchReachingPastTheOpIsNotNested)
{
    RawTrace trace = rawTrace();
    trace.launches[0].ts = 15;
    trace.launches[0].end = 25; // ends after the op's 20
    trace.gpuEvents = { gpu(200, 3, 5) };
    const LinkedKernels linked = linkKernels(trace);
    EXPECT_EQ(std::uint32_t(linked.opCalls[0].launches), 0u);
    EXPECT_TRUE(linked.opCalls[0].kernels.empty());
    EXPECT_FALSE(linked.opCalls[0].busyTimeUs);
    EXPECT_EQ(linked.kernelOnlyCalls.size(), 1u);
}

// RawTrace::keepOnlyWhatLinkingNeeds drops other ops and flow ends; the
// links must stay exactly what they were. Random traces of nested and
// partly overlapping spans on three threads, with repeated bounds and
// keys, linked before and after.
TEST(LinkingRaw, DroppingWhatLinkingDoesNotNeedChangesNoLink)
{
    std::mt19937 random(20261201);
    const auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
    size_t droppedOps = 0;
    size_t droppedFlows = 0;
    for (int round = 0; round < 300; ++round) {
        RawTrace trace;
        trace.gpuEventNames << QStringLiteral("triton_poi_fused_add_0");
        const auto interval = [&](double* begin, double* end) {
            *begin = uniform(0, 60);
            *end = *begin + uniform(0, 25);
        };
        for (int i = uniform(0, 6); i > 0; --i) {
            TritonOpRecord op;
            op.identity = trace.tritonOpIdentities->intern(trace.gpuEventNames.front(), nullptr);
            double end = 0;
            interval(&op.ts, &end);
            op.dur = end - op.ts;
            op.thread = std::uint32_t(uniform(0, 2));
            trace.tritonOps.push_back(op);
        }
        for (int i = uniform(0, 12); i > 0; --i) {
            double begin = 0;
            double end = 0;
            interval(&begin, &end);
            trace.otherOpSpans.push_back({ begin, end, std::uint32_t(uniform(0, 2)) });
        }
        for (int i = uniform(0, 12); i > 0; --i) {
            LaunchRecord launch;
            interval(&launch.ts, &launch.end);
            launch.end = launch.ts + (launch.end - launch.ts) / 5;
            launch.thread = std::uint32_t(uniform(0, 2));
            launch.key = uniform(0, 8);
            launch.kind = uniform(0, 5) == 0 ? LaunchKind::Graph : LaunchKind::Kernel;
            trace.launches.push_back(launch);
        }
        for (int i = uniform(0, 12); i > 0; --i)
            trace.gpuEvents.push_back(gpu(100 + i, 3, uniform(0, 12), std::uint32_t(uniform(3, 5))));
        for (int i = uniform(0, 12); i > 0; --i)
            trace.flowEnds.push_back({ uniform(0, 12), std::uint32_t(uniform(3, 5)) });
        trace.indexFlowEnds();

        const LinkedKernels before = linkKernels(trace);
        const size_t ops = trace.otherOpSpans.size();
        const size_t flows = trace.flowEnds.size();
        trace.keepOnlyWhatLinkingNeeds();
        droppedOps += ops - trace.otherOpSpans.size();
        droppedFlows += flows - trace.flowEnds.size();
        const LinkedKernels after = linkKernels(trace);
        ASSERT_EQ(before.opOfLaunch, after.opOfLaunch) << "round " << round;
        ASSERT_EQ(before.opCalls.size(), after.opCalls.size());
        for (size_t i = 0; i < before.opCalls.size(); ++i)
            ASSERT_EQ(before.opCalls[i].kernels, after.opCalls[i].kernels) << "round " << round << ", op " << i;
        ASSERT_EQ(before.kernelOnlyCalls.size(), after.kernelOnlyCalls.size());
        for (size_t i = 0; i < before.kernelOnlyCalls.size(); ++i)
            ASSERT_EQ(before.kernelOnlyCalls[i].event, after.kernelOnlyCalls[i].event) << "round " << round << ", kernel " << i;
    }
    // The test means something only if it dropped things.
    EXPECT_GT(droppedOps, 300u);
    EXPECT_GT(droppedFlows, 300u);
}

} // namespace
