// The kernel table model: Qt's model tester, numeric sorting through the
// proxy, and figures formatted for people.
#include "engine/analysis.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>

#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

std::shared_ptr<const AnalysisResult> sample()
{
    static const auto outcome = analyzeTrace(QStringLiteral(RIDGELINE_SOURCE_DIR "/resources/samples/transformer_block_mi300x.json.gz"), {}, {});
    return outcome.result;
}

QStringList column(const QAbstractItemModel& model, int col, int role = Qt::DisplayRole)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values << model.index(row, col).data(role).toString();
    return values;
}

} // namespace

TEST(KernelTableModel, PassesQtModelTester)
{
    KernelTableModel model;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_NE(sample(), nullptr);
    model.setResult(sample());
    EXPECT_EQ(model.rowCount(), 8); // 4 Triton kernels, 4 library ones
    EXPECT_EQ(model.columnCount(), KernelTableModel::ColumnCount);
    proxy.sort(KernelTableModel::DataMovedMib);
    proxy.setFilterFixedString(QStringLiteral("silu"));
    EXPECT_EQ(proxy.rowCount(), 1);
    model.setResult(nullptr);
    EXPECT_EQ(model.rowCount(), 0);
}

TEST(KernelTableModel, NumericColumnsSortAsNumbers)
{
    KernelTableModel model;
    model.setResult(sample());
    KernelFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.setCategoryVisible(QStringLiteral("library"), false); // no figures to sort
    // Data moved shows "1.50 GiB", "512.0 MiB", "384.0 MiB", "256.0 MiB": as text
    // "1.50 GB" would sort first ascending; as numbers it comes last.
    proxy.sort(KernelTableModel::DataMovedMib, Qt::AscendingOrder);
    EXPECT_EQ(column(proxy, KernelTableModel::DataMovedMib),
              (QStringList { QStringLiteral("256.0 MiB"), QStringLiteral("384.0 MiB"), QStringLiteral("512.0 MiB"), QStringLiteral("1.50 GiB") }));
    // Times: 77.07 us < 90.65 us < 140.85 us < 527.38 us ("140.85" < "77.07" as text).
    proxy.sort(KernelTableModel::TimeSum, Qt::AscendingOrder);
    EXPECT_EQ(column(proxy, KernelTableModel::Kernel).first(), QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"));
    EXPECT_EQ(column(proxy, KernelTableModel::TimeSum),
              (QStringList { QStringLiteral("77.07 us"), QStringLiteral("90.65 us"), QStringLiteral("140.85 us"), QStringLiteral("527.38 us") }));
}

TEST(KernelTableModel, ProvenanceTooltipCarriesTheReason)
{
    KernelTableModel model;
    model.setResult(sample());
    const QString tip = model.index(0, KernelTableModel::Provenance).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.startsWith(QStringLiteral("V2: from the trace event's Concrete Inputs"))) << qPrintable(tip);
    EXPECT_EQ(model.index(0, KernelTableModel::Kernel).data(KernelTableModel::CategoryKeyRole).toString(), QStringLiteral("poi"));
}
