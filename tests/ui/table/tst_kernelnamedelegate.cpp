// Kernel names in a narrow column keep what tells them apart: Inductor's
// names differ in their tail (`..._view_25` / `_27`), so the table, its
// frozen column, the opportunity list and the roofline's labels cut the
// middle and keep the kind and the tail; a library op keeps its shape; a
// tool tip gives the whole name.
#include "engine/analysis.h"
#include "itemmodels/kerneltablemodel.h"
#include "roofline/rooflinelabels.h"
#include "table/kernelnamedelegate.h"

#include <QFontMetrics>
#include <QWidget>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

const QString stem = QStringLiteral("triton_red_fused__unsafe_view_add_addmm_mean_mul_native_layer_norm_split_unsqueeze_view_");

// Characters, not pixels: the rule, not a font, is under test.
auto atMost(qsizetype characters)
{
    return [characters](const QString& text) { return text.size() <= characters; };
}

} // namespace

TEST(KernelNameDelegate, NamesThatDifferInTheirTailStayApartAtEveryWidth)
{
    for (qsizetype width = 8; width < stem.size() + 3; ++width) {
        const QString a = KernelNameDelegate::elide(stem + QStringLiteral("25"), atMost(width));
        const QString b = KernelNameDelegate::elide(stem + QStringLiteral("27"), atMost(width));
        EXPECT_LE(a.size(), width);
        EXPECT_NE(a, b) << "width " << width << ": " << qPrintable(a);
        EXPECT_TRUE(a.endsWith(QStringLiteral("25"))) << qPrintable(a);
    }
}

TEST(KernelNameDelegate, KeepsTheKindAndWholeOpsOfTheTail)
{
    const QString name = QStringLiteral("triton_poi_fused_addmm_gelu_view_15");
    EXPECT_EQ(KernelNameDelegate::elide(name, atMost(100)), name) << "what fits stays whole";
    EXPECT_EQ(KernelNameDelegate::elide(name, atMost(30)), QStringLiteral("poi_addmm_gelu_view_15")) << "triton_ and fused_ go first";
    EXPECT_EQ(KernelNameDelegate::elide(name, atMost(18)), QStringLiteral("poi_…gelu_view_15"));
    EXPECT_EQ(KernelNameDelegate::elide(name, atMost(12)), QStringLiteral("poi_…view_15"));
    // A library kernel's name is no Inductor name: both ends stay.
    const QString gemm = QStringLiteral("Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT256x256x64");
    const QString cut = KernelNameDelegate::elide(gemm, atMost(20));
    EXPECT_TRUE(cut.startsWith(QStringLiteral("Cijk")) && cut.endsWith(QStringLiteral("x64"))) << qPrintable(cut);
}

TEST(KernelNameDelegate, ALibraryOpKeepsItsShapeAndLosesTheFrontOfItsOpName)
{
    // One op name has many rows (aten::mm six times in xDiT's table): the shape tells them apart.
    const QString a = QStringLiteral("aten::mm (8 x 32 x 2432)");
    const QString b = QStringLiteral("aten::mm (8 x 32 x 9728)");
    EXPECT_EQ(KernelNameDelegate::elide(a, atMost(24)), a) << "what fits stays whole";
    EXPECT_EQ(KernelNameDelegate::elide(a, atMost(21)), QStringLiteral("…::mm (8 x 32 x 2432)"));
    EXPECT_EQ(KernelNameDelegate::elide(a, atMost(19)), QStringLiteral("…mm (8 x 32 x 2432)"));
    EXPECT_EQ(KernelNameDelegate::elide(a, atMost(17)), QStringLiteral("…(8 x 32 x 2432)")) << "the shape alone";
    for (qsizetype width = 4; width <= a.size(); ++width) {
        EXPECT_LE(KernelNameDelegate::elide(a, atMost(width)).size(), width);
        if (width >= 16) {
            EXPECT_NE(KernelNameDelegate::elide(a, atMost(width)), KernelNameDelegate::elide(b, atMost(width))) << width;
        }
    }
    // Attention and convolution labels too; a C++ signature's parameter list is no shape.
    const QString conv = QStringLiteral("aten::convolution (2 x 16 x 128 x 128 -> 320, 3 x 3)");
    EXPECT_EQ(KernelNameDelegate::elide(conv, atMost(44)), QStringLiteral("…volution (2 x 16 x 128 x 128 -> 320, 3 x 3)"));
    const QString sdpa = QStringLiteral("aten::_scaled_dot_product_flash_attention (2 x 24 x 4096/333 x 64)");
    EXPECT_TRUE(KernelNameDelegate::elide(sdpa, atMost(30)).endsWith(QStringLiteral("(2 x 24 x 4096/333 x 64)")));
    const QString signature = QStringLiteral("void at::native::kernel (float*, int)");
    const QString cut = KernelNameDelegate::elide(signature, atMost(20));
    EXPECT_TRUE(cut.startsWith(QStringLiteral("void")) && cut.endsWith(QStringLiteral("int)"))) << qPrintable(cut);
}

TEST(KernelNameDelegate, PixelWidthsFitTheirColumn)
{
    QWidget widget;
    const QFontMetrics metrics = widget.fontMetrics();
    const QString name = stem + QStringLiteral("28");
    for (int width : { 60, 120, 180, 400 }) {
        const QString shown = KernelNameDelegate::elide(name, metrics, width);
        EXPECT_LE(metrics.horizontalAdvance(shown), width) << qPrintable(shown);
        EXPECT_TRUE(shown.endsWith(QStringLiteral("28"))) << qPrintable(shown);
    }
}

TEST(KernelNameDelegate, RooflineLabelsKeepTheTailToo)
{
    const QString a = RooflineLabels::shortKernelName(stem + QStringLiteral("25"));
    const QString b = RooflineLabels::shortKernelName(stem + QStringLiteral("28"));
    EXPECT_NE(a, b);
    EXPECT_TRUE(a.startsWith(QStringLiteral("red_")) && a.endsWith(QStringLiteral("view_25"))) << qPrintable(a);
}

TEST(KernelNameDelegate, TheKernelCellsToolTipGivesTheWholeName)
{
    const auto outcome = analyzeTrace(QStringLiteral(RIDGELINE_SOURCE_DIR "/resources/samples/transformer_block_mi300x.json.gz"), {}, {});
    ASSERT_TRUE(outcome.result);
    KernelTableModel model;
    model.setResult(outcome.result);
    for (int row = 0; row < model.rowCount(); ++row) {
        const QString name = model.index(row, KernelTableModel::Kernel).data().toString();
        EXPECT_TRUE(model.index(row, KernelTableModel::Kernel).data(Qt::ToolTipRole).toString().startsWith(name)) << qPrintable(name);
    }
}
