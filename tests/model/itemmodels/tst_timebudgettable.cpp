// The kernel table's time columns (Recoverable, % of attainable, Limiter),
// the latency-bound "% of roof" cell, the library rows and their toggle and
// the filter totals, on the hand-derived fixture of timebudgetfixture.h,
// with Qt's model tester on the model and its proxy throughout.
#include "engine/lens/judgement.h"
#include "itemmodels/filtertotals.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"
#include "testsupport.h"
#include "timebudgetfixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

QString cell(const QAbstractItemModel& model, int row, int column, int role = Qt::DisplayRole)
{
    return model.index(row, column).data(role).toString();
}

QStringList columnOf(const QAbstractItemModel& model, int column)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values << cell(model, row, column);
    return values;
}

struct Table
{
    Lens lens = datasheetLens(); // MI300X (the fixture's GPU, the default), datasheet peaks, the trace's t0
    KernelTableModel model;
    KernelFilterProxy proxy;
    QAbstractItemModelTester modelTester { &model, QAbstractItemModelTester::FailureReportingMode::Fatal };
    QAbstractItemModelTester proxyTester { &proxy, QAbstractItemModelTester::FailureReportingMode::Fatal };

    Table()
    {
        proxy.setSourceModel(&model);
        model.setJudgement(judge(timeBudgetFixture(), lens));
    }
    // Judges the fixture again under `changed`: what the window does on a change of the lens.
    void rejudge(const Lens& changed)
    {
        lens = changed;
        model.setJudgement(judge(timeBudgetFixture(), lens));
    }
};

} // namespace

TEST(TimeBudgetTable, TimeColumnsShowTheHandDerivedFigures)
{
    Table t;
    ASSERT_NE(t.model.timeBudget(), nullptr);
    EXPECT_EQ(t.model.timeBudget()->latencyFloor.source, LatencyFloor::Source::Default);
    EXPECT_DOUBLE_EQ(t.model.timeBudget()->latencyFloor.us, 2.0);
    using M = KernelTableModel;
    // mem: 3 us above 12 us attainable; 3 x 12 / 38.
    EXPECT_EQ(cell(t.model, 0, M::Recoverable), QStringLiteral("3.00 µs"));
    EXPECT_NEAR(t.model.index(0, M::Recoverable).data(M::SortRole).toDouble(), 3.0, 1e-9);
    EXPECT_EQ(cell(t.model, 0, M::AttainablePercent), QStringLiteral("94.74 %"));
    EXPECT_EQ(cell(t.model, 0, M::Limiter), QStringLiteral("memory"));
    EXPECT_EQ(cell(t.model, 0, 0, M::LimiterKeyRole), QStringLiteral("memory"));
    // cmp: 8 + 48 us above 52; 2 x 52 / 160.
    EXPECT_EQ(cell(t.model, 1, M::Recoverable), QStringLiteral("56.0 µs"));
    EXPECT_EQ(cell(t.model, 1, M::AttainablePercent), QStringLiteral("65.00 %"));
    EXPECT_EQ(cell(t.model, 1, M::Limiter), QStringLiteral("compute"));
    EXPECT_TRUE(cell(t.model, 1, M::Limiter, Qt::ToolTipRole).contains(QStringLiteral("FP32 vector roof (50.0 \u00b5s)")))
        << qPrintable(cell(t.model, 1, M::Limiter, Qt::ToolTipRole));
    // one: latency-bound (under t0, at 60 % of attainable); its roof cell says so, with its attainable time, not "0.00 %".
    EXPECT_EQ(cell(t.model, 2, M::Limiter), QStringLiteral("latency"));
    EXPECT_EQ(cell(t.model, 2, M::Recoverable), QStringLiteral("4.00 µs"));
    EXPECT_EQ(cell(t.model, 2, M::AttainablePercent), QStringLiteral("60.00 %"));
    EXPECT_EQ(cell(t.model, 2, M::RoofPercent), QStringLiteral("latency-bound"));
    const QString roofTip = cell(t.model, 2, M::RoofPercent, Qt::ToolTipRole);
    EXPECT_TRUE(roofTip.contains(QStringLiteral("attainable 3.00 \u00b5s per call = t0 2.00 \u00b5s + roof term 1.00 \u00b5s")))
        << qPrintable(roofTip);
    EXPECT_TRUE(roofTip.contains(QStringLiteral("measured mean 5.00 \u00b5s"))) << qPrintable(roofTip);
    EXPECT_NE(cell(t.model, 0, M::RoofPercent), QStringLiteral("latency-bound"));
    // nofig: no figures, time only.
    EXPECT_EQ(cell(t.model, 3, M::Recoverable), QStringLiteral("–"));
    EXPECT_EQ(cell(t.model, 3, M::Limiter), QStringLiteral("time only"));
    EXPECT_DOUBLE_EQ(t.model.index(3, M::Recoverable).data(M::SortRole).toDouble(), -1.0);
}

TEST(TimeBudgetTable, RecoverableSortsAsMicrosecondsWithLibraryRowsLast)
{
    Table t;
    t.proxy.sort(KernelTableModel::Recoverable, Qt::DescendingOrder);
    EXPECT_EQ(columnOf(t.proxy, KernelTableModel::Kernel).mid(0, 3),
        (QStringList { QStringLiteral("cmp"), QStringLiteral("one"), QStringLiteral("mem") }));
    // As text the "–" of rows without figures would lead; as numbers 56 > 4 > 3, then those rows.
    EXPECT_EQ(columnOf(t.proxy, KernelTableModel::Recoverable),
        (QStringList {
            QStringLiteral("56.0 µs"), QStringLiteral("4.00 µs"), QStringLiteral("3.00 µs"), QStringLiteral("–"), QStringLiteral("–") }));
    t.proxy.sort(KernelTableModel::AttainablePercent, Qt::DescendingOrder);
    EXPECT_EQ(columnOf(t.proxy, KernelTableModel::Kernel).mid(0, 3),
        (QStringList { QStringLiteral("mem"), QStringLiteral("cmp"), QStringLiteral("one") }));
}

TEST(TimeBudgetTable, TheLatencyFloorAndThePeaksChangeTheBudget)
{
    Table t;
    QSignalSpy changed(&t.model, &KernelTableModel::timeBudgetChanged);
    // t0 = 11 us: mem's roof term (10) no longer exceeds it: latency-bound,
    // attainable 21, nothing above it; cmp: attainable 61, 0 + 39 above.
    Lens lens = t.lens;
    lens.latencyFloorUs = 11.0;
    t.rejudge(lens);
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(t.model.timeBudget()->latencyFloor.source, LatencyFloor::Source::Override);
    EXPECT_EQ(cell(t.model, 0, KernelTableModel::Limiter), QStringLiteral("latency"));
    EXPECT_EQ(cell(t.model, 0, KernelTableModel::Recoverable), QStringLiteral("0.00 µs"));
    EXPECT_EQ(cell(t.model, 0, KernelTableModel::RoofPercent), QStringLiteral("latency-bound"));
    EXPECT_EQ(cell(t.model, 1, KernelTableModel::Recoverable), QStringLiteral("39.0 µs"));
    lens.latencyFloorUs.reset();
    t.rejudge(lens);
    EXPECT_EQ(cell(t.model, 1, KernelTableModel::Recoverable), QStringLiteral("56.0 µs"));
    // Half the HBM bandwidth: mem's roof term doubles to 20 us, attainable
    // 22, no call above it; cmp stays compute-bound at 56.
    GpuSpec halved = mi300x();
    halved.datasheet->memoryBandwidthTBps /= 2;
    lens.catalog = std::make_shared<const GpuCatalog>(GpuCatalog::of({ halved }));
    t.rejudge(lens);
    EXPECT_EQ(changed.count(), 3);
    EXPECT_EQ(cell(t.model, 0, KernelTableModel::Recoverable), QStringLiteral("0.00 µs"));
    EXPECT_EQ(cell(t.model, 0, KernelTableModel::Limiter), QStringLiteral("memory"));
    EXPECT_EQ(cell(t.model, 1, KernelTableModel::Recoverable), QStringLiteral("56.0 µs"));
}

TEST(TimeBudgetTable, LibraryRowsFollowTheTritonRowsWithNameCallsTimeAndWork)
{
    Table t;
    using M = KernelTableModel;
    ASSERT_EQ(t.model.rowCount(), 5);
    EXPECT_EQ(cell(t.model, 4, M::Kernel), QStringLiteral("Cijk_gemm"));
    EXPECT_EQ(cell(t.model, 4, M::Category), QStringLiteral("GEMM"));
    EXPECT_EQ(cell(t.model, 4, M::Calls), QStringLiteral("2"));
    EXPECT_EQ(cell(t.model, 4, M::TimeSum), QStringLiteral("60.0 µs"));
    EXPECT_EQ(cell(t.model, 4, M::ShareOfGpuTime), QStringLiteral("21.82 %"));
    EXPECT_EQ(cell(t.model, 4, M::Limiter), QStringLiteral("time only"));
    EXPECT_EQ(cell(t.model, 4, M::TbPerS), QStringLiteral("–"));
    EXPECT_EQ(cell(t.model, 4, M::Recoverable), QStringLiteral("–"));
    // Not a roofline point: no kernel index, its own library index.
    EXPECT_EQ(t.model.index(4, 0).data(M::RowIndexRole).toInt(), -1);
    EXPECT_EQ(t.model.index(4, 0).data(M::LibraryIndexRole).toInt(), 0);
    EXPECT_EQ(t.model.index(0, 0).data(M::LibraryIndexRole).toInt(), -1);
    EXPECT_EQ(t.model.kernelAt(4), &t.model.result()->libraryKernels[0]);
    EXPECT_EQ(t.model.index(2, 0).data(M::RowIndexRole).toInt(), 2);
    // Hidden by the library toggle, not by the provenance ones.
    t.proxy.setProvenanceVisible(QStringLiteral("none"), false);
    EXPECT_EQ(columnOf(t.proxy, M::Kernel).count(QStringLiteral("Cijk_gemm")), 1);
    t.proxy.setProvenanceVisible(QStringLiteral("none"), true);
    t.proxy.setCategoryVisible(QStringLiteral("library"), false);
    EXPECT_EQ(t.proxy.rowCount(), 4);
    EXPECT_FALSE(columnOf(t.proxy, M::Kernel).contains(QStringLiteral("Cijk_gemm")));
}

TEST(TimeBudgetTable, FilterTotalsSayWhatIsShownOfTheGpuTime)
{
    Table t;
    EXPECT_EQ(filterTotals(t.proxy, t.model).text(), QStringLiteral("5 of 5 kernels shown, 275 \u00b5s (100.0 % of GPU time)"));
    t.proxy.setCategoryVisible(QStringLiteral("library"), false);
    const FilterTotals triton = filterTotals(t.proxy, t.model);
    EXPECT_EQ(triton.shown, 4);
    EXPECT_DOUBLE_EQ(triton.shownTimeUs, 215.0);
    EXPECT_EQ(triton.text(), QStringLiteral("4 of 5 kernels shown, 215 \u00b5s (78.2 % of GPU time)"));
    t.proxy.setTextFilter(QStringLiteral("mem"), false);
    EXPECT_EQ(filterTotals(t.proxy, t.model).text(), QStringLiteral("1 of 5 kernels shown, 38.0 \u00b5s (13.8 % of GPU time)"));
}

// A library op's row holds the copies under it: the GPU time the shares are
// of is the kernels' and copies' (275 + 25 us), so that no share passes 100 %.
TEST(TimeBudgetTable, FilterTotalsCountTheCopiesInTheGpuTime)
{
    auto result = std::make_shared<AnalysisResult>(*timeBudgetFixture()); // Triton 215 + GEMM 60 us
    result->gpuTime.us[GpuWork::Memcpy] = 25.0;
    KernelTableModel model;
    model.setResult(result);
    KernelFilterProxy proxy;
    proxy.setSourceModel(&model);
    const FilterTotals totals = filterTotals(proxy, model);
    EXPECT_DOUBLE_EQ(totals.gpuTimeUs, 300.0);
    EXPECT_EQ(totals.text(), QStringLiteral("5 of 5 kernels shown, 275 \u00b5s (91.7 % of GPU time)"));
}

// Under t0 yet not latency-bound (issue 30 §4), with t0 = 2: a reduction at
// 8x its attainable time (roof term 1, attainable 3, calls of 24 us) is
// slow for its size; a kernel without FLOPs whose bytes take 1 us is FLOPs
// unknown, with its bytes-only attainable time (3) and recoverable (7).
TEST(TimeBudgetTable, SlowForItsSizeAndFlopsUnknownHaveTheirOwnBadges)
{
    auto result = std::make_shared<AnalysisResult>();
    result->rows.push_back(modelledRow(QStringLiteral("red"), 5.3e6, 1.3e6, { 24, 24 }));
    result->rows.push_back(modelledRow(QStringLiteral("user"), 5.3e6, std::nullopt, { 10 }));
    result->rows.push_back(modelledRow(QStringLiteral("one"), 5.3e6, 0, { 5, 5 }));
    result->totalGpuKernelTimeUs = 68;
    KernelTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setJudgement(judge(result, datasheetLens()));
    using M = KernelTableModel;
    EXPECT_EQ(cell(model, 0, M::Limiter), QStringLiteral("slow"));
    EXPECT_EQ(cell(model, 0, 0, M::LimiterKeyRole), QStringLiteral("slow-for-size"));
    EXPECT_EQ(cell(model, 0, M::Recoverable), QStringLiteral("42.0 µs"));
    EXPECT_EQ(cell(model, 0, M::AttainablePercent), QStringLiteral("12.50 %"));
    EXPECT_NE(cell(model, 0, M::RoofPercent), QStringLiteral("latency-bound"));
    EXPECT_TRUE(cell(model, 0, M::Limiter, Qt::ToolTipRole).contains(QStringLiteral("(8.0x their attainable time)")))
        << qPrintable(cell(model, 0, M::Limiter, Qt::ToolTipRole));
    EXPECT_EQ(cell(model, 1, M::Limiter), QStringLiteral("no FLOPs"));
    EXPECT_EQ(cell(model, 1, 0, M::LimiterKeyRole), QStringLiteral("flops-unknown"));
    EXPECT_EQ(cell(model, 1, M::Recoverable), QStringLiteral("7.00 µs"));
    EXPECT_EQ(cell(model, 2, M::Limiter), QStringLiteral("latency"));
    // Sorted by what the fix is: fuse, then tune (slow, memory, compute), then what needs its FLOPs first.
    KernelFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(M::Limiter, Qt::AscendingOrder);
    EXPECT_EQ(columnOf(proxy, M::Kernel), (QStringList { QStringLiteral("one"), QStringLiteral("red"), QStringLiteral("user") }));
}
