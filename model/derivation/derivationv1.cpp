// The Inductor cache's part of a derivation: where the block was read, the
// V1 bytes term by term, the cross-check of a V2 row against the cache, and
// the kernel's Triton source.
#include "derivation/derivationsections.h"

namespace Ridgeline::Derivation {
namespace {

using MD = MarkdownWriter;

QString bytesPerElementCell(const V1PointerTerm& term)
{
    const QString ours = term.bytesPerElement ? QString::number(*term.bytesPerElement) : QStringLiteral("unknown");
    if (term.bytesPerElement && *term.bytesPerElement == term.traceLensBytesPerElement)
        return ours;
    return ours + QStringLiteral(" (TraceLens ") + QString::number(term.traceLensBytesPerElement) + u')';
}

QString sizeHintsForm(const WrapperKernel& block)
{
    return block.sizeHintsIsDict ? QStringLiteral("dict form, PyTorch 2.7 and later") : QStringLiteral("list form, PyTorch before 2.7");
}

} // namespace

void writeV1Block(MarkdownWriter& md, const KernelRow& row)
{
    const V1Derivation& v1 = *row.model->v1;
    const WrapperKernel& block = v1.kernel;
    md.heading(2, QStringLiteral("Inductor cache block"));
    md.bullet(MD::bold(QStringLiteral("Wrapper file:")) + u' ' + MD::code(block.wrapperFile));
    md.bullet(MD::bold(QStringLiteral("Block:")) + QStringLiteral(" %1 of the file, line %2: ").arg(block.blockIndex).arg(block.line)
        + MD::code(block.variableName + QStringLiteral(" = async_compile.triton(…)")));
    if (v1.definingFiles > 1)
        md.bullet(QStringLiteral("The same block is in %1 wrapper files (the graph was compiled more than once); "
                                 "they agree, so the first is shown.")
                .arg(v1.definingFiles));
    if (!block.kernelPath.isEmpty())
        md.bullet(MD::bold(QStringLiteral("Kernel path:")) + u' ' + MD::code(block.kernelPath));
    const QString kernelFile = row.args->kernelFile;
    if (!kernelFile.isEmpty()) {
        QString line = MD::bold(QStringLiteral("kernel_file (V2 args):")) + u' ' + MD::code(kernelFile);
        if (!block.kernelPath.isEmpty())
            line += kernelFile == block.kernelPath ? QStringLiteral(" — the same file") : QStringLiteral(" — not the block's kernel path");
        md.bullet(line);
    }
    md.bullet(MD::bold(QStringLiteral("Heuristic:")) + u' ' + MD::code(heuristicKey(block.heuristic)) + QStringLiteral(" (")
        + MD::code(u'@' + block.decorator) + u')');
    if (!block.sizeHintsText.isEmpty())
        md.bullet(MD::bold(QStringLiteral("size_hints:")) + u' ' + MD::code(block.sizeHintsText) + QStringLiteral(" (")
            + sizeHintsForm(block) + u')');
    if (block.hasAtenComment)
        md.bullet(MD::bold(QStringLiteral("Original ATen:")) + u' '
            + (block.atenOps.isEmpty() ? QStringLiteral("(empty)") : MD::code(block.atenOps.join(QStringLiteral(", ")))));
    if (!block.signatureText.isEmpty())
        md.bullet(MD::bold(QStringLiteral("Signature:")) + u' ' + MD::code(block.signatureText));
    if (!block.problem.isEmpty())
        md.paragraph(MD::bold(QStringLiteral("Cannot be modelled:")) + u' ' + MD::plain(block.problem) + u'.');
}

void writeV1Bytes(MarkdownWriter& md, const KernelRow& row)
{
    const KernelModel& m = row.model;
    const V1Derivation& v1 = *m.v1;
    md.heading(2, QStringLiteral("Bytes moved (V1: the signature's pointers)"));
    md.paragraph(v1.reduction ? QStringLiteral("Reduction: every pointer but the last is read or written over xnumel × rnumel; the "
                                               "last pointer, the reduction's output, over xnumel.")
                              : QStringLiteral("Pointwise: every pointer is moved over xnumel; an in_out_ptr is read and written "
                                               "back, so it counts twice."));
    std::vector<QStringList> rows;
    QStringList terms;
    for (const V1PointerTerm& term : v1.terms) {
        rows.push_back({ QString::number(term.argIndex), MD::code(term.name), MD::code(term.type), bytesPerElementCell(term),
            count(term.elements), QString::number(term.passes), count(term.bytes), MD::plain(term.rule) });
        terms << count(term.bytes);
    }
    using A = MD::Align;
    if (!rows.empty())
        md.table({ QStringLiteral("arg"), QStringLiteral("name"), QStringLiteral("type"), QStringLiteral("bytes/elem"),
                     QStringLiteral("elements"), QStringLiteral("passes"), QStringLiteral("bytes"), QStringLiteral("rule") },
            rows, { A::Right, A::Left, A::Left, A::Right, A::Right, A::Right, A::Right, A::Left });
    md.paragraph(QStringLiteral("Formula: ") + MD::code(v1.bytesFormula));
    writeTotalBytes(md, row, terms, QStringLiteral("a pointer type"));
}

void writeV1FlopsSource(MarkdownWriter& md, const KernelRow& row)
{
    const V1Derivation& v1 = *row.model->v1;
    if (v1.opsSource == u"Original ATen comment")
        md.paragraph(QStringLiteral("Ops from the block's Original ATen comment, which lists every fused op "
                                    "(the name may be generic or truncated)."));
    else if (v1.opsSource == u"kernel name")
        md.paragraph(QStringLiteral("Ops from the kernel name: the block has no Original ATen comment."));
    else
        md.paragraph(QStringLiteral("No ops known: the block has no Original ATen comment and the name lists none."));
    if (!v1.flopsFormula.isEmpty())
        md.paragraph(QStringLiteral("Formula: ") + MD::code(v1.flopsFormula));
}

void writeV1CrossCheck(MarkdownWriter& md, const KernelRow& row)
{
    const KernelModel& m = row.model;
    const V1Derivation& v1 = *m.v1;
    md.heading(2, QStringLiteral("Cross-check against the Inductor cache"));
    md.paragraph(v1.approximate ? QStringLiteral("The figures above come from the trace's own args (V2). The cache holds the same "
                                                 "kernel; its V1 figures come from size_hints, rounded up to powers of two, so they "
                                                 "are approximate.")
                                : QStringLiteral("The figures above come from the trace's own args (V2). The cache holds the same "
                                                 "kernel; its block states the element counts (static shapes)."));
    if (!v1.bytes && !v1.xnumel) {
        md.paragraph(QStringLiteral("The block gives no V1 figures to compare."));
        return;
    }
    using A = MD::Align;
    const auto optionalCount = [](std::optional<std::int64_t> n) { return n ? count(*n) : QStringLiteral("unknown"); };
    std::vector<QStringList> rows {
        { QStringLiteral("xnumel"), count(m.xnumel), optionalCount(v1.xnumel) },
        { QStringLiteral("rnumel"), count(m.rnumel), optionalCount(v1.rnumel) },
        { QStringLiteral("bytes"), optionalCount(m.bytes), optionalCount(v1.bytes) },
        { QStringLiteral("FLOPs"), count(m.flops), optionalCount(v1.flops) },
    };
    md.table({ QString(), QStringLiteral("V2 (shown)"), QStringLiteral("V1 (cache)") }, rows, { A::Left, A::Right, A::Right });
    if (!v1.bytesFormula.isEmpty())
        md.paragraph(
            QStringLiteral("V1 bytes: ") + MD::code(v1.bytesFormula) + QStringLiteral("; V1 FLOPs: ") + MD::code(v1.flopsFormula) + u'.');
}

void writeTritonSource(MarkdownWriter& md, const KernelRow& row)
{
    const WrapperKernel& block = row.model->v1->kernel;
    md.heading(2, QStringLiteral("Triton source"));
    if (block.source.trimmed().isEmpty()) {
        md.paragraph(QStringLiteral("The block holds no source text."));
        return;
    }
    QStringList lines = block.source.split(u'\n');
    // The triple-quoted string opens and closes on lines of its own.
    while (!lines.isEmpty() && lines.front().trimmed().isEmpty())
        lines.removeFirst();
    while (!lines.isEmpty() && lines.back().trimmed().isEmpty())
        lines.removeLast();
    md.codeBlock(lines, QStringLiteral("python"));
}

} // namespace Ridgeline::Derivation
