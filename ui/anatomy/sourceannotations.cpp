#include "anatomy/sourceannotations.h"

#include "anatomy/accesskindcolors.h"
#include "anatomy/anatomyfacts.h"
#include "engine/base/text/units.h"
#include "engine/kernelsource/pointerkindtext.h"

#include <QCoreApplication>

namespace Ridgeline {

SourceAnnotations::SourceAnnotations(const KernelAnatomy& anatomy, bool dark)
{
    m_pointers.reserve(anatomy.pointers.size());
    for (int p = 0; p < int(anatomy.pointers.size()); ++p) {
        const PointerAnatomy& pointer = anatomy.pointers[p];
        m_pointers.push_back({ pointer.arg, pointer.dtype, pointerRoleKey(pointer.role), pointerKindText(pointer), bytesRangeText(pointer),
            pointer.perAccessBytes ? formatBytes(*pointer.perAccessBytes) : QCoreApplication::translate("SourceAnnotations", "unknown"),
            pointer.why, accessKindColor(pointer.kind, dark) });
        for (const SourceAccess& access : pointer.accesses)
            m_lines[access.line].append({ p, access.op, access.index, access.mask });
    }
}

QColor SourceAnnotations::color(int line) const
{
    const auto found = m_lines.constFind(line);
    return found == m_lines.constEnd() ? QColor() : m_pointers[found->last().pointer].color;
}

QString SourceAnnotations::text(int line) const
{
    // Two pointers on one line (a gather's index load nested in another): both are said.
    QString out;
    for (const Access& access : m_lines.value(line)) {
        const PointerText& p = m_pointers[access.pointer];
        if (!out.isEmpty())
            out += QStringLiteral("; ");
        out += QStringLiteral("%1 %2 · %3 · %4 unique").arg(p.arg, sourceAccessOpKey(access.op), p.kind, p.bytes);
    }
    return out;
}

QString SourceAnnotations::tooltip(int line) const
{
    QString out;
    for (const Access& access : m_lines.value(line)) {
        const PointerText& p = m_pointers[access.pointer];
        if (!out.isEmpty())
            out += QStringLiteral("<hr>");
        out += QStringLiteral("<b>%1</b> %2 (%3), %4<br>%5: <code>%6</code>")
                   .arg(p.arg.toHtmlEscaped(), p.dtype.toHtmlEscaped(), p.role, p.kind.toHtmlEscaped(), sourceAccessOpKey(access.op),
                       access.index.toHtmlEscaped());
        if (!access.mask.isEmpty())
            out += QCoreApplication::translate("SourceAnnotations", "<br>mask: <code>%1</code>").arg(access.mask.toHtmlEscaped());
        out += QCoreApplication::translate(
            "SourceAnnotations", "<br>unique bytes %1, per-access bytes %2 (the pointer's, over all its accesses)")
                   .arg(p.bytes, p.perAccessBytes);
        if (!p.why.isEmpty())
            out += QStringLiteral("<br>") + p.why.toHtmlEscaped();
    }
    return out;
}

} // namespace Ridgeline
