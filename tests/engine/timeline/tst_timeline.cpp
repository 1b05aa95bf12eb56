// The timeline's model: the columns it keeps per event, level of detail
// (how sub-pixel events merge per pixel column), hit testing, colours by
// fraction of attainable, lanes built from a trace, and the analysis
// restricted to a time range; library-op boxes linked to their rows,
// vLLM's execute_ ranges over their GPU span, CPU lanes named by pid and
// tid. Every figure is derived by hand in comments.
#include "engine/input/annotations/annotationkeeper.h"
#include "engine/input/tracereader.h"
#include "engine/linking/timerange.h"
#include "engine/timeline/buildtimeline.h"
#include "engine/timeline/timelinedetail.h"
#include "engine/timeline/timelinens.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <gtest/gtest.h>
#include <tuple>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// Labels: 0 a Triton row attainable in 10 us, 1 a latency-bound Triton row
// attainable in 3 us, 2 a GEMM, 3 a memcpy.
struct Fixture
{
    Timeline timeline;
    TimelineColouring colouring;

    Fixture()
    {
        timeline.labels = { { QStringLiteral("triton_a"), TimelineLabelKind::GpuWork, GpuWork::Triton, 0, -1 },
            { QStringLiteral("triton_b"), TimelineLabelKind::GpuWork, GpuWork::Triton, 1, -1 },
            { QStringLiteral("Cijk_gemm"), TimelineLabelKind::GpuWork, GpuWork::Gemm, -1, 0 },
            { QStringLiteral("Memcpy"), TimelineLabelKind::GpuWork, GpuWork::Memcpy, -1, -1 } };
        std::vector<KernelTimeFigures> figures(2);
        figures[0].limiter = Limiter::Memory;
        figures[0].attainableUs = 10.0;
        figures[1].limiter = Limiter::Latency;
        figures[1].attainableUs = 3.0;
        colouring = TimelineColouring(timeline, figures);
    }
};

} // namespace

TEST(TimelineEvents, KeepsTwelveBytesAnEventAndReadsBackWideValues)
{
    TimelineEvents events;
    // 2048 events 1 us apart lasting 500 ns: two blocks, no side table.
    for (std::int64_t i = 0; i < 2048; ++i)
        events.append(i * 1000, 500, std::uint32_t(i % 3));
    // One starting 10 s after its block's base, one lasting 5 s.
    events.append(2048 * 1000 + 10'000'000'000LL, 5'000'000'000LL, 7);
    ASSERT_EQ(events.size(), 2049u);
    EXPECT_EQ(events.startNs(1500), 1'500'000);
    EXPECT_EQ(events.durationNs(1500), 500);
    EXPECT_EQ(events.label(1500), 0u);
    EXPECT_EQ(events.startNs(2048), 2'048'000 + 10'000'000'000LL);
    EXPECT_EQ(events.durationNs(2048), 5'000'000'000LL);
    EXPECT_EQ(events.endNs(2048), 2'048'000 + 15'000'000'000LL);
    // 12 bytes a column entry, 16 per block of 1024, two side entries of 16
    // over 2049 events: (12 x 2049 + 16 x 3 + 32) / 2049 = 12.04.
    EXPECT_NEAR(events.bytesPerEvent(), 12.04, 0.01);
    EXPECT_LE(events.bytesPerEvent(), 20.0);
}

TEST(TimelineDetail, WideEventsAreBoxesAndSubPixelOnesMergePerColumn)
{
    const Fixture f;
    TimelineEvents events;
    // 100 ns per pixel, 10 pixels: [0, 1000) ns.
    events.append(0, 30, 2); // column 0: GEMM 30 ns
    events.append(40, 20, 3); // column 0: memcpy 20 ns -> density 0.5, GEMM dominant
    events.append(150, 10, 3); // column 1: memcpy 10 ns -> density 0.1
    events.append(200, 400, 0); // 4 px wide: a box from x 2 to 6, 10 us attainable over 0.4 us: above
    events.append(700, 250, 2); // 2.5 px: a box
    events.append(2000, 10, 3); // after the view: not visited
    const TimelineViewport view { 0, 100, 10 };
    const LaneDetail detail = laneDetail(events, f.colouring, view, 2.0);
    ASSERT_EQ(detail.columns.size(), 2u);
    EXPECT_EQ(detail.columns[0].x, 0);
    EXPECT_DOUBLE_EQ(detail.columns[0].density, 0.5);
    EXPECT_EQ(detail.columns[0].dominant, TimelineColour::Gemm);
    EXPECT_EQ(detail.columns[0].events, 2u);
    EXPECT_EQ(detail.columns[1].x, 1);
    EXPECT_DOUBLE_EQ(detail.columns[1].density, 0.1);
    EXPECT_EQ(detail.columns[1].dominant, TimelineColour::Memcpy);
    ASSERT_EQ(detail.boxes.size(), 2u);
    EXPECT_EQ(detail.boxes[0].event, 3u);
    EXPECT_DOUBLE_EQ(detail.boxes[0].x0, 2.0);
    EXPECT_DOUBLE_EQ(detail.boxes[0].x1, 6.0);
    EXPECT_EQ(detail.boxes[0].style.colour, TimelineColour::AboveAttainable);
    EXPECT_EQ(detail.boxes[1].event, 4u);
    EXPECT_EQ(detail.eventsVisited, 5u);

    // Zoomed into [150, 250) ns at 10 ns a pixel: the memcpy (1 px) merges
    // into column 0, the Triton box starts at x 5 and is cut by the view's end.
    const LaneDetail zoomed = laneDetail(events, f.colouring, { 150, 10, 10 }, 2.0);
    ASSERT_EQ(zoomed.columns.size(), 1u);
    EXPECT_DOUBLE_EQ(zoomed.columns[0].density, 1.0);
    ASSERT_EQ(zoomed.boxes.size(), 1u);
    EXPECT_DOUBLE_EQ(zoomed.boxes[0].x0, 5.0);
    EXPECT_EQ(zoomed.eventsVisited, 2u);
}

TEST(TimelineDetail, OverlappingBoxesGiveWhatShowsOnTop)
{
    // 10 ns a pixel, 200 pixels. A [0, 1000) ns, B [200, 400) on top of it,
    // C [300, 1200) on top of both: A shows at x 0-20, B at 20-30, C from 30
    // to 120; A's end (40-100) lies under C. D [1500, 1600) after a gap, and
    // E [1550, 1560) inside D shows there with D on either side.
    const Fixture f;
    TimelineEvents events;
    events.append(0, 1000, 2);
    events.append(200, 200, 3);
    events.append(300, 900, 2);
    events.append(1500, 100, 3);
    events.append(1550, 30, 2);
    const LaneDetail detail = laneDetail(events, f.colouring, { 0, 10, 200 }, 2.0);
    const std::vector<std::tuple<double, double, std::uint32_t>> expected = {
        { 0, 20, 0 },
        { 20, 30, 1 },
        { 30, 120, 2 },
        { 150, 155, 3 },
        { 155, 158, 4 },
        { 158, 160, 3 },
    };
    ASSERT_EQ(detail.boxes.size(), expected.size());
    for (size_t b = 0; b < expected.size(); ++b) {
        EXPECT_DOUBLE_EQ(detail.boxes[b].x0, std::get<0>(expected[b])) << b;
        EXPECT_DOUBLE_EQ(detail.boxes[b].x1, std::get<1>(expected[b])) << b;
        EXPECT_EQ(detail.boxes[b].event, std::get<2>(expected[b])) << b;
    }
    EXPECT_TRUE(detail.columns.empty());
}

TEST(TimelineDetail, AHundredThousandKernelsRunningAtOnceGiveOneBoxAPixelAtMost)
{
    // Each starts 1 ns after the one before and runs 1 s: all overlap, each
    // on top of the last. At 2 ms a pixel over 1,000 pixels they all start in
    // column 0; what shows is the last one, whole, and slivers merged into
    // column 0. Hit testing still finds the top one.
    const Fixture f;
    TimelineEvents events;
    constexpr std::uint32_t count = 100'000;
    for (std::uint32_t i = 0; i < count; ++i)
        events.append(i, 1'000'000'000, i % 2 ? 2 : 3);
    const LaneDetail detail = laneDetail(events, f.colouring, { 0, 2'000'000, 1000 }, 2.0);
    EXPECT_EQ(detail.eventsVisited, count);
    ASSERT_EQ(detail.boxes.size(), 1u);
    EXPECT_EQ(detail.boxes[0].event, count - 1);
    EXPECT_NEAR(detail.boxes[0].x1, 500.05, 0.01);
    ASSERT_EQ(detail.columns.size(), 1u);
    EXPECT_EQ(detail.columns[0].x, 0);
    EXPECT_EQ(detail.columns[0].events, count - 1);
    // Zoomed in to 1 ns a pixel over the first 1,000 ns: every pixel has a
    // box starting in it, each hiding the one before: 1,000 boxes of 1 px.
    const LaneDetail zoomed = laneDetail(events, f.colouring, { 0, 1, 1000 }, 2.0);
    EXPECT_LE(zoomed.boxes.size(), 1001u);
    ASSERT_FALSE(zoomed.boxes.empty());
    EXPECT_EQ(zoomed.boxes[10].event, 10u);
    EXPECT_DOUBLE_EQ(zoomed.boxes[10].x0, 10.0);
    EXPECT_DOUBLE_EQ(zoomed.boxes[10].x1, 11.0);
}

TEST(TimelineDetail, AViewStartingInsideALongEventDrawsIt)
{
    const Fixture f;
    TimelineEvents events;
    events.append(0, 1'000'000, 0); // 1 ms
    for (std::int64_t i = 0; i < 3000; ++i)
        events.append(2'000'000 + i * 100, 50, 3);
    // A view of [500, 600) us lies inside the first event only.
    const LaneDetail detail = laneDetail(events, f.colouring, { 500'000, 100, 1000 }, 2.0);
    ASSERT_EQ(detail.boxes.size(), 1u);
    EXPECT_EQ(detail.boxes[0].event, 0u);
    EXPECT_EQ(detail.eventsVisited, 1u);
    // A view of the last 10 us visits its 100 events, not the lane's 3,001.
    const LaneDetail tail = laneDetail(events, f.colouring, { 2'290'000, 10, 1000 }, 2.0);
    EXPECT_EQ(tail.eventsVisited, 100u);
}

TEST(TimelineDetail, BlocksNarrowerThanAPixelMergeWithoutAVisit)
{
    // 256 memcpy events of 500 ns, 1 us apart: four blocks of 64, each
    // 63.5 us long. At 100 us a pixel each is narrower than a pixel and
    // merges whole into the column where it starts, as a sub-pixel event
    // does: blocks 0 (0 us) and 1 (64 us) into column 0, blocks 2 (128 us)
    // and 3 (192 us) into column 1; no event is visited.
    Fixture f;
    TimelineLane& lane = f.timeline.lanes.emplace_back();
    for (std::int64_t i = 0; i < 256; ++i)
        lane.events.append(i * 1000, 500, 3);
    const TimelineColouring colouring(f.timeline, {});
    const LaneDetail detail = laneDetail(lane.events, colouring, { 0, 100'000, 10 }, 2.0, colouring.summaryOf(0));
    EXPECT_EQ(detail.blocksMerged, 4u);
    EXPECT_EQ(detail.eventsVisited, 0u);
    ASSERT_EQ(detail.columns.size(), 2u);
    // 128 events of 500 ns in 100 us: 64 % covered.
    EXPECT_EQ(detail.columns[0].events, 128u);
    EXPECT_DOUBLE_EQ(detail.columns[0].density, 0.64);
    EXPECT_EQ(detail.columns[0].dominant, TimelineColour::Memcpy);
    EXPECT_EQ(detail.columns[1].x, 1);
    EXPECT_EQ(detail.columns[1].events, 128u);
    // Event by event, the columns hold what starts in them: 100, 100 and 56.
    const LaneDetail plain = laneDetail(lane.events, colouring, { 0, 100'000, 10 }, 2.0);
    ASSERT_EQ(plain.columns.size(), 3u);
    EXPECT_EQ(plain.eventsVisited, 256u);
    EXPECT_DOUBLE_EQ(plain.columns[0].density, 0.5);
    EXPECT_DOUBLE_EQ(plain.columns[2].density, 0.28);
    // Zoomed in to 10 us a pixel, no block fits in a pixel: every event visited.
    const LaneDetail zoomed = laneDetail(lane.events, colouring, { 0, 10'000, 30 }, 2.0, colouring.summaryOf(0));
    EXPECT_EQ(zoomed.blocksMerged, 0u);
    EXPECT_EQ(zoomed.eventsVisited, 256u);
    // A row's calls, per lane in order.
    const auto calls = eventsOfLabel(f.timeline, 3);
    ASSERT_EQ(calls.size(), 1u);
    EXPECT_EQ(calls[0].size(), 256u);
}

TEST(TimelineHitTest, FindsTheEventUnderAPointOrTheNearestWithinTolerance)
{
    TimelineEvents events;
    events.append(0, 100, 0); // [0, 100)
    events.append(100, 50, 1); // [100, 150)
    events.append(120, 10, 2); // [120, 130): overlaps the one before, drawn on top
    events.append(400, 10, 3); // [400, 410)
    EXPECT_EQ(hitTest(events, 50, 0), 0u);
    EXPECT_EQ(hitTest(events, 110, 0), 1u);
    EXPECT_EQ(hitTest(events, 125, 0), 2u); // the later one covering it
    EXPECT_EQ(hitTest(events, 140, 0), 1u);
    EXPECT_FALSE(hitTest(events, 300, 20).has_value()); // 150 from one, 100 from the other
    EXPECT_EQ(hitTest(events, 395, 20), 3u); // 5 before it
    EXPECT_EQ(hitTest(events, 160, 20), 1u); // 10 after it
    EXPECT_FALSE(hitTest(TimelineEvents(), 0, 10).has_value());
    const EventSpan span = eventsStartingIn(events, 100, 400);
    EXPECT_EQ(span.first, 1u);
    EXPECT_EQ(span.last, 3u);
}

TEST(TimelineColours, TritonCallsByFractionOfAttainableOthersByKind)
{
    const Fixture f;
    // triton_a attainable 10 us: a call of 40 us reaches 25 %, of 10 us 100 %,
    // of 8 us 125 % (above: flagged).
    EXPECT_DOUBLE_EQ(*f.colouring.fraction(0, 40'000), 0.25);
    EXPECT_EQ(f.colouring.style(0, 40'000).colour, TimelineColour(2));
    EXPECT_EQ(f.colouring.style(0, 10'000).colour, TimelineColour::Fraction9);
    EXPECT_EQ(f.colouring.style(0, 8'000).colour, TimelineColour::AboveAttainable);
    EXPECT_FALSE(f.colouring.style(0, 40'000).latencyBound);
    // triton_b, latency-bound: 3 us over 6 us is 50 %, and marked.
    EXPECT_EQ(f.colouring.style(1, 6'000).colour, TimelineColour(5));
    EXPECT_TRUE(f.colouring.style(1, 6'000).latencyBound);
    EXPECT_EQ(f.colouring.style(2, 6'000).colour, TimelineColour::Gemm);
    EXPECT_EQ(f.colouring.style(3, 6'000).colour, TimelineColour::Memcpy);
    EXPECT_FALSE(f.colouring.fraction(2, 6'000).has_value());
    // Without a time budget, Triton calls are unmodelled.
    const TimelineColouring plain(f.timeline, {});
    EXPECT_EQ(plain.style(0, 40'000).colour, TimelineColour::TritonUnmodelled);
}

namespace {

const TimelineLane* laneOf(const Timeline& timeline, TimelineLaneKind kind)
{
    for (const TimelineLane& lane : timeline.lanes) {
        if (lane.kind == kind)
            return &lane;
    }
    return nullptr;
}

} // namespace

TEST(TimelineBuild, TimesTooFarApartStayInTheClockAndAreSaid)
{
    // Two kernels 1.78e16 us apart, each within the reader's 9e15 us of zero:
    // 1.78e19 ns would overflow 64 bits (the second kernel vanished, UBSan
    // flagged it). It is drawn at the clock's
    // bound, 2^61 ns, and the analysis says how many times were moved.
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("far.json"),
        traceJson(kernelEvent("Cijk_gemm_x", -8.9e15, 5, 1) + ",\n" + kernelEvent("Cijk_gemm_x", 8.9e15, 5, 2)));
    const AnalysisOutcome outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    const Timeline& timeline = *outcome.result->timeline;
    ASSERT_FALSE(timeline.lanes.empty());
    const TimelineEvents& lane = timeline.lanes[0].events;
    ASSERT_EQ(lane.size(), 2u);
    EXPECT_EQ(lane.startNs(0), 0);
    EXPECT_EQ(lane.startNs(1), maxTimelineNs);
    EXPECT_EQ(lane.durationNs(1), 5000);
    EXPECT_EQ(timeline.clampedTimes, 1);
    EXPECT_TRUE(outcome.result->warnings.join(u'\n').contains(QStringLiteral("1 times lie more than 73 years")))
        << outcome.result->warnings.join(u'\n').toStdString();
}

TEST(TimelineBuild, LanesPerStreamGraphLaunchesOverTheirGpuSpanAndRowsAsLabels)
{
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("graphs.json"), traceJson(gemmThenTwoGraphLaunches())));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    const AnalysisResult& result = *outcome.result;
    ASSERT_TRUE(result.timeline);
    const Timeline& timeline = *result.timeline;
    EXPECT_EQ(timeline.gpuEvents, 5);
    EXPECT_EQ(timeline.originUs, 1000);
    EXPECT_EQ(timeline.endNs, 2'110'000); // 3110 - 1000 us
    ASSERT_GE(timeline.lanes.size(), 4u);
    EXPECT_EQ(timeline.lanes[0].title, QStringLiteral("GPU 2 stream 0"));
    EXPECT_EQ(timeline.lanes[0].events.size(), 1u);
    EXPECT_EQ(timeline.lanes[1].title, QStringLiteral("GPU 2 stream 7"));
    const TimelineEvents& s7 = timeline.lanes[1].events;
    ASSERT_EQ(s7.size(), 4u);
    EXPECT_EQ(s7.startNs(0), 1'100'000);
    EXPECT_EQ(s7.durationNs(1), 20'000);
    // The replayed add kernels are one Triton row (kernel-only); its box
    // labels point at it, the GEMM's at its library row.
    const TimelineLabel& add = timeline.labels[s7.label(0)];
    ASSERT_GE(add.kernelRow, 0);
    EXPECT_EQ(result.rows[size_t(add.kernelRow)].name, QStringLiteral("triton_poi_fused_add_0"));
    EXPECT_EQ(s7.label(2), s7.label(0));
    const TimelineLabel& gemm = timeline.labels[s7.label(1)];
    ASSERT_GE(gemm.libraryRow, 0);
    EXPECT_EQ(result.libraryKernels[size_t(gemm.libraryRow)].name, QStringLiteral("Cijk_gemm_x"));
    EXPECT_EQ(gemm.work, GpuWork::Gemm);

    const TimelineLane* graphs = laneOf(timeline, TimelineLaneKind::GraphLaunches);
    ASSERT_TRUE(graphs);
    ASSERT_EQ(graphs->events.size(), 2u);
    EXPECT_EQ(graphs->events.startNs(0), 1'100'000); // 2100 - 1000
    EXPECT_EQ(graphs->events.durationNs(0), 37'000); // to 2137
    const TimelineLane* cpu = laneOf(timeline, TimelineLaneKind::LaunchThread);
    ASSERT_TRUE(cpu);
    EXPECT_EQ(cpu->events.size(), 2u); // the two cudaGraphLaunch calls
    EXPECT_LE(timeline.bytesPerGpuEvent(), 20.0);
}

TEST(TimeRange, ARangeOverOneGraphLaunchGivesItsKernelsAndBusyTime)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("graphs.json"), traceJson(gemmThenTwoGraphLaunches()));
    const AnalysisOutcome whole = analyze(path);
    ASSERT_EQ(whole.status, AnalysisOutcome::Status::Ok);
    // The first graph launch's range as the timeline draws it: its GPU span.
    const TimelineLane* graphs = laneOf(*whole.result->timeline, TimelineLaneKind::GraphLaunches);
    ASSERT_TRUE(graphs);
    const double startUs = double(graphs->events.startNs(0)) / 1000.0;
    const double endUs = double(graphs->events.endNs(0)) / 1000.0;
    EXPECT_DOUBLE_EQ(startUs, 1100);
    EXPECT_DOUBLE_EQ(endUs, 1137);

    AnalysisOptions options;
    options.read.searchDefaultInductorCache = false;
    options.figures.gpuRange = TimeRangeUs { startUs, endUs };
    const AnalysisOutcome ranged = analyzeTrace(path, options, {});
    ASSERT_EQ(ranged.status, AnalysisOutcome::Status::Ok) << ranged.error.toStdString();
    const AnalysisResult& result = *ranged.result;
    ASSERT_TRUE(result.gpuRangeUs);
    // Its three kernels: the add twice (10 + 5 us), the GEMM once (20 us).
    const KernelRow* add = findRow(result, QStringLiteral("triton_poi_fused_add_0"));
    ASSERT_TRUE(add);
    EXPECT_EQ(add->calls, 2);
    ASSERT_TRUE(add->kernelTimeUs);
    EXPECT_DOUBLE_EQ(add->kernelTimeUs->sum, 15);
    ASSERT_EQ(result.libraryKernels.size(), 1u);
    EXPECT_EQ(result.libraryKernels[0].name, QStringLiteral("Cijk_gemm_x"));
    EXPECT_DOUBLE_EQ(result.totalGpuKernelTimeUs, 35);
    // Busy 35 us of a 37 us span [2100, 2137): two idle gaps of 1 us.
    const DeviceActivity* device = result.activity.mainDevice();
    ASSERT_TRUE(device);
    EXPECT_DOUBLE_EQ(device->busyUs, 35);
    EXPECT_DOUBLE_EQ(device->spanUs, 37);
    EXPECT_DOUBLE_EQ(device->idleUs, 2);
    // The timeline keeps the whole trace's origin.
    EXPECT_EQ(result.timeline->originUs, 1000);
    EXPECT_EQ(result.timeline->gpuEvents, 3);
}

TEST(TimeRange, ParsesStartAndEndInMicroseconds)
{
    QString error;
    const auto range = parseTimeRange(QStringLiteral("100:250.5"), &error);
    ASSERT_TRUE(range);
    EXPECT_DOUBLE_EQ(range->startUs, 100);
    EXPECT_DOUBLE_EQ(range->endUs, 250.5);
    for (const char* bad : { "100", "a:b", "5:5", "10:2", "-1:4", "1:inf", "1:2:3" }) {
        EXPECT_FALSE(parseTimeRange(QString::fromLatin1(bad), &error)) << bad;
        EXPECT_FALSE(error.isEmpty());
    }
}

namespace {

AnalysisOutcome analyzeRange(const QString& path, double startUs, double endUs)
{
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = false;
    options.figures.gpuRange = TimeRangeUs { startUs, endUs };
    return analyzeTrace(path, options, {});
}

} // namespace

TEST(TimelineBuild, LibraryOpBoxesBelongToTheirLibraryOpRow)
{
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("ops.json"), traceJson(libraryOpsAndExecuteRanges())));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    const AnalysisResult& result = *outcome.result;
    ASSERT_TRUE(result.timeline);
    const Timeline& timeline = *result.timeline;
    ASSERT_EQ(timeline.lanes[0].kind, TimelineLaneKind::GpuStream);
    const TimelineEvents& stream = timeline.lanes[0].events;
    ASSERT_EQ(stream.size(), 4u); // GEMM, add, GEMM, lonely
    // Both GEMMs: one label, the aten::addmm library-op row, named and
    // coloured as the op (GEMM), not as a kernel of no row.
    const TimelineLabel& gemm = timeline.labels[stream.label(0)];
    EXPECT_EQ(stream.label(2), stream.label(0));
    ASSERT_GE(gemm.kernelRow, 0);
    const KernelRow& row = result.rows[size_t(gemm.kernelRow)];
    EXPECT_EQ(row.kind, RowKind::LibraryOp);
    EXPECT_EQ(row.name, QStringLiteral("aten::addmm"));
    EXPECT_EQ(row.calls, 2);
    EXPECT_EQ(gemm.name, QStringLiteral("aten::addmm (141 x 512 x 512)")); // the row's display name: its shape tells it apart
    EXPECT_EQ(gemm.work, GpuWork::Gemm);
    EXPECT_EQ(gemm.libraryRow, -1);
    // The Triton call keeps its row, now named; the kernel of no op its
    // time-only library row.
    const TimelineLabel& add = timeline.labels[stream.label(1)];
    ASSERT_GE(add.kernelRow, 0);
    EXPECT_EQ(result.rows[size_t(add.kernelRow)].kind, RowKind::Launched);
    EXPECT_EQ(add.name, QStringLiteral("triton_poi_fused_add_0"));
    const TimelineLabel& lonely = timeline.labels[stream.label(3)];
    EXPECT_EQ(lonely.kernelRow, -1);
    ASSERT_GE(lonely.libraryRow, 0);
    EXPECT_EQ(result.libraryKernels[size_t(lonely.libraryRow)].name, QStringLiteral("Cijk_lonely"));
    // Selecting the row finds both its calls, for N/P.
    const auto calls = eventsOfLabel(timeline, stream.label(0));
    ASSERT_FALSE(calls.empty());
    EXPECT_EQ(calls[0], (std::vector<std::uint32_t> { 0, 2 }));
    // With figures for every row, the op's boxes keep the GEMM colour (its
    // attainable time is per call, not per box); the Triton call's is a fraction.
    std::vector<KernelTimeFigures> figures(result.rows.size());
    for (KernelTimeFigures& figure : figures)
        figure.attainableUs = 5.0;
    const TimelineColouring colouring(timeline, figures);
    EXPECT_EQ(colouring.style(stream.label(0), 50'000).colour, TimelineColour::Gemm);
    EXPECT_EQ(colouring.style(stream.label(1), 10'000).colour, TimelineColour(5)); // 5 of 10 us
    // The launching thread's lane is titled as the trace writes it.
    const TimelineLane* cpu = laneOf(timeline, TimelineLaneKind::LaunchThread);
    ASSERT_TRUE(cpu);
    EXPECT_EQ(cpu->title, QStringLiteral("CPU 100 thread 1"));
    EXPECT_EQ(cpu->events.size(), 4u);
}

TEST(TimelineBuild, ExecuteRangesAreKeptAndDrawnOverTheGpuSpanOfTheirWork)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("execute.json"), traceJson(libraryOpsAndExecuteRanges()));
    const TraceReadResult read = readTrace(path, {});
    ASSERT_EQ(read.status, TraceReadResult::Status::Ok);
    const std::vector<ExecuteAnnotation>& kept = read.trace.executeAnnotations;
    ASSERT_EQ(kept.size(), 3u);
    EXPECT_EQ(kept[0].name, QStringLiteral("execute_1_context_0_generation_4"));
    EXPECT_DOUBLE_EQ(kept[0].begin, 90);
    EXPECT_DOUBLE_EQ(kept[0].end, 390);
    EXPECT_FALSE(kept[0].onGpu);
    EXPECT_EQ(kept[2].name, QStringLiteral("execute_3_idle"));

    const AnalysisOutcome whole = analyze(path);
    ASSERT_EQ(whole.status, AnalysisOutcome::Status::Ok) << whole.error.toStdString();
    const TimelineLane* lane = laneOf(*whole.result->timeline, TimelineLaneKind::ExecuteRanges);
    ASSERT_TRUE(lane);
    // execute_1's work: GEMM [0, 50) and add [60, 70) us; execute_2's: GEMM
    // [300, 340); execute_3 ran nothing and is not drawn.
    ASSERT_EQ(lane->events.size(), 2u);
    EXPECT_EQ(lane->events.startNs(0), 0);
    EXPECT_EQ(lane->events.durationNs(0), 70'000);
    EXPECT_EQ(lane->events.startNs(1), 300'000);
    EXPECT_EQ(lane->events.durationNs(1), 40'000);
    EXPECT_EQ(whole.result->timeline->labels[lane->events.label(1)].name, QStringLiteral("execute_2_context_0_generation_4"));
    EXPECT_EQ(whole.result->timeline->labels[lane->events.label(1)].kind, TimelineLabelKind::ExecuteRange);

    // Picked as the view asks ([start, end + 1 ns)): execute_1 counts the
    // GEMM (one addmm call, 50 us) and the add (10 us).
    const AnalysisOutcome first = analyzeRange(path, 0, 70.001);
    ASSERT_EQ(first.status, AnalysisOutcome::Status::Ok) << first.error.toStdString();
    EXPECT_DOUBLE_EQ(first.result->totalGpuKernelTimeUs, 60);
    const KernelRow* addmm = findRow(*first.result, QStringLiteral("aten::addmm"));
    ASSERT_TRUE(addmm && addmm->kernelTimeUs);
    EXPECT_EQ(addmm->calls, 1);
    EXPECT_DOUBLE_EQ(addmm->kernelTimeUs->sum, 50);
    const KernelRow* add = findRow(*first.result, QStringLiteral("triton_poi_fused_add_0"));
    ASSERT_TRUE(add && add->kernelTimeUs);
    EXPECT_DOUBLE_EQ(add->kernelTimeUs->sum, 10);
    // execute_2: the second GEMM alone, 40 us, and no Triton call.
    const AnalysisOutcome second = analyzeRange(path, 300, 340.001);
    ASSERT_EQ(second.status, AnalysisOutcome::Status::Ok) << second.error.toStdString();
    EXPECT_DOUBLE_EQ(second.result->totalGpuKernelTimeUs, 40);
    EXPECT_EQ(tritonRowCount(*second.result), 0u);
    addmm = findRow(*second.result, QStringLiteral("aten::addmm"));
    ASSERT_TRUE(addmm && addmm->kernelTimeUs);
    EXPECT_DOUBLE_EQ(addmm->kernelTimeUs->sum, 40);
}

TEST(TimelineBuild, GpuExecuteAnnotationsAreDrawnWhereTheyLieInsteadOfTheHostOnes)
{
    // SGLang-like: the GPU's own execute_ range [300, 375] us beside the
    // host ones: only the GPU's is drawn, at [0, 75) from the origin.
    TempTraces traces;
    QByteArrayList events { libraryOpsAndExecuteRanges(),
        annotationEvent("gpu_user_annotation", "execute_diffusion_1_256x256", 2, 0, 300, 75) };
    const AnalysisOutcome whole = analyze(traces.write(QStringLiteral("gpu.json"), traceJson(events.join(",\n"))));
    ASSERT_EQ(whole.status, AnalysisOutcome::Status::Ok) << whole.error.toStdString();
    const TimelineLane* lane = laneOf(*whole.result->timeline, TimelineLaneKind::ExecuteRanges);
    ASSERT_TRUE(lane);
    ASSERT_EQ(lane->events.size(), 1u);
    EXPECT_EQ(lane->events.startNs(0), 0);
    EXPECT_EQ(lane->events.durationNs(0), 75'000);
    EXPECT_EQ(whole.result->timeline->labels[lane->events.label(0)].name, QStringLiteral("execute_diffusion_1_256x256"));
}

TEST(TimelineBuild, ExecuteRangesPastTheCapAreDroppedWithOneWarning)
{
    // One more execute_ range than the reader keeps, 1 ms apart, and one
    // kernel: the cap's worth kept, the rest said once.
    const size_t cap = AnnotationKeeper::maxExecuteAnnotations;
    QByteArrayList events { kernelEvent("Cijk_only", 0, 10, 1) };
    for (size_t i = 0; i <= cap; ++i)
        events << annotationEvent("user_annotation", "execute_" + QByteArray::number(qulonglong(i)), 100, 1, double(i) * 1000, 500);
    TempTraces traces;
    const TraceReadResult read = readTrace(traces.write(QStringLiteral("many.json"), traceJson(events.join(",\n"))), {});
    ASSERT_EQ(read.status, TraceReadResult::Status::Ok);
    EXPECT_EQ(read.trace.executeAnnotations.size(), cap);
    EXPECT_EQ(read.trace.executeAnnotations.back().name, QStringLiteral("execute_%1").arg(cap - 1));
    EXPECT_EQ(read.trace.warnings.filter(QStringLiteral("execute_ annotations")).size(), 1);
}
