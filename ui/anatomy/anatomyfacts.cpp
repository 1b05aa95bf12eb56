#include "anatomy/anatomyfacts.h"

#include "engine/base/text/units.h"
#include "engine/kernelsource/pointerkindtext.h"
#include "engine/kernelsource/recipe/kernelrecipe.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <cmath>

namespace Ridgeline {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("AnatomyFacts", text);
}

QString row(const QString& label, const QString& value)
{
    return QStringLiteral("<tr><td style=\"padding-right:12px\"><i>%1</i></td><td>%2</td></tr>").arg(label, value);
}

QString orUnknown(const std::optional<std::int64_t>& value)
{
    return value ? formatBytes(*value) : tr("unknown");
}

// The decorator's facts as the source states them: the text up to the def
// line parsed again here, once per shown kernel (the row keeps only the
// anatomy; the body, up to megabytes, is not read again on the GUI thread).
QString decoratorRows(const QString& text)
{
    static const QRegularExpression defLine(QStringLiteral("^def [^\\n]*$"), QRegularExpression::MultilineOption);
    const QRegularExpressionMatch def = defLine.match(text);
    const QString head = def.hasMatch() ? text.first(def.capturedEnd()) + QStringLiteral("\n    pass\n")
                                        : text.first(std::min<qsizetype>(text.size(), 4096));
    const KernelRecipe recipe = parseKernelSource(head);
    QString rows;
    if (!recipe.heuristic.isEmpty())
        rows += row(tr("heuristic"), recipe.heuristic.toHtmlEscaped());
    if (!recipe.sizeHints.empty()) {
        QStringList hints;
        for (const auto& [name, value] : recipe.sizeHints)
            hints << name + QStringLiteral(": ") + formatCount(value);
        rows += row(tr("size_hints"), hints.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    if (!recipe.reductionHint.isEmpty())
        rows += row(tr("reduction_hint"), recipe.reductionHint.toHtmlEscaped());
    if (recipe.metaNumReduction)
        rows += row(tr("num_reduction"), QString::number(*recipe.metaNumReduction));
    if (!recipe.mutatedArgNames.isEmpty())
        rows += row(tr("mutated_arg_names"), recipe.mutatedArgNames.join(QStringLiteral(", ")).toHtmlEscaped());
    if (recipe.kernelFlop)
        rows += row(tr("kernel_flop"), formatCount(*recipe.kernelFlop));
    return rows;
}

QString launchRows(const LaunchFacts& f)
{
    QString rows;
    if (f.numWarps || f.numStages)
        rows += row(tr("num_warps, num_stages"),
            QStringLiteral("%1, %2").arg(f.numWarps ? QString::number(*f.numWarps) : QStringLiteral("?"),
                f.numStages ? QString::number(*f.numStages) : QStringLiteral("?")));
    if (!f.kwargs.isEmpty())
        rows += row(tr("kernel_kwargs"), f.kwargs.toHtmlEscaped());
    if (f.grid)
        rows += row(tr("grid"), QStringLiteral("[%1, %2, %3]").arg((*f.grid)[0]).arg((*f.grid)[1]).arg((*f.grid)[2]));
    if (f.programs)
        rows += row(tr("programs"), formatCount(*f.programs) + QStringLiteral(" — ") + f.programsSource.toHtmlEscaped());
    if (f.waves)
        rows += row(tr("waves"),
            QString::number(*f.waves, 'g', 3) + (f.computeUnits ? tr(" on %1 compute units").arg(*f.computeUnits) : QString()));
    if (f.activeLaneShare)
        rows += row(
            tr("active lanes"), formatPercent(*f.activeLaneShare, 1) + QStringLiteral(" — ") + f.activeLaneShareSource.toHtmlEscaped());
    if (!f.note.isEmpty())
        rows += row(tr("note"), f.note.toHtmlEscaped());
    return rows;
}

} // namespace

QString bytesRangeText(const PointerAnatomy& p)
{
    if (!p.uniqueBytes)
        return tr("unknown");
    if (p.uniqueBytesMax && *p.uniqueBytesMax != *p.uniqueBytes)
        return formatBytes(*p.uniqueBytes) + QStringLiteral(" – ") + formatBytes(*p.uniqueBytesMax);
    return formatBytes(*p.uniqueBytes);
}

QString anatomyFactsHtml(const FoundSource& found, const LaunchFacts* launch, std::optional<double> modelBytes)
{
    const KernelSource& s = found.source;
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
    html += row(tr("source"), sourceOriginKey(s.origin) + QStringLiteral(": ") + s.file.toHtmlEscaped());
    if (found.text)
        html += decoratorRows(*found.text);
    if (const KernelAnatomy* a = s.anatomy ? &*s.anatomy : nullptr) {
        const auto meta = [](std::optional<int> n) { return n ? QString::number(*n) : tr("not stated"); };
        html += row(tr("loads, stores"),
            tr("%1, %2 parsed; inductor_meta's num_load, num_store: %3, %4")
                .arg(a->parsedLoads)
                .arg(a->parsedStores)
                .arg(meta(a->metaNumLoad), meta(a->metaNumStore)));
        if (!a->countNote.isEmpty())
            html += row(QString(), a->countNote.toHtmlEscaped());
        if (!a->atenOps.isEmpty())
            html += row(tr("ATen ops fused"), a->atenOps.join(QStringLiteral(", ")).toHtmlEscaped());
        if (!a->sourceNodes.isEmpty())
            html += row(tr("source nodes"), a->sourceNodes.join(QStringLiteral(", ")).toHtmlEscaped());
        html += row(tr("source bytes"),
            tr("%1 unique (the DRAM floor), %2 per access")
                .arg(a->uniqueBytesMax && a->uniqueBytes && *a->uniqueBytesMax != *a->uniqueBytes
                        ? orUnknown(a->uniqueBytes) + QStringLiteral(" – ") + orUnknown(a->uniqueBytesMax)
                        : orUnknown(a->uniqueBytes),
                    orUnknown(a->perAccessBytes)));
        html += row(tr("model bytes"),
            (modelBytes ? formatBytes(std::int64_t(*modelBytes)) : tr("unknown")) + tr(" (TraceLens's rule: every tensor once in full)"));
        html += row(tr("kernel_num_gb"), a->inductorBytes ? formatBytes(*a->inductorBytes) : tr("not in inductor_meta"));
        if (a->approximate)
            html += row(QString(), tr("numels from size_hints: the source bytes are upper bounds"));
        if (!a->problem.isEmpty())
            html += row(tr("not read"), a->problem.toHtmlEscaped());
    } else if (!s.why.isEmpty()) {
        html += row(tr("not read"), s.why.toHtmlEscaped());
    }
    if (launch)
        html += launchRows(*launch);
    return html + QStringLiteral("</table>");
}

} // namespace Ridgeline
