#include "engine/findings/transposedread.h"

#include "engine/base/text/units.h"

namespace Ridgeline {

KernelFindings transposedReadFindings(const KernelAnatomy& anatomy)
{
    KernelFindings findings;
    for (const PointerAnatomy& p : anatomy.pointers) {
        for (const SourceAccess& access : p.accesses) {
            if (access.op != SourceAccess::Op::Load || !access.innermostStride || *access.innermostStride < transposedMinStride)
                continue;
            KernelFinding finding;
            finding.kind = FindingKind::TransposedRead;
            finding.pointer = p.arg;
            finding.line = access.line;
            finding.text = QStringLiteral("%1 is read transposed at line %2: neighbouring lanes %3 elements apart (index %4): "
                                          "tile the kernel along the input's contiguous dimension, or change the layout upstream")
                               .arg(p.arg)
                               .arg(access.line)
                               .arg(formatCount(*access.innermostStride))
                               .arg(access.index);
            findings.push_back(std::move(finding));
            break;
        }
    }
    return findings;
}

} // namespace Ridgeline
