#include "engine/findings/indexbytes.h"

#include "engine/base/text/units.h"

namespace Ridgeline {

namespace {

const PointerAnatomy* pointerNamed(const KernelAnatomy& anatomy, const QString& arg)
{
    for (const PointerAnatomy& p : anatomy.pointers) {
        if (p.arg == arg)
            return &p;
    }
    return nullptr;
}

int firstLoadLine(const PointerAnatomy& p)
{
    for (const SourceAccess& access : p.accesses) {
        if (access.op == SourceAccess::Op::Load)
            return access.line;
    }
    return 0;
}

} // namespace

KernelFindings indexBytesFindings(const KernelAnatomy& anatomy)
{
    KernelFindings findings;
    for (const PointerAnatomy& index : anatomy.pointers) {
        const bool int64 = index.dtype == u"*i64" || index.dtype == u"*u64";
        if (!int64 || index.indexes.isEmpty() || !index.uniqueBytes)
            continue;
        std::int64_t selected = 0;
        bool known = true;
        for (const QString& arg : index.indexes) {
            const PointerAnatomy* data = pointerNamed(anatomy, arg);
            known = known && data && data->uniqueBytesMax;
            if (known)
                selected += *data->uniqueBytesMax;
        }
        if (!known || *index.uniqueBytes <= selected)
            continue;
        KernelFinding finding;
        finding.kind = FindingKind::IndexBytes;
        finding.pointer = index.arg;
        finding.line = firstLoadLine(index);
        finding.text
            = QStringLiteral("%1's int64 indices move %2 to select at most %3 of %4: store the indices as int32, "
                             "or gather wider rows per index")
                  .arg(index.arg, formatBytes(*index.uniqueBytes), formatBytes(selected), index.indexes.join(QStringLiteral(", ")));
        findings.push_back(std::move(finding));
    }
    return findings;
}

} // namespace Ridgeline
