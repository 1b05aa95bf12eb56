#include "engine/findings/transposedread.h"

#include "engine/base/text/units.h"

namespace Ridgeline {

KernelFindings transposedReadFindings(const KernelAnatomy& anatomy)
{
    KernelFindings findings;
    for (const PointerAnatomy& p : anatomy.pointers) {
        for (size_t k = 0; k < p.accesses.size() && k < p.innermostStrides.size(); ++k) {
            const SourceAccess& access = p.accesses[k];
            const std::optional<std::int64_t> stride = p.innermostStrides[k];
            if (access.op != SourceAccess::Op::Load || !stride || *stride < transposedMinStride)
                continue;
            KernelFinding finding;
            finding.kind = FindingKind::TransposedRead;
            finding.pointer = p.arg;
            finding.line = access.line;
            finding.text = QStringLiteral("%1 is read transposed at line %2: neighbouring lanes %3 elements apart (index %4): "
                                          "tile the kernel along the input's contiguous dimension, or change the layout upstream")
                               .arg(p.arg)
                               .arg(access.line)
                               .arg(formatCount(*stride))
                               .arg(access.index);
            findings.push_back(std::move(finding));
            break;
        }
    }
    return findings;
}

} // namespace Ridgeline
