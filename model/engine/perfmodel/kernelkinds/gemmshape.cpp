#include "engine/perfmodel/kernelkinds/gemmshape.h"

#include "engine/base/checkedmath.h"
#include "engine/kernelsource/sourcefacts.h"

#include <algorithm>
#include <array>

namespace Ridgeline {
namespace {

constexpr std::array gemmOps { u"mm", u"addmm", u"bmm", u"baddbmm", u"_scaled_mm", u"_int_mm", u"addmm_", u"mm_plus_mm" };

bool isGemm(QStringView op)
{
    for (const char16_t* name : gemmOps) {
        if (op == QStringView(name))
            return true;
    }
    return false;
}

// addmm and baddbmm add the bias (or input) to every output element.
bool addsInput(QStringView op)
{
    return op == u"addmm" || op == u"addmm_" || op == u"baddbmm";
}

QString dimsText(const std::vector<std::int64_t>& dims)
{
    QStringList parts;
    for (std::int64_t d : dims)
        parts << QString::number(d);
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

bool endsWith(const std::vector<std::int64_t>& dims, std::int64_t a, std::int64_t b)
{
    return dims.size() >= 2 && dims[dims.size() - 2] == a && dims.back() == b;
}

} // namespace

QString gemmOpAmong(const QStringList& ops)
{
    for (const QString& op : ops) {
        if (isGemm(op))
            return op;
    }
    return {};
}

bool isBatchedGemm(QStringView op)
{
    return op == u"bmm" || op == u"baddbmm";
}

std::optional<GemmShape> gemmFromTensors(const std::vector<TensorTraffic>& tensors, const QString& op, QString* whyNot)
{
    // A template's operands come first: a hostile list of 100k tensors costs
    // at most operandSearch^2 pairs, each with one linear search for C.
    constexpr size_t operandSearch = 16;
    const size_t operands = std::min(tensors.size(), operandSearch);
    std::optional<GemmShape> first;
    for (size_t i = 0; i < operands; ++i) {
        const auto& a = tensors[i].dims;
        if (a.size() < 2)
            continue;
        for (size_t j = i + 1; j < operands; ++j) {
            const auto& b = tensors[j].dims;
            if (b.size() != a.size() || b[b.size() - 2] != a.back())
                continue;
            if (!std::equal(a.begin(), a.end() - 2, b.begin()))
                continue; // batch dims differ
            GemmShape gemm;
            gemm.op = op;
            gemm.m = a[a.size() - 2];
            gemm.k = a.back();
            gemm.n = b.back();
            for (size_t d = 0; d + 2 < a.size(); ++d) {
                auto batch = checkedMul(gemm.batch, a[d]);
                if (!batch) {
                    *whyNot = QStringLiteral("the batch of Input Dims[%1] does not fit in 64 bits").arg(tensors[i].argIndex);
                    return std::nullopt;
                }
                gemm.batch = *batch;
            }
            gemm.aArg = tensors[i].argIndex;
            gemm.bArg = tensors[j].argIndex;
            gemm.operandDtype = tensors[i].dtype;
            gemm.source = QStringLiteral("A = Input Dims[%1] %2, B = Input Dims[%3] %4")
                              .arg(gemm.aArg)
                              .arg(dimsText(a))
                              .arg(gemm.bArg)
                              .arg(dimsText(b));
            for (size_t o = 0; o < tensors.size(); ++o) {
                if (o != i && o != j && endsWith(tensors[o].dims, gemm.m, gemm.n) && tensors[o].dims.size() == a.size()) {
                    gemm.outArg = tensors[o].argIndex;
                    gemm.source += QStringLiteral(", C = Input Dims[%1] %2").arg(gemm.outArg).arg(dimsText(tensors[o].dims));
                    return gemm;
                }
            }
            if (!first)
                first = gemm;
        }
    }
    if (first)
        return first;
    *whyNot = QStringLiteral("no two tensors in Input Dims multiply as [..., M, K] x [..., K, N]");
    return std::nullopt;
}

std::optional<GemmShape> gemmFromSource(const TritonSourceFacts& facts, const QString& op, QString* whyNot)
{
    if (facts.gemmM.isEmpty() || facts.gemmN.isEmpty() || facts.gemmK.isEmpty()) {
        *whyNot = QStringLiteral("the template's source has no \"M = \", \"N = \" and \"K = \" lines");
        return std::nullopt;
    }
    const auto m = statedSize(facts.gemmM), n = statedSize(facts.gemmN), k = statedSize(facts.gemmK);
    if (!m || !n || !k) {
        QStringList dynamic;
        if (!m)
            dynamic << QStringLiteral("M = ") + facts.gemmM;
        if (!n)
            dynamic << QStringLiteral("N = ") + facts.gemmN;
        if (!k)
            dynamic << QStringLiteral("K = ") + facts.gemmK;
        *whyNot
            = QStringLiteral("the template has dynamic sizes (%1): the block does not state them").arg(dynamic.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    if (isBatchedGemm(op)) {
        *whyNot = QStringLiteral("a batched template (%1): its batch is in the launch grid, not in the block").arg(op);
        return std::nullopt;
    }
    GemmShape gemm;
    gemm.op = op;
    gemm.m = *m;
    gemm.n = *n;
    gemm.k = *k;
    gemm.allowTf32 = facts.allowTf32;
    gemm.source = QStringLiteral("the template's source: M = %1, N = %2, K = %3").arg(*m).arg(*n).arg(*k);
    return gemm;
}

bool countGemmFlops(GemmShape& gemm, const std::vector<OpFlops>& ops, std::int64_t* epiloguePerElement)
{
    std::int64_t perElement = addsInput(gemm.op) ? 1 : 0;
    for (const OpFlops& entry : ops) {
        if (!isGemm(entry.op))
            perElement += entry.cost.flopsPerElement;
    }
    const auto mn = checkedMul(gemm.m, gemm.n);
    const auto outputs = mn ? checkedMul(*mn, gemm.batch) : std::nullopt;
    const auto mnk = outputs ? checkedMul(*outputs, gemm.k) : std::nullopt;
    const auto twice = mnk ? checkedMul(*mnk, std::int64_t(2)) : std::nullopt;
    const auto epilogue = outputs ? checkedMul(*outputs, perElement) : std::nullopt;
    if (!twice || !epilogue || !checkedAdd(*twice, *epilogue))
        return false;
    gemm.gemmFlops = *twice;
    gemm.epilogueFlops = *epilogue;
    *epiloguePerElement = perElement;
    return true;
}

} // namespace Ridgeline
