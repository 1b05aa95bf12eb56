// Reductions (sum, mean, min/max, norms, std/var, logsumexp, cumulative
// ones) and the few small ops left: MoE dispatch/combine, cross entropy,
// the KV-cache store (ATEN_MODELS.md §8, §5.2).
#include "engine/libraryops/models/opargs.h"
#include "engine/libraryops/models/opkinds.h"
#include "engine/libraryops/models/shapechecks.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

using Bpe = std::optional<int>;

double sized(double elements, Bpe bpe)
{
    return bpe ? elements * *bpe : notANumber;
}

// The elements left after reducing `in` over the dims of argument dimArg:
// one when the dims are absent (or, but for max.dim, empty); nullopt when a
// dim does not fit the shape.
std::optional<double> outputElements(const OpArgs& args, const Shape& in, int dimArg, bool keepsIndices)
{
    const QStringView text = args.concrete(dimArg).trimmed();
    if (text.isEmpty() || text == u"None")
        return 1.0;
    const auto dims = args.integerList(dimArg);
    if (!dims || (dims->empty() && keepsIndices))
        return std::nullopt;
    // A 0-d tensor reduces over dim 0 or -1 as if it had one dim.
    const std::int64_t rank = std::max<std::int64_t>(std::int64_t(in.size()), 1);
    std::vector<bool> reduced(size_t(rank), dims->empty());
    for (std::int64_t d : *dims) {
        const std::int64_t wrapped = d < 0 ? d + rank : d;
        if (wrapped < 0 || wrapped >= rank)
            return std::nullopt;
        reduced[size_t(wrapped)] = true;
    }
    double out = 1;
    for (size_t i = 0; i < in.size(); ++i) {
        if (!reduced[i])
            out *= double(in[i]);
    }
    return out;
}

std::optional<LibraryOpModel> reduction(OpKind kind, const OpArgs& args, QString* whyNot)
{
    const Shape* in = args.dims(0);
    if (!in) {
        *whyNot = QStringLiteral("reduction: the input (argument 0) is not a shape");
        return std::nullopt;
    }
    const double nIn = product(*in).toDouble();
    const QStringView dtype = args.type(0);
    const bool cumulative = kind == OpKind::CumulativeReduce;
    const QString rule = cumulative ? QStringLiteral("reduction: cumulative") : QStringLiteral("reduction");

    // TraceLens: one output element (it never parses the dims), or n for
    // cumsum/cumprod.
    LibraryOpFigures tl;
    tl.rule = QStringLiteral("TraceLens ") + rule;
    const Bpe tlBpe = traceLensAtenBytes(dtype);
    const double tlOut = cumulative ? nIn : 1;
    tl.flops = nIn;
    tl.bytes = sized(nIn, tlBpe) + sized(tlOut, tlBpe);
    tl.computeSpec = computeSpec(u"vector", traceLensPrecision(dtype));

    LibraryOpFigures truth;
    truth.rule = rule;
    truth.computeSpec = computeSpec(u"vector", truePrecision(dtype));
    const Bpe bpe = trueBytes(dtype);
    QStringList why;
    if (kind == OpKind::ReduceMinMax && args.isTensor(1)) {
        // min(a, b) / max(a, b): elementwise, not a reduction.
        const auto both = broadcastShapes(*in, *args.dims(1));
        if (!both) {
            *whyNot = QStringLiteral("elementwise min/max: the operands (arguments 0, 1) %1 and %2 do not broadcast")
                          .arg(shapeText(*in), shapeText(*args.dims(1)));
            return std::nullopt;
        }
        const double n2 = product(*args.dims(1)).toDouble();
        const double nOut = product(*both).toDouble();
        truth.rule = QStringLiteral("elementwise: min/max of two tensors");
        truth.flops = nOut;
        truth.bytes = sized(nIn, bpe) + sized(n2, trueBytes(args.type(1))) + sized(nOut, bpe);
        truth.derivation << QStringLiteral("two tensors of %1 and %2 elements → %3: FLOPs = %3; bytes = %4")
                                .arg(figureText(nIn), figureText(n2), figureText(nOut), figureText(truth.bytes));
        why << QStringLiteral("TraceLens takes the elementwise min/max of two tensors for a reduction of the first to one element");
    } else {
        double nOut = nIn;
        bool indices = false;
        if (!cumulative) {
            const int dimArg = kind == OpKind::ReduceNorm ? 2 : 1;
            indices = kind == OpKind::ReduceMinMax && args.integer(1).has_value(); // max.dim: values and int64 indices
            const auto out = outputElements(args, *in, dimArg, indices);
            if (!out) {
                *whyNot = rule
                    + QStringLiteral(": the dims (argument %1, '%2') do not fit the input %3")
                          .arg(dimArg)
                          .arg(args.concrete(dimArg), shapeText(*in));
                return std::nullopt;
            }
            nOut = *out;
        }
        truth.flops = nIn;
        truth.bytes = sized(nIn, bpe) + sized(nOut, bpe) + (indices ? nOut * 8 : 0);
        truth.params = { { QStringLiteral("input elements"), nIn }, { QStringLiteral("output elements"), nOut } };
        truth.derivation << QStringLiteral("%1 (%2 elements) → %3 elements%4: FLOPs = %2; bytes = %5")
                                .arg(shapeText(*in), figureText(nIn), figureText(nOut),
                                    indices ? QStringLiteral(" and their indices") : QString(), figureText(truth.bytes));
        if (nOut != tlOut || indices)
            why << QStringLiteral("TraceLens never parses the dims (trace values are strings) and writes one element");
    }
    tl.params = truth.params;
    if (!tlBpe && bpe)
        why << QStringLiteral("TraceLens knows no size for %1").arg(dtype);
    if (tl.computeSpec != truth.computeSpec)
        why << QStringLiteral("TraceLens has no compute precision for %1").arg(dtype);
    return finishModel(kind == OpKind::ReduceMinMax && args.isTensor(1) ? LibraryOpCategory::Elementwise : LibraryOpCategory::Reduction,
        std::move(truth), std::move(tl), why);
}

} // namespace

std::optional<LibraryOpModel> modelReductionOrOther(OpKind kind, const OpArgs& args, QString* whyNot)
{
    if (kind == OpKind::Reduce || kind == OpKind::ReduceNorm || kind == OpKind::ReduceMinMax || kind == OpKind::CumulativeReduce)
        return reduction(kind, args, whyNot);
    const Shape* x = args.dims(0);
    if (!x || (kind != OpKind::StoreCache && x->size() < 2)) {
        *whyNot = QStringLiteral("argument 0 is not a tensor of the expected rank");
        return std::nullopt;
    }
    const QStringView dtype = args.type(0);
    const Bpe bpe = traceLensAtenBytes(dtype);
    LibraryOpFigures f;
    f.computeSpec = computeSpec(u"vector", traceLensPrecision(dtype));
    if (kind == OpKind::MoeDispatchCombine) {
        const double tokens = (*x)[0], hidden = (*x)[1];
        f.rule = QStringLiteral("other: MoE dispatch/combine");
        f.flops = 0;
        f.bytes = sized(tokens * hidden, bpe);
        f.derivation
            << QStringLiteral("%1 tokens × %2 hidden moved: bytes = %3").arg(figureText(tokens), figureText(hidden), figureText(f.bytes));
    } else if (kind == OpKind::CrossEntropy) {
        const double batch = (*x)[0], vocab = product(*x, 1).toDouble();
        f.rule = QStringLiteral("other: cross entropy");
        f.flops = 5 * batch * vocab;
        f.bytes = sized(batch * vocab, bpe) + 8 * batch + 4 * batch;
        f.derivation << QStringLiteral("batch %1, vocabulary %2: FLOPs = 5·batch·vocab = %3; bytes = logits + 12·batch = %4")
                            .arg(figureText(batch), figureText(vocab), figureText(f.flops), figureText(f.bytes));
    } else { // sglang::store_cache: read k and v, write the cache rows they touch
        const double n = product(*x).toDouble();
        f.rule = QStringLiteral("other: KV-cache store");
        f.flops = 0;
        f.bytes = sized(4 * n, bpe);
        f.derivation << QStringLiteral("%1 elements of k (and as many of v) read and written: bytes = 4·n·bpe = %2")
                            .arg(figureText(n), figureText(f.bytes));
    }
    LibraryOpFigures tl = f;
    tl.rule = QStringLiteral("TraceLens ") + f.rule;
    return finishModel(LibraryOpCategory::Other, std::move(f), std::move(tl), {});
}

} // namespace Ridgeline
