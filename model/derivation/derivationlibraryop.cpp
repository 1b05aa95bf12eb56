// A library op's figures (aten::addmm, SDPA, ...): its model's rule, the
// parameters read from its args and the derivation with the real numbers,
// the GPU kernels under it, and TraceLens's figures where they differ.
#include "derivation/derivationsections.h"

#include <cmath>

namespace Ridgeline::Derivation {

using MD = MarkdownWriter;

namespace {

QString figureOrUnknown(double value, const QString& unknown)
{
    return std::isfinite(value) ? exact(value) : unknown;
}

// Where TraceLens's op time leaves out some of the op's GPU events.
void writeTraceLensTime(MarkdownWriter& md, const KernelRow& row)
{
    if (!row.traceLens || !row.traceLens->kernelTimeUs || !row.kernelTimeUs)
        return;
    const SampleStats& theirs = *row.traceLens->kernelTimeUs;
    const SampleStats& ours = *row.kernelTimeUs;
    md.table({ QStringLiteral("time (us)"), QStringLiteral("Ridgeline"), QStringLiteral("TraceLens") },
        { { QStringLiteral("sum"), figure(ours.sum), MD::bold(figure(theirs.sum)) },
            { QStringLiteral("mean"), figure(ours.mean), MD::bold(figure(theirs.mean)) },
            { QStringLiteral("median"), figure(ours.median), figure(theirs.median) },
            { QStringLiteral("min"), figure(ours.min), figure(theirs.min) },
            { QStringLiteral("max"), figure(ours.max), figure(theirs.max) } },
        { MD::Align::Left, MD::Align::Right, MD::Align::Right });
    md.paragraph(MD::bold(QStringLiteral("Why the time differs:")) + u' ' + MD::plain(row.traceLens->timeWhy) + u'.');
}

} // namespace

void writeLibraryOp(MarkdownWriter& md, const KernelRow& row)
{
    const LibraryOpRowDetails& details = *row.libraryOp;
    md.heading(2, QStringLiteral("Library op"));
    md.bullet(MD::bold(QStringLiteral("Kind:")) + u' ' + MD::code(categoryName(details.category)));
    QStringList kernels;
    for (const QString& kernel : details.kernelNames)
        kernels << MD::code(kernel);
    if (details.moreKernelNames > 0)
        kernels << QStringLiteral("%1 more").arg(details.moreKernelNames);
    md.bullet(MD::bold(QStringLiteral("GPU kernels under it:")) + u' '
        + (kernels.isEmpty() ? QStringLiteral("none") : kernels.join(QStringLiteral(", "))));
    md.bullet(MD::bold(QStringLiteral("GPU events per call:")) + u' ' + figure(details.gpuEventsPerCall)
        + QStringLiteral(" (the outermost modelled op owns every GPU event launched under it, as TraceLens; each "
                         "costs one latency floor t0 in the attainable time)"));
    if (!details.model || !row.hasModel()) {
        writeNoModel(md, row);
        return;
    }
    const LibraryOpFigures& figures = details.model->figures;
    md.heading(2, QStringLiteral("Figures: ") + MD::plain(figures.rule));
    if (!figures.params.isEmpty()) {
        QStringList header, values;
        for (const auto& [name, value] : figures.params) {
            header << MD::plain(name);
            values << figureOrUnknown(value, QStringLiteral("?"));
        }
        md.table(header, { values }, std::vector<MD::Align>(size_t(header.size()), MD::Align::Right));
    }
    for (const QString& line : figures.derivation)
        md.bullet(MD::plain(line));
    md.bullet(MD::bold(QStringLiteral("FLOPs = ") + figureOrUnknown(figures.flops, QStringLiteral("unknown"))));
    md.bullet(MD::bold(QStringLiteral("Bytes = ") + figureOrUnknown(figures.bytes, QStringLiteral("unknown"))));
    md.bullet(MD::bold(QStringLiteral("Roof:")) + u' '
        + (figures.computeSpec.isEmpty() ? QStringLiteral("none named (a dtype without a precision): the vector roofs")
                                         : MD::code(figures.computeSpec)));

    md.heading(2, QStringLiteral("TraceLens"));
    writeTraceLensTime(md, row);
    if (!details.model->tracelens) {
        md.paragraph(QStringLiteral("TraceLens's model gives the same figures."));
        return;
    }
    const LibraryOpFigures& tl = *details.model->tracelens;
    md.table({ QString(), QStringLiteral("Ridgeline"), QStringLiteral("TraceLens") },
        { { QStringLiteral("FLOPs"), figureOrUnknown(figures.flops, QStringLiteral("–")),
              figureOrUnknown(tl.flops, QStringLiteral("none")) },
            { QStringLiteral("Bytes"), figureOrUnknown(figures.bytes, QStringLiteral("–")),
                figureOrUnknown(tl.bytes, QStringLiteral("none")) },
            { QStringLiteral("Roof"), figures.computeSpec, tl.computeSpec } },
        { MD::Align::Left, MD::Align::Right, MD::Align::Right });
    md.paragraph(MD::bold(QStringLiteral("Why they differ:")) + u' ' + MD::plain(details.model->tracelensWhy)
        + QStringLiteral(" Ridgeline's figure is the true one; TraceLens's is what its report would show."));
}

} // namespace Ridgeline::Derivation
