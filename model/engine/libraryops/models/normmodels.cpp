// Batch, layer, group and instance norms and their backward (ATEN_MODELS.md
// §7, TraceLens's Normalization base). TraceLens tests optional tensors
// with `is not None` on the profiler's `[]` and flags with bool() of a
// string, so it always counts weight, bias and training; Ridgeline reads them.
#include "engine/libraryops/models/opargs.h"
#include "engine/libraryops/models/opkinds.h"
#include "engine/libraryops/models/shapechecks.h"

#include <cmath>

namespace Ridgeline {
namespace {

struct Reading
{
    double n = 0, c = 0;
    bool affine = true, hasBias = true, training = true;
    bool gradInput = true; // the backward's mask[0]
};

double forwardFlops(const Reading& r)
{
    return 3 * r.c + (r.training ? 3 * r.n : 0) + 3 * r.c + 2 * r.n;
}

double forwardBytes(const Reading& r, double bpe)
{
    const double w = 2 + (r.affine ? 1 : 0) + (r.affine && r.hasBias ? 1 : 0) + (r.training ? 2 : 0);
    return r.n * bpe + r.n * bpe + w * r.c * bpe;
}

double backwardFlops(const Reading& r)
{
    const double perChannel = r.n / r.c;
    return r.c
        * ((r.training ? 0 : 3) + 4 * perChannel + (r.gradInput && r.training ? 5 * perChannel : 0) + (r.gradInput ? 0 : 2 * perChannel));
}

double backwardBytes(const Reading& r, double bpe)
{
    return r.n * bpe + r.n * bpe * (r.gradInput && r.training ? 2 : 1) + (r.training ? r.c * bpe : 0)
        + (r.affine ? r.c * bpe + (r.training ? r.c * bpe * (r.hasBias ? 2 : 1) : 0) : 0);
}

QString ruleName(OpKind kind)
{
    switch (kind) {
    case OpKind::BatchNorm:
        return QStringLiteral("norm: batch norm");
    case OpKind::BatchNormBwdNative:
    case OpKind::BatchNormBwdLibrary:
        return QStringLiteral("norm: batch norm backward");
    case OpKind::LayerNorm:
        return QStringLiteral("norm: layer norm");
    case OpKind::LayerNormBwd:
        return QStringLiteral("norm: layer norm backward");
    case OpKind::GroupNorm:
        return QStringLiteral("norm: group norm");
    case OpKind::GroupNormBwd:
        return QStringLiteral("norm: group norm backward");
    default:
        return QStringLiteral("norm: instance norm");
    }
}

// Why the group count at argument i (when it parses) cannot split the
// channels; empty when it can or is not recorded.
QString groupsMisfit(const OpArgs& args, int i, std::int64_t channels)
{
    const auto groups = args.integer(i);
    if (!groups)
        return {};
    if (*groups < 1)
        return QStringLiteral("%1 = %2, below 1").arg(argName(u"num_groups", i)).arg(*groups);
    if (channels % *groups != 0)
        return QStringLiteral("%1 = %2 does not divide the %3 channels").arg(argName(u"num_groups", i)).arg(*groups).arg(channels);
    return {};
}

bool isBackward(OpKind kind)
{
    return kind == OpKind::BatchNormBwdNative || kind == OpKind::BatchNormBwdLibrary || kind == OpKind::LayerNormBwd
        || kind == OpKind::GroupNormBwd;
}

} // namespace

std::optional<LibraryOpModel> modelNorm(OpKind kind, const OpArgs& args, QString* whyNot)
{
    const QString rule = ruleName(kind);
    const bool backward = isBackward(kind);
    const int xi = kind == OpKind::BatchNormBwdNative || kind == OpKind::LayerNormBwd || kind == OpKind::GroupNormBwd ? 1 : 0;
    const Shape* x = args.dims(xi);
    if (!x || x->size() < 2) {
        *whyNot = rule + QStringLiteral(": the input (argument %1) is not a tensor with channels").arg(xi);
        return std::nullopt;
    }
    const double n = product(*x).toDouble();
    Reading truth, tl;
    truth.n = tl.n = n;
    truth.c = tl.c = double((*x)[1]);
    bool tlFails = false;
    QStringList why;

    auto mask = [&](int i) { return args.booleanList(i); };
    switch (kind) {
    case OpKind::BatchNorm:
    case OpKind::InstanceNorm:
        // (input, weight, bias, running_mean, running_var, training, ...)
        truth.affine = args.isTensor(1), truth.hasBias = args.isTensor(2);
        truth.training = args.boolean(5).value_or(false);
        tl.training = !args.concrete(5).isEmpty();
        break;
    case OpKind::BatchNormBwdNative: {
        // (grad_out, input, weight, ..., train, eps, output_mask)
        truth.affine = args.isTensor(2);
        truth.training = args.boolean(7).value_or(false);
        tl.training = !args.concrete(7).isEmpty();
        if (const auto m = mask(9); m && m->size() == 3)
            truth.gradInput = (*m)[0], truth.hasBias = (*m)[2];
        break;
    }
    case OpKind::BatchNormBwdLibrary:
        // MIOpen/cuDNN (input, grad_output, weight, ...): TraceLens reads no
        // training flag and counts as not training; so does Ridgeline.
        truth.affine = args.isTensor(2);
        truth.training = tl.training = false;
        break;
    case OpKind::LayerNorm:
    case OpKind::LayerNormBwd: {
        const int shapeArg = kind == OpKind::LayerNorm ? 1 : 2;
        const auto normalized = args.integerList(shapeArg);
        if (!normalized || normalized->empty()) {
            *whyNot = rule + QStringLiteral(": normalized_shape (argument %1) does not parse").arg(shapeArg);
            return std::nullopt;
        }
        if (const QString bad = notTrailingDims(*normalized, shapeArg, *x, xi); !bad.isEmpty()) {
            *whyNot = rule + QStringLiteral(": ") + bad;
            return std::nullopt;
        }
        truth.c = tl.c = product(*normalized).toDouble();
        if (kind == OpKind::LayerNorm) {
            truth.affine = args.isTensor(2), truth.hasBias = args.isTensor(3);
        } else if (const auto m = mask(7); m && m->size() == 3) {
            // TraceLens reads the flags from output_mask, as Ridgeline does.
            truth.gradInput = tl.gradInput = (*m)[0];
            truth.affine = tl.affine = (*m)[1];
            truth.hasBias = tl.hasBias = (*m)[2];
        } else {
            tlFails = true;
        }
        break;
    }
    case OpKind::GroupNorm: {
        // group_norm (input, num_groups, weight, bias, ...) and aiter's; native (input, weight, bias, N, C, HxW, group, eps).
        const int weight = args.isTensor(1) ? 1 : 2;
        truth.affine = args.isTensor(weight), truth.hasBias = args.isTensor(weight + 1);
        if (const QString bad = groupsMisfit(args, weight == 1 ? 6 : 1, (*x)[1]); !bad.isEmpty()) {
            *whyNot = rule + QStringLiteral(": ") + bad;
            return std::nullopt;
        }
        break;
    }
    default: { // GroupNormBwd (grad_out, input, mean, rstd, weight, N, C, HxW, group, output_mask)
        if (const QString bad = groupsMisfit(args, 8, (*x)[1]); !bad.isEmpty()) {
            *whyNot = rule + QStringLiteral(": ") + bad;
            return std::nullopt;
        }
        const auto groups = args.integer(8);
        if (!groups || *groups <= 0)
            tlFails = true; // TraceLens divides by int(group)
        else
            tl.c = truth.c / double(*groups);
        truth.affine = args.isTensor(4);
        if (const auto m = mask(9); m && m->size() == 3) {
            truth.gradInput = tl.gradInput = (*m)[0];
            truth.hasBias = (*m)[2];
        } else {
            tlFails = true;
        }
        if (!tlFails && tl.c != truth.c)
            why << QStringLiteral("TraceLens counts channels per group (%1) where the forward counts channels (%2)")
                       .arg(figureText(tl.c), figureText(truth.c));
        break;
    }
    }
    if (!(truth.c > 0)) {
        *whyNot = rule + QStringLiteral(": no channels to normalize over in the input (argument %1) %2").arg(xi).arg(shapeText(*x));
        return std::nullopt;
    }

    const QStringView dtype = args.type(xi);
    const auto bpe = trueBytes(dtype);
    LibraryOpFigures figures;
    figures.rule = rule;
    figures.flops = backward ? backwardFlops(truth) : forwardFlops(truth);
    figures.bytes = bpe ? (backward ? backwardBytes(truth, *bpe) : forwardBytes(truth, *bpe)) : notANumber;
    figures.computeSpec = computeSpec(u"vector", truePrecision(dtype));
    figures.params = { { QStringLiteral("elements"), n }, { QStringLiteral("channels"), truth.c },
        { QStringLiteral("affine"), truth.affine ? 1.0 : 0.0 }, { QStringLiteral("bias"), truth.hasBias ? 1.0 : 0.0 },
        { QStringLiteral("training"), truth.training ? 1.0 : 0.0 } };
    figures.derivation << QStringLiteral("n = %1 elements of %2, c = %3; weight %4, bias %5, %6")
                              .arg(figureText(n), shapeText(*x), figureText(truth.c), truth.affine ? u"yes" : u"no",
                                  truth.hasBias ? u"yes" : u"no", truth.training ? u"training" : u"inference");
    if (backward) {
        figures.derivation << QStringLiteral("FLOPs = c·(4n/c%1%2) = %3; bytes = grad_out, input%4 and per-channel terms = %5")
                                  .arg(truth.gradInput && truth.training ? QStringLiteral(" + 5n/c") : QString(),
                                      truth.gradInput ? QString() : QStringLiteral(" + 2n/c"), figureText(figures.flops),
                                      truth.gradInput && truth.training ? QStringLiteral(" (twice)") : QString(),
                                      figureText(figures.bytes));
    } else {
        figures.derivation << QStringLiteral("FLOPs = 6c + 2n%1 = %2; bytes = 2n·bpe + weights and statistics = %3")
                                  .arg(truth.training ? QStringLiteral(" + 3n") : QString(), figureText(figures.flops),
                                      figureText(figures.bytes));
    }

    LibraryOpFigures tlFigures;
    tlFigures.rule = QStringLiteral("TraceLens ") + rule;
    const auto tlBpe = traceLensAtenBytes(dtype);
    if (tlFails || !tlBpe) {
        tlFigures.flops = tlFigures.bytes = notANumber;
        why << QStringLiteral("TraceLens fails on this op's args and gives no figures");
    } else {
        tlFigures.flops = backward ? backwardFlops(tl) : forwardFlops(tl);
        tlFigures.bytes = backward ? backwardBytes(tl, *tlBpe) : forwardBytes(tl, *tlBpe);
        tlFigures.computeSpec = computeSpec(u"vector", traceLensPrecision(dtype));
        if (truth.affine != tl.affine || truth.hasBias != tl.hasBias)
            why << QStringLiteral("TraceLens always counts a weight and a bias (its `is not None` test on the profiler's [])");
        if (truth.training != tl.training)
            why << QStringLiteral("TraceLens reads training from a non-empty string ('%1' counts as training)")
                       .arg(args.concrete(kind == OpKind::BatchNormBwdNative ? 7 : 5));
        if (truth.gradInput != tl.gradInput)
            why << QStringLiteral("TraceLens always counts the input gradient");
        if (tlFigures.computeSpec != figures.computeSpec)
            why << QStringLiteral("TraceLens has no compute precision for %1").arg(dtype);
    }
    return finishModel(LibraryOpCategory::Norm, std::move(figures), std::move(tlFigures), why);
}

} // namespace Ridgeline
