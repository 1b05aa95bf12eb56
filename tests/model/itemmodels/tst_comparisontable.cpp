// The kernel table in compare mode: one row per match (removed kernels as
// rows of their own), speedup and delta columns that sort as numbers and
// carry their sign, "Only changed", and Qt's model tester throughout.
#include "engine/comparison/tracecomparison.h"
#include "engine/lens/judgement.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// The sample as its own baseline, with kernel 0 twice as slow in the
// candidate and the last kernel gone from it.
std::shared_ptr<const Judgement> editedComparison()
{
    const auto baseline = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    if (!baseline)
        return nullptr;
    auto candidate = std::make_shared<AnalysisResult>(*baseline);
    SampleStats slower = *candidate->rows[0].kernelTimeUs;
    slower.mean *= 2;
    slower.sum *= 2;
    candidate->rows[0].kernelTimeUs = slower;
    candidate->rows.pop_back();
    return judge(candidate, datasheetLens(), baseline);
}

} // namespace

TEST(ComparisonTable, RowsColumnsAndRoles)
{
    const auto judged = editedComparison();
    ASSERT_TRUE(judged);
    const auto comparison = judged->comparison;
    KernelTableModel model;
    KernelFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);

    model.setResult(comparison->candidate);
    const int kernels = int(comparison->candidate->rows.size());
    // Outside compare mode the library kernels follow the Triton ones; compare mode matches Triton kernels only.
    const int rows = kernels + int(comparison->candidate->libraryKernels.size());
    ASSERT_GE(rows, kernels); // the sample's library kernels all run under library ops: rows of `kernels`
    EXPECT_EQ(model.rowCount(), rows);
    EXPECT_EQ(model.index(0, KernelTableModel::Speedup).data().toString(), QStringLiteral("–")); // no baseline yet
    EXPECT_FALSE(model.index(0, 0).data(KernelTableModel::ChangedRole).isValid());

    model.setJudgement(judged);
    ASSERT_EQ(model.rowCount(), kernels + 1); // and the removed one
    EXPECT_EQ(model.index(0, KernelTableModel::Match).data().toString(), QStringLiteral("same"));
    EXPECT_EQ(model.index(0, KernelTableModel::Speedup).data().toString(), QStringLiteral("0.50× ▼"));
    EXPECT_DOUBLE_EQ(model.index(0, KernelTableModel::Speedup).data(KernelTableModel::SortRole).toDouble(), 0.5);
    EXPECT_EQ(model.index(0, KernelTableModel::Speedup).data(KernelTableModel::ChangeDirectionRole).toInt(), -1);
    EXPECT_TRUE(model.index(0, KernelTableModel::DeltaTime).data().toString().startsWith(u'+'));
    EXPECT_EQ(model.index(1, KernelTableModel::Speedup).data().toString(), QStringLiteral("1.00× ="));
    EXPECT_EQ(model.index(1, KernelTableModel::Speedup).data(KernelTableModel::ChangeDirectionRole).toInt(), 0);

    const int removed = kernels;
    EXPECT_EQ(model.index(removed, KernelTableModel::Match).data().toString(), QStringLiteral("removed"));
    // Its display name: the op's with its shape.
    EXPECT_EQ(model.index(removed, KernelTableModel::Kernel).data().toString(),
        comparison->baseline->rows.back().name + QStringLiteral(" (32768 x 2048 x 8192)"));
    EXPECT_EQ(model.index(removed, KernelTableModel::TimeSum).data().toString(), QStringLiteral("–")); // not in this trace
    EXPECT_NE(model.index(removed, KernelTableModel::BaselineTime).data().toString(), QStringLiteral("–"));
    EXPECT_EQ(model.index(removed, 0).data(KernelTableModel::RowIndexRole).toInt(), -1);
    EXPECT_EQ(model.kernelAt(removed), &comparison->baseline->rows.back());

    // Only changed: the slower kernel and the removed one.
    proxy.setOnlyChanged(true);
    EXPECT_EQ(proxy.rowCount(), 2);
    model.setResult(comparison->candidate); // leaving compare mode
    EXPECT_EQ(model.rowCount(), rows);
    EXPECT_EQ(proxy.rowCount(), rows); // the toggle filters nothing outside compare mode
}

TEST(ComparisonTable, SpeedupSortsAsANumber)
{
    const auto judged = editedComparison();
    ASSERT_TRUE(judged);
    const auto comparison = judged->comparison;
    KernelTableModel model;
    KernelFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(KernelTableModel::SortRole);
    model.setJudgement(judged);
    proxy.sort(KernelTableModel::Speedup, Qt::AscendingOrder);
    // Missing speedups (the removed row) first, then 0.5, then the ones.
    EXPECT_EQ(proxy.index(0, KernelTableModel::Match).data().toString(), QStringLiteral("removed"));
    EXPECT_EQ(proxy.index(1, KernelTableModel::Speedup).data().toString(), QStringLiteral("0.50× ▼"));
}
