// Convolutions: aten::convolution and its backward, Apex's ConvBias, the
// causal depthwise conv1d of Mamba (ATEN_MODELS.md §6).
#include "engine/libraryops/models/opargs.h"
#include "engine/libraryops/models/opkinds.h"
#include "engine/libraryops/models/shapechecks.h"

#include <algorithm>
#include <cmath>
#include <variant>

namespace Ridgeline {
namespace {

struct ConvParams
{
    std::vector<std::int64_t> stride, padding, dilation, outputPadding;
    bool transposed = false;
};

// "[a, b]" for `spatial` dims: '' gives the default, one entry is broadcast.
std::optional<std::vector<std::int64_t>> perDim(const OpArgs& args, int i, size_t spatial, std::int64_t fallback)
{
    if (args.concrete(i).trimmed().isEmpty())
        return std::vector<std::int64_t>(spatial, fallback);
    auto values = args.integerList(i);
    if (values && values->size() == 1)
        values = std::vector<std::int64_t>(spatial, values->front());
    if (!values || values->size() != spatial)
        return std::nullopt;
    return values;
}

// The output shape, as torch's flop counter works it out, in checked
// integers (int() of its float division is the floor for a non-negative
// numerator); C_out is weight[0], or weight[1] when transposed (TraceLens's
// reading). A reason when a spatial size is below 1 or past 64 bits.
std::variant<Shape, QString> outputShape(const Shape& x, const Shape& w, const ConvParams& p)
{
    Shape out { x[0], p.transposed ? w[1] : w[0] };
    for (size_t i = 2; i < x.size(); ++i) {
        const size_t j = i - 2;
        const Count s = p.stride[j], pad = p.padding[j], d = p.dilation[j], k = w[i];
        Count size;
        if (p.transposed) {
            size = (Count(x[i]) - 1) * s - pad * 2 + d * (k - 1) + p.outputPadding[j] + 1;
        } else {
            const Count numerator = Count(x[i]) + pad * 2 - d * (k - 1) - 1;
            size = numerator.valid() && numerator.value() < 0 ? Count(0) : floorDiv(numerator, s) + 1;
        }
        if (!size.valid())
            return QStringLiteral("spatial dim %1 of the output is past 64 bits").arg(i);
        if (size.value() < 1)
            return QStringLiteral("the input %1 and weight %2 give no output along dim %3 (size %4)")
                .arg(shapeText(x), shapeText(w))
                .arg(i)
                .arg(size.value());
        out.push_back(size.value());
    }
    return out;
}

// Why the stride, padding, dilation and output padding are impossible
// (torch refuses them); empty when possible.
QString impossibleGeometry(const ConvParams& p, int strideArg, int paddingArg, int dilationArg, int outputPaddingArg)
{
    QString bad = belowLeast(p.stride, 1, u"stride", strideArg);
    if (bad.isEmpty())
        bad = belowLeast(p.padding, 0, u"padding", paddingArg);
    if (bad.isEmpty())
        bad = belowLeast(p.dilation, 1, u"dilation", dilationArg);
    if (bad.isEmpty())
        bad = belowLeast(p.outputPadding, 0, u"output_padding", outputPaddingArg);
    for (size_t j = 0; bad.isEmpty() && p.transposed && j < p.outputPadding.size(); ++j) {
        if (p.outputPadding[j] >= std::max(p.stride[j], p.dilation[j]))
            bad = QStringLiteral("%1 %2 is not below the stride %3 or the dilation %4")
                      .arg(argName(u"output_padding", outputPaddingArg), shapeText(p.outputPadding), shapeText(p.stride),
                          shapeText(p.dilation));
    }
    return bad;
}

double prodOf(const std::vector<double>& shape, size_t from = 0)
{
    double result = 1;
    for (size_t i = from; i < shape.size(); ++i)
        result *= shape[i];
    return result;
}

std::vector<double> asDoubles(const Shape& shape)
{
    return { shape.begin(), shape.end() };
}

} // namespace

std::optional<LibraryOpModel> modelConvolution(OpKind kind, const OpArgs& args, QString* whyNot)
{
    if (kind == OpKind::CausalConv1d) {
        const Shape* x = args.dims(0);
        const Shape* w = args.dims(1);
        if (!x || !w || x->size() != 3 || w->size() != 2) {
            *whyNot = QStringLiteral("causal conv1d: x (argument 0) is not [b, c, L] or w (argument 1) not [c, k]");
            return std::nullopt;
        }
        // Depthwise: one filter row per channel.
        if (const QString bad = disagreement(u"the channels", (*x)[1], u"x", 0, *x, (*w)[0], u"w", 1, *w); !bad.isEmpty()) {
            *whyNot = QStringLiteral("causal conv1d: ") + bad;
            return std::nullopt;
        }
        const double b = (*x)[0], c = (*x)[1], L = (*x)[2], k = (*w)[1];
        const bool bias = args.isTensor(2);
        LibraryOpFigures f;
        f.rule = QStringLiteral("conv: causal conv1d");
        f.flops = 2 * b * c * L * k;
        const int bpe = traceLensAtenBytes(args.type(0)).value_or(2);
        f.bytes = (2 * b * c * L + c * k + (bias ? c : 0)) * bpe;
        f.computeSpec = computeSpec(u"matrix", traceLensPrecision(args.type(0)));
        f.params = { { QStringLiteral("b"), b }, { QStringLiteral("c"), c }, { QStringLiteral("L"), L }, { QStringLiteral("k"), k } };
        f.derivation << QStringLiteral("b = %1, c = %2, L = %3, k = %4: FLOPs = 2·b·c·L·k = %5; bytes = (2·b·c·L + c·k%6)·%7 = %8")
                            .arg(figureText(b), figureText(c), figureText(L), figureText(k), figureText(f.flops),
                                bias ? QStringLiteral(" + c") : QString(), QString::number(bpe), figureText(f.bytes));
        LibraryOpFigures tl = f;
        tl.rule = QStringLiteral("TraceLens ") + f.rule;
        return finishModel(LibraryOpCategory::Conv, std::move(f), std::move(tl), {});
    }

    const bool backward = kind == OpKind::ConvBwd;
    const int xi = backward ? 1 : 0, wi = xi + 1, first = backward ? 4 : 3; // stride's position
    const QString rule = backward  ? QStringLiteral("conv: convolution backward")
        : kind == OpKind::ConvBias ? QStringLiteral("conv: ConvBias")
                                   : QStringLiteral("conv: convolution");
    const Shape* x = args.dims(xi);
    const Shape* w = args.dims(wi);
    if (!x || !w || x->size() < 3 || x->size() != w->size()) {
        *whyNot = rule + QStringLiteral(": input (argument %1) and weight (%2) are not N-D of the same rank").arg(xi).arg(wi);
        return std::nullopt;
    }
    const size_t spatial = x->size() - 2;
    ConvParams p;
    bool parsed = true;
    if (kind == OpKind::ConvBias) {
        const auto stride = args.integer(3), padding = args.integer(4);
        parsed = stride && padding;
        p.stride.assign(spatial, stride.value_or(1));
        p.padding.assign(spatial, padding.value_or(0));
        p.dilation.assign(spatial, 1);
        p.outputPadding.assign(spatial, 0);
    } else {
        const auto stride = perDim(args, first, spatial, 1), padding = perDim(args, first + 1, spatial, 0);
        const auto dilation = perDim(args, first + 2, spatial, 1), outputPadding = perDim(args, first + 4, spatial, 0);
        const auto transposed = args.boolean(first + 3);
        parsed = stride && padding && dilation && outputPadding && (transposed || args.concrete(first + 3).isEmpty());
        if (parsed) {
            p.stride = *stride, p.padding = *padding, p.dilation = *dilation, p.outputPadding = *outputPadding;
            p.transposed = transposed.value_or(false);
        }
    }
    if (!parsed) {
        *whyNot = rule
            + QStringLiteral(": stride, padding, dilation or transposed (arguments %1-%2) do not parse for %3 spatial dims")
                  .arg(first)
                  .arg(kind == OpKind::ConvBias ? first + 1 : first + 4)
                  .arg(spatial);
        return std::nullopt;
    }
    // groups divide the channels: the input's are weight[1]·groups
    // (weight[0] when transposed), the output's weight[0] (weight[1]·groups).
    const std::int64_t groups = kind == OpKind::ConvBias ? 1 : args.integer(first + 5).value_or(1);
    {
        const std::int64_t inChannels = (*x)[1];
        const Count takes = p.transposed ? Count((*w)[0]) : Count((*w)[1]) * groups;
        QString bad
            = kind == OpKind::ConvBias ? impossibleGeometry(p, 3, 4, 4, 4) : impossibleGeometry(p, first, first + 1, first + 2, first + 4);
        if (bad.isEmpty() && groups < 1)
            bad = QStringLiteral("%1 = %2, below 1").arg(argName(u"groups", first + 5)).arg(groups);
        else if (bad.isEmpty() && (!takes.valid() || takes.value() != inChannels))
            bad = QStringLiteral("the input %1 %2 has %3 channels, the weight %4 %5 takes %6 in %7 groups")
                      .arg(argName(u"x", xi), shapeText(*x))
                      .arg(inChannels)
                      .arg(argName(u"w", wi), shapeText(*w))
                      .arg(p.transposed ? shapeText({ (*w)[0] }) : QStringLiteral("%1·%2").arg((*w)[1]).arg(groups))
                      .arg(groups);
        else if (bad.isEmpty() && (*w)[0] % groups != 0)
            bad = QStringLiteral("%1 = %2 does not divide the weight's %3 %4 channels")
                      .arg(argName(u"groups", first + 5))
                      .arg(groups)
                      .arg(shapeText(*w))
                      .arg((*w)[0]);
        if (!bad.isEmpty()) {
            *whyNot = rule + QStringLiteral(": ") + bad;
            return std::nullopt;
        }
    }
    const auto shaped = outputShape(*x, *w, p);
    if (const QString* bad = std::get_if<QString>(&shaped)) {
        *whyNot = rule + QStringLiteral(": ") + *bad;
        return std::nullopt;
    }
    const Shape& outInts = std::get<Shape>(shaped);
    // Every output channel of a grouped transposed convolution, checked.
    const Count trueChannelCount = p.transposed ? Count(outInts[1]) * groups : Count(outInts[1]);
    if (!trueChannelCount.valid() || !(product(outInts) * groups).valid()) {
        *whyNot = rule + QStringLiteral(": the output has more elements than 64 bits count");
        return std::nullopt;
    }
    if (backward && args.isTensor(0)) {
        Shape expected = outInts;
        expected[1] = trueChannelCount.value();
        if (*args.dims(0) != expected) {
            *whyNot = rule
                + QStringLiteral(": grad_output (argument 0) %1 is not the output %2 of the input and weight")
                      .arg(shapeText(*args.dims(0)), shapeText(expected));
            return std::nullopt;
        }
    }
    const std::vector<double> outDoubles = asDoubles(outInts);
    const std::vector<double>* out = &outDoubles;

    const double X = prodOf(asDoubles(*x)), W = prodOf(asDoubles(*w)), O = prodOf(*out), kernel = prodOf(asDoubles(*w), 1);
    const double batch = double((*x)[0]);
    const double forwardFlops = (p.transposed ? X : O) * 2 * kernel;
    const double weightGradFlops = W * 2 * batch * (p.transposed ? prodOf(asDoubles(*x), 2) : prodOf(*out, 2));
    const double channels = (*out)[1];
    // A grouped transposed convolution writes weight[1]·groups channels;
    // TraceLens's output shape takes weight[1].
    const double scale = p.transposed ? double(groups) : 1.0;
    const double trueO = O * scale, trueChannels = channels * scale;

    // Which parts the op computes: the forward with or without a bias; the
    // backward's input, weight and bias gradients as output_mask asks.
    bool bias = false, gradInput = true, gradWeight = true;
    QStringList why;
    if (backward) {
        const auto mask = args.booleanList(10);
        if (mask && mask->size() == 3) {
            gradInput = (*mask)[0], gradWeight = (*mask)[1], bias = (*mask)[2];
            if (!gradInput || !gradWeight || bias)
                why << QStringLiteral("TraceLens ignores output_mask and counts the input and weight gradients, never the bias's");
        }
    } else {
        bias = kind == OpKind::ConvBias || args.isTensor(2);
        if (bias && kind != OpKind::ConvBias)
            why << QStringLiteral("TraceLens never counts the bias (its test for one looks for 3 arguments, the profiler records 9)");
    }

    const auto bpe = trueBytes(args.type(xi));
    const double b = bpe ? *bpe : notANumber;
    LibraryOpFigures truth;
    truth.rule = rule;
    truth.computeSpec = computeSpec(u"matrix", truePrecision(args.type(xi)));
    truth.params
        = { { QStringLiteral("N"), batch }, { QStringLiteral("C_out"), trueChannels }, { QStringLiteral("groups"), double(groups) } };
    Shape outShape = outInts;
    outShape[1] = trueChannelCount.value();
    truth.derivation << QStringLiteral("input %1, weight %2 → output %3%4")
                            .arg(shapeText(*x), shapeText(*w), shapeText(outShape),
                                p.transposed ? QStringLiteral(" (transposed)") : QString());
    if (scale != 1)
        why << QStringLiteral("TraceLens gives a grouped transposed convolution weight[1] output channels, not weight[1]·groups");
    if (!backward) {
        truth.flops = forwardFlops + (bias ? trueO : 0);
        truth.bytes = (X + W + (bias ? trueChannels : 0) + trueO) * b;
        truth.derivation << QStringLiteral("FLOPs = %1·2·prod(weight[1:])%2 = %3")
                                .arg(p.transposed ? u"prod(input)" : u"prod(output)",
                                    bias ? QStringLiteral(" + prod(output) (bias)") : QString(), figureText(truth.flops));
        truth.derivation << QStringLiteral("bytes = (input + weight%1 + output)·%2 = %3")
                                .arg(bias ? QStringLiteral(" + C_out bias") : QString(), figureText(b), figureText(truth.bytes));
    } else {
        truth.flops = (gradInput ? forwardFlops : 0) + (gradWeight ? weightGradFlops : 0) + (bias ? trueO : 0);
        truth.bytes = ((gradInput ? trueO + W + X : 0) + (gradWeight ? trueO + X + W : 0) + (bias ? trueO + trueChannels : 0)) * b;
        truth.derivation << QStringLiteral("FLOPs = %1 (input grad) + %2 (weight grad) + %3 (bias grad) = %4")
                                .arg(figureText(gradInput ? forwardFlops : 0), figureText(gradWeight ? weightGradFlops : 0),
                                    figureText(bias ? O : 0), figureText(truth.flops));
        truth.derivation << QStringLiteral("bytes = (grad_out + weight + input) per weight or input gradient%1, ×%2 = %3")
                                .arg(bias ? QStringLiteral(" + grad_out + C_out for the bias") : QString(), figureText(b),
                                    figureText(truth.bytes));
    }

    // TraceLens: one size (the input's) for every tensor, a bias never
    // found, the backward always both gradients.
    LibraryOpFigures tl;
    tl.rule = QStringLiteral("TraceLens ") + rule;
    tl.params = truth.params;
    const bool tlBias = kind == OpKind::ConvBias;
    const bool mixed = !backward && kind != OpKind::ConvBias && args.type(0) != args.type(1);
    if (mixed) {
        tl.flops = tl.bytes = notANumber;
        why << QStringLiteral("TraceLens refuses an input and weight of different dtypes and gives no figures");
    } else {
        const auto tlBpe = traceLensAtenBytes(args.type(xi));
        const double tb = tlBpe ? *tlBpe : notANumber;
        tl.flops = backward ? forwardFlops + weightGradFlops : forwardFlops + (tlBias ? O : 0);
        tl.bytes = backward ? (O + W + X) * tb * 2 : (X + W + (tlBias ? channels : 0) + O) * tb;
        tl.computeSpec = computeSpec(u"matrix", traceLensPrecision(args.type(xi)));
        if (!tlBpe)
            why << QStringLiteral("TraceLens knows no size for %1").arg(args.type(xi));
        if (tl.computeSpec != truth.computeSpec)
            why << QStringLiteral("TraceLens has no compute precision for %1").arg(args.type(xi));
    }
    return finishModel(LibraryOpCategory::Conv, std::move(truth), std::move(tl), why);
}

} // namespace Ridgeline
