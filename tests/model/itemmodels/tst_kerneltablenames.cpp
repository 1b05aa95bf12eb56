// The kernel table's name column: a library kernel's short name shown, its
// whole (demangled) name in the tooltip, and the filter matching either,
// on the hand-derived fixture of timebudgetfixture.h with its library row
// renamed to a Tensile GEMM and a mangled aiter kernel.
#include "engine/lens/judgement.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"
#include "timebudgetfixture.h"

#include <QAbstractItemModelTester>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const QString tensile = QStringLiteral("Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT256x112x32_MI16x16x1_SN_LDSB0_AFC1");
const QString aiter = QStringLiteral("_ZN5aiter24add_rmsnorm_quant_kernelIN3c108BFloat16ELi256EEEvPT_PKS3_fi");

std::shared_ptr<const AnalysisResult> renamedFixture()
{
    auto result = std::make_shared<AnalysisResult>(*timeBudgetFixture());
    result->libraryKernels.push_back(result->libraryKernels.front());
    result->libraryKernels[0].name = tensile;
    result->libraryKernels[1].name = aiter;
    return result;
}

QStringList shownNames(const QAbstractItemModel& model)
{
    QStringList names;
    for (int row = 0; row < model.rowCount(); ++row)
        names << model.index(row, KernelTableModel::Kernel).data().toString();
    return names;
}

} // namespace

TEST(KernelTableNames, ShortNamesShownWholeNamesInTheTooltipFilterMatchesBoth)
{
    KernelTableModel model;
    KernelFilterProxy proxy;
    QAbstractItemModelTester modelTester { &model, QAbstractItemModelTester::FailureReportingMode::Fatal };
    QAbstractItemModelTester proxyTester { &proxy, QAbstractItemModelTester::FailureReportingMode::Fatal };
    proxy.setSourceModel(&model);
    Lens lens;
    model.setJudgement(judge(renamedFixture(), lens));
    const QString tensileShort = QStringLiteral("Cijk_Alik_Bljk_BBS_BH… MT 256x112x32");
    const QString aiterShort = QStringLiteral("aiter::add_rmsnorm_quant_kernel<…>");
    const QStringList names = shownNames(model);
    ASSERT_TRUE(names.contains(tensileShort)) << qPrintable(names.join(u'|'));
    ASSERT_TRUE(names.contains(aiterShort)) << qPrintable(names.join(u'|'));
    EXPECT_TRUE(names.contains(QStringLiteral("mem"))); // a Triton row's name as it is
    const int aiterRow = int(names.indexOf(aiterShort));
    const QString tooltip = model.index(aiterRow, KernelTableModel::Kernel).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tooltip.contains(
        QStringLiteral("void aiter::add_rmsnorm_quant_kernel<c10::BFloat16, 256>(c10::BFloat16*, c10::BFloat16 const*, float, int)")))
        << qPrintable(tooltip);

    // By the shown name (text the trace's name does not hold) ...
    proxy.setTextFilter(QStringLiteral("MT 256x112x32"), false);
    EXPECT_EQ(shownNames(proxy), QStringList { tensileShort });
    proxy.setTextFilter(QStringLiteral("aiter::add_rmsnorm"), false);
    EXPECT_EQ(shownNames(proxy), QStringList { aiterShort });
    // ... and by the name itself (text the shown name does not hold).
    proxy.setTextFilter(QStringLiteral("UserArgs"), false);
    EXPECT_EQ(shownNames(proxy), QStringList { tensileShort });
    proxy.setTextFilter(QStringLiteral("ELi256E"), false);
    EXPECT_EQ(shownNames(proxy), QStringList { aiterShort });
    proxy.setTextFilter(QStringLiteral("mem"), false);
    EXPECT_EQ(shownNames(proxy), QStringList { QStringLiteral("mem") });
}
