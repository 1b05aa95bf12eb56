// One change of the lens (t0, then the peak set, then the GPU) reaches
// every figure judged from it: the time budget (limiters, attainable and
// recoverable time), the roofline's latency-bound points, the timeline's
// colours and the bytes of the JSON, CSV and Markdown exports. The fixture
// is timebudgetfixture.h's, whose figures are derived there by hand: on
// MI300X's datasheet peaks (HBM 5.3 TB/s) with the default t0 of 2 us, "mem"
// (53 MB, calls 15, 12, 11 us) has a roof term of 10 us, attainable 12 us,
// recoverable 3 us, and is memory-bound.
#include "engine/export/markdownreport.h"
#include "engine/export/resultexport.h"
#include "engine/lens/judgement.h"
#include "engine/results/statistics.h"
#include "engine/timeline/timeline.h"
#include "engine/timeline/timelinecolours.h"
#include "testsupport.h"
#include "timebudgetfixture.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

constexpr int mem = 0; // the fixture's rows
constexpr int cmp = 1;

// Every export of a judgement, the window's and the command line's alike.
struct Exports
{
    QByteArray json, csv, report;
};

Exports exportsOf(const Judgement& judgement)
{
    ReportInputs report;
    report.judgement = &judgement;
    return { exportJson(judgement), exportCsv(judgement.trace), markdownReport(report) };
}

// Labels as the timeline has them: one per fixture row, its calls' work Triton.
Timeline labelsOnly()
{
    Timeline timeline;
    for (int row = 0; row < 3; ++row) {
        TimelineLabel label;
        label.work = GpuWork::Triton;
        label.kernelRow = row;
        timeline.labels.push_back(label);
    }
    return timeline;
}

// The colouring the timeline pane builds from a judgement's budget.
TimelineColouring colouringOf(const Judgement& judgement)
{
    static const Timeline timeline = labelsOnly();
    return TimelineColouring(timeline, judgement.trace.budget.rows);
}

// The fixture with mem's measured throughput (53 MB and 1 MFLOP over its
// mean call of 38 / 3 us), which places it on the roofline.
std::shared_ptr<const AnalysisResult> placedFixture()
{
    auto result = std::make_shared<AnalysisResult>(*timeBudgetFixture());
    KernelRow& row = result->rows[mem];
    const double meanS = row.kernelTimeUs->mean * 1e-6;
    row.tbPerS = summarize(std::vector<double> { 53e6 / meanS / 1e12 });
    row.tflopsPerS = summarize(std::vector<double> { 1e6 / meanS / 1e12 });
    return result;
}

std::shared_ptr<const Judgement> judgedFixture(const Lens& lens)
{
    static const auto fixture = placedFixture();
    return judge(fixture, lens);
}

void expectExportsDiffer(const Exports& before, const Exports& after)
{
    EXPECT_NE(before.json, after.json);
    EXPECT_NE(before.csv, after.csv);
    EXPECT_NE(before.report, after.report);
}

} // namespace

TEST(LensReach, TheDefaultLensJudgesTheFixtureAsDerivedByHand)
{
    const auto judged = judgedFixture(datasheetLens());
    EXPECT_EQ(judged->trace.gpuSpec().name, mi300x().name); // the catalogue's default: the fixture names no GPU
    EXPECT_DOUBLE_EQ(judged->trace.budget.latencyFloor.us, 2.0);
    const KernelTimeFigures& figures = judged->trace.budget.rows[mem];
    EXPECT_EQ(figures.limiter, Limiter::Memory);
    EXPECT_NEAR(*figures.attainableUs, 12.0, 1e-9);
    EXPECT_NEAR(figures.recoverableUs, 3.0, 1e-9);
    ASSERT_TRUE(judged->trace.roofline.point(mem));
    EXPECT_FALSE(judged->trace.roofline.point(mem)->latencyBound);
    EXPECT_FALSE(colouringOf(*judged).style(mem, 15'000).latencyBound);
}

// t0 = 12 us: mem's roof term (10 us) is now under the floor and its calls run
// at 3 x 22 / 38 = 1.74 of attainable: latency-bound, nothing recoverable.
TEST(LensReach, ALatencyFloorReachesTheBudgetTheRooflineTheTimelineAndEveryExport)
{
    const auto before = judgedFixture(datasheetLens());
    Lens lens = datasheetLens();
    lens.latencyFloorUs = 12.0;
    const auto after = judgedFixture(lens);

    const KernelTimeFigures& figures = after->trace.budget.rows[mem];
    EXPECT_DOUBLE_EQ(after->trace.budget.latencyFloor.us, 12.0);
    EXPECT_EQ(figures.limiter, Limiter::Latency);
    EXPECT_NEAR(*figures.attainableUs, 22.0, 1e-9);
    EXPECT_NEAR(figures.recoverableUs, 0.0, 1e-9);

    ASSERT_TRUE(after->trace.roofline.point(mem));
    EXPECT_TRUE(after->trace.roofline.point(mem)->latencyBound);

    // A 15 us call: 12 / 15 of attainable before, 22 / 15 after, and marked latency-bound.
    const TimelineColouring beforeColours = colouringOf(*before);
    const TimelineColouring afterColours = colouringOf(*after);
    EXPECT_NEAR(*beforeColours.fraction(mem, 15'000), 0.8, 1e-9);
    EXPECT_NEAR(*afterColours.fraction(mem, 15'000), 22.0 / 15.0, 1e-9);
    EXPECT_TRUE(afterColours.style(mem, 15'000).latencyBound);

    const Exports exported = exportsOf(*after);
    expectExportsDiffer(exportsOf(*before), exported);
    EXPECT_TRUE(exported.report.contains("- Latency floor t0: 12.0 \xc2\xb5s")) << exported.report.constData();
}

// Max-achievable peaks: cmp (8.17 GFLOPs, FP32 vector) is measured against
// the measured FP32 vector figure, not the datasheet's 163.4 TFLOPS.
TEST(LensReach, APeakSetReachesTheBudgetTheTimelineAndEveryExport)
{
    const auto before = judgedFixture(datasheetLens());
    Lens lens = datasheetLens();
    lens.peaks = PeakSet::MaxAchievable;
    const auto after = judgedFixture(lens);
    ASSERT_FALSE(after->trace.peakSetFellBack());

    const KernelTimeFigures& was = before->trace.budget.rows[cmp];
    const KernelTimeFigures& now = after->trace.budget.rows[cmp];
    EXPECT_NEAR(*was.attainableUs, 52.0, 1e-6);
    ASSERT_TRUE(now.computeTflops);
    EXPECT_NE(*now.computeTflops, *was.computeTflops);
    EXPECT_NEAR(*now.attainableUs, 2.0 + 8.17e9 / (*now.computeTflops * 1e12) * 1e6, 1e-6);
    EXPECT_NE(colouringOf(*before).fraction(cmp, 60'000), colouringOf(*after).fraction(cmp, 60'000));
    EXPECT_EQ(after->trace.roofline.peakSet, PeakSet::MaxAchievable);

    const Exports exported = exportsOf(*after);
    expectExportsDiffer(exportsOf(*before), exported);
    EXPECT_TRUE(exported.json.contains(R"("peak_set":"max_achievable")")) << exported.json.left(400).constData();
}

// H100's HBM (its datasheet's, from the catalogue): mem's roof term becomes
// 53 MB at that bandwidth, every call is under 2 us + it, nothing recoverable.
TEST(LensReach, AGpuReachesTheBudgetTheRooflineTheTimelineAndEveryExport)
{
    const auto before = judgedFixture(datasheetLens());
    Lens lens = datasheetLens();
    lens.gpuChoice = QStringLiteral("H100");
    const auto after = judgedFixture(lens);
    const GpuSpec* h100 = GpuCatalog::builtIn().find(QStringLiteral("H100"));
    ASSERT_TRUE(h100);
    EXPECT_EQ(after->trace.gpuSpec().name, h100->name);
    EXPECT_EQ(after->trace.gpu.source, GpuPick::Source::Chosen);

    const double hbm = h100->peaks(PeakSet::Datasheet).memoryBandwidthTBps;
    ASSERT_LT(hbm, 5.3);
    const KernelTimeFigures& figures = after->trace.budget.rows[mem];
    EXPECT_EQ(figures.limiter, Limiter::Memory);
    EXPECT_NEAR(*figures.attainableUs, 2.0 + 53e6 / (hbm * 1e12) * 1e6, 1e-9);
    EXPECT_NEAR(figures.recoverableUs, 0.0, 1e-9);
    EXPECT_EQ(after->trace.roofline.gpuName, h100->name);
    EXPECT_NEAR(*colouringOf(*after).fraction(mem, 15'000), *figures.attainableUs / 15.0, 1e-9);

    const Exports exported = exportsOf(*after);
    expectExportsDiffer(exportsOf(*before), exported);
    EXPECT_TRUE(exported.json.contains(QStringLiteral("\"gpu\":\"%1\"").arg(h100->name).toUtf8())) << exported.json.left(400).constData();
}
