// The kernel table model: Qt's model tester, numeric sorting through the
// proxy, and figures formatted for people.
#include "engine/analysis.h"
#include "engine/base/text/units.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

std::shared_ptr<const AnalysisResult> sample()
{
    static const auto outcome
        = analyzeTrace(QStringLiteral(RIDGELINE_SOURCE_DIR "/resources/samples/transformer_block_mi300x.json.gz"), {}, {});
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
        (QStringList {
            QStringLiteral("256.0 MiB"), QStringLiteral("384.0 MiB"), QStringLiteral("512.0 MiB"), QStringLiteral("1.50 GiB") }));
    // Times: 77.07 us < 90.65 us < 140.85 us < 527.38 us ("140.85" < "77.07" as text).
    proxy.sort(KernelTableModel::TimeSum, Qt::AscendingOrder);
    EXPECT_EQ(column(proxy, KernelTableModel::Kernel).first(), QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"));
    EXPECT_EQ(column(proxy, KernelTableModel::TimeSum),
        (QStringList { QStringLiteral("77.1 µs"), QStringLiteral("90.7 µs"), QStringLiteral("141 µs"), QStringLiteral("527 µs") }));
}

TEST(KernelTableModel, ProvenanceTooltipCarriesTheReason)
{
    KernelTableModel model;
    model.setResult(sample());
    const QString tip = model.index(0, KernelTableModel::Provenance).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.startsWith(QStringLiteral("V2: from the trace event's Concrete Inputs"))) << qPrintable(tip);
    EXPECT_EQ(model.index(0, KernelTableModel::Kernel).data(KernelTableModel::CategoryKeyRole).toString(), QStringLiteral("poi"));
}

// One format per figure column: fixed decimals, the unit in the header; a
// value too small for them says so instead of switching to exponents.
TEST(KernelTableModel, EachFigureColumnHasOneFormat)
{
    KernelTableModel model;
    model.setResult(sample());
    static const QRegularExpression threeDecimals(QStringLiteral("^(< )?\\d+\\.\\d{3}$"));
    static const QRegularExpression twoDecimals(QStringLiteral("^(< )?\\d+\\.\\d{2}$"));
    for (int column : { int(KernelTableModel::TbPerS), int(KernelTableModel::TflopsPerS), int(KernelTableModel::GFlops) }) {
        for (int row = 0; row < int(sample()->rows.size()); ++row) {
            const QString text = model.index(row, column).data().toString();
            EXPECT_TRUE(text == QStringLiteral("–") || threeDecimals.match(text).hasMatch()) << column << ": " << qPrintable(text);
        }
    }
    for (int row = 0; row < int(sample()->rows.size()); ++row) {
        const QString text = model.index(row, KernelTableModel::FlopsPerByte).data().toString();
        EXPECT_TRUE(text == QStringLiteral("–") || twoDecimals.match(text).hasMatch()) << qPrintable(text);
    }
    EXPECT_EQ(formatFixed(1.78e-06, 3), QStringLiteral("< 0.001"));
    EXPECT_EQ(formatFixed(0, 3), QStringLiteral("0.000"));
    EXPECT_EQ(formatFixed(0.335, 3), QStringLiteral("0.335"));
}

// The Shape column: xnumel × rnumel (a pointwise kernel's xnumel alone),
// sorted by the elements it covers, exact figures in its tool tip.
TEST(KernelTableModel, ShapeShowsTheKernelsGrid)
{
    KernelTableModel model;
    model.setResult(sample());
    for (int row = 0; row < int(sample()->rows.size()); ++row) {
        const KernelRow& kernel = sample()->rows[size_t(row)];
        const QString text = model.index(row, KernelTableModel::Shape).data().toString();
        const QString expected = kernel.model->rnumel > 1 ? QStringLiteral("%1 × %2").arg(kernel.model->xnumel).arg(kernel.model->rnumel)
                                                          : QString::number(kernel.model->xnumel);
        EXPECT_EQ(text, expected) << qPrintable(kernel.name);
        EXPECT_TRUE(model.index(row, KernelTableModel::Shape).data(Qt::ToolTipRole).toString().contains(QStringLiteral("xnumel")));
    }
    EXPECT_EQ(model.headerData(KernelTableModel::Shape, Qt::Horizontal).toString(), QStringLiteral("Shape"));
}
