// The inspector's Anatomy tab: selecting a load (in the accesses) or a
// finding highlights its source line and its pointer; a row without source
// says why and how to attach one; the views are filled only when shown;
// the derivation's Markdown ("Copy as Markdown") holds the anatomy.
#include "anatomy/anatomysourceview.h"
#include "anatomy/anatomyview.h"
#include "anatomy/dataflowdiagram.h"
#include "anatomy/dataflowgraph.h"
#include "anatomyfixture.h"
#include "derivation/kernelderivation.h"
#include "engine/base/text/markdownwriter.h"
#include "inspector/formulainspector.h"
#include "testsupport.h"

#include <QCoreApplication>
#include <QListWidget>
#include <QTextBlock>
#include <QTextLayout>
#include <QTreeWidget>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

#define EXPECT_CONTAINS(text, needle)                                                                                                      \
    EXPECT_TRUE((text).contains(needle)) << "missing: " << QString(needle).toStdString() << "\n--- in:\n" << (text).toStdString()

// The 1-based lines the source view paints with the selection tint.
QList<int> tintedLines(const AnatomySourceView& view)
{
    QList<int> lines;
    for (const QTextEdit::ExtraSelection& s : view.extraSelections())
        lines << s.cursor.blockNumber() + 1;
    return lines;
}

TEST(AnatomyView, SelectingALoadHighlightsItsLineAndPointer)
{
    const KernelRow row = broadcastRow();
    AnatomyView view;
    view.setKernel(&row, nullptr);
    view.ensureBuilt();
    ASSERT_TRUE(view.showsSource());
    ASSERT_EQ(view.accessTree()->topLevelItemCount(), 3);
    QTreeWidgetItem* bias = view.accessTree()->topLevelItem(1);
    EXPECT_CONTAINS(bias->text(0), QStringLiteral("in_ptr1"));
    EXPECT_EQ(bias->text(1), QStringLiteral("broadcast ×12"));
    EXPECT_EQ(bias->text(2), QStringLiteral("256 B"));
    EXPECT_EQ(bias->text(3), QStringLiteral("3.0 KiB"));
    ASSERT_EQ(bias->childCount(), 1);

    // The user clicks the bias's load in the accesses.
    view.accessTree()->setCurrentItem(bias->child(0));
    EXPECT_EQ(view.sourceView()->highlightedLines(), QList<int>({ 15 }));
    EXPECT_EQ(tintedLines(*view.sourceView()), QList<int>({ 15 }));
    EXPECT_EQ(view.sourceView()->textCursor().blockNumber(), 14) << "the line is scrolled to";
    EXPECT_EQ(view.highlightedPointer(), QStringLiteral("in_ptr1"));
    EXPECT_EQ(view.diagram()->highlightedPointer(), 1);
    EXPECT_EQ(view.diagram()->highlightedAccess(), 0);
    EXPECT_TRUE(bias->font(0).bold());
    EXPECT_FALSE(view.accessTree()->topLevelItem(0)->font(0).bold());

    // Then the store: another line, another pointer.
    view.accessTree()->setCurrentItem(view.accessTree()->topLevelItem(2)->child(0));
    EXPECT_EQ(tintedLines(*view.sourceView()), QList<int>({ 17 }));
    EXPECT_EQ(view.highlightedPointer(), QStringLiteral("out_ptr0"));
}

TEST(AnatomyView, ClickingAPointerInTheDrawingHighlightsAllItsLines)
{
    const KernelRow row = broadcastRow();
    AnatomyView view;
    view.setKernel(&row, nullptr);
    view.ensureBuilt();
    Q_EMIT view.diagram()->pointerClicked(0);
    EXPECT_EQ(tintedLines(*view.sourceView()), QList<int>({ 14 }));
    EXPECT_EQ(view.highlightedPointer(), QStringLiteral("in_ptr0"));
    EXPECT_EQ(view.accessTree()->currentItem(), view.accessTree()->topLevelItem(0));
    Q_EMIT view.diagram()->accessClicked(1, 0);
    EXPECT_EQ(tintedLines(*view.sourceView()), QList<int>({ 15 }));
    EXPECT_EQ(view.accessTree()->currentItem(), view.accessTree()->topLevelItem(1)->child(0));
}

TEST(AnatomyView, SelectingAFindingHighlightsItsPointerAndLine)
{
    const KernelRow row = broadcastRow();
    AnatomyView view;
    view.setKernel(&row, nullptr);
    view.ensureBuilt();
    ASSERT_EQ(view.findingList()->count(), 2);
    EXPECT_CONTAINS(view.findingList()->item(1)->text(), QStringLiteral("bytes_disagree"));
    EXPECT_CONTAINS(view.findingList()->item(1)->text(), QStringLiteral("(in_ptr1, line 15)"));

    view.findingList()->setCurrentRow(1);
    EXPECT_EQ(tintedLines(*view.sourceView()), QList<int>({ 15 }));
    EXPECT_EQ(view.highlightedPointer(), QStringLiteral("in_ptr1"));
    EXPECT_EQ(view.accessTree()->currentItem(), view.accessTree()->topLevelItem(1));

    // A finding about the launch names no pointer and no line: nothing stays highlighted.
    view.findingList()->setCurrentRow(0);
    EXPECT_TRUE(tintedLines(*view.sourceView()).isEmpty());
    EXPECT_TRUE(view.highlightedPointer().isEmpty());
}

// A finding selected from outside the list (the opportunities, a script)
// brings the Findings tab to the front, so that what is highlighted is seen.
TEST(AnatomyView, SelectingAFindingFromElsewhereShowsTheFindings)
{
    const KernelRow row = broadcastRow();
    AnatomyView view;
    view.setKernel(&row, nullptr);
    view.ensureBuilt();
    EXPECT_EQ(view.currentList(), view.accessTree());
    view.selectFinding(1);
    EXPECT_EQ(view.currentList(), view.findingList());
    EXPECT_EQ(view.findingList()->currentRow(), 1);
    EXPECT_EQ(view.highlightedPointer(), QStringLiteral("in_ptr1"));
}

TEST(AnatomyView, EachLoadAndStoreLineIsAnnotatedWithItsKindAndBytes)
{
    const KernelRow row = broadcastRow();
    AnatomyView view;
    view.setKernel(&row, nullptr);
    view.ensureBuilt();
    EXPECT_EQ(view.sourceView()->annotationAt(15), QStringLiteral("in_ptr1 load · broadcast ×12 · 256 B unique"));
    EXPECT_EQ(view.sourceView()->annotationAt(14), QStringLiteral("in_ptr0 load · contiguous · 3.0 KiB unique"));
    EXPECT_EQ(view.sourceView()->annotationAt(17), QStringLiteral("out_ptr0 store · contiguous · 3.0 KiB unique"));
    EXPECT_TRUE(view.sourceView()->annotationAt(16).isEmpty());
    // Coloured: the def line's keyword has a format of its own.
    const QTextBlock def = view.sourceView()->document()->findBlockByNumber(6);
    ASSERT_TRUE(def.text().startsWith(QStringLiteral("def ")));
    EXPECT_FALSE(def.layout()->formats().isEmpty());
    // The facts: the decorator's metadata, the fused ops, the source bytes.
    const QString facts = view.factsText();
    EXPECT_CONTAINS(facts, QStringLiteral("pointwise"));
    EXPECT_CONTAINS(facts, QStringLiteral("2, 1 parsed; inductor_meta's num_load, num_store: 2, 1"));
    EXPECT_CONTAINS(facts, QStringLiteral("6.3 KiB unique (the DRAM floor), 9.0 KiB per access"));
}

TEST(AnatomyView, ARowWithoutSourceSaysWhyAndHowToAttachOne)
{
    const KernelRow row = rowWithoutSource();
    AnatomyView view;
    view.setKernel(&row, nullptr);
    view.ensureBuilt();
    EXPECT_FALSE(view.showsSource());
    const QString text = view.noSourceText();
    EXPECT_CONTAINS(text, QStringLiteral("No source for triton_poi_fused_mul_1"));
    EXPECT_CONTAINS(text, noSourceWhy().toHtmlEscaped());
    EXPECT_CONTAINS(text, QStringLiteral("Attach Inductor Cache Folder"));
    EXPECT_CONTAINS(text, QStringLiteral("--inductor-cache"));
    EXPECT_CONTAINS(text, QStringLiteral("output_code.py"));
    EXPECT_CONTAINS(text, QStringLiteral("tlparse"));

    // A library row has no source looked for: said so, not a blank pane.
    KernelRow library;
    library.name = QStringLiteral("Cijk_Alik_Bljk_HHS_BH_MT128x128x32");
    library.kind = RowKind::Library;
    view.setKernel(&library, nullptr);
    view.ensureBuilt();
    EXPECT_FALSE(view.showsSource());
    EXPECT_CONTAINS(view.noSourceText(), QStringLiteral("not a Triton kernel"));
}

TEST(AnatomyView, TheSourceViewIsBuiltOnlyWhenShown)
{
    const KernelRow row = broadcastRow();
    AnatomyView view; // never shown
    view.setKernel(&row, nullptr);
    EXPECT_TRUE(view.sourceView()->document()->isEmpty());
    EXPECT_EQ(view.accessTree()->topLevelItemCount(), 0);
    view.ensureBuilt();
    EXPECT_EQ(view.sourceView()->document()->blockCount(), 18);
    // The same kernel re-sent (the GPU or peaks changed) keeps the selection.
    view.selectAccess(1, 0);
    view.setKernel(&row, nullptr);
    view.ensureBuilt();
    EXPECT_EQ(tintedLines(*view.sourceView()), QList<int>({ 15 }));
}

TEST(AnatomyView, ALargeSourceArrivesInChunksAndItsHighlightWaitsForItsLine)
{
    // The kernel, then 100,000 comment lines (700 KB, three chunks), the
    // store moved to the last line.
    KernelRow row = broadcastRow();
    QString text = *row.model->source->text;
    const int kernelLines = int(text.count(u'\n'));
    for (int i = 0; i < 100000; ++i)
        text += QStringLiteral("# pad\n");
    text += QStringLiteral("tl.store(out_ptr0 + (x2), tmp2, xmask)");
    const int lastLine = kernelLines + 100000 + 1;
    ASSERT_GT(text.size(), 2 * AnatomySourceView::chunkChars);
    row.model.edit().source->text = std::make_shared<const QString>(text);
    row.model.edit().source->source.anatomy->pointers[2].accesses[0].line = lastLine;

    AnatomyView view;
    view.setKernel(&row, nullptr);
    view.ensureBuilt();
    AnatomySourceView& source = *view.sourceView();
    ASSERT_TRUE(source.isLoading()) << "only the first chunk is set at once";
    EXPECT_LT(source.blockCount(), lastLine);
    EXPECT_EQ(source.annotationAt(15), QStringLiteral("in_ptr1 load · broadcast ×12 · 256 B unique"));

    // The store is selected before its line has arrived: asked, not yet tinted.
    view.selectAccess(2, 0);
    EXPECT_EQ(source.highlightedLines(), QList<int>({ lastLine }));
    EXPECT_TRUE(tintedLines(source).isEmpty());

    int turns = 0;
    while (source.isLoading() && turns < 100) {
        QCoreApplication::processEvents();
        ++turns;
    }
    EXPECT_FALSE(source.isLoading());
    EXPECT_GE(turns, 2) << "the rest came over more than one event-loop turn";
    EXPECT_EQ(source.blockCount(), lastLine);
    EXPECT_EQ(source.toPlainText(), text) << "every line once, in order, none split";
    EXPECT_EQ(tintedLines(source), QList<int>({ lastLine }));
    EXPECT_EQ(source.textCursor().blockNumber(), lastLine - 1) << "scrolled to once it arrived";
    EXPECT_EQ(source.annotationAt(lastLine), QStringLiteral("out_ptr0 store · contiguous · 3.0 KiB unique"));

    // Another kernel while loading: the old text's chunks stop.
    view.setKernel(&row, nullptr);
    view.ensureBuilt();
    view.setKernel(nullptr, nullptr);
    view.ensureBuilt();
    for (int i = 0; i < 10; ++i)
        QCoreApplication::processEvents();
    EXPECT_FALSE(source.isLoading());
    EXPECT_LE(source.blockCount(), 1);
}

TEST(AnatomyView, TheDataflowReadsOpsAndReductionsBetweenTheAccesses)
{
    const KernelRow row = broadcastRow();
    const KernelAnatomy& a = *row.model->source->source.anatomy;
    DataflowGraph g = buildDataflowGraph(a, *row.model->source->text);
    EXPECT_EQ(g.loads(), 2);
    EXPECT_EQ(g.stores(), 1);
    ASSERT_EQ(g.accesses.size(), 3u);
    EXPECT_EQ(g.accesses[1].line, 15);
    EXPECT_EQ(g.accesses[1].pointer, 1);
    EXPECT_EQ(g.opLines, 1); // tmp2 = tmp0 + tmp1
    EXPECT_EQ(g.opNames, QStringList({ QStringLiteral("add") }));
    EXPECT_TRUE(g.reductions.empty());

    // A reduction: the sum is its own step, the rsqrt an op.
    const QString reduced
        = *row.model->source->text + QStringLiteral("    tmp3 = tl.sum(tmp2, 1)[:, None]\n    tmp4 = libdevice.rsqrt(tmp3 * tmp3)\n");
    g = buildDataflowGraph(a, reduced);
    ASSERT_EQ(g.reductions.size(), 1u);
    EXPECT_EQ(g.reductions[0].call, QStringLiteral("tl.sum"));
    EXPECT_EQ(g.reductions[0].line, 18);
    EXPECT_EQ(g.opLines, 2);
    EXPECT_EQ(g.opNames, QStringList({ QStringLiteral("add"), QStringLiteral("rsqrt"), QStringLiteral("mul") }));
}

TEST(AnatomyView, CopyAsMarkdownHoldsTheAnatomy)
{
    const KernelRow row = broadcastRow();
    const auto judged = judgedOnMi300x(AnalysisResult {});
    FormulaInspector inspector;
    inspector.setKernel(&row, &judged->trace);
    const QString md = inspector.markdown();
    EXPECT_CONTAINS(md, QStringLiteral("## Kernel source"));
    EXPECT_CONTAINS(md, QStringLiteral("**Origin:** `kernel_file`, `/cache/ab/cabcdef.py`"));
    EXPECT_CONTAINS(md, QStringLiteral("| `in_ptr1` | `*fp32` | in | broadcast ×12 | load 15 | 256 B | 3,072 B |"));
    EXPECT_CONTAINS(md, QStringLiteral("= 3,072 + 256 + 3,072 = 6,400 B"));
    EXPECT_CONTAINS(md, QStringLiteral("= 3,072 + 3,072 + 3,072 = 9,216 B"));
    EXPECT_CONTAINS(md, QStringLiteral("| Inductor (kernel_num_gb) | 9,216 B |"));
    EXPECT_CONTAINS(md, QStringLiteral("## Findings"));
    EXPECT_CONTAINS(md,
        QStringLiteral("**bytes_disagree** — ") + MarkdownWriter::plain(row.findings[1].text) + QStringLiteral(" (`in_ptr1`, line 15)"));
    // The anatomy tab is filled from the same row.
    inspector.anatomy()->ensureBuilt();
    EXPECT_TRUE(inspector.anatomy()->showsSource());

    const KernelRow none = rowWithoutSource();
    inspector.setKernel(&none, &judged->trace);
    EXPECT_CONTAINS(inspector.markdown(), QStringLiteral("No source: ") + MarkdownWriter::plain(noSourceWhy()));
    EXPECT_CONTAINS(inspector.markdown(), MarkdownWriter::plain(sourceAttachHint()));
}

} // namespace
