// Kernel time, the throughput formulas with the numbers substituted, and
// the comparison with what TraceLens would report.
#include "derivation/derivationsections.h"
#include "engine/base/text/units.h"

namespace Ridgeline::Derivation {
namespace {

using MD = MarkdownWriter;

QString us(double value)
{
    return figure(value) + QStringLiteral(" us");
}

QString statsTail(const SampleStats& stats)
{
    return QStringLiteral(" (median %1, min %2, max %3)").arg(figure(stats.median), figure(stats.min), figure(stats.max));
}

// One throughput formula: per call, and for several calls the mean the table shows.
void writeRate(MarkdownWriter& md, const QString& label, const QString& amountName, std::optional<double> amount,
    const std::optional<SampleStats>& rate, const SampleStats& time)
{
    if (!amount || !rate) {
        md.bullet(MD::bold(label) + QStringLiteral(": undefined (")
            + (amount ? QStringLiteral("no call has a kernel time above 0") : QString(amountName + QStringLiteral(" unknown"))) + u')');
        return;
    }
    const bool several = time.count > 1;
    const double t = several ? time.mean : time.sum;
    const double value = several ? (*amount / 1e12) / (t / 1e6) : rate->mean;
    QString text = MD::bold(label) + QStringLiteral(" = (") + amountName + QStringLiteral(" / 1e12) / (time_us / 1e6) = (")
        + count(std::int64_t(*amount)) + QStringLiteral(" / 1e12) / (") + figure(t) + QStringLiteral(" / 1e6) = ");
    if (several)
        text += figure(value) + QStringLiteral(" at the mean time; mean over the %1 calls: ").arg(time.count) + MD::bold(figure(rate->mean))
            + statsTail(*rate);
    else
        text += MD::bold(figure(value));
    md.bullet(text);
}

} // namespace

void writeTime(MarkdownWriter& md, const KernelRow& row)
{
    md.heading(2, QStringLiteral("Kernel time"));
    if (!row.kernelTimeUs) {
        md.paragraph(row.kind == RowKind::OpOnly
                ? QStringLiteral("None: the op ran no GPU kernel in this trace (launched during graph capture).")
                : QStringLiteral("None: no GPU kernel event was linked to this row."));
        return;
    }
    const SampleStats& t = *row.kernelTimeUs;
    QStringList header { QStringLiteral("calls"), QStringLiteral("sum"), QStringLiteral("mean"), QStringLiteral("median"),
        QStringLiteral("min"), QStringLiteral("max") };
    QStringList values { count(t.count), us(t.sum), us(t.mean), us(t.median), us(t.min), us(t.max) };
    if (t.std) {
        header << QStringLiteral("std");
        values << us(*t.std);
    }
    md.table(header, { values }, std::vector<MD::Align>(size_t(header.size()), MD::Align::Right));
    QString note = QStringLiteral("GPU busy time per call: the union of the [ts, ts + dur] intervals of the kernel "
                                  "events the op launched, not the cpu_op's dur.");
    if (t.count != row.calls)
        note += QStringLiteral(" Only %1 of the %2 calls ran a GPU kernel.").arg(t.count).arg(row.calls);
    if (t.std)
        note += QStringLiteral(" std is the sample standard deviation (ddof 1).");
    if (row.shareOfGpuTime)
        note += QStringLiteral(" This row takes %1 of the trace's GPU kernel time.").arg(formatPercent(*row.shareOfGpuTime));
    md.paragraph(note);
}

void writeThroughput(MarkdownWriter& md, const KernelRow& row)
{
    md.heading(2, QStringLiteral("Throughput and intensity"));
    if (!row.kernelTimeUs) {
        md.paragraph(QStringLiteral("No kernel time: TB/s and TFLOPS/s are undefined."));
    } else {
        if (row.kernelTimeUs->count > 1)
            md.paragraph(QStringLiteral("TB/s and TFLOPS/s are computed per call from each call's time and then "
                                        "averaged, as TraceLens does: the table shows the mean."));
        writeRate(md, QStringLiteral("TB/s"), QStringLiteral("bytes"), row.bytes(), row.tbPerS, *row.kernelTimeUs);
        writeRate(md, QStringLiteral("TFLOPS/s"), QStringLiteral("flops"), row.flops(), row.tflopsPerS, *row.kernelTimeUs);
    }
    if (auto intensity = row.flopsPerByte())
        md.bullet(MD::bold(QStringLiteral("FLOPS/Byte")) + QStringLiteral(" = flops / bytes = ")
            + (row.libraryOp ? exact(*row.flops()) : count(row.model->flops)) + QStringLiteral(" / ")
            + (row.libraryOp ? exact(*row.bytes()) : count(*row.model->bytes)) + QStringLiteral(" = ") + MD::bold(figure(*intensity)));
    else
        md.bullet(MD::bold(QStringLiteral("FLOPS/Byte")) + QStringLiteral(": undefined (bytes unknown or 0)"));
}

void writeTraceLens(MarkdownWriter& md, const KernelRow& row)
{
    md.heading(2, QStringLiteral("TraceLens comparison"));
    if (!row.traceLens) {
        md.paragraph(QStringLiteral("TraceLens would report the same figures for this kernel: its dtypes, ops and "
                                    "tensors are all within TraceLens's tables."));
        return;
    }
    const TraceLensFigures& tl = *row.traceLens;
    auto optional = [](std::optional<double> v) { return v ? figure(*v) : QStringLiteral("undefined"); };
    auto mean = [](const std::optional<SampleStats>& s) { return s ? figure(s->mean) : QStringLiteral("undefined"); };
    const std::optional<std::int64_t>& bytes = row.model->bytes;
    std::vector<QStringList> rows {
        { QStringLiteral("bytes"), bytes ? count(*bytes) : QStringLiteral("unknown"), count(tl.bytes) },
        { QStringLiteral("FLOPs"), count(row.model->flops), count(tl.flops) },
        { QStringLiteral("GFLOPS"), exact(double(row.model->flops) / 1e9), exact(tl.gflops) },
        { QStringLiteral("Data moved (MiB; TraceLens's \"MB\")"),
            bytes ? figure(double(*bytes) / double(1 << 20)) : QStringLiteral("unknown"), figure(tl.dataMovedMib) },
        { QStringLiteral("FLOPS/Byte"), optional(row.flopsPerByte()), optional(tl.flopsPerByte) },
        { QStringLiteral("TB/s (mean)"), mean(row.tbPerS), optional(tl.tbPerS) },
        { QStringLiteral("TFLOPS/s (mean)"), mean(row.tflopsPerS), optional(tl.tflopsPerS) },
    };
    for (QStringList& r : rows) {
        if (r[1] != r[2])
            r[2] = MD::bold(r[2]);
    }
    md.paragraph(QStringLiteral("TraceLens would report other figures for this kernel (differences in bold):"));
    md.table({ QStringLiteral("figure"), QStringLiteral("Ridgeline"), QStringLiteral("TraceLens") }, rows,
        { MD::Align::Left, MD::Align::Right, MD::Align::Right });
    md.paragraph(MD::bold(QStringLiteral("Why:")));
    const QStringList why = row.model->traceLensDifferences.isEmpty() ? QStringList { tl.why } : row.model->traceLensDifferences;
    for (const QString& line : why)
        md.bullet(MD::plain(line) + u'.');
}

} // namespace Ridgeline::Derivation
