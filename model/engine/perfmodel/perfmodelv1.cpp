#include "engine/perfmodel/perfmodelv1.h"

#include "engine/base/checkedmath.h"
#include "engine/kernelsource/sourcefacts.h"
#include "engine/perfmodel/dtypes.h"
#include "engine/perfmodel/kernelkinds/kindrules.h"
#include "engine/perfmodel/kernelkinds/v1kinds.h"
#include "engine/perfmodel/v1crosscheck.h"

#include <QSet>
#include <array>

namespace Ridgeline {
namespace {

// TraceLens's V1 pointer table (spec section 5); any other type counts 0.
int traceLensPointerBytes(QStringView type)
{
    using Entry = std::pair<const char16_t*, int>;
    constexpr std::array table { Entry { u"*bf16", 2 }, Entry { u"*fp16", 2 }, Entry { u"*f16", 2 }, Entry { u"*fp32", 4 },
        Entry { u"*f32", 4 }, Entry { u"*i8", 1 }, Entry { u"*u8", 1 }, Entry { u"*i32", 4 }, Entry { u"*i64", 8 } };
    for (const auto& [name, bytes] : table) {
        if (type == QStringView(name))
            return bytes;
    }
    return 0;
}

QString hintName(const SizeHint& hint, bool dict)
{
    return dict ? QStringLiteral("size_hints['%1']").arg(hint.key) : QStringLiteral("size_hints%1").arg(hint.key);
}

struct Counts
{
    std::int64_t x = 1;
    std::int64_t r = 1;
    QStringList xParts, rParts; // "size_hints['x'] = 32768"
    bool xExact = false, rExact = false;
};

// Replaces size_hints' rounded counts with those the source states
// ("ynumel = 64", "xnumel = 4096", "r0_numel = 2048"). True when every count
// the figures use is exact.
bool statedCounts(const TritonSourceFacts& facts, bool reductionKind, Counts& counts)
{
    if (facts.xnumels.size() == 1 && !facts.hasZnumel) {
        if (auto x = checkedMul(facts.xnumels.front(), facts.ynumel.value_or(1))) {
            counts.x = *x;
            counts.xParts
                = QStringList { facts.ynumel ? QStringLiteral("ynumel = %1 x xnumel = %2").arg(*facts.ynumel).arg(facts.xnumels.front())
                                             : QStringLiteral("xnumel = %1").arg(facts.xnumels.front()) };
            counts.xExact = true;
        }
    }
    if (reductionKind && facts.rnumel) {
        counts.r = *facts.rnumel;
        counts.rParts = QStringList { QStringLiteral("rnumel = %1").arg(*facts.rnumel) };
        counts.rExact = true;
    }
    return counts.xExact && (counts.rExact || !reductionKind || counts.rParts.isEmpty());
}

// Dict keys starting with "r" are reduction dims; x, y (and z) multiply into
// the pointwise tile. The list form is [x, r] for reductions and the tile
// ([y, x] or [x]) for everything else.
std::optional<Counts> elementCounts(const WrapperKernel& kernel, bool reductionKind)
{
    Counts counts;
    const auto& hints = kernel.sizeHints;
    for (size_t i = 0; i < hints.size(); ++i) {
        const bool isR
            = kernel.sizeHintsIsDict ? hints[i].key.startsWith(u'r') : (reductionKind && hints.size() >= 2 && i + 1 == hints.size());
        auto product = checkedMul(isR ? counts.r : counts.x, hints[i].value);
        if (!product)
            return std::nullopt;
        (isR ? counts.r : counts.x) = *product;
        (isR ? counts.rParts : counts.xParts) << hintName(hints[i], kernel.sizeHintsIsDict) + QStringLiteral(" = ")
                + QString::number(hints[i].value);
    }
    return counts;
}

QString notModelledWhy(const WrapperKernel& kernel)
{
    switch (kernel.heuristic) {
    case HeuristicKind::Template:
        return QStringLiteral("the cache's block is a template kernel (@%1): not modelled by the Triton perf model").arg(kernel.decorator);
    case HeuristicKind::Foreach:
        return QStringLiteral("the cache's block is a foreach kernel (@%1): not modelled by the Triton perf model").arg(kernel.decorator);
    case HeuristicKind::SplitScan:
        return QStringLiteral("the cache's block is a split-scan kernel (@%1): not modelled by the Triton perf model")
            .arg(kernel.decorator);
    case HeuristicKind::UserAutotune:
        return QStringLiteral("the cache's block is a user-written Triton kernel (@%1): not modelled by the Triton perf model")
            .arg(kernel.decorator);
    default:
        return QStringLiteral("the cache's block has an unknown heuristic (@%1): not modelled").arg(kernel.decorator);
    }
}

QString joinNumbers(const QStringList& parts)
{
    return parts.size() == 1 ? parts.front() : u'(' + parts.join(QStringLiteral(" + ")) + u')';
}

struct TypeNotes
{
    QStringList unknown; // pointer types Ridgeline does not know
    QStringList traceLensZero; // known to Ridgeline, 0 bytes in TraceLens's table
    QSet<QString> seen, seenTraceLensZero;
};

// One term per pointer argument, in signature order (spec section 4):
// reductions move every pointer but the last over xnumel x rnumel and the
// last over xnumel; pointwise kernels move each pointer over xnumel and an
// in_out_ptr twice. Fills the model's tensors, bytes and output write, and
// the derivation's terms and formula. False when a sum overflows.
bool addBytes(const WrapperKernel& kernel, KernelModel& model, V1Derivation& derivation, TypeNotes& types)
{
    const std::int64_t x = model.xnumel, r = model.rnumel;
    std::vector<int> pointers;
    for (size_t i = 0; i < kernel.signature.size(); ++i) {
        if (kernel.signature[i].isPointer())
            pointers.push_back(int(i));
    }
    std::int64_t bytes = 0, traceLensBytes = 0;
    QStringList sizeParts;
    for (size_t p = 0; p < pointers.size(); ++p) {
        const SignatureEntry& entry = kernel.signature[size_t(pointers[p])];
        V1PointerTerm term;
        term.argIndex = pointers[p];
        term.name = entry.name;
        term.type = entry.type;
        term.bytesPerElement = pointerBytesPerElement(entry.type);
        term.traceLensBytesPerElement = traceLensPointerBytes(entry.type);
        const bool last = p + 1 == pointers.size();
        if (derivation.scan) {
            term.elements = x * r; // a scan reads and writes every element; x * r was checked by the caller
            term.rule = QStringLiteral("scanned over xnumel x rnumel");
        } else if (derivation.reduction) {
            term.elements = last ? x : x * r; // x * r was checked by the caller
            term.rule = last ? QStringLiteral("the last pointer (the reduction's output): xnumel")
                             : QStringLiteral("read or written over xnumel x rnumel");
        } else {
            term.elements = x;
            term.passes = entry.isInOut() ? 2 : 1;
            term.rule = entry.isInOut()             ? QStringLiteral("in_out_ptr: read and written back, 2 x xnumel")
                : entry.name.startsWith(u"out_ptr") ? QStringLiteral("written over xnumel")
                                                    : QStringLiteral("read over xnumel");
        }
        const auto one = checkedMul(term.bytesPerElement.value_or(0), term.elements);
        const auto tlOne = checkedMul(term.traceLensBytesPerElement, term.elements);
        const auto all = one ? checkedMul(*one, term.passes) : std::nullopt;
        const auto tlAll = tlOne ? checkedMul(*tlOne, term.passes) : std::nullopt;
        const auto sum = all ? checkedAdd(bytes, *all) : std::nullopt;
        const auto tlSum = tlAll ? checkedAdd(traceLensBytes, *tlAll) : std::nullopt;
        if (!sum || !tlSum)
            return false;
        term.bytes = *all;
        term.traceLensBytes = *tlAll;
        bytes = *sum;
        traceLensBytes = *tlSum;
        // Sets beside the lists: a signature of 100k pointers stays linear.
        if (!term.bytesPerElement && !types.seen.contains(entry.type)) {
            types.seen.insert(entry.type);
            types.unknown << entry.type;
        } else if (term.bytesPerElement && *term.bytesPerElement != term.traceLensBytesPerElement
            && !types.seenTraceLensZero.contains(entry.type)) {
            types.seenTraceLensZero.insert(entry.type);
            types.traceLensZero << entry.type;
        }

        // The same terms as tensors, so that views made for V2 show V1 rows too.
        TensorTraffic tensor;
        tensor.argIndex = term.argIndex;
        tensor.dims = term.elements == x && !derivation.scan ? std::vector<std::int64_t> { x } : std::vector<std::int64_t> { x, r };
        tensor.dtype = entry.type;
        tensor.bytesPerElement = term.bytesPerElement;
        tensor.traceLensBytesPerElement = term.traceLensBytesPerElement;
        tensor.elements = tensor.traceLensElements = term.elements;
        tensor.bytes = *one;
        tensor.traceLensBytes = *tlOne;
        model.tensors.push_back(tensor);
        if (term.passes == 2) {
            model.outputWriteBytes += *one;
            model.traceLensOutputWriteBytes += *tlOne;
        }
        sizeParts << QString::number(term.bytesPerElement.value_or(0)) + (term.passes == 2 ? QStringLiteral(" x 2") : QString());
        derivation.terms.push_back(term);
    }
    if (model.outputWriteBytes > 0)
        model.outputWriteRule
            = QStringLiteral("pointwise: each in_out_ptr is read and written back, so its bytes count twice (V1 signature)");
    if (types.unknown.isEmpty())
        model.bytes = bytes;
    model.traceLensBytes = traceLensBytes;

    const QString total = types.unknown.isEmpty() ? QString::number(bytes) : QStringLiteral("unknown");
    if (pointers.empty()) {
        derivation.bytesFormula = QStringLiteral("no pointer arguments: 0");
    } else if (derivation.scan) {
        derivation.bytesFormula = QStringLiteral("%1 x %2 x %3 = %4").arg(joinNumbers(sizeParts)).arg(x).arg(r).arg(total);
    } else if (derivation.reduction) {
        const QString last = sizeParts.takeLast();
        derivation.bytesFormula
            = (sizeParts.isEmpty() ? QString() : QStringLiteral("%1 x %2 x %3 + ").arg(joinNumbers(sizeParts)).arg(x).arg(r))
            + QStringLiteral("%1 x %2 = %3").arg(last).arg(x).arg(total);
    } else {
        derivation.bytesFormula = QStringLiteral("%1 x %2 = %3").arg(joinNumbers(sizeParts)).arg(x).arg(total);
    }
    return true;
}

struct OpNotes
{
    QStringList notCounted; // 0 FLOPs in both tables
    QStringList traceLensBlind; // counted by Ridgeline, 0 in TraceLens
};

// FLOPs = sum of per-element costs x xnumel x rnumel. False on overflow.
bool addFlops(const QStringList& ops, KernelModel& model, V1Derivation& derivation, OpNotes& notes)
{
    OpCosts costs = costOps(ops);
    QStringList parts;
    for (const OpFlops& entry : costs.ops)
        parts << QString::number(entry.cost.flopsPerElement);
    model.ops = std::move(costs.ops);
    model.flopsPerElement = costs.perElement;
    model.traceLensFlopsPerElement = costs.traceLensPerElement;
    notes.notCounted = costs.notCounted;
    notes.traceLensBlind = costs.traceLensBlind;
    const std::int64_t x = model.xnumel, r = model.rnumel;
    const auto flops = checkedMul(x * r, model.flopsPerElement);
    const auto tlFlops = checkedMul(x * r, model.traceLensFlopsPerElement);
    if (!flops || !tlFlops)
        return false;
    model.flops = *flops;
    model.traceLensFlops = *tlFlops;
    if (parts.isEmpty())
        derivation.flopsFormula = QStringLiteral("no ops known: 0");
    else if (r == 1)
        derivation.flopsFormula = QStringLiteral("%1 x %2 = %3").arg(joinNumbers(parts)).arg(x).arg(model.flops);
    else
        derivation.flopsFormula = QStringLiteral("%1 x %2 x %3 = %4").arg(joinNumbers(parts)).arg(x).arg(r).arg(model.flops);
    return true;
}

} // namespace

PerfModelV1::PerfModelV1(std::shared_ptr<const InductorCacheIndex> index, QString unavailable)
    : m_index(std::move(index))
    , m_unavailable(std::move(unavailable))
{ }

std::optional<KernelModel> PerfModelV1::modelBlock(
    const WrapperKernel& kernel, const KernelName& parsedName, V1Derivation* derivation, QString* whyNot)
{
    auto fail = [whyNot](const QString& why) {
        *whyNot = why;
        return std::nullopt;
    };
    derivation->kernel = kernel;
    if (!kernel.problem.isEmpty())
        return fail(kernel.problem);

    // The Original ATen comment lists every fused op; the name may be
    // generic, or truncated by Inductor.
    QStringList ops;
    if (kernel.hasAtenComment && !kernel.atenOps.isEmpty()) {
        ops = kernel.atenOps;
        derivation->opsSource = QStringLiteral("Original ATen comment");
    } else if (!parsedName.fusedOps().isEmpty()) {
        ops = parsedName.fusedOps();
        derivation->opsSource = QStringLiteral("kernel name");
    } else {
        derivation->opsSource = QStringLiteral("none");
    }
    const TritonSourceFacts facts = readTritonSourceFacts(kernel.source);
    if (kernel.heuristic == HeuristicKind::Template || kernel.heuristic == HeuristicKind::Foreach) {
        const V1KindInput kind { kernel, facts, ops, derivation->opsSource };
        auto model = kernel.heuristic == HeuristicKind::Template ? modelTemplateBlock(kind, derivation, whyNot)
                                                                 : modelForeachBlock(kind, derivation, whyNot);
        if (model) {
            derivation->xnumel = model->xnumel;
            derivation->rnumel = model->rnumel;
            derivation->bytes = model->bytes;
            derivation->flops = model->flopsKnown ? std::optional(model->flops) : std::nullopt;
        }
        return model;
    }
    const bool scan = kernel.heuristic == HeuristicKind::SplitScan;
    if (!isModelledHeuristic(kernel.heuristic) && !scan)
        return fail(notModelledWhy(kernel));

    const bool reductionKind = isReductionHeuristic(kernel.heuristic) || scan;
    auto counts = elementCounts(kernel, reductionKind);
    if (!counts)
        return fail(QStringLiteral("size_hints %1 have more elements than fit in 64 bits").arg(kernel.sizeHintsText));
    // Static shapes: the source states the counts that size_hints round up.
    const bool exactX = statedCounts(facts, reductionKind, *counts);
    const std::int64_t x = counts->x, r = counts->r;
    if (!checkedMul(x, r))
        return fail(QStringLiteral("xnumel x rnumel (%1 x %2) does not fit in 64 bits").arg(x).arg(r));
    derivation->reduction = reductionKind && r > 1;
    derivation->scan = scan;
    derivation->approximate = !exactX;

    KernelModel model;
    model.provenance = Provenance::V1;
    model.xnumel = x;
    model.rnumel = r;
    model.xnumelSource = counts->xParts.join(QStringLiteral(" x "))
        + (counts->xParts.size() > 1 ? QStringLiteral(" (the pointwise tile)") : QString())
        + (counts->xExact ? QStringLiteral(", stated in the block's source") : QStringLiteral(", rounded up to a power of two"));
    model.rnumelSource = !counts->rParts.isEmpty() ? counts->rParts.join(QStringLiteral(" x "))
            + (counts->rExact ? QStringLiteral(", stated in the block's source") : QStringLiteral(", rounded up to a power of two"))
        : reductionKind ? QStringLiteral("1: a reduction without a reduction size hint")
                        : QStringLiteral("1: pointwise kernel");

    TypeNotes types;
    if (!addBytes(kernel, model, *derivation, types))
        return fail(QStringLiteral("bytes do not fit in 64 bits"));

    OpNotes opNotes;
    if (!addFlops(ops, model, *derivation, opNotes))
        return fail(QStringLiteral("FLOPs do not fit in 64 bits (xnumel %1 x rnumel %2)").arg(x).arg(r));

    QStringList notes;
    notes << QStringLiteral("from the Inductor cache: %1, block %2 (line %3)")
                 .arg(kernel.wrapperFile)
                 .arg(kernel.blockIndex)
                 .arg(kernel.line);
    if (derivation->approximate)
        notes << QStringLiteral("approximate: size_hints are rounded up to powers of two");
    else
        notes << QStringLiteral("exact: the block's source states its element counts (static shapes)");
    if (scan)
        notes << ridgelineRule(KernelCategory::SplitScan);
    const bool nameSaysReduction = isReduction(parsedName.category);
    if ((parsedName.category == KernelCategory::Pointwise && reductionKind) || (nameSaysReduction && !reductionKind))
        notes << QStringLiteral("the name says %1 but the cache's block is @%2: the block decides")
                     .arg(categoryTitle(parsedName.category), kernel.decorator);
    if (ops.isEmpty())
        notes << QStringLiteral("no ATen ops known for this kernel (no Original ATen comment, no ops in the name): FLOPs counted as 0");
    if (!opNotes.notCounted.isEmpty())
        notes << QStringLiteral("not counted (0 FLOPs): ") + opNotes.notCounted.join(QStringLiteral(", "));
    if (!types.unknown.isEmpty())
        notes << QStringLiteral("unknown pointer type %1: bytes not computed").arg(types.unknown.join(QStringLiteral(", ")));
    model.reason = notes.join(QStringLiteral("; "));

    if (!traceLensModels(parsedName.category) || scan) {
        model.traceLensDifferences << whyTraceLensDoesNotModel(scan ? KernelCategory::SplitScan : parsedName.category);
        model.traceLensBytes = model.traceLensFlops = 0;
        model.traceLensOutputWriteBytes = 0;
    } else {
        if (!types.traceLensZero.isEmpty() || !types.unknown.isEmpty())
            model.traceLensDifferences << QStringLiteral("TraceLens counts 0 bytes per element for pointer type %1")
                                              .arg((types.traceLensZero + types.unknown).join(QStringLiteral(", ")));
        if (!opNotes.traceLensBlind.isEmpty())
            model.traceLensDifferences << QStringLiteral("TraceLens counts 0 FLOPs for ops outside its table: ")
                    + opNotes.traceLensBlind.join(QStringLiteral(", "));
    }
    derivation->xnumel = model.xnumel;
    derivation->rnumel = model.rnumel;
    derivation->bytes = model.bytes;
    derivation->flops = model.flops;
    return model;
}

CacheLookup PerfModelV1::find(const ModelInput& input) const
{
    const QString kernelFile = input.args ? input.args->kernelFile : QString();
    CacheLookup found = m_index->lookup(input.kernelName, kernelFile);
    if (found.status == CacheLookup::Status::Found || found.status == CacheLookup::Status::Unreadable)
        return found;
    if (const WrapperKernel* file = m_index->kernelFileBlock(input.args ? input.args->kernelHash : QString(), kernelFile)) {
        found.status = file->problem.isEmpty() ? CacheLookup::Status::Found : CacheLookup::Status::Unreadable;
        found.kernel = file;
        found.definingFiles = 1;
        if (!file->problem.isEmpty())
            found.why = QStringLiteral("%1 in %2").arg(file->problem, file->wrapperFile);
    }
    return found;
}

std::optional<KernelModel> PerfModelV1::model(const ModelInput& input, QString* whyNot) const
{
    if (!m_index) {
        *whyNot = m_unavailable;
        return std::nullopt;
    }
    const CacheLookup found = find(input);
    if (found.status != CacheLookup::Status::Found) {
        *whyNot = found.why;
        return std::nullopt;
    }
    V1Derivation derivation;
    derivation.definingFiles = found.definingFiles;
    auto model = modelBlock(*found.kernel, input.parsedName, &derivation, whyNot);
    if (!model)
        return std::nullopt;
    if (found.definingFiles > 1)
        model->reason += QStringLiteral("; the same block is in %1 wrapper files").arg(found.definingFiles);
    model->v1 = std::move(derivation);
    return model;
}

const WrapperKernel* PerfModelV1::block(const ModelInput& input) const
{
    if (!m_index)
        return nullptr;
    const CacheLookup found = find(input);
    return found.status == CacheLookup::Status::Found ? found.kernel : nullptr;
}

void PerfModelV1::annotate(const ModelInput& input, KernelModel& model) const
{
    if (!m_index)
        return;
    const CacheLookup found = find(input);
    if (found.status != CacheLookup::Status::Found)
        return;
    V1Derivation derivation;
    derivation.definingFiles = found.definingFiles;
    QString whyNot;
    modelBlock(*found.kernel, input.parsedName, &derivation, &whyNot);
    if (model.provenance == Provenance::V2 && input.parsedName.category == KernelCategory::Pointwise)
        model.v1OutputWriteNote = V1CrossCheck::outputWriteNote(*found.kernel, model);
    model.v1 = std::move(derivation);
}

} // namespace Ridgeline
