#include "engine/advice/eagerattention.h"

namespace Ridgeline {

namespace {

bool isSoftmax(const KernelRow& row)
{
    if (row.isLibraryOp())
        return row.name == u"aten::_softmax" || row.name == u"aten::softmax";
    // A library kernel of no modelled op: ATen's softmax_warp_forward, cunn_SoftMaxForward.
    return row.isLibrary() && row.name.contains(QStringLiteral("softmax"), Qt::CaseInsensitive)
        && !row.name.contains(QStringLiteral("backward"), Qt::CaseInsensitive);
}

std::int64_t bmmCalls(const AnalysisResult& result)
{
    std::int64_t calls = 0;
    for (const KernelRow& row : result.rows)
        if (row.isLibraryOp() && (row.name == u"aten::bmm" || row.name == u"aten::baddbmm"))
            calls += row.calls;
    return calls;
}

} // namespace

QString eagerAttentionChain(const AnalysisResult& result, const KernelRow& row)
{
    if (!isSoftmax(row) || row.calls <= 0)
        return {};
    const std::int64_t bmm = bmmCalls(result);
    if (bmm < 2 * std::int64_t(row.calls))
        return {};
    return QStringLiteral("%1 softmax calls beside %2 aten::bmm calls").arg(row.calls).arg(bmm);
}

} // namespace Ridgeline
