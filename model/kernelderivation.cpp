// STUB: to be implemented (inspector helper).
#include "kernelderivation.h"

namespace Ridgeline {

QString derivationMarkdown(const KernelRow& row, const GpuSpec&, PeakSet)
{
    return QStringLiteral("# ") + row.name;
}

} // namespace Ridgeline
