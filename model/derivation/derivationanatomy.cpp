// The kernel's source as Ridgeline read it: where it came from (or why there
// is none and how to attach one), each pointer's kind and the bytes its
// index expressions can touch, summed beside TraceLens's bytes (the model)
// and Inductor's kernel_num_gb, each sum written out term by term; and the
// findings read from the launch and the source.
#include "derivation/derivationsections.h"
#include "derivation/kernelderivation.h"
#include "engine/kernelsource/pointerkindtext.h"

namespace Ridgeline::Derivation {

using MD = MarkdownWriter;
namespace {

QString bytesText(std::optional<std::int64_t> bytes)
{
    return bytes ? count(*bytes) + QStringLiteral(" B") : QStringLiteral("unknown");
}

// The first few accesses: a generated kernel may have tens of thousands.
QString linesText(const PointerAnatomy& p)
{
    constexpr size_t shown = 8;
    QStringList parts;
    for (size_t i = 0; i < std::min(shown, p.accesses.size()); ++i)
        parts << sourceAccessOpKey(p.accesses[i].op) + u' ' + QString::number(p.accesses[i].line);
    if (p.accesses.size() > shown)
        parts << QStringLiteral("%1 more").arg(count(std::int64_t(p.accesses.size() - shown)));
    return parts.join(QStringLiteral(", "));
}

// "a + b + c = N B", or why the sum is unknown.
QString sumText(const KernelAnatomy& a, std::optional<std::int64_t> PointerAnatomy::* figureOf, std::optional<std::int64_t> total)
{
    QStringList terms;
    for (const PointerAnatomy& p : a.pointers)
        terms << ((p.*figureOf) ? count(*(p.*figureOf)) : QStringLiteral("?"));
    if (!total)
        return terms.join(QStringLiteral(" + ")) + QStringLiteral(": unknown (a pointer's figure is not known)");
    return (terms.size() > 1 ? terms.join(QStringLiteral(" + ")) + QStringLiteral(" = ") : QString()) + bytesText(total);
}

void writePointers(MarkdownWriter& md, const KernelAnatomy& a)
{
    md.heading(3, QStringLiteral("Pointers"));
    std::vector<QStringList> rows;
    for (const PointerAnatomy& p : a.pointers) {
        QString unique = bytesText(p.uniqueBytes);
        if (p.uniqueBytesMax && p.uniqueBytes && *p.uniqueBytesMax != *p.uniqueBytes)
            unique += QStringLiteral(" – ") + bytesText(p.uniqueBytesMax);
        rows.push_back({ MD::code(p.arg), MD::code(p.dtype.isEmpty() ? QStringLiteral("?") : p.dtype), pointerRoleKey(p.role),
            pointerKindText(p), linesText(p), unique, bytesText(p.perAccessBytes), MD::plain(p.why) });
    }
    using A = MD::Align;
    md.table(
        { QStringLiteral("Pointer"), QStringLiteral("dtype"), QStringLiteral("Role"), QStringLiteral("Kind"),
            QStringLiteral("Accesses (line)"), QStringLiteral("Unique bytes"), QStringLiteral("Per-access bytes"), QStringLiteral("Note") },
        rows, { A::Left, A::Left, A::Left, A::Left, A::Left, A::Right, A::Right, A::Left });
}

void writeSourceBytes(MarkdownWriter& md, const KernelRow& row, const KernelAnatomy& a)
{
    md.heading(3, QStringLiteral("Source bytes beside TraceLens and Inductor"));
    md.bullet(QStringLiteral("Unique bytes (the distinct addresses, the DRAM floor) = ")
        + sumText(a, &PointerAnatomy::uniqueBytes, a.uniqueBytes));
    if (a.uniqueBytesMax && a.uniqueBytes && *a.uniqueBytesMax != *a.uniqueBytes)
        md.bullet(QStringLiteral("Unique bytes at most (a gather's rows range at its top) = ")
            + sumText(a, &PointerAnatomy::uniqueBytesMax, a.uniqueBytesMax));
    md.bullet(QStringLiteral("Per-access bytes (the lanes the masks let through, over every access and reduction loop) = ")
        + sumText(a, &PointerAnatomy::perAccessBytes, a.perAccessBytes));
    const auto model = row.bytes();
    std::vector<QStringList> rows;
    rows.push_back({ QStringLiteral("Source, unique"), bytesText(a.uniqueBytes), QStringLiteral("the index expressions above") });
    rows.push_back({ QStringLiteral("Source, per access"), bytesText(a.perAccessBytes), QStringLiteral("the index expressions above") });
    rows.push_back({ QStringLiteral("Model (TraceLens's rule)"), model ? bytesText(std::int64_t(*model)) : QStringLiteral("unknown"),
        QStringLiteral("every tensor once in full: the figure TB/s and the roofline use") });
    if (row.traceLens && row.traceLens->figuresDiffer)
        rows.push_back({ QStringLiteral("TraceLens"), bytesText(row.traceLens->bytes), MD::plain(row.traceLens->why) });
    rows.push_back({ QStringLiteral("Inductor (kernel_num_gb)"), bytesText(a.inductorBytes),
        a.inductorBytes ? QStringLiteral("inductor_meta, × 10⁹") : QStringLiteral("not in inductor_meta") });
    using A = MD::Align;
    md.table({ QString(), QStringLiteral("Bytes"), QStringLiteral("From") }, rows, { A::Left, A::Right, A::Left });
    if (a.approximate)
        md.paragraph(QStringLiteral("The numels came from size_hints (powers of two): these are upper bounds, not counts."));
}

} // namespace

void writeKernelSource(MarkdownWriter& md, const KernelRow& row)
{
    const FoundSource& found = *row.model->source;
    const KernelSource& s = found.source;
    md.heading(2, QStringLiteral("Kernel source"));
    if (s.origin == SourceOrigin::None) {
        md.paragraph(QStringLiteral("No source: ") + MD::plain(s.why.isEmpty() ? QStringLiteral("none was looked for") : s.why) + u'.');
        md.paragraph(MD::plain(sourceAttachHint()));
        return;
    }
    md.bullet(MD::bold(QStringLiteral("Origin:")) + u' ' + MD::code(sourceOriginKey(s.origin), MarkdownPlace::Prose) + QStringLiteral(", ")
        + MD::code(s.file, MarkdownPlace::Prose));
    if (!s.anatomy) {
        md.paragraph(
            QStringLiteral("Found but not read: ") + MD::plain(s.why.isEmpty() ? QStringLiteral("no reason recorded") : s.why) + u'.');
        return;
    }
    const KernelAnatomy& a = *s.anatomy;
    const auto meta = [](std::optional<int> n) { return n ? QString::number(*n) : QStringLiteral("not stated"); };
    md.bullet(MD::bold(QStringLiteral("Loads, stores parsed:"))
        + QStringLiteral(" %1, %2 (inductor_meta's num_load, num_store: %3, %4)")
            .arg(a.parsedLoads)
            .arg(a.parsedStores)
            .arg(meta(a.metaNumLoad), meta(a.metaNumStore)));
    if (!a.countNote.isEmpty())
        md.bullet(MD::plain(a.countNote));
    QStringList ops;
    for (const QString& op : a.atenOps)
        ops << MD::code(op, MarkdownPlace::Prose);
    if (!ops.isEmpty())
        md.bullet(MD::bold(QStringLiteral("ATen ops fused:")) + u' ' + ops.join(QStringLiteral(", ")));
    if (!a.sourceNodes.isEmpty())
        md.bullet(MD::bold(QStringLiteral("Source nodes:")) + u' ' + MD::plain(a.sourceNodes.join(QStringLiteral(", "))));
    if (!a.problem.isEmpty())
        md.bullet(MD::bold(QStringLiteral("Not read:")) + u' ' + MD::plain(a.problem));
    if (!a.pointers.empty()) {
        writePointers(md, a);
        writeSourceBytes(md, row, a);
    }
}

void writeFindings(MarkdownWriter& md, const std::vector<JudgedFinding>& findings)
{
    md.heading(2, QStringLiteral("Findings"));
    md.paragraph(QStringLiteral("Each finding's time at stake is the kernel's recoverable time under the lens, not a sum."));
    for (const JudgedFinding& judged : findings) {
        const KernelFinding& f = judged.finding;
        QStringList about;
        if (!f.pointer.isEmpty())
            about << MD::code(f.pointer, MarkdownPlace::Prose);
        if (f.line > 0)
            about << QStringLiteral("line %1").arg(f.line);
        md.bullet(MD::bold(findingKindKey(f.kind)) + QStringLiteral(" — ") + MD::plain(f.text)
            + (about.isEmpty() ? QString() : QStringLiteral(" (") + about.join(QStringLiteral(", ")) + u')')
            + QStringLiteral(" — %1 us at stake").arg(figure(judged.timeAtStakeUs)));
    }
}

} // namespace Ridgeline::Derivation

namespace Ridgeline {

QString sourceAttachHint()
{
    return QStringLiteral("To attach one: the Inductor cache (File ▸ Attach Inductor Cache Folder… or Archive…, or "
                          "--inductor-cache DIR: TORCHINDUCTOR_CACHE_DIR, /tmp/torchinductor_<user> by default), an "
                          "output_code.py (Inductor's wrapper, written with TORCH_COMPILE_DEBUG=1) or a TORCH_TRACE / tlparse "
                          "log: drop it on the window or give it with --inductor-cache, then reload the trace.");
}

} // namespace Ridgeline
