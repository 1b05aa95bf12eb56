#include "engine/advice/attentionadvice.h"

#include "engine/base/text/units.h"

namespace Ridgeline {

namespace {

AttentionBackend backendOfName(const QString& name)
{
    const QString n = name.toLower();
    // The most specific names first: aiter's and CK's kernels say "fmha" and "fwd" too.
    if (n.contains(QStringLiteral("aiter")))
        return AttentionBackend::Aiter;
    if (n.contains(QStringLiteral("ck_tile")) || n.contains(QStringLiteral("ck::")) || n.contains(QStringLiteral("ck_fmha")))
        return AttentionBackend::Ck;
    if (n.contains(QStringLiteral("cudnn")))
        return AttentionBackend::Cudnn;
    if (n.contains(QStringLiteral("efficient")) || n.contains(QStringLiteral("fmha_cutlass")))
        return AttentionBackend::Efficient;
    if (n.contains(QStringLiteral("flash")))
        return AttentionBackend::Flash;
    if (n.contains(QStringLiteral("attention_math")))
        return AttentionBackend::Math;
    return AttentionBackend::Unknown;
}

QString alternatives(AttentionBackend backend)
{
    switch (backend) {
    case AttentionBackend::Flash:
        return QStringLiteral("already the fastest SDPA backend; on ROCm try aiter's assembly flash attention, elsewhere "
                              "FlexAttention or cuDNN attention for this head size");
    case AttentionBackend::Ck:
        return QStringLiteral("try aiter's assembly flash attention (ROCm), or check the head size and dtype keep it on CK's fast path");
    case AttentionBackend::Aiter:
        return QStringLiteral("already aiter's kernel; compare SDPA's flash attention (CK or AOTriton) on this shape");
    case AttentionBackend::Efficient:
        return QStringLiteral("flash attention is faster where the mask and dtype allow it (fp16/bf16, no arbitrary mask): "
                              "check why SDPA did not pick it");
    case AttentionBackend::Cudnn:
        return QStringLiteral("compare flash attention (torch.nn.attention.sdpa_kernel) on this shape");
    case AttentionBackend::Math:
        return QStringLiteral("SDPA fell back to its math path (bmm, softmax, bmm): make the inputs fit flash attention "
                              "(fp16/bf16, contiguous, a supported head size) or the memory-efficient backend");
    case AttentionBackend::Unknown:
        break;
    }
    return QStringLiteral("name the backend with torch.nn.attention.sdpa_kernel and compare flash, memory-efficient and cuDNN");
}

} // namespace

QString attentionBackendKey(AttentionBackend backend)
{
    switch (backend) {
    case AttentionBackend::Flash:
        return QStringLiteral("flash");
    case AttentionBackend::Ck:
        return QStringLiteral("ck");
    case AttentionBackend::Aiter:
        return QStringLiteral("aiter");
    case AttentionBackend::Efficient:
        return QStringLiteral("efficient");
    case AttentionBackend::Cudnn:
        return QStringLiteral("cudnn");
    case AttentionBackend::Math:
        return QStringLiteral("math");
    case AttentionBackend::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

AttentionBackend attentionBackendOf(const KernelRow& row)
{
    // The op says which SDPA backend ran (aten::_scaled_dot_product_flash_attention, ...).
    if (const AttentionBackend own = backendOfName(row.name); own != AttentionBackend::Unknown)
        return own;
    if (row.libraryOp)
        for (const QString& kernel : row.libraryOp->kernelNames)
            if (const AttentionBackend backend = backendOfName(kernel); backend != AttentionBackend::Unknown)
                return backend;
    return AttentionBackend::Unknown;
}

Advice attentionAdvice(const KernelRow& row, const AdviceFacts& facts)
{
    const AttentionBackend backend = attentionBackendOf(row);
    QString text = backend == AttentionBackend::Unknown ? QStringLiteral("attention, backend not named by its kernels")
                                                        : QStringLiteral("attention on the %1 backend").arg(attentionBackendKey(backend));
    if (facts.attainableUs && facts.timedCalls > 0)
        text += QStringLiteral(", %1 a call against %2 attainable").arg(formatTimeUs(facts.meanUs), formatTimeUs(*facts.attainableUs));
    return { AdviceClass::Attention, text + QStringLiteral(": ") + alternatives(backend) };
}

} // namespace Ridgeline
