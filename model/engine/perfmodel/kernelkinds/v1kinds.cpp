#include "engine/perfmodel/kernelkinds/v1kinds.h"

#include "engine/base/checkedmath.h"
#include "engine/perfmodel/dtypes.h"
#include "engine/perfmodel/kernelkinds/gemmshape.h"
#include "engine/perfmodel/kernelkinds/kindrules.h"

#include <QRegularExpression>
#include <QSet>

namespace Ridgeline {
namespace {

// One pointer's term: bytes per element x elements x passes, kept for the
// inspector as V1PointerTerm and for views made for V2 as TensorTraffic.
bool addTerm(KernelModel& model, V1Derivation& derivation, const SignatureEntry& entry, int argIndex, std::int64_t elements, int passes,
    const QString& rule, QStringList* unknownTypes)
{
    V1PointerTerm term;
    term.argIndex = argIndex;
    term.name = entry.name;
    term.type = entry.type;
    term.bytesPerElement = pointerBytesPerElement(entry.type);
    term.elements = elements;
    term.passes = passes;
    term.rule = rule;
    const auto one = checkedMul(term.bytesPerElement.value_or(0), elements);
    const auto all = one ? checkedMul(*one, passes) : std::nullopt;
    const auto sum = all ? checkedAdd(model.bytes.value_or(0), *all) : std::nullopt;
    if (!sum)
        return false;
    term.bytes = *all;
    model.bytes = *sum;
    if (!term.bytesPerElement && !unknownTypes->contains(entry.type))
        *unknownTypes << entry.type;

    TensorTraffic tensor;
    tensor.argIndex = argIndex;
    tensor.dims = { elements };
    tensor.dtype = entry.type;
    tensor.bytesPerElement = term.bytesPerElement;
    tensor.elements = tensor.traceLensElements = elements;
    tensor.bytes = *one;
    model.tensors.push_back(tensor);
    derivation.terms.push_back(term);
    return true;
}

QString notModelledByTraceLens(const WrapperKernel& block)
{
    return QStringLiteral("TraceLens does not model @%1 blocks").arg(block.decorator);
}

// Finishes a model: bytes known only when every pointer type is, TraceLens's
// view "not modelled", the reason's clauses.
void finish(KernelModel& model, const V1KindInput& input, const QStringList& unknownTypes, QStringList notes)
{
    if (!unknownTypes.isEmpty()) {
        model.bytes.reset();
        notes << QStringLiteral("unknown pointer type %1: bytes not computed").arg(unknownTypes.join(QStringLiteral(", ")));
    }
    model.traceLensBytes = model.traceLensFlops = 0;
    model.traceLensDifferences << notModelledByTraceLens(input.block);
    model.reason = QStringLiteral("from the Inductor cache: %1, block %2 (line %3)")
                       .arg(input.block.wrapperFile)
                       .arg(input.block.blockIndex)
                       .arg(input.block.line)
        + QStringLiteral("; ") + notes.join(QStringLiteral("; "));
}

} // namespace

std::optional<KernelModel> modelTemplateBlock(const V1KindInput& input, V1Derivation* derivation, QString* whyNot)
{
    const QString op = gemmOpAmong(input.ops);
    if (op.isEmpty()) {
        *whyNot = QStringLiteral("the cache's template block has no GEMM op (mm, addmm, bmm, _scaled_mm) among its ATen ops: "
                                 "not a matrix product Ridgeline can count");
        return std::nullopt;
    }
    auto gemm = gemmFromSource(input.facts, op, whyNot);
    if (!gemm)
        return std::nullopt;

    KernelModel model;
    model.provenance = Provenance::V1;
    OpCosts costs = costOps(input.ops);
    model.ops = std::move(costs.ops);
    std::int64_t perElement = 0;
    if (!countGemmFlops(*gemm, model.ops, &perElement)) {
        *whyNot = QStringLiteral("the GEMM's FLOPs do not fit in 64 bits");
        return std::nullopt;
    }
    const std::int64_t m = gemm->m, n = gemm->n, k = gemm->k;
    // The signature's pointers in order: A and B first (arg_A, arg_B), then
    // epilogue inputs and outputs, whose shapes the block does not state:
    // each is counted as one M x N matrix.
    QStringList unknownTypes;
    int pointer = 0;
    bool approximateEpilogue = false;
    for (size_t i = 0; i < input.block.signature.size(); ++i) {
        const SignatureEntry& entry = input.block.signature[i];
        if (!entry.isPointer())
            continue;
        const bool a = pointer == 0, b = pointer == 1;
        ++pointer;
        const auto elements = a ? checkedMul(m, k) : b ? checkedMul(k, n) : checkedMul(m, n);
        const QString rule = a ? QStringLiteral("A: M x K")
            : b                ? QStringLiteral("B: K x N")
                               : QStringLiteral("epilogue input or output: counted as M x N");
        if (a)
            gemm->aArg = int(i), gemm->operandDtype = entry.type;
        else if (b)
            gemm->bArg = int(i);
        else
            approximateEpilogue = approximateEpilogue || !entry.name.startsWith(u"out_ptr");
        if (!elements || !addTerm(model, *derivation, entry, int(i), *elements, 1, rule, &unknownTypes)) {
            *whyNot = QStringLiteral("bytes do not fit in 64 bits");
            return std::nullopt;
        }
    }
    if (pointer < 2) {
        *whyNot = QStringLiteral("the template's signature has fewer than two pointers: no A and B");
        return std::nullopt;
    }
    model.flopsPerElement = perElement;
    model.flops = gemm->gemmFlops + gemm->epilogueFlops;
    model.xnumel = m * n;
    model.rnumel = k;
    model.xnumelSource = QStringLiteral("M x N = %1 x %2, the output's elements (the template's source)").arg(m).arg(n);
    model.rnumelSource = QStringLiteral("K = %1, the reduced dimension (the template's source)").arg(k);
    derivation->approximate = approximateEpilogue;
    derivation->opsSource = input.opsSource;
    derivation->bytesFormula = QStringLiteral("A %1 x %2 + B %2 x %3 + %4 more M x N: %5 bytes")
                                   .arg(m)
                                   .arg(k)
                                   .arg(n)
                                   .arg(pointer - 2)
                                   .arg(model.bytes ? QString::number(*model.bytes) : QStringLiteral("unknown"));
    derivation->flopsFormula = QStringLiteral("2 x %1 x %2 x %3 + %4 x %1 x %2 = %5").arg(m).arg(n).arg(k).arg(perElement).arg(model.flops);
    QStringList notes { ridgelineRule(KernelCategory::Template), gemm->source };
    if (approximateEpilogue)
        notes << QStringLiteral("approximate: the epilogue's inputs are counted as M x N each (the block does not state their shapes)");
    model.gemm = std::move(*gemm);
    finish(model, input, unknownTypes, notes);
    return model;
}

std::optional<KernelModel> modelForeachBlock(const V1KindInput& input, V1Derivation* derivation, QString* whyNot)
{
    const TritonSourceFacts& facts = input.facts;
    if (facts.xnumels.empty() || facts.xnumelAt.size() != facts.xnumels.size()) {
        *whyNot = QStringLiteral("the foreach block states no \"xnumel = N\" per sub-kernel (dynamic shapes)");
        return std::nullopt;
    }
    QHash<QString, const SignatureEntry*> pointers;
    QHash<QString, int> positions;
    for (size_t i = 0; i < input.block.signature.size(); ++i) {
        const SignatureEntry& entry = input.block.signature[i];
        if (entry.isPointer()) {
            pointers.insert(entry.name, &entry);
            positions.insert(entry.name, int(i));
        }
    }
    KernelModel model;
    model.provenance = Provenance::V1;
    model.bytes = 0;
    QStringList unknownTypes, parts;
    static const QRegularExpression pointerUse(QStringLiteral(R"(\b(?:in_out_ptr|in_ptr|out_ptr)\d+\b)"));
    const QStringView source = input.block.source;
    std::int64_t elements = 0;
    for (size_t s = 0; s < facts.xnumels.size(); ++s) {
        const qsizetype from = facts.xnumelAt[s];
        const qsizetype to = s + 1 < facts.xnumelAt.size() ? facts.xnumelAt[s + 1] : source.size();
        const std::int64_t xnumel = facts.xnumels[s];
        auto sum = checkedAdd(elements, xnumel);
        if (!sum) {
            *whyNot = QStringLiteral("the sub-kernels' elements do not fit in 64 bits");
            return std::nullopt;
        }
        elements = *sum;
        // The pointers this sub-kernel loads or stores, each once.
        QSet<QString> used;
        for (auto it = pointerUse.globalMatchView(source.mid(from, to - from)); it.hasNext();) {
            const QString name = it.next().captured(0);
            if (used.contains(name) || !pointers.contains(name))
                continue;
            used.insert(name);
            const SignatureEntry& entry = *pointers.value(name);
            const int passes = entry.isInOut() ? 2 : 1;
            const QString rule = QStringLiteral("sub-kernel %1: xnumel %2%3")
                                     .arg(s)
                                     .arg(xnumel)
                                     .arg(passes == 2 ? QStringLiteral(", read and written") : QString());
            if (!addTerm(model, *derivation, entry, positions.value(name), xnumel, passes, rule, &unknownTypes)) {
                *whyNot = QStringLiteral("bytes do not fit in 64 bits");
                return std::nullopt;
            }
        }
        if (parts.size() < 8)
            parts << QString::number(xnumel);
    }
    OpCosts costs = costOps(input.ops);
    model.ops = std::move(costs.ops);
    model.flopsPerElement = costs.perElement;
    model.xnumel = elements;
    model.rnumel = 1;
    model.xnumelSource = QStringLiteral("the sum of the %1 sub-kernels' \"xnumel =\" (%2%3)")
                             .arg(facts.xnumels.size())
                             .arg(parts.join(QStringLiteral(" + ")))
                             .arg(facts.xnumels.size() > 8 ? QStringLiteral(" + ...") : QString());
    model.rnumelSource = QStringLiteral("1: foreach kernels are pointwise per tensor");
    QStringList notes { ridgelineRule(KernelCategory::Foreach) };
    if (input.ops.isEmpty()) {
        model.flopsKnown = false;
        notes << QStringLiteral("FLOPs unknown: the block lists no ATen ops");
    } else {
        const auto flops = checkedMul(elements, model.flopsPerElement);
        if (!flops) {
            *whyNot = QStringLiteral("FLOPs do not fit in 64 bits");
            return std::nullopt;
        }
        model.flops = *flops;
    }
    derivation->approximate = false;
    derivation->opsSource = input.opsSource;
    derivation->bytesFormula = QStringLiteral("each sub-kernel's pointers x its xnumel: %1 bytes")
                                   .arg(model.bytes ? QString::number(*model.bytes) : QStringLiteral("unknown"));
    derivation->flopsFormula = model.flopsKnown ? QStringLiteral("%1 x %2 = %3").arg(model.flopsPerElement).arg(elements).arg(model.flops)
                                                : QStringLiteral("unknown");
    finish(model, input, unknownTypes, notes);
    return model;
}

} // namespace Ridgeline
