// Bytes and FLOPs: the per-tensor table, the output write, the per-op table
// and the totals, each as an equation with the kernel's own numbers.
#include "derivation/derivationsections.h"

namespace Ridgeline::Derivation {
namespace {

using MD = MarkdownWriter;

QString kindText(OpCostKind kind)
{
    switch (kind) {
    case OpCostKind::Arithmetic:
        return QStringLiteral("arithmetic");
    case OpCostKind::MemoryOnly:
        return QStringLiteral("memory-only (moves data)");
    case OpCostKind::NotCounted:
        return QStringLiteral("not counted (unknown op)");
    }
    return {};
}

// A Ridgeline cell with TraceLens's value beside it when they differ.
QString withTraceLens(const QString& ours, const QString& theirs, bool differ)
{
    return differ ? ours + QStringLiteral(" (TraceLens ") + theirs + u')' : ours;
}

QString bytesPerElementCell(const TensorTraffic& t)
{
    const QString bpe = t.bytesPerElement ? QString::number(*t.bytesPerElement) : QStringLiteral("unknown");
    const bool differ = !t.bytesPerElement || *t.bytesPerElement != t.traceLensBytesPerElement;
    return withTraceLens(bpe, QString::number(t.traceLensBytesPerElement), differ);
}

// "dim 0" or "dims 0, 2": where the strides say the tensor is broadcast.
QString broadcastDims(const TritonOpArgs& args, const TensorTraffic& t)
{
    const size_t arg = size_t(t.argIndex);
    if (arg >= args.inputStrides.size() || !args.inputStrides[arg] || args.inputStrides[arg]->size() != t.dims.size())
        return QStringLiteral("stride-0 dims");
    QStringList dims;
    for (size_t d = 0; d < t.dims.size(); ++d) {
        if ((*args.inputStrides[arg])[d] == 0 && t.dims[d] > 1)
            dims << QString::number(d);
    }
    return (dims.size() == 1 ? QStringLiteral("dim ") : QStringLiteral("dims ")) + dims.join(QStringLiteral(", "));
}

std::vector<QStringList> tensorRows(const KernelRow& row, QStringList* terms)
{
    std::vector<QStringList> rows;
    for (const TensorTraffic& t : row.model->tensors) {
        QStringList notes;
        if (t.broadcast)
            notes << QStringLiteral("stride 0 along ") + broadcastDims(row.args, t) + QStringLiteral(": read once");
        if (t.elements != t.traceLensElements)
            notes << QStringLiteral("TraceLens ") + count(t.traceLensElements);
        QString elements = count(t.elements);
        if (!notes.isEmpty())
            elements += QStringLiteral(" (") + notes.join(QStringLiteral("; ")) + u')';
        rows.push_back({ QString::number(t.argIndex), shape(t.dims), MD::code(t.dtype), bytesPerElementCell(t), elements,
            withTraceLens(count(t.bytes), count(t.traceLensBytes), t.bytes != t.traceLensBytes) });
        *terms << count(t.bytes);
    }
    // The tensors the model did not keep (KernelModel::maxKeptTensors), in one row and one term.
    const KernelModel& m = row.model;
    if (m.tensorsNotKept > 0) {
        rows.push_back({ QStringLiteral("…"), QStringLiteral("%1 more tensors").arg(m.tensorsNotKept), QString(), QString(), QString(),
            withTraceLens(count(m.bytesOfTensorsNotKept), count(m.traceLensBytesOfTensorsNotKept),
                m.bytesOfTensorsNotKept != m.traceLensBytesOfTensorsNotKept) });
        *terms << count(m.bytesOfTensorsNotKept);
    }
    return rows;
}

} // namespace

void writeBytes(MarkdownWriter& md, const KernelRow& row)
{
    const KernelModel& m = row.model;
    md.heading(2, QStringLiteral("Bytes moved"));
    QStringList terms;
    if (!m.tensors.empty()) {
        md.paragraph(QStringLiteral("Each tensor arg (type not \"Scalar\", dims not empty) is read once: "
                                    "elements × bytes per element."));
        std::vector<QStringList> rows = tensorRows(row, &terms);
        if (m.outputWriteBytes > 0 || !m.outputWriteRule.isEmpty()) {
            const TensorTraffic& first = m.tensors.front();
            // The label names the tensor the write counts, or why none.
            const QString written = !m.outputWrite || m.outputWrite->counted
                ? QStringLiteral("arg %1 again").arg(first.argIndex)
                : QStringLiteral("arg %1 again: not counted, arg %2 is the output").arg(first.argIndex).arg(m.outputWrite->tensor);
            rows.push_back({ QStringLiteral("write"), written, MD::code(first.dtype), bytesPerElementCell(first),
                count(m.xnumel) + QStringLiteral(" (xnumel)"),
                withTraceLens(
                    count(m.outputWriteBytes), count(m.traceLensOutputWriteBytes), m.outputWriteBytes != m.traceLensOutputWriteBytes) });
            terms << count(m.outputWriteBytes);
        }
        using A = MD::Align;
        md.table({ QStringLiteral("arg"), QStringLiteral("dims"), QStringLiteral("dtype"), QStringLiteral("bytes/elem"),
                     QStringLiteral("elements"), QStringLiteral("bytes") },
            rows, { A::Right, A::Left, A::Left, A::Right, A::Right, A::Right });
    }

    if (!m.outputWriteRule.isEmpty()) {
        const int bpe = m.tensors.empty() ? 0 : m.tensors.front().bytesPerElement.value_or(0);
        md.paragraph(MD::bold(QStringLiteral("Output write:")) + u' ' + MD::plain(m.outputWriteRule) + QStringLiteral(": ")
            + QString::number(bpe) + QStringLiteral(" × ") + count(m.xnumel) + QStringLiteral(" = ") + count(m.outputWriteBytes)
            + QStringLiteral(" B."));
        // V2 guesses the write from the kernel's category; the cache's
        // signature knows which pointer is written back.
        if (m.v1OutputWriteNote)
            md.paragraph(MD::bold(QStringLiteral("Inductor cache:")) + u' ' + MD::plain(*m.v1OutputWriteNote) + u'.');
    } else if (row.provenance() == Provenance::V2) {
        md.paragraph(MD::bold(QStringLiteral("Output write:"))
            + QStringLiteral(" none added: the extra write of the "
                             "first tensor applies to pointwise kernels "
                             "only; a reduction's output is among the "
                             "tensors above."));
    }

    writeTotalBytes(md, row, terms, QStringLiteral("a tensor's dtype"));
}

void writeTotalBytes(MarkdownWriter& md, const KernelRow& row, const QStringList& terms, const QString& unknownPart)
{
    const KernelModel& m = row.model;
    if (!m.bytes) {
        md.paragraph(MD::bold(QStringLiteral("Total bytes:")) + QStringLiteral(" not computed: ") + unknownPart
            + QStringLiteral(" is unknown (see the table), so bytes, FLOPS/Byte and TB/s are undefined."));
        return;
    }
    const std::int64_t bytes = *m.bytes;
    QString total = MD::bold(QStringLiteral("Total bytes")) + QStringLiteral(" = ");
    if (terms.size() > 1)
        total += terms.join(QStringLiteral(" + ")) + QStringLiteral(" = ");
    total += MD::bold(count(bytes) + QStringLiteral(" B")) + QStringLiteral(" = ")
        + MD::bold(figure(double(bytes) / double(1 << 20)) + QStringLiteral(" MiB"));
    md.paragraph(total);
    md.paragraph(
        QStringLiteral("Data moved (MiB) = bytes / 2^20 = %1 / 1,048,576 (TraceLens calls it \"Data Moved (MB)\").").arg(count(bytes)));
}

void writeFlops(MarkdownWriter& md, const KernelRow& row)
{
    const KernelModel& m = row.model;
    md.heading(2, QStringLiteral("FLOPs"));
    if (!m.flopsKnown) {
        md.paragraph(MD::bold(QStringLiteral("FLOPs unknown")) + QStringLiteral(" (not 0): ")
            + (row.parsedName.category == KernelCategory::User
                    ? QStringLiteral("a user-written Triton kernel does its own arithmetic, which no name or ATen list tells.")
                    : QStringLiteral("neither the name nor the Inductor cache lists the kernel's ops, or the element count is not known."))
            + QStringLiteral(" The kernel is measured against the memory roof alone, by its TB/s."));
        return;
    }
    if (m.ops.empty() && !m.gemm) {
        md.paragraph(row.parsedName.fusedPart().isEmpty()
                ? QStringLiteral("The kernel name lists no fused ops: FLOPs are 0.")
                : QString(QStringLiteral("The fused part ") + MD::code(row.parsedName.fusedPart())
                      + QStringLiteral(" of the name is not made of known ATen ops: no ops, FLOPs are 0.")));
    } else {
        std::vector<QStringList> rows;
        QStringList zero;
        for (const OpFlops& op : m.ops) {
            if (m.gemm && op.op == m.gemm->op) {
                rows.push_back({ MD::code(op.op), QStringLiteral("the matrix product: 2 × M × N × K, below"), QStringLiteral("—"),
                    QStringLiteral("0 (templates not modelled)") });
                continue;
            }
            const bool differ = op.cost.flopsPerElement != op.cost.traceLensFlopsPerElement;
            QString ours = QString::number(op.cost.flopsPerElement);
            if (op.cost.flopsPerElement == 0) {
                ours += QStringLiteral(" (counts 0)");
                zero << MD::code(op.op);
            }
            QString theirs = QString::number(op.cost.traceLensFlopsPerElement);
            if (differ)
                theirs = MD::bold(theirs) + QStringLiteral(" (not in its table)");
            rows.push_back({ MD::code(op.op), kindText(op.cost.kind), ours, theirs });
        }
        rows.push_back({ MD::bold(QStringLiteral("total per element")), QString(), MD::bold(QString::number(m.flopsPerElement)),
            MD::bold(QString::number(m.traceLensFlopsPerElement)) });
        using A = MD::Align;
        md.table({ QStringLiteral("op"), QStringLiteral("kind"), QStringLiteral("FLOPs/elem (Ridgeline)"),
                     QStringLiteral("FLOPs/elem (TraceLens)") },
            rows, { A::Left, A::Left, A::Right, A::Right });
        if (!zero.isEmpty())
            md.paragraph(QStringLiteral("Ops that count 0: ") + zero.join(QStringLiteral(", "))
                + QStringLiteral(" (memory-only ops move data and do no arithmetic; unknown ops are not "
                                 "counted and said so)."));
    }
    if (m.gemm) {
        const GemmShape& g = *m.gemm;
        md.paragraph(QStringLiteral("A GEMM template (") + MD::code(g.op) + QStringLiteral("): ") + MD::plain(g.source)
            + QStringLiteral(". The matrix product costs 2 FLOPs (a multiply and an add) per M × N × K step; the fused ops "
                             "(and addmm's bias add) cost their FLOPs per output element."));
        md.paragraph(MD::bold(QStringLiteral("FLOPs")) + QStringLiteral(" = 2 × batch × M × N × K + epilogue × batch × M × N = 2 × ")
            + count(g.batch) + QStringLiteral(" × ") + count(g.m) + QStringLiteral(" × ") + count(g.n) + QStringLiteral(" × ") + count(g.k)
            + QStringLiteral(" + ") + QString::number(m.flopsPerElement) + QStringLiteral(" × ") + count(g.batch) + QStringLiteral(" × ")
            + count(g.m) + QStringLiteral(" × ") + count(g.n) + QStringLiteral(" = ") + MD::bold(count(m.flops) + QStringLiteral(" FLOPs"))
            + QStringLiteral(" = ") + MD::bold(exact(double(m.flops) / 1e9) + QStringLiteral(" GFLOPS")) + u'.');
        return;
    }
    md.paragraph(MD::bold(QStringLiteral("FLOPs")) + QStringLiteral(" = FLOPs per element × xnumel × rnumel = ")
        + QString::number(m.flopsPerElement) + QStringLiteral(" × ") + count(m.xnumel) + QStringLiteral(" × ") + count(m.rnumel)
        + QStringLiteral(" = ") + MD::bold(count(m.flops) + QStringLiteral(" FLOPs")) + QStringLiteral(" = ")
        + MD::bold(exact(double(m.flops) / 1e9) + QStringLiteral(" GFLOPS")) + QStringLiteral(" (GFLOPS = FLOPs / 1e9)."));
}

} // namespace Ridgeline::Derivation
