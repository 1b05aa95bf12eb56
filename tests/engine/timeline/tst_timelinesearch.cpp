// Search on the timeline: labels matched by name or display name, case
// aside; matches counted on shown lanes; steps through them in time order
// (start, then lane), forward and back, skipping hidden lanes.
#include "engine/timeline/workspace/timelinesearch.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

// Labels: 0 triton_poi_fused_add_0, 1 Cijk_gemm, 2 triton_red_fused_sum_1.
// Lane 0: label 0 at 0, 1 at 100, 2 at 200. Lane 1: label 2 at 100, label 0 at 300.
Timeline threeNames()
{
    Timeline timeline;
    timeline.labels = { { QStringLiteral("triton_poi_fused_add_0"), TimelineLabelKind::GpuWork, GpuWork::Triton, 0, -1 },
        { QStringLiteral("Cijk_gemm"), TimelineLabelKind::GpuWork, GpuWork::Gemm, -1, 0 },
        { QStringLiteral("triton_red_fused_sum_1"), TimelineLabelKind::GpuWork, GpuWork::Triton, 1, -1 } };
    TimelineLane& a = timeline.lanes.emplace_back();
    a.events.append(0, 50, 0);
    a.events.append(100, 50, 1);
    a.events.append(200, 50, 2);
    TimelineLane& b = timeline.lanes.emplace_back();
    b.events.append(100, 50, 2);
    b.events.append(300, 50, 0);
    return timeline;
}

} // namespace

TEST(TimelineSearch, MatchesNameOrDisplayNameAnyCase)
{
    const Timeline timeline = threeNames();
    EXPECT_EQ(labelsMatching(timeline, QStringLiteral("TRITON")), std::vector<bool>({ true, false, true }));
    EXPECT_EQ(labelsMatching(timeline, QStringLiteral("gemm")), std::vector<bool>({ false, true, false }));
    EXPECT_EQ(labelsMatching(timeline, QString()), std::vector<bool>({ false, false, false }));
    // A display name ("matmul" for the GEMM) is searched too.
    const auto display = [](std::uint32_t label) { return label == 1 ? QStringLiteral("matmul 4096x4096") : QString(); };
    EXPECT_EQ(labelsMatching(timeline, QStringLiteral("matmul"), display), std::vector<bool>({ false, true, false }));
}

TEST(TimelineSearch, CountsOnShownLanes)
{
    const Timeline timeline = threeNames();
    const std::vector<bool> triton = labelsMatching(timeline, QStringLiteral("triton"));
    EXPECT_EQ(countMatches(timeline, triton, {}), 4); // 2 on lane 0, 2 on lane 1
    EXPECT_EQ(countMatches(timeline, triton, { true, false }), 2);
}

TEST(TimelineSearch, StepsForwardAndBackInTimeThenLaneOrder)
{
    const Timeline timeline = threeNames();
    const std::vector<bool> triton = labelsMatching(timeline, QStringLiteral("triton"));
    // Forward: lane 0 at 0, lane 1 at 100, lane 0 at 200, lane 1 at 300, then none.
    std::optional<TimelineSpot> spot;
    std::vector<std::pair<std::uint32_t, std::int64_t>> visited;
    while ((spot = stepToMatch(timeline, triton, {}, spot, +1)))
        visited.emplace_back(spot->lane, spot->startNs);
    EXPECT_EQ(visited, (std::vector<std::pair<std::uint32_t, std::int64_t>> { { 0, 0 }, { 1, 100 }, { 0, 200 }, { 1, 300 } }));
    // Back from the last: 200 on lane 0, then 100 on lane 1.
    const TimelineSpot last { 1, 1, 300 };
    const auto back = stepToMatch(timeline, triton, {}, last, -1);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->lane, 0u);
    EXPECT_EQ(back->startNs, 200);
    const auto before = stepToMatch(timeline, triton, {}, back, -1);
    ASSERT_TRUE(before);
    EXPECT_EQ(before->lane, 1u);
    EXPECT_EQ(before->startNs, 100);
    // From nothing, backward: the last match.
    const auto lastMatch = stepToMatch(timeline, triton, {}, std::nullopt, -1);
    ASSERT_TRUE(lastMatch);
    EXPECT_EQ(lastMatch->startNs, 300);
}

TEST(TimelineSearch, HiddenLanesAndNoMatches)
{
    const Timeline timeline = threeNames();
    const std::vector<bool> triton = labelsMatching(timeline, QStringLiteral("triton"));
    // Lane 1 hidden: from lane 0's 0 the next is lane 0's 200.
    const auto next = stepToMatch(timeline, triton, { true, false }, TimelineSpot { 0, 0, 0 }, +1);
    ASSERT_TRUE(next);
    EXPECT_EQ(next->startNs, 200);
    EXPECT_FALSE(stepToMatch(timeline, labelsMatching(timeline, QStringLiteral("nccl")), {}, std::nullopt, +1));
}
