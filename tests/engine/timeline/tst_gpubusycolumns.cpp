// The busy track's figures: the union of the GPU streams' events per pixel
// column, two streams at once counted once, a column's share by the part
// of its time covered, and one device's streams alone. Hand-derived.
#include "engine/timeline/workspace/gpubusycolumns.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

// Stream 7 on GPU 0: [0, 100) and [300, 400); stream 9 on GPU 1: [50, 150)
// and [350, 360) (inside the other's). Union: [0, 150) and [300, 400), 250 ns.
Timeline twoStreams()
{
    Timeline timeline;
    timeline.labels.push_back({ QStringLiteral("k"), TimelineLabelKind::GpuWork, GpuWork::Other, -1, -1 });
    TimelineLane& a = timeline.lanes.emplace_back();
    a.device = QStringLiteral("0");
    a.events.append(0, 100, 0);
    a.events.append(300, 100, 0);
    TimelineLane& b = timeline.lanes.emplace_back();
    b.device = QStringLiteral("1");
    b.events.append(50, 100, 0);
    b.events.append(350, 10, 0);
    // An annotation lane over everything is no GPU work.
    TimelineLane& steps = timeline.lanes.emplace_back();
    steps.kind = TimelineLaneKind::Steps;
    steps.events.append(0, 400, 0);
    timeline.endNs = 400;
    return timeline;
}

} // namespace

TEST(GpuBusyColumns, UnionPerColumn)
{
    // Columns of 100 ns from 0: [0,100) all busy; [100,200) 50 of 100 (the
    // second stream to 150); [200,300) idle; [300,400) all busy.
    const GpuBusyColumns columns = gpuBusyColumns(twoStreams(), 0, 100, 4);
    ASSERT_EQ(columns.busy.size(), 4u);
    EXPECT_FLOAT_EQ(columns.busy[0], 1.0f);
    EXPECT_FLOAT_EQ(columns.busy[1], 0.5f);
    EXPECT_FLOAT_EQ(columns.busy[2], 0.0f);
    EXPECT_FLOAT_EQ(columns.busy[3], 1.0f);
    EXPECT_DOUBLE_EQ(columns.busyNs, 250);
    EXPECT_DOUBLE_EQ(columns.summedNs(), 250);
}

TEST(GpuBusyColumns, ColumnsNotOnEventEdges)
{
    // Columns of 50 ns from 25: [25,75) and [75,125) busy; [125,175) 25 of
    // 50 (to 150); [175,225) idle. 125 ns busy in [25, 225).
    const GpuBusyColumns columns = gpuBusyColumns(twoStreams(), 25, 50, 4);
    EXPECT_FLOAT_EQ(columns.busy[0], 1.0f);
    EXPECT_FLOAT_EQ(columns.busy[1], 1.0f);
    EXPECT_FLOAT_EQ(columns.busy[2], 0.5f);
    EXPECT_FLOAT_EQ(columns.busy[3], 0.0f);
    EXPECT_DOUBLE_EQ(columns.busyNs, 125);
    EXPECT_DOUBLE_EQ(gpuBusyNs(twoStreams(), 25, 225), 125);
}

TEST(GpuBusyColumns, SubPixelEventsAddUpInTheirColumn)
{
    // One column over all 400 ns: 250 of 400 busy.
    const GpuBusyColumns columns = gpuBusyColumns(twoStreams(), 0, 400, 1);
    EXPECT_FLOAT_EQ(columns.busy[0], 0.625f);
}

TEST(GpuBusyColumns, OneDeviceAlone)
{
    // GPU 0's stream alone: [0,100) and [300,400).
    EXPECT_DOUBLE_EQ(gpuBusyNs(twoStreams(), 0, 400, QStringLiteral("0")), 200);
    EXPECT_DOUBLE_EQ(gpuBusyNs(twoStreams(), 0, 400, QStringLiteral("1")), 110);
    EXPECT_DOUBLE_EQ(gpuBusyNs(twoStreams(), 0, 400), 250);
}

TEST(GpuBusyColumns, EmptyOrHostileViews)
{
    EXPECT_TRUE(gpuBusyColumns(twoStreams(), 0, 100, 0).busy.empty());
    EXPECT_TRUE(gpuBusyColumns(twoStreams(), 0, std::nan(""), 10).busy.empty());
    EXPECT_TRUE(gpuBusyColumns(twoStreams(), 0, -5, 10).busy.empty());
    EXPECT_DOUBLE_EQ(gpuBusyNs(twoStreams(), 400, 0), 0);
    // A view far past the events: all idle, none out of range.
    const GpuBusyColumns far = gpuBusyColumns(twoStreams(), 1e18, 1e15, 8);
    EXPECT_DOUBLE_EQ(far.busyNs, 0);
}
