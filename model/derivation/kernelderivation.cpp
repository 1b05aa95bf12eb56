#include "derivation/kernelderivation.h"

#include "derivation/derivationsections.h"
#include "engine/base/checkedmath.h"
#include "engine/base/text/units.h"
#include "engine/results/naming/rowdisplayname.h"

#include <QRegularExpression>
#include <cmath>

namespace Ridgeline {
namespace Derivation {
namespace {

using MD = MarkdownWriter;

// 'g' switches to exponent notation past its precision; large figures read
// better written out.
QString number(double value, int significant)
{
    if (!std::isfinite(value))
        return QStringLiteral("undefined");
    if (std::abs(value) >= std::pow(10.0, significant))
        return QString::number(value, 'f', 0);
    return QString::number(value, 'g', significant);
}

QString rowKindText(const KernelRow& row)
{
    switch (row.kind) {
    case RowKind::Launched:
        return row.hasModel() ? QStringLiteral("a Triton op and the GPU kernel it launched: figures and time")
                              : QStringLiteral("a Triton op and the GPU kernel it launched: time, but no figures "
                                               "(see the reason above)");
    case RowKind::KernelOnly:
        return QStringLiteral("a GPU kernel that no Triton op launched (CUDA/HIP graph replay): time only, no model");
    case RowKind::Library:
        return QStringLiteral("a library GPU kernel (%1), not a Triton kernel: name, calls and time, not modelled")
            .arg(gpuWorkTitle(row.work));
    case RowKind::OpOnly:
        return row.hasModel() ? QStringLiteral("a Triton op that ran no GPU kernel (launched during graph capture): "
                                               "figures, no time")
                              : QStringLiteral("a Triton op that ran no GPU kernel (launched during graph capture): "
                                               "no time, and no figures (see the reason above)");
    case RowKind::Replayed:
        return QStringLiteral("a Triton op captured into a CUDA/HIP graph and the replays of its kernel: "
                              "figures from the captured op, time from the replays");
    case RowKind::LibraryOp:
        return row.hasModel() ? QStringLiteral("a library op and every GPU event launched under it: its model's figures, "
                                               "time the busy union of those events per call")
                              : QStringLiteral("a library op and every GPU event launched under it: time, but no figures "
                                               "(see the reason above)");
    }
    return {};
}

QString orAbsent(const QString& json, bool present)
{
    return present ? json : QStringLiteral("(not recorded)");
}

} // namespace

QString count(std::int64_t n)
{
    return formatCount(n);
}

QString figure(double value)
{
    return number(value, 6);
}

QString exact(double value)
{
    return number(value, 12);
}

QString shape(const std::vector<std::int64_t>& dims)
{
    QStringList parts;
    for (std::int64_t d : dims)
        parts << QString::number(d);
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

void writeSummary(MarkdownWriter& md, const KernelRow& row)
{
    // An identifier's underscores sit between word characters, where
    // CommonMark never reads emphasis: it stays unescaped, easy to search for.
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z0-9_:]+$")); // "aten::mm" too
    // A library op's heading carries its shape as its table row's label
    // does: one op name has many rows. A mangled library kernel keeps the
    // name the trace wrote (to search for) with its demangled name below.
    const RowNames names = rowNames(row);
    const QString title = identifier.match(row.name).hasMatch() ? row.name : MD::plain(row.name);
    md.heading(1, row.libraryOp && names.display.startsWith(row.name) ? title + MD::plain(names.display.mid(row.name.size())) : title);
    if (names.full != row.name) {
        constexpr qsizetype shownCharacters = 2000; // a template's name runs to tens of KB: its head tells it
        const QString full = names.full.size() > shownCharacters ? names.full.left(shownCharacters) + QStringLiteral("…") : names.full;
        md.bullet(MD::bold(QStringLiteral("Demangled:")) + u' ' + MD::code(full, MarkdownPlace::Prose));
    }
    const KernelCategory category = row.parsedName.category;
    const QString provenance = provenanceKey(row.provenance());
    md.bullet(MD::bold(QStringLiteral("Provenance: ") + MD::code(provenance)) + QStringLiteral(" — ")
        + (row.model->reason.isEmpty() ? QStringLiteral("no reason recorded") : MD::plain(row.model->reason)));
    QString categoryLine = MD::bold(QStringLiteral("Category:")) + u' ' + categoryTitle(category) + QStringLiteral(" (")
        + MD::code(categoryKey(category)) + u')';
    categoryLine += traceLensModels(category) ? QStringLiteral(", covered by TraceLens's Triton perf model")
                                              : QStringLiteral(", not covered by TraceLens's Triton perf model: Ridgeline's own rule");
    if (row.libraryOp) // TraceLens models library ops with its own per-op models
        categoryLine = MD::bold(QStringLiteral("Category:")) + QStringLiteral(" library op, ")
            + MD::code(categoryName(row.libraryOp->category))
            + QStringLiteral(", modelled from its args as TraceLens's per-op models do (ATEN_MODELS.md)");
    md.bullet(categoryLine);
    QStringList ops;
    for (const QString& op : row.parsedName.fusedOps())
        ops << MD::code(op);
    if (!ops.isEmpty())
        md.bullet(MD::bold(QStringLiteral("Fused ops:")) + u' ' + ops.join(QStringLiteral(", ")));
    else if (!row.parsedName.fusedPart().isEmpty())
        md.bullet(MD::bold(QStringLiteral("Fused ops:")) + QStringLiteral(" none: ") + MD::code(row.parsedName.fusedPart())
            + QStringLiteral(" is not made of known ATen ops"));
    md.bullet(MD::bold(QStringLiteral("Row:")) + u' ' + rowKindKey(row.kind) + QStringLiteral(" — ") + rowKindText(row));
    md.bullet(MD::bold(QStringLiteral("Calls:")) + u' ' + count(row.calls));
}

void writeRawArgs(MarkdownWriter& md, const KernelRow& row)
{
    md.heading(2, QStringLiteral("Raw event args"));
    const TritonOpArgs& a = row.args;
    const bool any = a.hasInputDims || a.hasInputTypes || a.hasInputStrides || a.hasConcreteInputs || !a.kernelFile.isEmpty()
        || !a.kernelKwargs.isEmpty() || a.numWarps || a.numStages;
    if (row.kind == RowKind::KernelOnly || !any) {
        md.paragraph(row.kind == RowKind::KernelOnly
                ? QStringLiteral("None: no Triton cpu_op launched this kernel, so there are no Input Dims, "
                                 "Input type or Concrete Inputs to model it from.")
                : QStringLiteral("None recorded on the cpu_op (the trace was captured without record_shapes=True)."));
        return;
    }
    QStringList lines;
    lines << QStringLiteral("Input Dims:      ") + orAbsent(a.inputDimsJson, a.hasInputDims);
    lines << QStringLiteral("Input type:      ") + orAbsent(a.inputTypesJson, a.hasInputTypes);
    lines << QStringLiteral("Input Strides:   ") + orAbsent(a.inputStridesJson, a.hasInputStrides);
    lines << QStringLiteral("Concrete Inputs: ") + orAbsent(a.concreteInputsJson, a.hasConcreteInputs);
    if (!a.kernelFile.isEmpty())
        lines << QStringLiteral("kernel_file:     ") + a.kernelFile;
    if (!a.kernelKwargs.isEmpty())
        lines << QStringLiteral("kernel_kwargs:   ") + a.kernelKwargs;
    if (a.numWarps)
        lines << QStringLiteral("num_warps:       ") + QString::number(*a.numWarps);
    if (a.numStages)
        lines << QStringLiteral("num_stages:      ") + QString::number(*a.numStages);
    md.codeBlock(lines);
    md.paragraph(row.calls > 1 ? QStringLiteral("Args of the first call: all %1 calls of this row share the four lists "
                                                "(TraceLens groups calls by exactly these).")
                                     .arg(row.calls)
                               : QStringLiteral("The lists are positional over the kernel's arguments: pointers first, "
                                                "then the integer sizes."));
    if (!a.malformed.isEmpty())
        md.paragraph(MD::bold(QStringLiteral("Malformed:")) + u' ' + MD::plain(a.malformed));
}

void writeElementCounts(MarkdownWriter& md, const KernelRow& row)
{
    const KernelModel& m = row.model;
    md.heading(2, QStringLiteral("Element counts: xnumel and rnumel"));
    if (row.provenance() == Provenance::V2 && row.args->hasConcreteInputs) {
        QStringList integers, others;
        for (qsizetype i = 0; i < row.args->concreteInputs.size(); ++i) {
            std::int64_t value = 0;
            if (parseInteger(row.args->concreteInputs[i], &value) == IntegerParse::Ok)
                integers << QStringLiteral("[%1] = %2").arg(i).arg(count(value));
            else
                others << QString::number(i);
        }
        QString text = QStringLiteral("Integers in Concrete Inputs: ") + integers.join(QStringLiteral(", ")) + u'.';
        if (!others.isEmpty())
            text += QStringLiteral(" Entries %1 are empty or not integers (tensors, floats, booleans) and are skipped.")
                        .arg(others.join(QStringLiteral(", ")));
        md.paragraph(text);
        md.paragraph(isReduction(row.parsedName.category)
                ? QStringLiteral("Rule for reductions with two or more integers: xnumel is the second-last "
                                 "integer, rnumel the last.")
                : QStringLiteral("Rule for pointwise kernels: xnumel is the last integer, rnumel is 1."));
    }
    md.bullet(MD::bold(QStringLiteral("xnumel = ") + count(m.xnumel)) + QStringLiteral(" — ") + MD::plain(m.xnumelSource));
    md.bullet(MD::bold(QStringLiteral("rnumel = ") + count(m.rnumel)) + QStringLiteral(" — ") + MD::plain(m.rnumelSource));
    if (auto elements = checkedMul(m.xnumel, m.rnumel))
        md.bullet(
            QStringLiteral("Elements processed: xnumel × rnumel = %1 × %2 = %3").arg(count(m.xnumel), count(m.rnumel), count(*elements)));
    if (row.provenance() == Provenance::V1 && (!row.model->v1 || row.model->v1->approximate))
        md.paragraph(QStringLiteral("V1 counts come from size_hints, which Inductor rounds up to powers of two: "
                                    "they are approximate."));
    else if (row.provenance() == Provenance::V1)
        md.paragraph(QStringLiteral("The block's source states these counts (static shapes): they are exact, not "
                                    "size_hints' powers of two."));
}

void writeNoModel(MarkdownWriter& md, const KernelRow& row)
{
    md.heading(2, QStringLiteral("Why there are no figures"));
    md.paragraph(
        MD::plain(row.model->reason.isEmpty() ? QStringLiteral("no model source could model this kernel") : row.model->reason) + u'.');
    QStringList known;
    if (row.kernelTimeUs)
        known << QStringLiteral("the kernel time");
    if (row.kind != RowKind::KernelOnly)
        known << QStringLiteral("the raw args above");
    md.paragraph(QStringLiteral("Known: ")
        + (known.isEmpty() ? QStringLiteral("nothing beyond the name") : known.join(QStringLiteral(" and ")))
        + QStringLiteral(". Not known: element counts, bytes, FLOPs, FLOPS/Byte, TB/s, TFLOPS/s and the roofline "
                         "placement."));
}

// The measured time and what it reaches against the roofs: the same for a
// Triton row and a library op's.
void writeTimeAndRoofs(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged)
{
    writeTime(md, row);
    if (!row.hasModel())
        return;
    writeThroughput(md, row);
    writeRoofline(md, row, judged);
    writeAttainableTime(md, row, judged);
}

} // namespace Derivation

QString derivationMarkdown(const KernelRow& row, const TraceJudgement& judged)
{
    using namespace Derivation;
    MarkdownWriter md;
    writeSummary(md, row);
    writeAtAGlance(md, row, judged);
    writeAdvice(md, row, judged); // what to do, before how the figures came about
    if (row.replay)
        writeReplayChain(md, row);
    writeRawArgs(md, row);
    if (row.libraryOp) {
        writeLibraryOp(md, row);
        writeTimeAndRoofs(md, row, judged);
        return md.text();
    }
    const bool v1 = row.provenance() == Provenance::V1 && row.model->v1;
    if (v1)
        writeV1Block(md, row); // where the figures below come from
    if (row.hasModel()) {
        writeElementCounts(md, row);
        if (v1)
            writeV1Bytes(md, row);
        else
            writeBytes(md, row);
        writeFlops(md, row);
        if (v1)
            writeV1FlopsSource(md, row);
    } else {
        writeNoModel(md, row);
        if (row.model->v1)
            writeV1Block(md, row);
    }
    writeTimeAndRoofs(md, row, judged);
    writeLaunch(md, row, judged);
    if (const std::vector<JudgedFinding> findings = judged.findingsOf(row); !findings.empty())
        writeFindings(md, findings);
    if (row.hasModel())
        writeTraceLens(md, row);
    if (row.model->inductor)
        writeInductorEstimate(md, row);
    if (row.model->source)
        writeKernelSource(md, row);
    if (row.provenance() == Provenance::V2 && row.model->v1) {
        writeV1CrossCheck(md, row);
        writeV1Block(md, row);
    }
    if (row.model->v1)
        writeTritonSource(md, row); // last: the longest section
    return md.text();
}

} // namespace Ridgeline
