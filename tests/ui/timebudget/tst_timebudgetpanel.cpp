// The "Where the time goes" panel: its bar (busy by kind of work, idle) and
// opportunity lines on the hand-derived fixture of timebudgetfixture.h; in
// the window, a click on a line selects that opportunity's rows in the
// table, t0 set in the panel reaches the table and the inspector, and the
// filter totals follow the filter.
#include "analysiscontroller.h"
#include "engine/timebudget/timebudget.h"
#include "inspector/formulainspector.h"
#include "itemmodels/kerneltablemodel.h"
#include "mainwindow.h"
#include "shownanalysis.h"
#include "table/kernelfilterbar.h"
#include "table/kerneltableview.h"
#include "testsupport.h"
#include "timebudget/opportunitylist.h"
#include "timebudget/timebudgetbar.h"
#include "timebudget/timebudgetpanel.h"
#include "timebudgetfixture.h"
#include "windowloading.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <algorithm>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const QString samplePath = QStringLiteral(RIDGELINE_SOURCE_DIR "/resources/samples/transformer_block_mi300x.json.gz");

void clickLine(OpportunityList* list, int line)
{
    QTreeWidgetItem* item = list->topLevelItem(line);
    ASSERT_NE(item, nullptr);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(item).center());
}

} // namespace

TEST(TimeBudgetPanel, BarAndLinesOfTheHandDerivedBudget)
{
    const auto result = timeBudgetFixture();
    const TimeBudget budget = evaluateTimeBudget(*result, mi300x().peaks(PeakSet::Datasheet));
    TimeBudgetPanel panel;
    panel.resize(900, 300);
    panel.show();
    panel.setBudget(result.get(), &budget);

    // 500 us span: Triton 215 and GEMM 60 of busy 275, then 225 idle.
    const auto& segments = panel.bar()->segments();
    ASSERT_EQ(segments.size(), 3u);
    EXPECT_EQ(segments[0].title, QStringLiteral("Triton"));
    EXPECT_DOUBLE_EQ(segments[0].us, 215.0);
    EXPECT_EQ(segments[1].title, QStringLiteral("GEMM"));
    EXPECT_DOUBLE_EQ(segments[1].us, 60.0);
    EXPECT_EQ(segments[2].title, QStringLiteral("idle"));
    EXPECT_DOUBLE_EQ(segments[2].us, 225.0);
    EXPECT_DOUBLE_EQ(panel.bar()->spanUs(), 500.0);
    EXPECT_TRUE(panel.bar()->toolTip().contains(QStringLiteral("busy 275 \u00b5s (55.0 %), idle 225 \u00b5s (45.0 %)")))
        << qPrintable(panel.bar()->toolTip());

    // Ranked by time at stake: idle 225, Cijk_gemm 60 (time only), cmp 56,
    // the latency-bound group 8 (10 measured - 2 x roof term 1), nofig 7 (time only), mem 3.
    OpportunityList* list = panel.opportunityList();
    ASSERT_EQ(list->topLevelItemCount(), 6);
    const auto line = [&](int row, int column) { return list->topLevelItem(row)->text(column); };
    EXPECT_EQ(line(0, OpportunityList::AtStake), QStringLiteral("225 \u00b5s"));
    EXPECT_EQ(line(0, OpportunityList::What), QStringLiteral("idle GPU"));
    // The idle GPU by its span (225 of 500 us), not over kernel time (81.8 %).
    EXPECT_EQ(line(0, OpportunityList::Share), QStringLiteral("45.00 % of span"));
    EXPECT_EQ(line(0, OpportunityList::Fix), QStringLiteral("GPU idle: CUDA/HIP graphs, fewer host syncs"));
    EXPECT_EQ(line(1, OpportunityList::AtStake), QStringLiteral("60.0 \u00b5s"));
    EXPECT_EQ(line(1, OpportunityList::What), QStringLiteral("Cijk_gemm"));
    EXPECT_EQ(line(1, OpportunityList::Share), QStringLiteral("21.82 %"));
    EXPECT_EQ(line(1, OpportunityList::Fix), QStringLiteral("not modelled: 2 calls, time only"));
    EXPECT_EQ(line(2, OpportunityList::AtStake), QStringLiteral("56.0 \u00b5s"));
    EXPECT_EQ(line(2, OpportunityList::Share), QStringLiteral("20.36 %"));
    EXPECT_EQ(line(2, OpportunityList::What), QStringLiteral("cmp"));
    EXPECT_EQ(line(2, OpportunityList::Fix), QStringLiteral("compute-bound: 2 calls at 80.0 \u00b5s, attainable 52.0 \u00b5s"));
    EXPECT_EQ(line(3, OpportunityList::AtStake), QStringLiteral("8.00 \u00b5s"));
    EXPECT_EQ(line(3, OpportunityList::What), QStringLiteral("latency-bound kernels"));
    EXPECT_EQ(line(3, OpportunityList::Fix), QStringLiteral("1 kernels, 2 launches: fuse or remove them, not tune"));
    EXPECT_EQ(line(4, OpportunityList::What), QStringLiteral("nofig"));
    EXPECT_EQ(line(4, OpportunityList::Fix), QStringLiteral("not modelled: 1 call, time only"));
    EXPECT_EQ(line(5, OpportunityList::What), QStringLiteral("mem"));
    EXPECT_EQ(line(5, OpportunityList::AtStake), QStringLiteral("3.00 \u00b5s"));
    // The why in the tool tip.
    EXPECT_TRUE(list->topLevelItem(2)->toolTip(OpportunityList::What).contains(QStringLiteral("tune it")))
        << qPrintable(list->topLevelItem(2)->toolTip(0));
    EXPECT_TRUE(list->topLevelItem(1)->toolTip(OpportunityList::What).contains(QStringLiteral("no model: `Cijk_gemm`")));

    EXPECT_TRUE(panel.figuresLabel()->text().contains(
        QStringLiteral("Triton 215 \u00b5s: 59.0 \u00b5s recoverable by tuning, 10.0 \u00b5s latency-bound")))
        << qPrintable(panel.figuresLabel()->text());
    EXPECT_TRUE(panel.figuresLabel()->text().contains(QStringLiteral("modelled 75.6 % of GPU time (208 \u00b5s of 275 \u00b5s)")))
        << qPrintable(panel.figuresLabel()->text());
    EXPECT_EQ(panel.latencyFloorField()->text(), QStringLiteral("2.00 \u00b5s (default)"));
    EXPECT_EQ(panel.latencyFloorOverride(), std::nullopt);

    QSignalSpy clicked(&panel, &TimeBudgetPanel::opportunityActivated);
    clickLine(list, 2);
    ASSERT_EQ(clicked.count(), 1);
    EXPECT_EQ(clicked.front().front().toInt(), 2);

    // Collapsed: the bar and t0 stay, the lines go.
    panel.setExpanded(false);
    EXPECT_FALSE(list->isVisible());
    EXPECT_TRUE(panel.bar()->isVisible());
}

TEST(TimeBudgetPanel, AClickOnALineSelectsItsRowsInTheTable)
{
    MainWindow window;
    window.resize(1366, 740);
    window.show();
    ASSERT_TRUE(Ridgeline::Test::loadAndShow(window, samplePath));
    OpportunityList* list = window.timeBudgetPanel()->opportunityList();
    ASSERT_GT(list->topLevelItemCount(), 0);
    const std::vector<Opportunity>& items = list->opportunities();
    int clickedKernels = 0;
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        const Opportunity& item = items[size_t(i)];
        if (item.kind == Opportunity::Kind::Idle || item.rowIndices.empty()) // library kernels: tst_coverageviews
            continue;
        window.kernelView()->clearSelection();
        clickLine(list, i);
        QList<int> expected(item.rowIndices.begin(), item.rowIndices.end());
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(window.kernelView()->selectedKernelIndices(), expected) << qPrintable(item.name);
        // The inspector shows the first of them, the chart highlights them all.
        EXPECT_TRUE(window.inspector()->markdown().contains(window.result()->rows[size_t(item.rowIndices.front())].name));
        EXPECT_EQ(window.rooflineView()->selectedKernels().size(), expected.size());
        ++clickedKernels;
    }
    EXPECT_GT(clickedKernels, 0);
    // Each kernel line is a kernel's recoverable time, the largest first.
    double previous = 1e300;
    for (const Opportunity& item : items) {
        if (item.kind == Opportunity::Kind::Kernel) {
            EXPECT_LE(item.recoverableUs, previous);
            previous = item.recoverableUs;
        }
    }
}

TEST(TimeBudgetPanel, TheLatencyFloorReachesTableAndInspector)
{
    MainWindow window;
    window.show();
    ASSERT_TRUE(Ridgeline::Test::loadAndShow(window, samplePath));
    QAbstractItemModel* table = window.kernelView()->model();
    const double before = table->index(0, KernelTableModel::Recoverable).data(KernelTableModel::SortRole).toDouble();
    ASSERT_GT(before, 0);
    QDoubleSpinBox* field = window.timeBudgetPanel()->latencyFloorField();
    EXPECT_TRUE(field->text().endsWith(QStringLiteral("(default)")) || field->text().endsWith(QStringLiteral("(measured)")))
        << qPrintable(field->text());
    // A floor of 50 us puts every call's attainable time 50 us higher: less to win back.
    field->setValue(50.0);
    double after = 0;
    for (int row = 0; row < table->rowCount(); ++row)
        after = std::max(after, table->index(row, KernelTableModel::Recoverable).data(KernelTableModel::SortRole).toDouble());
    EXPECT_LT(after, before);
    EXPECT_TRUE(window.inspector()->markdown().contains(QStringLiteral("**Latency floor t0 = 50 us** — override")))
        << qPrintable(window.inspector()->markdown().left(4000));
    window.shown()->setLatencyFloor(std::nullopt);
    EXPECT_EQ(window.timeBudgetPanel()->latencyFloorOverride(), std::nullopt);
    EXPECT_DOUBLE_EQ(table->index(0, KernelTableModel::Recoverable).data(KernelTableModel::SortRole).toDouble(), before);
}

TEST(TimeBudgetPanel, FilterTotalsFollowTheFilter)
{
    MainWindow window;
    window.show();
    ASSERT_TRUE(Ridgeline::Test::loadAndShow(window, samplePath));
    const AnalysisResult* result = window.result();
    const QString all = window.filterTotalsLabel()->text();
    EXPECT_TRUE(all.startsWith(QStringLiteral("8 of 8 kernels shown, "))) << qPrintable(all);
    // Every GPU kernel has a row: all rows hold all of the kernel time.
    EXPECT_TRUE(all.endsWith(QStringLiteral("(100.0 % of GPU time)"))) << qPrintable(all);
    window.filterBar()->libraryToggle()->setChecked(false);
    const QString triton = window.filterTotalsLabel()->text();
    EXPECT_TRUE(triton.startsWith(QStringLiteral("4 of 8 kernels shown, "))) << qPrintable(triton);
    const QString share = QString::number(100.0 * result->tritonKernelTimeUs / result->totalGpuKernelTimeUs, 'f', 1);
    EXPECT_TRUE(triton.endsWith(QStringLiteral("(%1 % of GPU time)").arg(share))) << qPrintable(triton);
    window.filterBar()->textField()->setText(QStringLiteral("no such kernel"));
    EXPECT_TRUE(window.filterTotalsLabel()->text().startsWith(QStringLiteral("0 of 8 kernels shown, 0.00 \u00b5s (0.0 %")))
        << qPrintable(window.filterTotalsLabel()->text());
}

TEST(TimeBudgetPanel, ALibraryRowIsInspectedButIsNoRooflinePoint)
{
    // The sample's library kernels all run under library ops: a trace with
    // one Triton kernel and a GEMM kernel no op launched.
    using namespace Ridgeline::Test;
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("library.json"),
        traceJson(tritonOpEvent("triton_poi_fused_add_0", 100, 20, 1,
                      R"("Input Dims": [[1024], [1024], []], "Input type": ["c10::Float", "c10::Float", "Scalar"], )"
                      R"("Input Strides": [[1], [1], []], "Concrete Inputs": ["", "", "1024"])")
            + ",\n" + launchEvent(105, 5, 10) + ",\n" + kernelEvent("triton_poi_fused_add_0", 200, 4, 10) + ",\n"
            + kernelEvent("Cijk_Ailk_Bljk_lonely_gemm", 300, 40, 99)));
    MainWindow window;
    window.show();
    ASSERT_TRUE(Ridgeline::Test::loadAndShow(window, path));
    KernelTableView* table = window.kernelView();
    int library = -1;
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        if (table->model()->index(row, 0).data(KernelTableModel::LibraryIndexRole).toInt() >= 0)
            library = row;
    }
    ASSERT_GE(library, 0);
    table->selectRow(library);
    EXPECT_TRUE(table->selectedKernelIndices().isEmpty());
    EXPECT_TRUE(window.rooflineView()->selectedKernels().isEmpty());
    EXPECT_TRUE(window.inspector()->markdown().contains(QStringLiteral("a library GPU kernel")))
        << qPrintable(window.inspector()->markdown());
    EXPECT_FALSE(window.inspector()->markdown().contains(QStringLiteral("## Attainable time")));
    // Hidden by its toggle, it leaves the inspector.
    window.filterBar()->libraryToggle()->setChecked(false);
    EXPECT_FALSE(table->selectionModel()->hasSelection());
    EXPECT_TRUE(window.inspector()->markdown().isEmpty()) << qPrintable(window.inspector()->markdown().left(200));
}

TEST(TimeBudgetPanel, ALibraryOpsLineIsNamedWithItsShape)
{
    // The sample's three aten::mm rows differ only in their shape: a line of
    // one row names it as the table does, and its tooltip too.
    const std::shared_ptr<const AnalysisResult> result
        = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    ASSERT_TRUE(result);
    const TimeBudget budget = evaluateTimeBudget(*result, mi300x().peaks(PeakSet::Datasheet));
    TimeBudgetPanel panel;
    panel.resize(1600, 400);
    panel.show();
    panel.setBudget(result.get(), &budget);
    OpportunityList* list = panel.opportunityList();
    QStringList names;
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        names << list->topLevelItem(i)->text(OpportunityList::What);
    const auto gemmLine = std::find_if(names.begin(), names.end(), [](const QString& name) { return name.startsWith(u"aten::mm"); });
    ASSERT_NE(gemmLine, names.end()) << qPrintable(names.join(u'|'));
    EXPECT_TRUE(gemmLine->startsWith(QStringLiteral("aten::mm (32768 x "))) << qPrintable(*gemmLine);
    EXPECT_FALSE(names.contains(QStringLiteral("aten::mm"))) << qPrintable(names.join(u'|'));
    const QTreeWidgetItem* item = list->topLevelItem(int(gemmLine - names.begin()));
    EXPECT_TRUE(item->toolTip(OpportunityList::What).startsWith(*gemmLine + QStringLiteral(": "))) << qPrintable(item->toolTip(0));
}
