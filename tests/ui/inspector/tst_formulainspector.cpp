// The formula inspector widget: it renders the derivation (the worked
// example's numbers are in what the user sees), shows a placeholder when
// nothing is selected, and "Copy as Markdown" copies exactly markdown().
#include "cachefixtures.h"
#include "engine/analysis.h"
#include "engine/base/text/units.h"
#include "engine/roofline/roofline.h"
#include "inspector/formulainspector.h"
#include "testsupport.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QImage>
#include <QPixmap>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextLayout>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

class FormulaInspectorTest : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        s_sample = new std::shared_ptr<const AnalysisResult>(
            analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz")));
        s_fixture
            = new std::shared_ptr<const AnalysisResult>(analyzedSource(QStringLiteral("tests/data/inspector_tracelens_differs.json")));
    }
    static void TearDownTestSuite()
    {
        delete s_sample;
        delete s_fixture;
    }
    static const KernelRow* swiglu() { return findRow(*s_sample, QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2")); }

    static std::shared_ptr<const AnalysisResult>* s_sample;
    static std::shared_ptr<const AnalysisResult>* s_fixture;
    // MI300X, datasheet peaks, Ridgeline's default t0: what the rows are derived under.
    const std::shared_ptr<const Judgement> onMi300x = judgedOnMi300x(AnalysisResult {});
};

std::shared_ptr<const AnalysisResult>* FormulaInspectorTest::s_sample = nullptr;
std::shared_ptr<const AnalysisResult>* FormulaInspectorTest::s_fixture = nullptr;

// What the user reads, with thousands separators dropped: the checks hold
// whichever separator style the numbers use.
QString withoutSeparators(QString text)
{
    static const QRegularExpression separator(QStringLiteral("(?<=\\d),(?=\\d{3})"));
    return text.remove(separator);
}

QString seen(const FormulaInspector& inspector)
{
    return withoutSeparators(inspector.plainText());
}

#define EXPECT_CONTAINS(text, needle)                                                                                                      \
    EXPECT_TRUE((text).contains(needle)) << "missing: " << QString(needle).toStdString() << "\n--- in:\n" << (text).toStdString()

} // namespace

TEST_F(FormulaInspectorTest, PlaceholderWhenNothingIsSelected)
{
    FormulaInspector inspector;
    auto* view = inspector.findChild<QTextBrowser*>();
    ASSERT_NE(view, nullptr);
    EXPECT_FALSE(view->placeholderText().isEmpty());
    EXPECT_TRUE(inspector.markdown().isEmpty());
    EXPECT_TRUE(inspector.plainText().isEmpty());
    EXPECT_FALSE(inspector.copyAction()->isEnabled());

    ASSERT_NE(swiglu(), nullptr);
    inspector.setKernel(swiglu(), &onMi300x->trace);
    EXPECT_TRUE(inspector.copyAction()->isEnabled());
    inspector.setKernel(nullptr, &onMi300x->trace);
    EXPECT_TRUE(inspector.markdown().isEmpty());
    EXPECT_TRUE(inspector.plainText().isEmpty());
    EXPECT_FALSE(inspector.copyAction()->isEnabled());
}

TEST_F(FormulaInspectorTest, ShowsTheSwigluWorkedExample)
{
    const KernelRow* row = swiglu();
    ASSERT_NE(row, nullptr);
    FormulaInspector inspector;
    inspector.setKernel(row, &onMi300x->trace);
    const QString text = seen(inspector);
    const QString md = withoutSeparators(inspector.markdown());

    for (const QString& shown : { text, md }) {
        EXPECT_CONTAINS(shown, QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
        EXPECT_CONTAINS(shown, QStringLiteral("268435456"));
        EXPECT_CONTAINS(shown, QStringLiteral("1610612736"));
        EXPECT_CONTAINS(shown, QStringLiteral("1536 MiB"));
        EXPECT_CONTAINS(shown, QStringLiteral("1342177280"));
        EXPECT_CONTAINS(shown, QStringLiteral("1.34217728 GFLOPS"));
        EXPECT_CONTAINS(shown, QStringLiteral("0.833333"));
        EXPECT_CONTAINS(shown, QStringLiteral("527.382"));
        EXPECT_CONTAINS(shown, QStringLiteral("3.05398"));
        EXPECT_CONTAINS(shown, QStringLiteral("2.54498"));
        EXPECT_CONTAINS(shown, QStringLiteral("memory-only"));
    }
    // Rendered, the Markdown emphasis is gone and the equations read straight.
    // The heading is the plain name: no Markdown escapes or emphasis leak into it.
    EXPECT_TRUE(text.startsWith(QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2\n")));
    EXPECT_CONTAINS(text, QStringLiteral("Provenance: V2"));
    EXPECT_CONTAINS(text, QStringLiteral("xnumel = 268435456 — Concrete Inputs[2], the last integer"));
    EXPECT_CONTAINS(text, QStringLiteral("rnumel = 1 — 1: pointwise kernel"));
    EXPECT_CONTAINS(text, QStringLiteral("536870912 + 536870912 + 536870912 = 1610612736 B = 1536 MiB"));
    EXPECT_CONTAINS(text, QStringLiteral("5 × 268435456 × 1 = 1342177280 FLOPs = 1.34217728 GFLOPS"));
    EXPECT_CONTAINS(text, QStringLiteral("TB/s = (bytes / 1e12) / (time_us / 1e6) = (1610612736 / 1e12) / (527.382 / 1e6) = 3.05398"));
    EXPECT_CONTAINS(text, QStringLiteral("TFLOPS/s = (flops / 1e12) / (time_us / 1e6) = (1342177280 / 1e12) / (527.382 / 1e6) = 2.54498"));
    EXPECT_CONTAINS(text, QStringLiteral("FLOPS/Byte = flops / bytes = 1342177280 / 1610612736 = 0.833333"));
    EXPECT_CONTAINS(text, QStringLiteral("bounded by the memory roof"));

    const auto placement = placeKernel(*row, mi300x().peaks(PeakSet::Datasheet));
    ASSERT_TRUE(placement);
    EXPECT_EQ(placement->bound, RooflinePlacement::Bound::Memory);
    EXPECT_CONTAINS(text, formatPercent(placement->fractionOfRoof) + QStringLiteral(" of the memory roof"));
    EXPECT_NEAR(placement->fractionOfRoof, 0.5762, 0.0001);
}

TEST_F(FormulaInspectorTest, ReductionRowAndRowWithoutModel)
{
    FormulaInspector inspector;
    const KernelRow* reduction = findRow(*s_sample, QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"));
    ASSERT_NE(reduction, nullptr);
    inspector.setKernel(reduction, &onMi300x->trace);
    EXPECT_CONTAINS(seen(inspector), QStringLiteral("xnumel × rnumel = 32768 × 2048"));
    EXPECT_CONTAINS(seen(inspector), QStringLiteral("256.004 MiB"));
    EXPECT_CONTAINS(seen(inspector), QStringLiteral("Output write: none added"));

    // The fixture's template is now counted as a matrix product.
    const KernelRow* gemm = findRow(*s_fixture, QStringLiteral("triton_tem_fused_mm_1"));
    ASSERT_NE(gemm, nullptr);
    inspector.setKernel(gemm, &onMi300x->trace);
    EXPECT_CONTAINS(seen(inspector), QStringLiteral("2147483648 FLOPs"));

    // The same row as a trace without record_shapes would give it: no model.
    const KernelRow copy = withoutShapes(*gemm);
    const KernelRow* none = &copy;
    ASSERT_FALSE(none->hasModel());
    inspector.setKernel(none, &onMi300x->trace);
    EXPECT_CONTAINS(seen(inspector), QStringLiteral("Provenance: none — ") + none->model->reason);
    EXPECT_CONTAINS(seen(inspector), QStringLiteral("Why there are no figures"));
}

TEST_F(FormulaInspectorTest, ShowsTraceLensDifferences)
{
    const KernelRow* row = findRow(*s_fixture, QStringLiteral("triton_poi_fused_add_erf_mul_0"));
    ASSERT_NE(row, nullptr);
    ASSERT_TRUE(row->traceLens);
    FormulaInspector inspector;
    inspector.setKernel(row, &onMi300x->trace);
    const QString text = seen(inspector);
    EXPECT_CONTAINS(text, QStringLiteral("TraceLens comparison"));
    EXPECT_CONTAINS(text, QStringLiteral("Data Moved (MB)"));
    EXPECT_CONTAINS(text, QStringLiteral("TraceLens counts 0 bytes per element for dtype float (args 0)"));
    EXPECT_CONTAINS(text, QStringLiteral("TraceLens counts 0 FLOPs for ops outside its table: erf"));
}

TEST_F(FormulaInspectorTest, CopiesExactlyTheMarkdown)
{
    FormulaInspector inspector;
    ASSERT_NE(swiglu(), nullptr);
    inspector.setKernel(swiglu(), &onMi300x->trace);
    QClipboard* clipboard = QGuiApplication::clipboard();
    clipboard->setText(QStringLiteral("something else"));
    inspector.copyMarkdown();
    EXPECT_EQ(clipboard->text(), inspector.markdown());

    clipboard->setText(QStringLiteral("something else"));
    inspector.copyAction()->trigger();
    EXPECT_EQ(clipboard->text(), inspector.markdown());
    EXPECT_EQ(inspector.copyAction()->text(), QStringLiteral("Copy as Markdown"));
}

// Renders the inspector as a user sees it; RIDGELINE_INSPECTOR_PNG names a
// file to keep the picture for a look.
TEST_F(FormulaInspectorTest, RendersReadably)
{
    FormulaInspector inspector;
    ASSERT_NE(swiglu(), nullptr);
    inspector.resize(900, 1200);
    inspector.setKernel(swiglu(), &onMi300x->trace);
    const QImage image = inspector.grab().toImage();
    EXPECT_EQ(image.size(), QSize(900, 1200) * image.devicePixelRatio());
    const QString path = qEnvironmentVariable("RIDGELINE_INSPECTOR_PNG");
    if (!path.isEmpty()) {
        EXPECT_TRUE(image.save(path));
    }
}

// At 1366x768 (125 % and 200 % alike) the pane is about 430 by 330 pixels:
// the name as a large heading filled it, broken anywhere. The title is a
// step above the text, breaks after underscores, and leaves the derivation
// above the fold.
TEST_F(FormulaInspectorTest, TheTitleWrapsAtUnderscoresAndLeavesTheDerivationInView)
{
    FormulaInspector inspector;
    ASSERT_NE(swiglu(), nullptr);
    inspector.resize(430, 330);
    inspector.show();
    inspector.setKernel(swiglu(), &onMi300x->trace);
    QCoreApplication::processEvents();
    auto* view = inspector.findChild<QTextBrowser*>();
    const QTextDocument* document = view->document();
    const QTextBlock title = document->begin();
    ASSERT_EQ(title.blockFormat().headingLevel(), 1);
    const QTextLayout* layout = title.layout();
    ASSERT_GT(layout->lineCount(), 0);
    for (int i = 0; i + 1 < layout->lineCount(); ++i) {
        const QTextLine line = layout->lineAt(i);
        const QString text = title.text().mid(line.textStart(), line.textLength()).remove(QChar(0x200B));
        EXPECT_TRUE(text.endsWith(u'_')) << "line " << i << " breaks inside a word: " << qPrintable(text);
    }
    const QRectF titleRect = document->documentLayout()->blockBoundingRect(title);
    EXPECT_LE(titleRect.height(), view->viewport()->height() / 4.0) << layout->lineCount() << " lines";
    EXPECT_TRUE(inspector.plainText().startsWith(swiglu()->name)) << "the name reads whole, without its break marks";
    EXPECT_TRUE(inspector.markdown().contains(QStringLiteral("# ") + swiglu()->name));
}

// Selecting the same kernel again keeps the laid-out document; a new palette
// restyles it with the same text.
TEST_F(FormulaInspectorTest, ReselectionAndPaletteChangeKeepTheText)
{
    FormulaInspector inspector;
    ASSERT_NE(swiglu(), nullptr);
    inspector.setKernel(swiglu(), &onMi300x->trace);
    auto* view = inspector.findChild<QTextBrowser*>();
    QTextDocument* shown = view->document();
    inspector.setKernel(swiglu(), &onMi300x->trace);
    EXPECT_EQ(view->document(), shown);

    const QString before = inspector.plainText();
    QPalette dark = inspector.palette();
    dark.setColor(QPalette::Base, Qt::black);
    dark.setColor(QPalette::Text, Qt::white);
    inspector.setPalette(dark);
    EXPECT_EQ(inspector.plainText(), before);
    EXPECT_FALSE(before.isEmpty());
}

TEST(FormulaInspectorV1, ShowsTheCacheBlockAndColoursTheTritonSource)
{
    CacheFixtures fixtures;
    const auto outcome = analyzeWithCache(fixtures.traceWithoutV2Args(), fixtures.cacheDirectory());
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    const KernelRow* row = findRow(*outcome.result, QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"));
    ASSERT_NE(row, nullptr);
    ASSERT_EQ(row->provenance(), Provenance::V1);

    FormulaInspector inspector;
    inspector.resize(900, 700);
    inspector.show();
    const auto onMi300x = judgedOnMi300x(AnalysisResult {});
    inspector.setKernel(row, &onMi300x->trace);
    const QString text = inspector.plainText();
    EXPECT_TRUE(text.contains(QStringLiteral("Inductor cache block"))) << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("(2 + 2) x 32768 x 2048 + 2 x 32768 = 268500992")));
    EXPECT_TRUE(text.contains(QStringLiteral("def triton_red_fused_add_mean_mul_pow_rsqrt_0(in_ptr0")));

    // The def line's keyword is coloured and bold; prose outside the fence is untouched.
    bool keywordColoured = false, stringColoured = false, proseUntouched = true;
    for (QTextBlock block = inspector.document()->begin(); block.isValid(); block = block.next()) {
        const bool python = block.blockFormat().stringProperty(QTextFormat::BlockCodeLanguage) == u"python";
        const auto formats = block.layout()->formats();
        if (!python) {
            proseUntouched = proseUntouched && formats.isEmpty();
            continue;
        }
        for (const QTextLayout::FormatRange& range : formats) {
            const QString span = block.text().mid(range.start, range.length);
            if (span == u"def" && range.format.fontWeight() == QFont::Bold && range.format.hasProperty(QTextFormat::ForegroundBrush))
                keywordColoured = true;
            if (span.startsWith(u'\'') && span.endsWith(u'\'') && span.size() > 2)
                stringColoured = stringColoured || range.format.hasProperty(QTextFormat::ForegroundBrush);
        }
    }
    EXPECT_TRUE(keywordColoured);
    EXPECT_TRUE(stringColoured);
    EXPECT_TRUE(proseUntouched);
}
