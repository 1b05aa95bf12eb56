// Anatomy benchmark: the inspector opened on a kernel whose source is about
// 10 MB (a generated pointwise kernel of 8 pointers and ~100,000 loads,
// each followed by an op). Prints the milliseconds each step takes on the
// GUI thread: reading the source as the engine does (parse + measure, for
// scale), the derivation's Markdown, the Anatomy tab built and first
// painted, and selecting the last load (its line scrolled to and tinted).
// No assertion: the bar is that each step stays well under a second.
//
//   QT_QPA_PLATFORM=offscreen ridgeline_anatomy_bench [MEGABYTES]
#include "anatomy/anatomysourceview.h"
#include "anatomy/anatomyview.h"
#include "engine/kernelsource/recipe/kernelmeasure.h"
#include "engine/kernelsource/recipe/kernelrecipe.h"
#include "engine/lens/judgement.h"
#include "inspector/formulainspector.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QScrollBar>
#include <algorithm>
#include <cstdio>

using namespace Ridgeline;

namespace {

QString largeSource(qsizetype bytes)
{
    QString s = QStringLiteral(
        "@triton_heuristics.pointwise(\n"
        "    size_hints={'x': 1048576},\n"
        "    triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', "
        "'in_ptr4': '*bf16', 'in_ptr5': '*bf16', 'in_ptr6': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}},\n"
        "    inductor_meta={'kernel_name': 'triton_poi_fused_large_0', 'num_load': 7, 'num_store': 1},\n"
        ")\n@triton.jit\n"
        "def triton_poi_fused_large_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr0, xnumel, "
        "XBLOCK : tl.constexpr):\n"
        "    xnumel = 1048576\n    xoffset = tl.program_id(0) * XBLOCK\n    xindex = xoffset + tl.arange(0, XBLOCK)[:]\n"
        "    xmask = xindex < xnumel\n    x0 = xindex % 768\n    x1 = xindex // 768\n    tmp0 = tl.full([1], 0, tl.float32)\n");
    for (int i = 1; s.size() < bytes; ++i)
        s += QStringLiteral("    tmp%1 = tl.load(in_ptr%2 + (x0 + 768*x1), xmask).to(tl.float32)\n    tmp%3 = tmp%4 + tmp%1 * 0.5\n")
                 .arg(2 * i - 1)
                 .arg(i % 7)
                 .arg(2 * i)
                 .arg(2 * i - 2);
    s += QStringLiteral("    tl.store(out_ptr0 + (x0 + 768*x1), tmp0, xmask)\n");
    return s;
}

double ms(QElapsedTimer& timer)
{
    const double elapsed = double(timer.nsecsElapsed()) / 1e6;
    timer.restart();
    return elapsed;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const double megabytes = argc > 1 ? std::atof(argv[1]) : 10.0;
    QElapsedTimer timer;
    timer.start();
    const QString text = largeSource(qsizetype(megabytes * 1e6));
    std::printf("source: %lld characters, generated in %.0f ms\n", static_cast<long long>(text.size()), ms(timer));

    const KernelRecipe recipe = parseKernelSource(text);
    KernelAnatomy anatomy = measureKernel(recipe, {});
    size_t accesses = 0;
    for (const PointerAnatomy& p : anatomy.pointers)
        accesses += p.accesses.size();
    std::printf("engine read (parse + measure, once per source at load): %.0f ms; %zu pointers, %zu accesses%s%s\n", ms(timer),
        anatomy.pointers.size(), accesses, anatomy.problem.isEmpty() ? "" : "; problem: ", qPrintable(anatomy.problem));

    KernelRow row;
    row.name = QStringLiteral("triton_poi_fused_large_0");
    FoundSource found;
    found.source.origin = SourceOrigin::KernelFile;
    found.source.file = QStringLiteral("/cache/la/clarge.py");
    found.text = std::make_shared<const QString>(text);
    found.key = QStringLiteral("hash:clarge");
    found.source.anatomy = std::move(anatomy);
    row.model.edit().source = std::move(found);

    // Judged on MI300X as the window would (an empty result: only the row is shown).
    Lens lens;
    lens.gpuChoice = QStringLiteral("AMD Instinct MI300X");
    const std::shared_ptr<const Judgement> judged = judge(std::make_shared<const AnalysisResult>(), lens);
    FormulaInspector inspector;
    inspector.resize(900, 1000);
    inspector.show();
    QApplication::processEvents();
    timer.restart();
    inspector.setKernel(&row, &judged->trace);
    QApplication::processEvents();
    std::printf("selection, Derivation tab in front (its Markdown laid out; the anatomy copied, not built): %.0f ms\n", ms(timer));
    inspector.showAnatomy();
    QApplication::processEvents();
    std::printf("Anatomy tab shown: built and first painted: %.0f ms\n", ms(timer));
    AnatomyView* view = inspector.anatomy();
    // The rest of the source arrives a chunk per event-loop turn: the
    // longest turn is what the user can feel.
    double longestTurn = 0;
    int turns = 0;
    while (view->sourceView()->isLoading()) {
        QElapsedTimer turn;
        turn.start();
        QApplication::processEvents();
        longestTurn = std::max(longestTurn, ms(turn));
        ++turns;
    }
    std::printf("the rest of the source loaded in %d event-loop turns, the longest %.0f ms: %.0f ms\n", turns, longestTurn, ms(timer));
    const auto& pointers = row.model->source->source.anatomy->pointers;
    for (int p = int(pointers.size()) - 1; p >= 0; --p) {
        if (!pointers[p].accesses.empty()) {
            view->selectAccess(p, int(pointers[p].accesses.size()) - 1);
            break;
        }
    }
    QApplication::processEvents();
    std::printf(
        "last access selected, scrolled to line %d and painted: %.0f ms\n", view->sourceView()->highlightedLines().value(0), ms(timer));
    for (int i = 0; i < 5; ++i) {
        view->sourceView()->verticalScrollBar()->setValue(view->sourceView()->verticalScrollBar()->maximum() * i / 5);
        view->sourceView()->viewport()->repaint();
    }
    std::printf("five scroll-and-paint steps: %.1f ms each\n", ms(timer) / 5);
    return 0;
}
