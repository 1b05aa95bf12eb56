// Compare mode in the window: a baseline read beside the open trace fills
// the table's compare columns, draws arrows on the roofline, names both
// traces in the summary strip and puts the pair side by side in the
// inspector; one action leaves it.
#include "analysiscontroller.h"
#include "engine/base/text/units.h"
#include "graphfixtures.h"
#include "inspector/formulainspector.h"
#include "itemmodels/kerneltablemodel.h"
#include "mainwindow.h"
#include "roofline/rooflinechart.h"
#include "roofline/rooflineview.h"
#include "summarystrip.h"
#include "table/kernelfilterbar.h"
#include "table/kerneltableview.h"
#include "testsupport.h"
#include "timebudget/timebudgetpanel.h"
#include "timeline/timelineview.h"

#include <QAbstractSeries>
#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

int seriesWithRole(RooflineView* view, const QString& role)
{
    int count = 0;
    for (QAbstractSeries* series : view->chart()->series())
        count += series->property(RooflineChart::RoleProperty).toString() == role;
    return count;
}

} // namespace

TEST(CompareMode, ABaselineFillsTableRooflineStripAndInspector)
{
    // The candidate: the sample recompiled, one kernel renumbered.
    const QString sample = sourcePath(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    MainWindow window;
    {
        QSignalSpy finished(window.controller(), &AnalysisController::finished);
        window.openTrace(sample);
        ASSERT_TRUE(finished.wait(60000));
    }
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.result() != nullptr; }));
    QHeaderView* header = window.kernelView()->horizontalHeader();
    EXPECT_TRUE(header->isSectionHidden(KernelTableModel::Speedup));
    EXPECT_FALSE(window.filterBar()->onlyChangedToggle()->isVisibleTo(&window));

    window.compareWithBaseline(sample);
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.comparison() != nullptr; }, 60000));
    EXPECT_EQ(window.comparison()->matching.count(MatchKind::Same), int(window.result()->rows.size()));
    EXPECT_FALSE(header->isSectionHidden(KernelTableModel::Speedup));
    EXPECT_FALSE(header->isSectionHidden(KernelTableModel::Match));
    EXPECT_TRUE(window.filterBar()->onlyChangedToggle()->isVisibleTo(&window));
    EXPECT_TRUE(window.summaryStrip()->text().contains(QStringLiteral("Compared with baseline <b>transformer_block_mi300x.json.gz</b>")))
        << qPrintable(window.summaryStrip()->text());
    EXPECT_TRUE(window.summaryStrip()->text().contains(QStringLiteral("Triton time = <b>unchanged</b>")));
    // The sample is one compiled graph call: compared per call, its recoverable time unchanged.
    const QString recoverable = formatTimeUs(window.comparison()->candidateRecoverableUs);
    EXPECT_GT(window.comparison()->candidateRecoverableUs, 0);
    EXPECT_TRUE(window.summaryStrip()->text().contains(
        QStringLiteral("GPU time = <b>unchanged</b> per compiled graph call (1 against 1 in the baseline): the only step both count; "
                       "recoverable %1 → %1 (+0.00 \u00b5s)")
            .arg(recoverable)))
        << qPrintable(window.summaryStrip()->text());
    // The timeline aligns the baseline at the same kind of step: its first compiled graph call.
    ASSERT_TRUE(window.timelineView()->baselineScene());
    EXPECT_TRUE(window.timelineView()->baselineScene()->title.endsWith(QStringLiteral("aligned at its first compiled graph call")))
        << qPrintable(window.timelineView()->baselineScene()->title);
    EXPECT_NEAR(window.timelineView()->baselineShiftNs(), 0, 1) << "a trace against itself";
    // Every matched kernel has a hollow baseline point (no arrows: nothing moved).
    EXPECT_EQ(seriesWithRole(window.rooflineView(), QStringLiteral("baseline")), 1);
    EXPECT_EQ(seriesWithRole(window.rooflineView(), QStringLiteral("arrow")), 0);

    // The inspector shows the pair side by side.
    window.kernelView()->selectRow(0);
    EXPECT_TRUE(QTest::qWaitFor([&] { return window.inspector()->markdown().contains(QStringLiteral("Compared with the baseline")); }));
    EXPECT_TRUE(window.inspector()->markdown().contains(QStringLiteral("are the same")));
    // Both kernels' "% of roof", each under its own trace's roofs, not only the change.
    static const QRegularExpression roofRow(QStringLiteral("\\| % of roof \\| [0-9.]+ % \\| [0-9.]+ % \\|"));
    EXPECT_TRUE(roofRow.match(window.inspector()->markdown()).hasMatch()) << qPrintable(window.inspector()->markdown().left(1500));

    // "Only changed" hides every kernel of a trace compared with itself.
    window.filterBar()->onlyChangedToggle()->setChecked(true);
    EXPECT_EQ(window.kernelView()->model()->rowCount(), 0);

    window.leaveCompareMode();
    EXPECT_EQ(window.comparison(), nullptr);
    EXPECT_TRUE(header->isSectionHidden(KernelTableModel::Speedup));
    EXPECT_FALSE(window.filterBar()->onlyChangedToggle()->isChecked());
    // Out of compare mode the library kernels have their rows again.
    EXPECT_EQ(window.kernelView()->model()->rowCount(), int(window.result()->rows.size() + window.result()->libraryKernels.size()));
    EXPECT_FALSE(window.summaryStrip()->text().contains(QStringLiteral("Compared with baseline")));
    EXPECT_EQ(seriesWithRole(window.rooflineView(), QStringLiteral("baseline")), 0);
}

TEST(CompareMode, TheChartDrawsAnArrowFromEachMovedBaselinePoint)
{
    RooflineChart chart(12);
    RooflineData data = rooflineData(nullptr, mi300x(), PeakSet::Datasheet);
    data.arrows.push_back({ 0, QStringLiteral("a"), 1.0, 1.0, 2.0, 4.0 });
    data.arrows.push_back({ 1, QStringLiteral("b"), 1.0, 1.0, 1.0, 1.0 }); // did not move: no arrow
    chart.setData(data);
    int arrows = 0, baselinePoints = 0;
    for (QAbstractSeries* series : chart.series()) {
        const QString role = series->property(RooflineChart::RoleProperty).toString();
        arrows += role == u"arrow";
        if (role == u"baseline")
            baselinePoints = int(series->property(RooflineChart::KernelsProperty).value<QList<int>>().size());
    }
    EXPECT_EQ(arrows, 1);
    EXPECT_EQ(baselinePoints, 2);
}

// The graph pair in the window: a candidate of one ProfilerStep
// holding four launches (40 us each, 10 Triton; encoder and decoder 160 us
// once) against one launch without a step (50 us, 20 Triton). The headline
// is per launch, in words; the panel sets the one-off time apart; the
// timeline aligns the first launches: the candidate's first launch runs
// 600 us after its origin (the encoder at 500, the launch's kernels from
// 1100), the baseline's at its origin.
TEST(CompareMode, AGraphTraceIsComparedPerLaunchInTheHeadlinePanelAndTimeline)
{
    TempTraces traces;
    const QString candidate = traces.write(QStringLiteral("cand.json"), traceJson(oneProfilerStepOfFourGraphLaunches()));
    const QString baseline = traces.write(QStringLiteral("base.json"), traceJson(oneGraphLaunchWithoutAStep()));
    MainWindow window;
    {
        QSignalSpy finished(window.controller(), &AnalysisController::finished);
        window.openTrace(candidate);
        ASSERT_TRUE(finished.wait(60000));
    }
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.result() != nullptr; }));
    EXPECT_TRUE(window.timeBudgetPanel()->figuresLabel()->text().contains(
        QStringLiteral("4 steps (graph launches): 40.0 \u00b5s GPU time each, 160 \u00b5s once outside them")))
        << qPrintable(window.timeBudgetPanel()->figuresLabel()->text());

    window.compareWithBaseline(baseline);
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.comparison() != nullptr; }, 60000));
    const QString strip = window.summaryStrip()->text();
    EXPECT_TRUE(strip.contains(QStringLiteral("Triton time ▲ <b>2.00× faster</b>, GPU time ▲ <b>1.25× faster</b> per graph launch "
                                              "(4 against 1 in the baseline): the only step both count, the baseline has no "
                                              "ProfilerStep; recoverable")))
        << qPrintable(strip);
    ASSERT_TRUE(window.timelineView()->baselineScene());
    EXPECT_NEAR(window.timelineView()->baselineShiftNs(), 600'000, 1);
    EXPECT_TRUE(window.timelineView()->baselineScene()->title.endsWith(QStringLiteral("aligned at its first graph launch")));
}
