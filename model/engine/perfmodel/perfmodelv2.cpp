#include "engine/perfmodel/perfmodelv2.h"

#include "engine/base/checkedmath.h"
#include "engine/perfmodel/dtypes.h"
#include "engine/perfmodel/kernelkinds/gemmshape.h"
#include "engine/perfmodel/kernelkinds/kindrules.h"

#include <QSet>

namespace Ridgeline {
namespace {

struct Fail
{
    QString why;
};

QString quoted(const QString& text)
{
    return u'"' + text + u'"';
}

struct Scalars
{
    IntegerArgs integers; // (position, value)
};

Scalars integerScalars(const TritonOpArgs& args, QString* error)
{
    Scalars scalars;
    for (int i = 0; i < args.concreteInputs.size(); ++i) {
        std::int64_t value = 0;
        switch (parseInteger(args.concreteInputs[i], &value)) {
        case IntegerParse::Ok:
            scalars.integers.emplace_back(i, value);
            break;
        case IntegerParse::NotInteger:
            break;
        case IntegerParse::OutOfRange:
            *error = QStringLiteral("Concrete Inputs[%1] = %2 does not fit in 64 bits").arg(i).arg(quoted(args.concreteInputs[i]));
            return {};
        }
    }
    return scalars;
}

// Distinct elements read: a dim with stride 0 is a broadcast and reads one
// element along it, however long it is.
std::optional<std::int64_t> distinctElements(
    const std::vector<std::int64_t>& dims, const std::optional<std::vector<std::int64_t>>& strides, bool* broadcast)
{
    const bool useStrides = strides && strides->size() == dims.size();
    std::int64_t elements = 1;
    for (size_t d = 0; d < dims.size(); ++d) {
        if (useStrides && (*strides)[d] == 0 && dims[d] > 1) {
            *broadcast = true;
            continue;
        }
        auto product = checkedMul(elements, dims[d]);
        if (!product)
            return std::nullopt;
        elements = *product;
    }
    return elements;
}

// Reasons name a few and count the rest: a kernel of thousands of odd
// arguments must not give a reason of thousands of words.
constexpr qsizetype namedInReason = 8;

QString joinSome(const QStringList& items)
{
    if (items.size() <= namedInReason)
        return items.join(QStringLiteral(", "));
    return items.first(namedInReason).join(QStringLiteral(", ")) + QStringLiteral(" and %1 more").arg(items.size() - namedInReason);
}

QString joinIndices(const std::vector<int>& indices)
{
    QStringList parts;
    for (int i : indices) {
        if (parts.size() > namedInReason)
            break;
        parts << QString::number(i);
    }
    if (indices.size() > size_t(namedInReason))
        return parts.first(namedInReason).join(QStringLiteral(", "))
            + QStringLiteral(" and %1 more").arg(indices.size() - size_t(namedInReason));
    return parts.join(QStringLiteral(", "));
}

// Which tensor a pointwise kernel writes, as far as its args tell.
KernelModel::OutputWrite pointwiseOutputWrite(const std::vector<TensorTraffic>& tensors, std::int64_t xnumel)
{
    KernelModel::OutputWrite write;
    const TensorTraffic& first = tensors.front();
    write.tensor = first.argIndex;
    if (first.traceLensElements == xnumel) {
        // In place (in_out_ptr0) or a separate output of the same size: both
        // write xnumel elements of arg 0, so the write is counted either way.
        write.ambiguous = true;
        write.note = QStringLiteral("arg %1 has xnumel elements: written in place (in_out_ptr0) or the output "
                                    "(out_ptr0); the args cannot tell, and either way it is written once")
                         .arg(first.argIndex);
        return write;
    }
    for (size_t i = 1; i < tensors.size(); ++i) {
        if (tensors[i].traceLensElements == xnumel) {
            write.counted = false;
            write.tensor = tensors[i].argIndex;
            write.note = QStringLiteral("not counted: arg %1 has %2 elements, fewer than xnumel (%3), so it is not the "
                                        "output; arg %4 has exactly xnumel elements: the output, already counted among "
                                        "the tensors")
                             .arg(first.argIndex)
                             .arg(first.traceLensElements)
                             .arg(xnumel)
                             .arg(tensors[i].argIndex);
            return write;
        }
    }
    write.ambiguous = true;
    write.note = QStringLiteral("no tensor has xnumel elements: arg %1 is taken as the output, as TraceLens does").arg(first.argIndex);
    return write;
}

// Past KernelModel::maxKeptTensors, once every figure is counted: the
// rest summed (their bytes fit, as the total of all did).
void keepFirstTensors(KernelModel& model)
{
    if (model.tensors.size() <= KernelModel::maxKeptTensors)
        return;
    for (size_t i = KernelModel::maxKeptTensors; i < model.tensors.size(); ++i) {
        model.bytesOfTensorsNotKept += model.tensors[i].bytes;
        model.traceLensBytesOfTensorsNotKept += model.tensors[i].traceLensBytes;
    }
    model.tensorsNotKept = model.tensors.size() - KernelModel::maxKeptTensors;
    model.tensors.resize(KernelModel::maxKeptTensors);
    model.tensors.shrink_to_fit();
}

} // namespace

std::optional<KernelModel> PerfModelV2::model(const ModelInput& input, QString* whyNot) const
{
    auto fail = [whyNot](const QString& why) {
        *whyNot = why;
        return std::nullopt;
    };
    if (!input.args)
        return fail(QStringLiteral("no cpu_op args: kernel launched without a Triton op (e.g. CUDA/HIP graph replay)"));
    const TritonOpArgs& args = *input.args;
    if (!args.malformed.isEmpty())
        return fail(QStringLiteral("malformed args: ") + args.malformed);
    if (!args.hasConcreteInputs || args.concreteInputs.isEmpty())
        return fail(QStringLiteral("no Concrete Inputs: trace recorded without record_shapes=True or before PyTorch 2.4"));
    if (!args.hasInputDims || args.inputDims.empty())
        return fail(QStringLiteral("no Input Dims: trace recorded without record_shapes=True"));
    if (!args.hasInputTypes || args.inputTypes.isEmpty())
        return fail(QStringLiteral("no Input type: trace recorded without record_shapes=True"));
    if (args.inputDims.size() != size_t(args.inputTypes.size()))
        return fail(
            QStringLiteral("Input Dims has %1 entries but Input type has %2").arg(args.inputDims.size()).arg(args.inputTypes.size()));

    QString scalarError;
    const Scalars scalars = integerScalars(args, &scalarError);
    if (!scalarError.isEmpty())
        return fail(scalarError);
    const KernelCategory category = input.parsedName.category;
    if (scalars.integers.empty() && needsIntegerArgs(category))
        return fail(QStringLiteral("no integer in Concrete Inputs: cannot tell xnumel"));

    KernelModel model;
    model.provenance = Provenance::V2;
    QString countError;
    const auto counts = v2ElementCounts(category, scalars.integers, input.cacheBlock, &countError);
    if (!counts)
        return fail(countError);
    model.xnumel = counts->x;
    model.rnumel = counts->r;
    model.xnumelSource = counts->xSource;
    model.rnumelSource = counts->rSource;
    if (model.xnumel < 0 || model.rnumel < 0)
        return fail(QStringLiteral("negative element count in Concrete Inputs (xnumel %1, rnumel %2)").arg(model.xnumel).arg(model.rnumel));

    // Tensors and their traffic.
    std::int64_t bytes = 0;
    std::int64_t traceLensBytes = 0;
    std::vector<int> unknownDtypes, traceLensZeroDtypes, broadcastTensors;
    QStringList unknownNames, traceLensZeroNames;
    QSet<QString> seenUnknown, seenTraceLensZero;
    for (size_t i = 0; i < args.inputDims.size(); ++i) {
        const QString& type = args.inputTypes[qsizetype(i)];
        if (type == u"Scalar")
            continue;
        if (!args.inputDims[i])
            return fail(QStringLiteral("Input Dims[%1] is not a list of non-negative 64-bit integers").arg(i));
        const auto& dims = *args.inputDims[i];
        if (dims.empty())
            continue;
        TensorTraffic tensor;
        tensor.argIndex = int(i);
        tensor.dims = dims;
        tensor.dtype = type;
        tensor.bytesPerElement = bytesPerElement(type);
        tensor.traceLensBytesPerElement = traceLensBytesPerElement(type);

        std::int64_t all = 1;
        for (std::int64_t d : dims) {
            if (d < 0)
                return fail(QStringLiteral("Input Dims[%1] has a negative size").arg(i));
            auto product = checkedMul(all, d);
            if (!product)
                return fail(QStringLiteral("Input Dims[%1] has more elements than fit in 64 bits").arg(i));
            all = *product;
        }
        const auto strides = i < args.inputStrides.size() ? args.inputStrides[i] : std::nullopt;
        auto distinct = distinctElements(dims, strides, &tensor.broadcast);
        if (!distinct)
            return fail(QStringLiteral("Input Dims[%1] has more elements than fit in 64 bits").arg(i));
        tensor.elements = *distinct;
        tensor.traceLensElements = all;

        auto tlBytes = checkedMul(all, tensor.traceLensBytesPerElement);
        auto rlBytes = checkedMul(tensor.elements, tensor.bytesPerElement.value_or(0));
        if (!tlBytes || !rlBytes)
            return fail(QStringLiteral("bytes of Input Dims[%1] do not fit in 64 bits").arg(i));
        tensor.traceLensBytes = *tlBytes;
        tensor.bytes = *rlBytes;
        auto sum = checkedAdd(bytes, tensor.bytes);
        auto tlSum = checkedAdd(traceLensBytes, tensor.traceLensBytes);
        if (!sum || !tlSum)
            return fail(QStringLiteral("total bytes do not fit in 64 bits"));
        bytes = *sum;
        traceLensBytes = *tlSum;

        if (!tensor.bytesPerElement) {
            unknownDtypes.push_back(int(i));
            if (!seenUnknown.contains(type)) { // a set: a list of 100k dtypes stays linear
                seenUnknown.insert(type);
                unknownNames << type;
            }
        } else if (tensor.traceLensBytesPerElement != *tensor.bytesPerElement) {
            traceLensZeroDtypes.push_back(int(i));
            if (!seenTraceLensZero.contains(type)) {
                seenTraceLensZero.insert(type);
                traceLensZeroNames << type;
            }
        }
        if (tensor.broadcast)
            broadcastTensors.push_back(int(i));
        model.tensors.push_back(std::move(tensor));
    }

    if (input.parsedName.category == KernelCategory::Pointwise && !model.tensors.empty()) {
        const TensorTraffic& first = model.tensors.front();
        auto write = checkedMul(first.bytesPerElement.value_or(0), model.xnumel);
        auto tlWrite = checkedMul(first.traceLensBytesPerElement, model.xnumel);
        if (!write || !tlWrite)
            return fail(QStringLiteral("output write bytes do not fit in 64 bits"));
        model.traceLensOutputWriteBytes = *tlWrite;
        model.outputWrite = pointwiseOutputWrite(model.tensors, model.xnumel);
        if (model.outputWrite->counted) {
            model.outputWriteBytes = *write;
            model.outputWriteRule = QStringLiteral("pointwise: the first tensor (arg %1) is written once more, "
                                                   "bytes per element x xnumel")
                                        .arg(first.argIndex);
        } else {
            *write = 0;
            model.outputWriteRule = model.outputWrite->note;
            model.traceLensDifferences << QStringLiteral("TraceLens counts arg %1 written once more over xnumel (%2 B), "
                                                         "although arg %3 holds the output, already counted")
                                              .arg(first.argIndex)
                                              .arg(*tlWrite)
                                              .arg(model.outputWrite->tensor);
        }
        auto sum = checkedAdd(bytes, *write);
        auto tlSum = checkedAdd(traceLensBytes, *tlWrite);
        if (!sum || !tlSum)
            return fail(QStringLiteral("total bytes do not fit in 64 bits"));
        bytes = *sum;
        traceLensBytes = *tlSum;
    }
    if (unknownDtypes.empty())
        model.bytes = bytes;
    model.traceLensBytes = traceLensBytes;

    // FLOPs.
    const auto ops = kernelOps(input.parsedName, input.cacheBlock);
    OpCosts costs = costOps(ops ? ops->ops : QStringList());
    model.ops = std::move(costs.ops);
    model.flopsPerElement = costs.perElement;
    model.traceLensFlopsPerElement = costs.traceLensPerElement;
    const QStringList& notCounted = costs.notCounted;
    const QStringList& traceLensBlind = costs.traceLensBlind;
    QString gemmNote;
    if (category == KernelCategory::Template) {
        const QString gemmOp = ops ? gemmOpAmong(ops->ops) : QString();
        if (gemmOp.isEmpty()) {
            gemmNote = QStringLiteral("no GEMM op (mm, addmm, bmm, _scaled_mm) among the template's ops: FLOPs unknown");
            model.flopsKnown = false;
        } else if (auto gemm = gemmFromTensors(model.tensors, gemmOp, &gemmNote)) {
            std::int64_t perElement = 0;
            if (!countGemmFlops(*gemm, model.ops, &perElement))
                return fail(QStringLiteral("the GEMM's FLOPs do not fit in 64 bits"));
            model.flopsPerElement = perElement;
            model.flops = gemm->gemmFlops + gemm->epilogueFlops;
            model.xnumel = gemm->batch * gemm->m * gemm->n; // checked by countGemmFlops
            model.rnumel = gemm->k;
            model.xnumelSource
                = QStringLiteral("batch x M x N = %1 x %2 x %3, the output's elements").arg(gemm->batch).arg(gemm->m).arg(gemm->n);
            model.rnumelSource = QStringLiteral("K = %1, the reduced dimension (%2)").arg(gemm->k).arg(gemm->source);
            model.gemm = std::move(*gemm);
        } else {
            gemmNote += QStringLiteral(": FLOPs unknown");
            model.flopsKnown = false;
        }
    } else if (!ops || !counts->known) {
        model.flopsKnown = false;
    } else {
        auto elements = checkedMul(model.xnumel, model.rnumel);
        auto flops = elements ? checkedMul(*elements, model.flopsPerElement) : std::nullopt;
        auto tlFlops = elements ? checkedMul(*elements, model.traceLensFlopsPerElement) : std::nullopt;
        if (!flops || !tlFlops)
            return fail(QStringLiteral("FLOPs do not fit in 64 bits (xnumel %1 x rnumel %2)").arg(model.xnumel).arg(model.rnumel));
        model.flops = *flops;
        model.traceLensFlops = *tlFlops;
    }

    QStringList notes;
    notes << QStringLiteral("from the trace event's Concrete Inputs, Input Dims and Input type");
    if (const QString rule = ridgelineRule(category); !rule.isEmpty())
        notes << rule;
    if (!gemmNote.isEmpty())
        notes << gemmNote;
    if (!model.flopsKnown && category != KernelCategory::Template)
        notes << (category == KernelCategory::User ? QStringLiteral("FLOPs unknown: a user-written kernel's ops are not in its name")
                : !counts->known                   ? QStringLiteral("FLOPs unknown: no integer in Concrete Inputs gives the element count")
                                 : QStringLiteral("FLOPs unknown: the name lists no ops and the Inductor cache has no block for it"));
    else if (ops && !ops->source.isEmpty() && ops->source != u"kernel name")
        notes << QStringLiteral("ops from ") + ops->source;
    if (!input.parsedName.opsSegmented)
        notes << QStringLiteral("ops in the name \"%1\" are not known ATen ops: FLOPs counted as 0").arg(input.parsedName.fusedPart());
    if (!notCounted.isEmpty())
        notes << QStringLiteral("not counted (0 FLOPs): ") + notCounted.join(QStringLiteral(", "));
    if (!unknownDtypes.empty())
        notes << QStringLiteral("unknown dtype %1 (args %2): bytes not computed").arg(joinSome(unknownNames), joinIndices(unknownDtypes));
    model.reason = notes.join(QStringLiteral("; "));

    if (!traceLensZeroDtypes.empty())
        model.traceLensDifferences << QStringLiteral("TraceLens counts 0 bytes per element for dtype %1 (args %2)")
                                          .arg(joinSome(traceLensZeroNames), joinIndices(traceLensZeroDtypes));
    if (!unknownDtypes.empty())
        model.traceLensDifferences << QStringLiteral("TraceLens counts 0 bytes per element for dtype %1 (args %2), "
                                                     "which Ridgeline does not know either")
                                          .arg(joinSome(unknownNames), joinIndices(unknownDtypes));
    if (!broadcastTensors.empty())
        model.traceLensDifferences
            << QStringLiteral("TraceLens counts broadcast (stride-0) args %1 as fully read").arg(joinIndices(broadcastTensors));
    if (!traceLensBlind.isEmpty() && traceLensModels(category))
        model.traceLensDifferences << QStringLiteral("TraceLens counts 0 FLOPs for ops outside its table: ")
                + traceLensBlind.join(QStringLiteral(", "));
    if (!traceLensModels(category)) {
        // TraceLens gives no figures at all: its view is "not modelled".
        model.traceLensDifferences = QStringList { whyTraceLensDoesNotModel(category) };
        model.traceLensBytes = model.traceLensFlops = model.traceLensOutputWriteBytes = 0;
    }
    keepFirstTensors(model);
    return model;
}

} // namespace Ridgeline
