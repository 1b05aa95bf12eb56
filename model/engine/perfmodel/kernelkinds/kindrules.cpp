#include "engine/perfmodel/kernelkinds/kindrules.h"

#include "engine/base/checkedmath.h"
#include "engine/perfmodel/kernelkinds/gemmshape.h"

namespace Ridgeline {

bool needsIntegerArgs(KernelCategory category)
{
    return category == KernelCategory::Pointwise || isReduction(category) || category == KernelCategory::SplitScan;
}

std::optional<ElementCounts> v2ElementCounts(KernelCategory category, const IntegerArgs& ints, const WrapperKernel* block, QString* whyNot)
{
    ElementCounts counts;
    if (ints.empty()) {
        counts.known = false;
        counts.x = 0;
        counts.xSource = QStringLiteral("unknown: no integer in Concrete Inputs");
        counts.rSource = QStringLiteral("1");
        return counts;
    }
    // A generic name says nothing; the cache's block of that name does.
    const bool reductionShaped = isReduction(category) || category == KernelCategory::SplitScan
        || (block && (category == KernelCategory::Generic || category == KernelCategory::Other)
            && (isReductionHeuristic(block->heuristic) || block->heuristic == HeuristicKind::SplitScan));
    if (category == KernelCategory::Foreach) {
        // One xnumel per sub-kernel: the kernel covers their sum.
        QStringList positions;
        for (const auto& [position, value] : ints) {
            auto sum = checkedAdd(counts.x, value);
            if (!sum || value < 0) {
                *whyNot = QStringLiteral("the sum of the integer Concrete Inputs does not fit in 64 bits");
                return std::nullopt;
            }
            counts.x = *sum;
            if (positions.size() < 8)
                positions << QString::number(position);
        }
        counts.xSource = QStringLiteral("the sum of the %1 integer Concrete Inputs (%2%3), one xnumel per sub-kernel")
                             .arg(ints.size())
                             .arg(positions.join(QStringLiteral(", ")))
                             .arg(ints.size() > 8 ? QStringLiteral(", ...") : QString());
        counts.rSource = QStringLiteral("1: foreach kernels are pointwise per tensor");
        return counts;
    }
    if (reductionShaped && ints.size() >= 2) {
        counts.x = ints[ints.size() - 2].second;
        counts.r = ints.back().second;
        counts.xSource = QStringLiteral("Concrete Inputs[%1], the second-last integer").arg(ints[ints.size() - 2].first);
        counts.rSource = QStringLiteral("Concrete Inputs[%1], the last integer").arg(ints.back().first)
            + (category == KernelCategory::SplitScan ? QStringLiteral(" (the scanned length)") : QString());
        if (!isReduction(category) && category != KernelCategory::SplitScan)
            counts.rSource += QStringLiteral(": the cache's block is @%1").arg(block->decorator);
        return counts;
    }
    counts.x = ints.back().second;
    counts.xSource = QStringLiteral("Concrete Inputs[%1], the last integer").arg(ints.back().first);
    counts.rSource
        = reductionShaped ? QStringLiteral("1: a reduction with a single integer argument") : QStringLiteral("1: pointwise kernel");
    return counts;
}

std::optional<KernelOps> kernelOps(const KernelName& name, const WrapperKernel* block)
{
    const KernelCategory category = name.category;
    if (category == KernelCategory::User)
        return std::nullopt; // its code is the user's: no ATen ops to count
    if (category == KernelCategory::Generic || category == KernelCategory::Other) {
        if (block && block->hasAtenComment && !block->atenOps.isEmpty())
            return KernelOps { block->atenOps, QStringLiteral("the Original ATen comment of the cache's block") };
        return std::nullopt;
    }
    if (!name.fusedOps().isEmpty())
        return KernelOps { name.fusedOps(), QStringLiteral("kernel name") };
    if (needsIntegerArgs(category))
        return KernelOps {}; // as TraceLens: no ops in the name is 0 FLOPs, said as such
    // "triton_for_fused_1", "triton_tem_fused_0": the cache's comment may list them.
    if (block && block->hasAtenComment && !block->atenOps.isEmpty())
        return KernelOps { block->atenOps, QStringLiteral("the Original ATen comment of the cache's block") };
    return std::nullopt;
}

OpCosts costOps(const QStringList& ops)
{
    OpCosts costs;
    for (const QString& op : ops) {
        OpFlops entry { op, OpCatalog::cost(op) };
        costs.perElement += entry.cost.flopsPerElement;
        costs.traceLensPerElement += entry.cost.traceLensFlopsPerElement;
        if (entry.cost.kind == OpCostKind::NotCounted && gemmOpAmong({ op }).isEmpty() && !costs.notCounted.contains(op))
            costs.notCounted << op;
        if (entry.cost.flopsPerElement != entry.cost.traceLensFlopsPerElement && !costs.traceLensBlind.contains(op))
            costs.traceLensBlind << op;
        costs.ops.push_back(std::move(entry));
    }
    return costs;
}

QString ridgelineRule(KernelCategory category)
{
    switch (category) {
    case KernelCategory::Template:
        return QStringLiteral("Ridgeline's rule for template GEMMs (TraceLens does not model them): "
                              "2 x M x N x K per batch plus the epilogue's ops per output element; bytes of every tensor");
    case KernelCategory::Foreach:
        return QStringLiteral("Ridgeline's rule for foreach kernels (TraceLens does not model them): "
                              "bytes of every tensor of the lists, ops per element over every sub-kernel's elements");
    case KernelCategory::SplitScan:
        return QStringLiteral("Ridgeline's rule for split scans (TraceLens does not model them): "
                              "bytes of input and output, the scan's ops per element over xnumel x rnumel");
    case KernelCategory::Generic:
    case KernelCategory::Other:
        return QStringLiteral("Ridgeline's rule for kernels without a category in the name (TraceLens does not model them): "
                              "bytes of every tensor, ops from the Inductor cache's block");
    case KernelCategory::User:
        return QStringLiteral("Ridgeline's rule for user-written Triton kernels (TraceLens does not model them): "
                              "bytes of every tensor; the kernel's ops are its own, so FLOPs are unknown");
    default:
        return {};
    }
}

} // namespace Ridgeline
