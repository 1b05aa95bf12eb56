// The kernel table in compare mode with time-only library kernels (issue 30
// §2): the softmax matched by name is a row with its speedup, the GEMM of
// another name added, the baseline's removed; library rows keep their
// library index, and Qt's model tester runs throughout.
#include "coveragefixtures.h"
#include "engine/comparison/tracecomparison.h"
#include "engine/lens/judgement.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

TEST(ComparisonLibraryRows, MatchedByNameWithTheirDeltas)
{
    const auto judged = judge(softmaxCandidate(), datasheetLens(), softmaxBaseline());
    const auto comparison = judged->comparison;
    KernelTableModel model;
    KernelFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setJudgement(judged);

    // The Triton kernel, the softmax, the added sm90 GEMM, the removed Cijk GEMM.
    ASSERT_EQ(model.rowCount(), 4);
    const auto cell = [&](int row, int column, int role = Qt::DisplayRole) { return model.index(row, column).data(role); };
    EXPECT_EQ(cell(1, KernelTableModel::Kernel).toString(), QStringLiteral("cunn_SoftMaxForward"));
    EXPECT_EQ(cell(1, KernelTableModel::Match).toString(), QStringLiteral("same"));
    EXPECT_EQ(cell(1, KernelTableModel::Speedup).toString(), QStringLiteral("0.67× ▼")); // 50 / 75 us
    EXPECT_EQ(cell(1, KernelTableModel::DeltaTime).toString(), QStringLiteral("+50.0 µs"));
    EXPECT_EQ(cell(1, KernelTableModel::BaselineTime).toString(), QStringLiteral("50.0 µs"));
    EXPECT_EQ(cell(1, 0, KernelTableModel::LibraryIndexRole).toInt(), 0);
    EXPECT_EQ(cell(1, 0, KernelTableModel::RowIndexRole).toInt(), -1); // no roofline kernel
    EXPECT_TRUE(cell(1, 0, KernelTableModel::ChangedRole).toBool());
    EXPECT_EQ(model.kernelAt(1), &comparison->candidate->libraryKernels[0]);

    EXPECT_EQ(cell(2, KernelTableModel::Match).toString(), QStringLiteral("added"));
    EXPECT_EQ(cell(2, 0, KernelTableModel::LibraryIndexRole).toInt(), 1);
    EXPECT_EQ(cell(3, KernelTableModel::Match).toString(), QStringLiteral("removed"));
    EXPECT_EQ(cell(3, KernelTableModel::Kernel).toString(), QStringLiteral("Cijk_Alik_Bljk_BBS"));
    EXPECT_EQ(cell(3, 0, KernelTableModel::LibraryIndexRole).toInt(), -1); // not this trace's
    EXPECT_EQ(model.kernelAt(3), &comparison->baseline->libraryKernels[1]);

    // Only changed: the softmax, the added and the removed GEMM.
    proxy.setOnlyChanged(true);
    EXPECT_EQ(proxy.rowCount(), 3);
}
