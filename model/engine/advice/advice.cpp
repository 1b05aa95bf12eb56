#include "engine/advice/advice.h"

#include "engine/advice/attentionadvice.h"
#include "engine/advice/gemmadvice.h"
#include "engine/base/text/units.h"
#include "engine/results/copies/copywork.h"

#include <cmath>

namespace Ridgeline {

namespace {

QString callsText(std::int64_t calls, double meanUs)
{
    return QStringLiteral("%1 %2 at %3 each")
        .arg(calls)
        .arg(calls == 1 ? QStringLiteral("call") : QStringLiteral("calls"), formatTimeUs(meanUs));
}

QString attainableText(const AdviceFacts& facts)
{
    return facts.attainableUs ? QStringLiteral(" against %1 attainable").arg(formatTimeUs(*facts.attainableUs)) : QString();
}

Advice copyAdvice(const KernelRow& row, const CopyWork& copy, const AdviceFacts& facts)
{
    QString text = copy.text();
    const std::optional<double> bytes = copy.crossesHostLink() ? hostLinkBytesPerCall(row) : row.bytes();
    if (bytes) // "10.1 MiB", "616 B": a small copy is still a copy to remove
        text += QStringLiteral(" of %1").arg(formatBytes(qint64(*bytes)));
    if (facts.timedCalls > 0)
        text += QStringLiteral(", ") + callsText(facts.timedCalls, facts.meanUs);
    if (copy.crossesHostLink()) {
        if (!facts.hostLinkTBps)
            text += QStringLiteral(": the catalogue has no host link for %1, so no roof").arg(facts.gpuName);
        else if (bytes && facts.meanUs > 0) {
            const double tbps = *bytes / (facts.meanUs * 1e6);
            text += QStringLiteral(": %1 TB/s = %2 % of the host link (%3 TB/s)")
                        .arg(QString::number(tbps, 'f', 3))
                        .arg(std::lround(100.0 * tbps / *facts.hostLinkTBps))
                        .arg(*facts.hostLinkTBps);
        }
        text += QStringLiteral("; a copy in the step waits on the host link (and the host, where it syncs): keep the tensor "
                               "on the GPU, or move the copy out of the step (pinned memory, non_blocking=True, prefetched)");
    } else {
        text += QStringLiteral("; a copy in the step moves bytes without work: remove it (a .contiguous() or .to() a "
                               "view or a fused kernel makes unneeded) or move it out of the step");
    }
    return { AdviceClass::Copy, text };
}

bool isInductorReduction(const KernelRow& row)
{
    return row.parsedName.category == KernelCategory::Reduction || row.parsedName.category == KernelCategory::PersistentReduction;
}

Advice reductionAdvice(const KernelRow& row, const AdviceFacts& facts)
{
    QString text = QStringLiteral("%1 Inductor reduction, %2%3: ")
                       .arg(facts.limiterTitle, callsText(facts.timedCalls, facts.meanUs), attainableText(facts));
    if (row.parsedName.category == KernelCategory::PersistentReduction)
        text += QStringLiteral("already persistent; try coordinate-descent tuning (coordinate_descent_tuning=True) of its XBLOCK "
                               "and num_warps");
    else
        text += QStringLiteral("try a persistent reduction (its rnumel %1 in one block, triton.persistent_reductions) or "
                               "coordinate-descent tuning (coordinate_descent_tuning=True) of its block sizes")
                    .arg(row.hasModel() ? QString::number(row.model->rnumel) : QStringLiteral("?"));
    return { AdviceClass::Reduction, text };
}

Advice unmodelledAdvice(const KernelRow& row, const AdviceFacts& facts)
{
    QString missing;
    if (row.isLibraryOp())
        missing = QStringLiteral("no model of %1 fits its args%2")
                      .arg(row.name, row.model->reason.isEmpty() ? QString() : QString(QStringLiteral(" (") + row.model->reason + u')'));
    else if (row.isLibrary())
        missing = QStringLiteral("a library kernel (%1 work) that no modelled op owns: the op above it needs a model (ATEN_MODELS.md)")
                      .arg(gpuWorkKey(row.work));
    else
        missing = QStringLiteral("no figures: %1")
                      .arg(row.model->reason.isEmpty() ? QStringLiteral("the kernel's inputs are unknown") : row.model->reason);
    QString text = QStringLiteral("not modelled: %1").arg(missing);
    if (facts.timedCalls > 0)
        text += QStringLiteral("; ") + callsText(facts.timedCalls, facts.meanUs) + QStringLiteral(", all of it unjudged");
    return { AdviceClass::Unmodelled, text };
}

} // namespace

QString adviceClassKey(AdviceClass adviceClass)
{
    switch (adviceClass) {
    case AdviceClass::Copy:
        return QStringLiteral("copy");
    case AdviceClass::EagerAttention:
        return QStringLiteral("eager_attention");
    case AdviceClass::Attention:
        return QStringLiteral("attention");
    case AdviceClass::Gemm:
        return QStringLiteral("gemm");
    case AdviceClass::Fuse:
        return QStringLiteral("fuse");
    case AdviceClass::SlowForSize:
        return QStringLiteral("slow_for_size");
    case AdviceClass::Reduction:
        return QStringLiteral("reduction");
    case AdviceClass::Unmodelled:
        return QStringLiteral("unmodelled");
    case AdviceClass::Tune:
        return QStringLiteral("tune");
    }
    return {};
}

Advice adviseRow(const KernelRow& row, const AdviceFacts& facts)
{
    if (const std::optional<CopyWork> copy = copyWorkOf(row))
        return copyAdvice(row, *copy, facts);
    if (!facts.eagerAttentionChain.isEmpty())
        return { AdviceClass::EagerAttention,
            QStringLiteral("the softmax of eager attention (%1), %2: use scaled_dot_product_attention (one fused kernel, "
                           "no score matrix in memory)")
                .arg(facts.eagerAttentionChain, callsText(facts.timedCalls, facts.meanUs)) };
    const bool libraryOpOf = row.libraryOp.has_value();
    const LibraryOpCategory category = libraryOpOf ? row.libraryOp->category : LibraryOpCategory::Other;
    if (category == LibraryOpCategory::Attention || (!libraryOpOf && row.work == GpuWork::Attention))
        return attentionAdvice(row, facts);
    if (category == LibraryOpCategory::Gemm || (!libraryOpOf && row.work == GpuWork::Gemm))
        return gemmAdvice(row, facts);
    switch (facts.verdict) {
    case AdviceFacts::Verdict::LatencyBound:
        return { AdviceClass::Fuse,
            QStringLiteral("latency-bound, %1%2: too small to reach a roof; fuse it into a neighbour or remove the launch "
                           "(CUDA/HIP graphs remove launch overhead), do not tune it")
                .arg(callsText(facts.timedCalls, facts.meanUs), attainableText(facts)) };
    case AdviceFacts::Verdict::SlowForSize:
        return { AdviceClass::SlowForSize,
            QStringLiteral("slow for its size, %1%2 (t0 %3): not launch cost; %4")
                .arg(callsText(facts.timedCalls, facts.meanUs), attainableText(facts), formatTimeUs(facts.latencyFloorUs),
                    facts.firstFinding.isEmpty() ? QStringLiteral("tune it (block sizes, memory access, how its work is split)")
                                                 : facts.firstFinding) };
    case AdviceFacts::Verdict::Unmodelled:
        return unmodelledAdvice(row, facts);
    case AdviceFacts::Verdict::Tune:
        break;
    }
    if (isInductorReduction(row))
        return reductionAdvice(row, facts);
    return { AdviceClass::Tune,
        QStringLiteral("%1, %2%3: tune it (block sizes, memory access, fusion of its loads)%4")
            .arg(facts.limiterTitle, callsText(facts.timedCalls, facts.meanUs), attainableText(facts),
                facts.firstFinding.isEmpty() ? QString() : QStringLiteral("; ") + facts.firstFinding) };
}

} // namespace Ridgeline
