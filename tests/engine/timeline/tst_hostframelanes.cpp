// Host lanes: the main launching thread's frames (an nn.Module, a Python
// function in it, a compiled graph call in that) one lane per depth, and
// from a frame the GPU work its launches ran, by correlation. Hand-derived.
#include "engine/timeline/workspace/gpubusycolumns.h"
#include "engine/timeline/workspace/hostframelanes.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <QStringList>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// Thread 100/1: runpy's main [0, 700) us around all (the trunk: over nine
// tenths of the frames' span, not drawn),
// nn.Module [0, 500) and again [550, 650), forward [10, 210), the compiled
// graph call [20, 120); launches at 30 (kernel triton_a at 100 for 10 us,
// stream 0), 50 (triton_b at 120 for 10 us, stream 7) and 300 (Cijk_c at
// 400 for 20 us, stream 0). Thread 100/2 launches once, at 60 (Cijk_d at
// 140, stream 0) inside the frames' time but from another thread. The
// timeline's origin: the first kernel, at 100 us.
std::shared_ptr<const AnalysisResult> framesAndLaunches()
{
    static TempTraces traces;
    static const auto result = [] {
        QByteArrayList events;
        events << annotationEvent("python_function", "<frozen runpy>(198): _run_module_as_main", 100, 1, 0, 700);
        events << annotationEvent("python_function", "nn.Module: Model_0", 100, 1, 0, 500);
        events << annotationEvent("python_function", "nn.Module: Model_0", 100, 1, 550, 100);
        events << annotationEvent("python_function", "model.py(12): forward", 100, 1, 10, 200);
        events << annotationEvent("user_annotation", "## Call CompiledFxGraph fabc123 ##", 100, 1, 20, 100);
        events << launchEvent(30, 5, 1) << kernelEvent("triton_a", 100, 10, 1, 0);
        events << launchEvent(50, 5, 2) << kernelEvent("triton_b", 120, 10, 2, 7);
        events << launchEvent(300, 5, 3) << kernelEvent("Cijk_c", 400, 20, 3, 0);
        events << launchEvent(60, 5, 4, "hipModuleLaunchKernel", 2) << kernelEvent("Cijk_d", 140, 10, 4, 0);
        return analyze(traces.write(QStringLiteral("frames.json"), traceJson(events.join(",\n")))).result;
    }();
    return result;
}

std::vector<std::uint32_t> hostLanes(const Timeline& timeline)
{
    std::vector<std::uint32_t> lanes;
    for (std::uint32_t l = 0; l < timeline.lanes.size(); ++l) {
        if (timeline.lanes[l].kind == TimelineLaneKind::HostFrames)
            lanes.push_back(l);
    }
    return lanes;
}

// How many GPU events a frame's flow reaches, and their names.
QStringList namesOf(const Timeline& timeline, const LaunchedWork& work)
{
    QStringList names;
    for (size_t l = 0; l < work.events.size(); ++l) {
        for (std::uint32_t e : work.events[l])
            names << timeline.labels[timeline.lanes[l].events.label(e)].name;
    }
    names.sort();
    return names;
}

} // namespace

TEST(HostFrameLanes, OneLanePerDepthOfTheMainLaunchingThread)
{
    ASSERT_TRUE(framesAndLaunches() && framesAndLaunches()->timeline);
    const Timeline& timeline = *framesAndLaunches()->timeline;
    const std::vector<std::uint32_t> lanes = hostLanes(timeline);
    ASSERT_EQ(lanes.size(), 3u);
    // The first lane: the module's two calls, the first from -100 us (100 us before the first kernel) for 500 us.
    const TimelineLane& outer = timeline.lanes[lanes[0]];
    EXPECT_EQ(outer.title, QStringLiteral("host depth 2")); // under the trunk's one frame
    ASSERT_EQ(outer.events.size(), 2u);
    EXPECT_EQ(outer.events.startNs(0), -100'000);
    EXPECT_EQ(outer.events.durationNs(0), 500'000);
    EXPECT_EQ(timeline.labels[outer.events.label(0)].name, QStringLiteral("nn.Module: Model_0"));
    EXPECT_EQ(timeline.labels[outer.events.label(0)].kind, TimelineLabelKind::HostFrame);
    EXPECT_EQ(timeline.labels[timeline.lanes[lanes[1]].events.label(0)].name, QStringLiteral("model.py(12): forward"));
    EXPECT_EQ(timeline.lanes[lanes[2]].title, QStringLiteral("host depth 4"));
    EXPECT_EQ(timeline.labels[timeline.lanes[lanes[2]].events.label(0)].name, QStringLiteral("## Call CompiledFxGraph fabc123 ##"));
    // The launching thread's lane is theirs (thread 1 launched 3 times, thread 2 once).
    ASSERT_GE(outer.launchLane, 0);
    EXPECT_EQ(timeline.lanes[size_t(outer.launchLane)].kind, TimelineLaneKind::LaunchThread);
    EXPECT_EQ(timeline.lanes[size_t(outer.launchLane)].events.size(), 3u);
}

TEST(HostFrameLanes, AFramesFlowReachesTheKernelsItsLaunchesRan)
{
    const Timeline& timeline = *framesAndLaunches()->timeline;
    const std::vector<std::uint32_t> lanes = hostLanes(timeline);
    ASSERT_EQ(lanes.size(), 3u);
    // The compiled graph call [20, 120) launched at 30 and 50: triton_a and
    // triton_b, on two streams; not Cijk_d, launched at 60 by another thread.
    const LaunchedWork call = launchedFrom(timeline, lanes[2], 0);
    EXPECT_EQ(call.count, 2);
    EXPECT_EQ(namesOf(timeline, call), QStringList({ QStringLiteral("triton_a"), QStringLiteral("triton_b") }));
    // The module [0, 500): all three of its thread's launches.
    const LaunchedWork module = launchedFrom(timeline, lanes[0], 0);
    EXPECT_EQ(namesOf(timeline, module), QStringList({ QStringLiteral("Cijk_c"), QStringLiteral("triton_a"), QStringLiteral("triton_b") }));
    // A cap of one: the count says three, one listed.
    const LaunchedWork capped = launchedFrom(timeline, lanes[0], 0, 1);
    EXPECT_EQ(capped.count, 3);
    EXPECT_TRUE(capped.capped);
    EXPECT_EQ(namesOf(timeline, capped).size(), 1);
    // No host lane, no event: nothing.
    EXPECT_EQ(launchedFrom(timeline, 0, 0).count, 0);
    EXPECT_EQ(launchedFrom(timeline, lanes[0], 7).count, 0);
    EXPECT_EQ(launchedFrom(timeline, 9999, 0).count, 0);
}

TEST(HostFrameLanes, XditSd35FourTransformerCallsAndTheirKernels)
{
    // The xDiT SD3.5 trace: under its trunk (runpy, the runner, the
    // pipeline's calls), one SD3Transformer2DModel call per denoising step.
    const QString path = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "shared trace absent";
    const auto outcome = analyze(path);
    ASSERT_TRUE(outcome.result && outcome.result->timeline);
    const AnalysisResult& result = *outcome.result;
    const Timeline& timeline = *result.timeline;
    const std::vector<std::uint32_t> lanes = hostLanes(timeline);
    ASSERT_EQ(lanes.size(), size_t(maxHostDepth));
    std::vector<std::uint32_t> calls;
    const TimelineEvents& outer = timeline.lanes[lanes[0]].events;
    for (std::uint32_t e = 0; e < outer.size(); ++e) {
        if (timeline.labels[outer.label(e)].name == u"nn.Module: SD3Transformer2DModel_0")
            calls.push_back(e);
    }
    ASSERT_EQ(calls.size(), 4u);
    // Each call's launches, followed to the kernels they ran: 1097 in the
    // first step, 1098 in the three others (4391 of the trace's kernels).
    std::vector<std::int64_t> launched;
    for (std::uint32_t call : calls) {
        const LaunchedWork work = launchedFrom(timeline, lanes[0], call);
        EXPECT_FALSE(work.capped);
        std::int64_t listed = 0;
        for (const auto& lane : work.events)
            listed += std::int64_t(lane.size());
        EXPECT_EQ(listed, work.count) << "every launch reaches its kernel";
        launched.push_back(listed);
    }
    EXPECT_EQ(launched, (std::vector<std::int64_t> { 1097, 1098, 1098, 1098 }));
    EXPECT_EQ(timeline.lanes[lanes[0]].depth, 12) << "twelve trunk frames above the calls";
    // The busy track over the whole trace: the activity's busy time (the
    // timeline's times are whole ns: within a ns per event).
    ASSERT_FALSE(result.activity.devices.empty());
    const DeviceActivity& device = result.activity.devices.front();
    const double busyNs = gpuBusyNs(timeline, 0, double(timeline.endNs) + 1, device.device);
    EXPECT_NEAR(busyNs, device.busyUs * 1000.0, double(result.timeline->gpuEvents));
    // 712.49 ms of the 1171.63 ms from the first GPU event to the last end.
    EXPECT_NEAR(busyNs / 1e6, 712.49, 0.01);
    EXPECT_NEAR(double(timeline.endNs) / 1e6, 1171.63, 0.01);
}
