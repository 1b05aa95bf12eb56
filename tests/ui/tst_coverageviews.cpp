// Issue 30 §2 in the window: the summary strip says how much GPU time has
// figures, a time-only library kernel is an opportunity whose line selects
// its row, and compare mode pairs library kernels by name and sets the GPU
// time by kind of work and the spans side by side.
#include "coveragefixtures.h"
#include "engine/comparison/tracecomparison.h"
#include "engine/lens/judgement.h"
#include "itemmodels/kerneltablemodel.h"
#include "mainwindow.h"
#include "summarystrip.h"
#include "table/kerneltableview.h"
#include "testsupport.h"
#include "timebudget/opportunitylist.h"
#include "timebudget/timebudgetpanel.h"
#include "timebudgetfixture.h"
#include "windowloading.h"

#include <QTest>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// Two library kernels of no op: the softmax of `softmaxUs` from 10 us, a
// GEMM of 20 us from 60 us.
QByteArray libraryOnlyTrace(double softmaxUs)
{
    return traceJson(kernelEvent("cunn_SoftMaxForward", 10, softmaxUs, 1) + ",\n" + kernelEvent("Cijk_Alik_Bljk_BBS", 60, 20, 2));
}

} // namespace

TEST(CoverageViews, TheStripSaysHowMuchGpuTimeHasFigures)
{
    SummaryStrip strip;
    strip.setJudgement(*judge(timeBudgetFixture(), datasheetLens()));
    EXPECT_TRUE(strip.text().contains(QStringLiteral("<b>modelled 75.6 % of GPU time (208 \u00b5s of 275 \u00b5s)</b>")))
        << qPrintable(strip.text());
}

TEST(CoverageViews, TheCompareStripSetsKindsOfWorkAndSpansSideBySide)
{
    SummaryStrip strip;
    strip.setJudgement(*judge(softmaxCandidate(), datasheetLens(), softmaxBaseline()));
    const QString text = strip.text();
    EXPECT_TRUE(text.contains(
        QStringLiteral("By kind of work, baseline \u2192 this trace: Triton 10.0 \u00b5s \u2192 10.0 \u00b5s (+0.00 \u00b5s), "
                       "GEMM 60.0 \u00b5s \u2192 40.0 \u00b5s (-20.0 \u00b5s), memcpy 5.00 \u00b5s \u2192 0.00 \u00b5s "
                       "(-5.00 \u00b5s), other 100 \u00b5s \u2192 150 \u00b5s (+50.0 \u00b5s); <b>GPU time</b> 175 \u00b5s "
                       "\u2192 200 \u00b5s (+25.0 \u00b5s); <b>span</b> (first to last GPU event) 400 \u00b5s \u2192 "
                       "300 \u00b5s (-100 \u00b5s)")))
        << qPrintable(text);
}

TEST(CoverageViews, AnUnmodelledLineSelectsItsLibraryRowAndCompareModePairsIt)
{
    TempTraces traces;
    const QString candidate = traces.write(QStringLiteral("candidate.json"), libraryOnlyTrace(45));
    const QString baseline = traces.write(QStringLiteral("baseline.json"), libraryOnlyTrace(30));
    MainWindow window;
    window.resize(1366, 740);
    window.show();
    ASSERT_TRUE(loadAndShow(window, candidate));
    // Nothing has figures: 0 % of 65 us.
    EXPECT_TRUE(window.summaryStrip()->text().contains(QStringLiteral("modelled 0.0 % of GPU time (0.00 \u00b5s of 65.0 \u00b5s)")))
        << qPrintable(window.summaryStrip()->text());

    // Softmax 45 us (69.2 % of kernel time), GEMM 20 us: both time only,
    // ranked before the 5 us the GPU idles between them.
    OpportunityList* list = window.timeBudgetPanel()->opportunityList();
    const std::vector<Opportunity>& items = list->opportunities();
    ASSERT_GE(items.size(), 2u);
    EXPECT_EQ(items[0].kind, Opportunity::Kind::Unmodelled);
    EXPECT_EQ(items[0].name, QStringLiteral("cunn_SoftMaxForward"));
    EXPECT_EQ(items[0].libraryIndices, std::vector<int>({ 0 }));
    EXPECT_EQ(items[1].name, QStringLiteral("Cijk_Alik_Bljk_BBS"));
    const QRect line = list->visualItemRect(list->topLevelItem(1));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, line.center());
    const QModelIndex current = window.kernelView()->currentIndex();
    ASSERT_TRUE(current.isValid());
    EXPECT_EQ(current.data(KernelTableModel::LibraryIndexRole).toInt(), 1);
    EXPECT_EQ(current.siblingAtColumn(KernelTableModel::Kernel).data().toString(), QStringLiteral("Cijk_Alik_Bljk_BBS"));

    // Compare mode: the softmax pairs by name, 30 against 45 us.
    window.compareWithBaseline(baseline);
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.comparison() != nullptr; }, 60000));
    EXPECT_EQ(window.comparison()->matching.count(MatchKind::Same), 2);
    const QAbstractItemModel* table = window.kernelView()->model();
    bool found = false;
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->index(row, KernelTableModel::Kernel).data().toString() != u"cunn_SoftMaxForward")
            continue;
        found = true;
        EXPECT_EQ(table->index(row, KernelTableModel::Match).data().toString(), QStringLiteral("same"));
        EXPECT_EQ(table->index(row, KernelTableModel::Speedup).data().toString(), QStringLiteral("0.67\u00d7 \u25bc"));
        EXPECT_EQ(table->index(row, 0).data(KernelTableModel::LibraryIndexRole).toInt(), 0);
    }
    EXPECT_TRUE(found);
    EXPECT_TRUE(window.summaryStrip()->text().contains(QStringLiteral("other 30.0 \u00b5s \u2192 45.0 \u00b5s (+15.0 \u00b5s)")))
        << qPrintable(window.summaryStrip()->text());
}
