// The GPU's time budget measured from a trace: busy time as a union over
// streams, idle gaps by length and cause, the latency floor, steps. Every
// figure below is derived by hand in the comments.
#include "engine/activity/idlegaps.h"
#include "engine/activity/latencyfloor.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <random>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

QByteArray runtime(const QByteArray& name, double ts, int correlation)
{
    return "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"" + name + "\", \"pid\": 100, \"tid\": 1, \"ts\": "
        + QByteArray::number(ts, 'f', 3) + ", \"dur\": 1, \"args\": {\"correlation\": " + QByteArray::number(correlation) + "}}";
}

QByteArray memcpyEvent(double ts, double dur, int correlation)
{
    return "{\"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"Memcpy HtoD\", \"pid\": 2, \"tid\": 0, \"ts\": "
        + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3)
        + ", \"args\": {\"correlation\": " + QByteArray::number(correlation) + "}}";
}

QByteArray stepAnnotation(int number, double ts, double dur)
{
    return "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#" + QByteArray::number(number)
        + "\", \"pid\": 100, \"tid\": 1, \"ts\": " + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3)
        + ", \"args\": {}}";
}

// Two streams that overlap, a graph replay, a memcpy, and a hole of float
// rounding. GPU intervals (device pid 2):
//   gemm_a    s0 [1000, 1100]  launched at  990
//   gemm_b    s1 [1050, 1150]  launched at  995   -> busy [1000, 1150]
//   small     s0 [1155, 1165]  launched at 1152   gap   5 (host-bound: 1152 > 1150)
//   late      s0 [1215, 1235]  launched at 1100   gap  50 (launched before the gap)
//   replay    s7 [1300, 1310] [1311, 1321], graph launched at 1200: gaps 65 and 1, not host-bound
//   tail      s0 [1821, 1830]  launched at 1400   gap 500 (host-bound)
//   memcpy    s0 [3830, 3840]  launched at 3000   gap 2000 (host-bound)
//   after     s0 [3840.005, 3845.005]             hole 0.005: rounding, busy
// Span 3845.005 - 1000 = 2845.005; busy 150 + 10 + 20 + 10 + 10 + 9 + 15.005
// = 224.005; idle 2621 = gaps 6 (2) + 115 (2) + 500 (1) + 2000 (1);
// host-bound 5 + 500 + 2000 = 2505 in 3 gaps.
QByteArray twoStreamsAndAReplay()
{
    QByteArrayList events;
    events << runtime("hipLaunchKernel", 990, 1) << kernelEvent("gemm_a", 1000, 100, 1, 0);
    events << runtime("hipLaunchKernel", 995, 2) << kernelEvent("gemm_b", 1050, 100, 2, 1);
    events << runtime("hipLaunchKernel", 1152, 3) << kernelEvent("small", 1155, 10, 3, 0);
    events << runtime("hipLaunchKernel", 1100, 4) << kernelEvent("late", 1215, 20, 4, 0);
    events << graphReplay(1200, 50, { { "replayed", 10 }, { "replayed", 10 } });
    events << runtime("hipLaunchKernel", 1400, 5) << kernelEvent("tail", 1821, 9, 5, 0);
    events << runtime("hipMemcpyAsync", 3000, 6) << memcpyEvent(3830, 10, 6);
    events << runtime("hipLaunchKernel", 3001, 7) << kernelEvent("after", 3840.005, 5, 7, 0);
    return events.join(",\n");
}

std::shared_ptr<const AnalysisResult> analyzed(TempTraces& traces, const QByteArray& events)
{
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("trace.json"), traceJson(events)));
    EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    return outcome.result;
}

} // namespace

TEST(IdleGaps, BusyIsAUnionOverStreamsAndGapsAreBucketedWithTheirCause)
{
    TempTraces traces;
    const auto result = analyzed(traces, twoStreamsAndAReplay());
    ASSERT_TRUE(result);
    ASSERT_EQ(result->activity.devices.size(), 1u);
    const DeviceActivity& device = result->activity.devices.front();
    EXPECT_EQ(device.device, QStringLiteral("2"));
    EXPECT_NEAR(device.firstStartUs, 1000, 1e-9);
    EXPECT_NEAR(device.spanUs, 2845.005, 1e-6);
    EXPECT_NEAR(device.busyUs, 224.005, 1e-6);
    EXPECT_NEAR(device.idleUs, 2621, 1e-6);
    ASSERT_EQ(device.idleGaps.size(), 4u);
    const std::int64_t counts[] = { 2, 2, 1, 1 };
    const double totals[] = { 6, 115, 500, 2000 };
    const double lows[] = { 0, 10, 100, 1000 };
    for (size_t i = 0; i < 4; ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(device.idleGaps[i].count, counts[i]);
        EXPECT_NEAR(device.idleGaps[i].totalUs, totals[i], 1e-6);
        EXPECT_EQ(device.idleGaps[i].minUs, lows[i]);
        EXPECT_EQ(device.idleGaps[i].maxUs.has_value(), i < 3);
    }
    EXPECT_EQ(device.hostBoundGaps, 3);
    EXPECT_NEAR(device.hostBoundIdleUs, 2505, 1e-6);
    // 8 kernels (the memcpy is not one): 100 + 100 + 10 + 20 + 10 + 10 + 9 + 5.
    EXPECT_EQ(device.kernels, 8);
    EXPECT_NEAR(device.kernelTimeUs, 264, 1e-6);
    EXPECT_FALSE(device.latencyFloorUs); // fewer than 200 kernels
}

TEST(IdleGaps, AGapBucketIncludesItsLowerBoundAndExcludesItsUpper)
{
    // Gaps of exactly 10, 100 and 1000 us go to the bucket they open.
    IdleGapCounter counter;
    counter.add(0, 1, std::nullopt);
    counter.add(11, 12, std::nullopt);
    counter.add(112, 113, std::nullopt);
    counter.add(1113, 1114, 1112.0); // launched before the gap ended but after it began: host-bound
    DeviceActivity device;
    counter.finish(device);
    EXPECT_EQ(device.idleGaps[0].count, 0);
    EXPECT_EQ(device.idleGaps[1].count, 1);
    EXPECT_EQ(device.idleGaps[2].count, 1);
    EXPECT_EQ(device.idleGaps[3].count, 1);
    EXPECT_EQ(device.hostBoundGaps, 1);
    EXPECT_NEAR(device.busyUs, 4, 1e-12);
    EXPECT_NEAR(device.idleUs, 1110, 1e-12);
}

TEST(IdleGaps, EveryGpuKernelHasARowAndLibraryRowsKeepTheirTime)
{
    TempTraces traces;
    const auto result = analyzed(traces, twoStreamsAndAReplay());
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->rows.empty()); // no Triton kernel
    double total = 0;
    int calls = 0;
    for (const KernelRow& row : result->libraryKernels) {
        EXPECT_EQ(row.kind, RowKind::Library);
        EXPECT_EQ(row.parsedName.category, KernelCategory::Library);
        EXPECT_FALSE(row.hasModel());
        total += row.kernelTimeUs->sum;
        calls += row.calls;
    }
    EXPECT_EQ(calls, 8);
    EXPECT_NEAR(total, result->totalGpuKernelTimeUs, 1e-9);
    ASSERT_EQ(result->libraryKernels.front().name, QStringLiteral("gemm_a")); // 100 us, ties by name
    EXPECT_EQ(result->libraryKernels.front().work, GpuWork::Gemm);
    EXPECT_NEAR(*result->libraryKernels.front().shareOfGpuTime, 100.0 / 264.0, 1e-12);
}

TEST(LatencyFloor, TheFirstPercentileInterpolatesAsNumpyDoes)
{
    // 300 durations 1..300 us, shuffled: rank 0.01 x 299 = 2.99, between the
    // third (3 us) and fourth (4 us) smallest: 3 + 0.99 = 3.99 us.
    std::vector<double> samples;
    for (int i = 1; i <= 300; ++i)
        samples.push_back(i);
    std::shuffle(samples.begin(), samples.end(), std::mt19937(7));
    LowPercentile percentile(std::int64_t(samples.size()), latencyFloorPercentile);
    for (double sample : samples)
        percentile.add(sample);
    ASSERT_TRUE(percentile.value());
    EXPECT_NEAR(*percentile.value(), 3.99, 1e-12);

    LowPercentile single(1, 1.0);
    single.add(5);
    EXPECT_EQ(single.value(), 5.0);
    EXPECT_FALSE(LowPercentile(0, 1.0).value());
}

TEST(LatencyFloor, MeasuredFromTheTraceOwnKernelsWhenItRanTwoHundred)
{
    // 200 kernels of 2.5 us and one of 1 us at the start: sorted, ranks 0
    // and 1 are 1 and 2.5 at rank 0.01 x 200 = 2: 2.5 us. With 199 kernels
    // no floor is measured.
    for (const int count : { 199, 200 }) {
        SCOPED_TRACE(count);
        QByteArrayList events;
        for (int i = 0; i < count; ++i)
            events << kernelEvent("fill", 100.0 * i, i == 0 ? 1.0 : 2.5, 1000 + i, 0);
        TempTraces traces;
        const auto result = analyzed(traces, events.join(",\n"));
        ASSERT_TRUE(result);
        const DeviceActivity& device = result->activity.devices.front();
        if (count < latencyFloorMinKernels) {
            EXPECT_FALSE(device.latencyFloorUs);
        } else {
            ASSERT_TRUE(device.latencyFloorUs);
            // rank 0.01 x 199 = 1.99: between 2.5 (rank 1) and 2.5 (rank 2).
            EXPECT_NEAR(*device.latencyFloorUs, 2.5, 1e-12);
        }
    }
}

TEST(Steps, GraphLaunchesOfTheSameGraphAreTheSteps)
{
    // One graph of a Triton kernel (10 us) and a GEMM (30 us) launched 4
    // times, and another graph (one 5 us kernel) launched once: the steps
    // are the 4 launches, 40 us of GPU time and 10 us of Triton time each.
    for (const int launches : { 1, 4 }) {
        SCOPED_TRACE(launches);
        QByteArrayList events;
        for (int i = 0; i < launches; ++i)
            events << graphReplay(1000.0 * i, 50 + i, { { "triton_poi_fused_add_0", 10 }, { "Cijk_gemm", 30 } });
        events << graphReplay(9000, 90, { { "other_graph_kernel", 5 } });
        TempTraces traces;
        const auto result = analyzed(traces, events.join(",\n"));
        ASSERT_TRUE(result);
        const StepFigures& steps = result->activity.steps;
        EXPECT_EQ(steps.kind, StepKind::GraphLaunch);
        if (launches == 1) {
            // A tie at one launch each: the graph with more GPU time.
            EXPECT_EQ(steps.count, 1);
        } else {
            EXPECT_EQ(steps.count, 4);
        }
        EXPECT_NEAR(steps.gpuTimePerStepUs, 40, 1e-9);
        EXPECT_NEAR(steps.tritonTimePerStepUs, 10, 1e-9);
        EXPECT_FALSE(steps.idlePerStepUs);
    }
}

TEST(Steps, ProfilerStepsMeasureInsideEachWindowByLaunchTime)
{
    // Step 1 [0, 500): kernels launched at 10 and 20 run [100, 130] and
    // [140, 150]: 40 us of kernels, idle 10 of its 50 us GPU span.
    // Step 2 [500, 1000): a kernel launched at 990 runs after the window,
    // [1200, 1220]: it still belongs to step 2 (20 us, no idle).
    // Per step: GPU time 60 / 2 = 30, Triton (the first kernel) 30 / 2 = 15,
    // idle 10 / 2 = 5.
    QByteArrayList events;
    events << stepAnnotation(1, 0, 500) << stepAnnotation(2, 500, 500);
    events << runtime("hipLaunchKernel", 10, 1) << kernelEvent("triton_poi_fused_add_0", 100, 30, 1, 0);
    events << runtime("hipLaunchKernel", 20, 2) << kernelEvent("gemm", 140, 10, 2, 0);
    events << runtime("hipLaunchKernel", 990, 3) << kernelEvent("gemm", 1200, 20, 3, 0);
    TempTraces traces;
    const auto result = analyzed(traces, events.join(",\n"));
    ASSERT_TRUE(result);
    const StepFigures& steps = result->activity.steps;
    EXPECT_EQ(steps.kind, StepKind::ProfilerStep);
    EXPECT_EQ(steps.count, 2);
    EXPECT_NEAR(steps.gpuTimePerStepUs, 30, 1e-9);
    EXPECT_NEAR(steps.tritonTimePerStepUs, 15, 1e-9);
    ASSERT_TRUE(steps.idlePerStepUs);
    EXPECT_NEAR(*steps.idlePerStepUs, 5, 1e-9);
    EXPECT_EQ(steps.what, QStringLiteral("ProfilerStep#1-#2"));
}

TEST(Steps, NoneWithoutAnnotationsOrGraphs)
{
    TempTraces traces;
    const auto result = analyzed(traces, kernelEvent("gemm", 100, 10, 1, 0));
    ASSERT_TRUE(result);
    EXPECT_EQ(result->activity.steps.kind, StepKind::None);
    EXPECT_EQ(stepKindKey(result->activity.steps.kind), QStringLiteral("none"));
}

// The bundled xDiT SD3.5 trace (eager, MI300X): the GPU works 712.5 ms of a
// 1,171.6 ms span of GPU activity (a notebook's union of its 8,066 GPU events).
TEST(SharedTraces, XditSpendsThirtyNinePercentIdle)
{
    const QString path = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "../shared/traces/xdit_sd35_mi300x.json.gz is absent";
    const AnalysisOutcome outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    const DeviceActivity* device = outcome.result->activity.mainDevice();
    ASSERT_TRUE(device);
    EXPECT_NEAR(device->spanUs / 1e3, 1171.6, 0.1);
    EXPECT_NEAR(device->busyUs / 1e3, 712.5, 0.1);
    EXPECT_NEAR(device->idleUs / 1e3, 459.1, 0.1);
    ASSERT_TRUE(device->latencyFloorUs);
    EXPECT_GT(*device->latencyFloorUs, 1.0);
    EXPECT_LT(*device->latencyFloorUs, 4.5);
}
