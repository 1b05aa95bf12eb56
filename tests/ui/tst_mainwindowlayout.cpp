// The window at a laptop's size: the first window fits the screen, the
// table's first-look columns are in view at 1366 pixels wide with the
// kernel column frozen, and the table's filter decides what the chart and
// the inspector show.
#include "analysiscontroller.h"
#include "cachefixtures.h"
#include "inspector/formulainspector.h"
#include "itemmodels/kerneltablemodel.h"
#include "mainwindow.h"
#include "roofline/rooflinechart.h"
#include "roofline/rooflineview.h"
#include "table/kernelfilterbar.h"
#include "table/kerneltableview.h"
#include "testsupport.h"
#include "timebudget/timebudgetpanel.h"
#include "windowloading.h"

#include <QAbstractSeries>
#include <QApplication>
#include <QChart>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QLegend>
#include <QLineEdit>
#include <QMessageBox>
#include <QScreen>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QXYSeries>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

const QString samplePath = QStringLiteral(RIDGELINE_SOURCE_DIR "/resources/samples/transformer_block_mi300x.json.gz");

// Kernel indices of the chart's points.
QSet<int> plottedKernels(const RooflineView& view)
{
    QSet<int> kernels;
    for (QAbstractSeries* series : view.chart()->series()) {
        if (series->property(RooflineChart::RoleProperty).toString() == u"kernels")
            for (int kernel : series->property(RooflineChart::KernelsProperty).value<QList<int>>())
                kernels.insert(kernel);
    }
    return kernels;
}

} // namespace

TEST(MainWindowLayout, TheFirstWindowFitsTheScreen)
{
    MainWindow window;
    const QRect available = window.screen()->availableGeometry();
    EXPECT_LE(window.width(), available.width());
    EXPECT_LE(window.height(), available.height());
}

// 1366x768 at 125 % is 1093x614 logical pixels and 1920x1080 at 200 % is
// 960x540: the panes' least sizes (the filter bar's toggles were the widest)
// must leave the window within such a screen, less a panel.
TEST(MainWindowLayout, TheWindowFitsALaptopAt125PercentAndFullHdAt200Percent)
{
    MainWindow window;
    window.show();
    ASSERT_TRUE(Ridgeline::Test::loadAndShow(window, samplePath));
    QCoreApplication::processEvents();
    const QSize least = window.layout()->minimumSize();
    EXPECT_LE(least.width(), 940);
    EXPECT_LE(least.height(), 510);
    window.resize(940, 510);
    QCoreApplication::processEvents();
    EXPECT_LE(window.width(), 940);
}

TEST(MainWindowLayout, KeyFiguresAreInViewAt1366WideWithTheKernelColumnFrozen)
{
    MainWindow window;
    window.resize(1366, 740);
    window.show();
    ASSERT_TRUE(Ridgeline::Test::loadAndShow(window, samplePath));
    KernelTableView* table = window.kernelView();
    QHeaderView* header = table->horizontalHeader();
    QString widths; // for the failure message
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            widths += table->model()->headerData(logical, Qt::Horizontal).toString() + u' ' + QString::number(header->sectionSize(logical))
                + u' ';
    }
    // One time column, what could be won back and what limits it, then the
    // figures that matter, all without scrolling.
    for (int column : { KernelTableModel::Kernel, KernelTableModel::Provenance, KernelTableModel::Calls, KernelTableModel::TimeSum,
             KernelTableModel::Recoverable, KernelTableModel::AttainablePercent, KernelTableModel::Limiter, KernelTableModel::TbPerS,
             KernelTableModel::TflopsPerS, KernelTableModel::RoofPercent }) {
        EXPECT_FALSE(header->isSectionHidden(column)) << column;
        EXPECT_LE(header->sectionViewportPosition(column) + header->sectionSize(column), table->viewport()->width())
            << qPrintable(table->model()->headerData(column, Qt::Horizontal).toString()) << " is off screen; width "
            << header->sectionSize(column) << ", kernel " << header->sectionSize(KernelTableModel::Kernel) << "; " << qPrintable(widths);
    }
    for (int column : { KernelTableModel::TimeMean, KernelTableModel::TimeMedian, KernelTableModel::TimeMin, KernelTableModel::TimeMax })
        EXPECT_TRUE(header->isSectionHidden(column)) << "one time column by default";
    // Behind the header menu: the filter totals say the share of what is shown.
    // Shape too: in view it squeezed the names to "red_…view_16" at 1366 px.
    for (int column :
        { KernelTableModel::ShareOfGpuTime, KernelTableModel::Bound, KernelTableModel::FlopsPerByte, KernelTableModel::Shape })
        EXPECT_TRUE(header->isSectionHidden(column)) << column;
    EXPECT_EQ(header->sortIndicatorSection(), KernelTableModel::Recoverable) << "a new window sorts by recoverable time";
    EXPECT_EQ(header->sortIndicatorOrder(), Qt::DescendingOrder);
    // The panel and the totals are in view too, and the table keeps room for rows.
    EXPECT_TRUE(window.timeBudgetPanel()->isVisible());
    EXPECT_TRUE(window.filterTotalsLabel()->isVisible());
    EXPECT_GE(table->viewport()->height(), 6 * table->verticalHeader()->defaultSectionSize())
        << "panel " << window.timeBudgetPanel()->height() << ", table " << table->height();

    // Scrolled to the far right, the kernel's name is still there.
    for (int column = 0; column < KernelTableModel::FirstComparisonColumn; ++column)
        header->setSectionHidden(column, false);
    QCoreApplication::processEvents();
    table->horizontalScrollBar()->setValue(table->horizontalScrollBar()->maximum());
    ASSERT_GT(table->horizontalScrollBar()->maximum(), 0) << "every column shown must not fit";
    QTableView* frozen = table->frozenKernelColumn();
    ASSERT_TRUE(frozen->isVisible());
    EXPECT_EQ(frozen->geometry().left(), table->frameWidth());
    EXPECT_EQ(frozen->columnWidth(KernelTableModel::Kernel), table->columnWidth(KernelTableModel::Kernel));
    EXPECT_EQ(frozen->model()->index(0, KernelTableModel::Kernel).data(), table->model()->index(0, KernelTableModel::Kernel).data());
    EXPECT_EQ(frozen->selectionModel(), table->selectionModel()) << "one selection";
}

TEST(MainWindowLayout, TheLegendGoesBelowANarrowChart)
{
    MainWindow window;
    window.show();
    RooflineView* view = window.rooflineView();
    view->resize(1000, 500);
    EXPECT_EQ(view->chart()->legend()->alignment(), Qt::AlignRight);
    view->resize(500, 500);
    EXPECT_EQ(view->chart()->legend()->alignment(), Qt::AlignBottom);
    view->setLegendShown(false);
    EXPECT_FALSE(view->chart()->legend()->isVisible());
}

TEST(MainWindowLayout, TheTableFilterFiltersTheChartAndAFilteredOutKernelLeavesTheInspector)
{
    MainWindow window;
    window.show();
    ASSERT_TRUE(Ridgeline::Test::loadAndShow(window, samplePath));
    const AnalysisResult* result = window.result();
    ASSERT_TRUE(result);
    const QSet<int> all = plottedKernels(*window.rooflineView());
    ASSERT_EQ(all.size(), 8); // 4 Triton kernels, 4 library ops

    KernelTableView* table = window.kernelView();
    int silu = -1;
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        if (table->model()->index(row, 0).data().toString().contains(QStringLiteral("silu")))
            silu = table->model()->index(row, 0).data(KernelTableModel::RowIndexRole).toInt();
    }
    ASSERT_GE(silu, 0);
    ASSERT_TRUE(table->selectKernel(silu));
    EXPECT_TRUE(window.inspector()->plainText().contains(QStringLiteral("silu")));

    window.filterBar()->textField()->setText(QStringLiteral("rsqrt"));
    const QSet<int> shown = plottedKernels(*window.rooflineView());
    EXPECT_EQ(shown.size(), 2);
    EXPECT_FALSE(shown.contains(silu));
    // The silu kernel is filtered out: nothing is inspected, not its neighbour.
    EXPECT_FALSE(table->selectionModel()->hasSelection());
    EXPECT_FALSE(window.inspector()->plainText().contains(QStringLiteral("triton_")))
        << qPrintable(window.inspector()->plainText().left(200));

    window.filterBar()->textField()->clear();
    EXPECT_EQ(plottedKernels(*window.rooflineView()), all);
}

TEST(MainWindowLayout, AnEmptyTableSaysWhy)
{
    MainWindow window;
    window.show();
    KernelTableView* table = window.kernelView();
    EXPECT_TRUE(table->emptyText().contains(QStringLiteral("Open a PyTorch profiler trace"))) << qPrintable(table->emptyText());

    // A trace of a model that was not compiled: one library kernel.
    Ridgeline::Test::TempTraces traces;
    const QString eager = traces.write(QStringLiteral("eager.json"),
        Ridgeline::Test::traceJson(
            R"({"ph": "X", "cat": "kernel", "name": "Cijk_Alik_Bljk_gemm", "pid": 0, "tid": 7, "ts": 10, "dur": 5, "args": {"correlation": 1}})"));
    ASSERT_TRUE(Ridgeline::Test::loadAndShow(window, eager) || QTest::qWaitFor([&] { return window.result() != nullptr; }, 5000));
    EXPECT_EQ(table->model()->rowCount(), 1) << "the GEMM has its row: name, calls and time";
    EXPECT_EQ(table->model()->index(0, KernelTableModel::Category).data().toString(), QStringLiteral("GEMM"));
    window.filterBar()->libraryToggle()->setChecked(false);
    EXPECT_EQ(table->model()->rowCount(), 0);
    EXPECT_TRUE(table->emptyText().startsWith(QStringLiteral("No Triton kernels in eager.json"))) << qPrintable(table->emptyText());
    EXPECT_TRUE(
        table->emptyText().endsWith(QStringLiteral("Its 1 library kernels are hidden: the Library kernels toggle above shows them.")))
        << qPrintable(table->emptyText());
    window.filterBar()->libraryToggle()->setChecked(true);

    ASSERT_TRUE(Ridgeline::Test::loadAndShow(window, samplePath));
    window.filterBar()->textField()->setText(QStringLiteral("no such kernel"));
    EXPECT_EQ(table->model()->rowCount(), 0);
    EXPECT_EQ(table->emptyText(), QStringLiteral("No kernel matches the filter."));
    EXPECT_FALSE(table->frozenKernelColumn()->isVisible()) << "the frozen column would cover the message's left";
    window.filterBar()->textField()->clear();
    EXPECT_TRUE(table->frozenKernelColumn()->isVisible());
}

TEST(MainWindowLayout, AWrapperFileOpenedAsATraceSaysWhereItGoes)
{
    Ridgeline::Test::TempTraces files;
    const QString wrapper = files.write(QStringLiteral("cxqwrapper.py"), Ridgeline::Test::fixtureWrapper());
    MainWindow window;
    window.show();
    QString said;
    QTimer closer; // the message box is modal: close it from its own loop
    closer.setInterval(20);
    QObject::connect(&closer, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            said = box->text();
            box->done(QMessageBox::Ok);
        }
    });
    closer.start();
    window.openTrace(wrapper);
    closer.stop();
    EXPECT_TRUE(said.contains(QStringLiteral("cxqwrapper.py is an Inductor cache file"))) << qPrintable(said);
    EXPECT_TRUE(said.contains(QStringLiteral("Attach Inductor Cache"))) << qPrintable(said);
    EXPECT_FALSE(window.controller()->isRunning()) << "nothing is read as a trace";
}
