// RMS norms: aten::_fused_rms_norm and its backward, aiter's and vLLM's
// RMSNorm ops with residual add, padding and FP8 quantization
// (ATEN_MODELS.md §7, RMSNorm; the vLLM ones as TraceLens's extension
// classes count them).
#include "engine/libraryops/models/opargs.h"
#include "engine/libraryops/models/opkinds.h"
#include "engine/libraryops/models/shapechecks.h"

#include <cmath>

namespace Ridgeline {
namespace {

double rmsFlops(double n, double c, bool affine)
{
    return (n / c) * (2 * c + 2) + n * (affine ? 2 : 1);
}

QString ruleName(OpKind kind)
{
    switch (kind) {
    case OpKind::RmsNorm:
        return QStringLiteral("norm: RMS norm");
    case OpKind::RmsNormBwd:
        return QStringLiteral("norm: RMS norm backward");
    case OpKind::AiterAddRmsNorm:
        return QStringLiteral("norm: aiter add + RMS norm");
    case OpKind::AiterRmsNormDynamicQuant:
        return QStringLiteral("norm: aiter RMS norm + FP8 per-token quant");
    case OpKind::AiterRmsNormQuant:
        return QStringLiteral("norm: aiter RMS norm + FP8 per-group quant");
    case OpKind::VllmRmsNormFp8GroupQuant:
        return QStringLiteral("norm: vLLM RMS norm + FP8 per-group quant");
    case OpKind::VllmAddRmsNormFp8GroupQuant:
        return QStringLiteral("norm: vLLM add + RMS norm + FP8 per-group quant");
    case OpKind::AddRmsNormPad:
        return QStringLiteral("norm: add + RMS norm + pad");
    default:
        return QStringLiteral("norm: aiter RMS norm");
    }
}

} // namespace

std::optional<LibraryOpModel> modelRmsNorm(OpKind kind, const OpArgs& args, QString* whyNot)
{
    const QString rule = ruleName(kind);
    // Where the input and the weight (or normalized_shape) are.
    int xi = 0, weightArg = -1, shapeArg = -1;
    switch (kind) {
    case OpKind::RmsNorm:
        xi = 0, shapeArg = 1, weightArg = 2;
        break;
    case OpKind::RmsNormBwd:
        xi = 1, shapeArg = 2, weightArg = 4;
        break;
    case OpKind::AiterRmsNorm:
        xi = 0, weightArg = 1;
        break;
    case OpKind::AiterRmsNormOut:
        xi = 1, weightArg = 2;
        break;
    case OpKind::AiterAddRmsNorm:
        xi = 1, weightArg = 4;
        break;
    case OpKind::VllmRmsNormFp8GroupQuant:
    case OpKind::AddRmsNormPad:
        xi = 0, weightArg = 1;
        break;
    case OpKind::VllmAddRmsNormFp8GroupQuant:
        xi = 0, weightArg = 2;
        break;
    default:
        xi = 1, weightArg = 3;
        break; // aiter's quantizing ones
    }
    const Shape* x = args.dims(xi);
    if (!x || x->empty()) {
        *whyNot = rule + QStringLiteral(": the input (argument %1) is not a tensor").arg(xi);
        return std::nullopt;
    }
    const double n = product(*x).toDouble();
    double c = 0;
    bool tlAffine = true, affine = true;
    if (shapeArg >= 0) {
        const auto normalized = args.integerList(shapeArg);
        if (!normalized || normalized->empty()) {
            *whyNot = rule + QStringLiteral(": normalized_shape (argument %1) does not parse").arg(shapeArg);
            return std::nullopt;
        }
        if (const QString bad = notTrailingDims(*normalized, shapeArg, *x, xi); !bad.isEmpty()) {
            *whyNot = rule + QStringLiteral(": ") + bad;
            return std::nullopt;
        }
        c = product(*normalized).toDouble();
        affine = args.isTensor(weightArg);
    } else {
        const Shape* w = args.dims(weightArg);
        if (!w || w->empty()) {
            *whyNot = rule + QStringLiteral(": the weight (argument %1) is not a tensor").arg(weightArg);
            return std::nullopt;
        }
        // One weight per channel of the input's last dim.
        const QString bad = disagreement(u"the channels", w->front(), u"weight", weightArg, *w, x->back(), u"x", xi, *x);
        if (!bad.isEmpty()) {
            *whyNot = rule + QStringLiteral(": ") + bad;
            return std::nullopt;
        }
        c = double(w->front());
    }
    if (!(c > 0)) {
        *whyNot = rule + QStringLiteral(": no channels to normalize over");
        return std::nullopt;
    }
    const QStringView dtype = args.type(xi);
    const auto bpeTrue = trueBytes(dtype);
    const auto bpeTl = traceLensAtenBytes(dtype);
    const double rows = std::floor(n / c);
    // The quant group size or the padding multiple; TraceLens fails on one
    // it cannot read (no figures), Ridgeline reads it as one group, no pad.
    // (aiter's rmsnorm_quant: TraceLens itself falls back to one group.)
    const int sizeArg = kind == OpKind::VllmRmsNormFp8GroupQuant                       ? 3
        : kind == OpKind::AiterRmsNormQuant                                            ? 5
        : kind == OpKind::VllmAddRmsNormFp8GroupQuant || kind == OpKind::AddRmsNormPad ? 4
                                                                                       : -1;
    const auto size = sizeArg >= 0 ? args.integer(sizeArg) : std::nullopt;
    if (size && *size < 0) {
        *whyNot = rule
            + QStringLiteral(": %1 = %2, below 0")
                  .arg(argName(kind == OpKind::AddRmsNormPad ? u"the padding multiple" : u"the group size", sizeArg))
                  .arg(*size);
        return std::nullopt;
    }
    const bool traceLensReadsSize
        = sizeArg < 0 || kind == OpKind::AiterRmsNormQuant || (size && (kind == OpKind::AddRmsNormPad || *size > 0));
    const double group = size && *size > 0 ? double(*size) : c;
    const double pad = size && *size > 0 ? double(*size) : 0;

    // One formula for both readings; they differ in the weight's presence
    // and the dtype table only.
    auto figuresFor = [&](bool withWeight, std::optional<int> bpe, LibraryOpFigures* f) {
        const double b = bpe ? *bpe : notANumber;
        switch (kind) {
        case OpKind::RmsNormBwd: {
            const auto mask = args.booleanList(5);
            const bool m0 = !mask || mask->empty() || (*mask)[0];
            const bool m1 = !mask || mask->size() < 2 || (*mask)[1];
            f->flops = (withWeight ? n : 0) + n + (m0 ? 6 * n : 0) + (m1 && withWeight ? n + (n / c > 1 ? n : 0) : 0);
            f->bytes = n * b + 2 * n * b + (withWeight ? 2 * c * b : 0);
            break;
        }
        case OpKind::AiterAddRmsNorm:
            f->flops = n + rmsFlops(n, c, true);
            f->bytes = (2 * n + c) * b + 2 * n * b;
            break;
        case OpKind::AiterRmsNormDynamicQuant:
            f->flops = rmsFlops(n, c, true) + 2 * n;
            f->bytes = n * b + c * b + n * 1 + rows * 4;
            break;
        case OpKind::AiterRmsNormQuant:
            f->flops = rmsFlops(n, c, true) + 2 * n;
            f->bytes = n * b + c * b + n * 1 + rows * std::ceil(c / group) * 4;
            break;
        case OpKind::VllmRmsNormFp8GroupQuant:
        case OpKind::VllmAddRmsNormFp8GroupQuant: {
            // FP8 output and FP32 scales per group; the add variant reads the
            // residual and writes it back updated.
            const bool add = kind == OpKind::VllmAddRmsNormFp8GroupQuant;
            const double groups = std::ceil(c / group);
            f->flops = rmsFlops(n, c, true) + (add ? n : 0) + 2 * n;
            f->bytes = n * b + (add ? 2 * n * b : 0) + c * b + n * 1 + rows * groups * 4;
            break;
        }
        case OpKind::AddRmsNormPad: {
            const double padded = pad > 0 ? std::ceil(c / pad) * pad : c;
            f->flops = n + rmsFlops(n, c, true);
            f->bytes = 2 * n * b + c * b + rows * padded * b + rows * c * b;
            break;
        }
        default:
            f->flops = rmsFlops(n, c, withWeight);
            f->bytes = n * b + n * b + (withWeight ? c * b : 0);
            break;
        }
        f->params = { { QStringLiteral("elements"), n }, { QStringLiteral("channels"), c },
            { QStringLiteral("affine"), withWeight ? 1.0 : 0.0 } };
    };

    LibraryOpFigures truth;
    truth.rule = rule;
    figuresFor(affine, bpeTrue, &truth);
    truth.computeSpec = computeSpec(u"vector", truePrecision(dtype));
    truth.derivation << QStringLiteral("n = %1 elements of %2, c = %3 channels%4: FLOPs = %5, bytes = %6")
                            .arg(figureText(n), shapeText(*x), figureText(c), affine ? QStringLiteral(", a weight") : QString(),
                                figureText(truth.flops), figureText(truth.bytes));
    LibraryOpFigures tl;
    tl.rule = QStringLiteral("TraceLens ") + rule;
    figuresFor(tlAffine, bpeTl, &tl);
    tl.computeSpec = computeSpec(u"vector", traceLensPrecision(dtype));
    QStringList why;
    if (!traceLensReadsSize) {
        tl.flops = tl.bytes = notANumber;
        tl.computeSpec.clear();
        why << QStringLiteral("TraceLens cannot read the group size or padding '%1' and gives no figures").arg(args.concrete(sizeArg));
    }
    if (affine != tlAffine)
        why << QStringLiteral("TraceLens always counts a weight (its `is not None` test on the profiler's [])");
    if (bpeTl != bpeTrue)
        why << QStringLiteral("TraceLens knows no size for %1").arg(dtype);
    if (tl.computeSpec != truth.computeSpec)
        why << QStringLiteral("TraceLens has no compute precision for %1").arg(dtype);
    return finishModel(LibraryOpCategory::Norm, std::move(truth), std::move(tl), why);
}

} // namespace Ridgeline
