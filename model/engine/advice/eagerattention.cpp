#include "engine/advice/eagerattention.h"

#include <algorithm>

namespace Ridgeline {

QString eagerAttentionChain(const AnalysisResult& result, const KernelRow& row)
{
    if (!row.isLibrary() || row.calls <= 0)
        return {};
    const auto found = std::lower_bound(result.eagerAttention.begin(), result.eagerAttention.end(), row.name,
        [](const EagerAttentionChains& chains, const QString& name) { return chains.softmaxKernel < name; });
    if (found == result.eagerAttention.end() || found->softmaxKernel != row.name || found->calls <= 0)
        return {};
    const QString where = found->module.isEmpty() ? QStringLiteral("one after the other on the launching thread")
                                                  : QStringLiteral("under one call of %1").arg(found->module);
    return QStringLiteral("%1 of its %2 calls between two batched matmuls (aten::bmm), %3").arg(found->calls).arg(row.calls).arg(where);
}

} // namespace Ridgeline
