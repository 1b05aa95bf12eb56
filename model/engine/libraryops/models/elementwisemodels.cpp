// Elementwise ops: unary and binary ATen ops, replication pad, nearest
// upsampling, gated activations, rotary embeddings (ATEN_MODELS.md §8).
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

QString bpeText(Bpe bpe)
{
    return bpe ? QString::number(*bpe) : QStringLiteral("?");
}

// A Python number passed to a tensor op: recorded with no dims as
// "Scalar", or as a wrapped 0-d double, long or bool. The kernel gets it by
// value; it is never read from memory.
bool heldByValue(const OpArgs& args, int i)
{
    const Shape* s = args.dims(i);
    if (!s || !s->empty())
        return false;
    const QStringView type = args.type(i);
    return type == u"Scalar" || type == u"double" || type == u"long int" || type == u"bool" || type == u"c10::ComplexDouble";
}

LibraryOpFigures start(const QString& rule, double flops, double bytes, QStringView dtype, bool traceLens)
{
    LibraryOpFigures f;
    f.rule = traceLens ? QStringLiteral("TraceLens ") + rule : rule;
    f.flops = flops;
    f.bytes = bytes;
    f.computeSpec = computeSpec(u"vector", traceLens ? traceLensPrecision(dtype) : truePrecision(dtype));
    return f;
}

std::optional<LibraryOpModel> unary(const OpArgs& args, QString* whyNot)
{
    const Shape* in = args.dims(0);
    if (!in) {
        *whyNot = QStringLiteral("elementwise: the input (argument 0) is not a shape");
        return std::nullopt;
    }
    const double n = product(*in).toDouble();
    const bool outGiven = args.isTensor(1); // copy_'s source, an out= tensor
    const QStringView inType = args.type(0), outType = outGiven ? args.type(1) : inType;
    const QString rule = QStringLiteral("elementwise: unary");
    QStringList why;
    // TraceLens: both sides the input's element count.
    const Bpe tlIn = traceLensAtenBytes(inType), tlOut = traceLensAtenBytes(outType);
    LibraryOpFigures tl = start(rule, n, tlIn && tlOut ? n * *tlIn + n * *tlOut : notANumber, inType, true);
    // Ridgeline: the second tensor at its own element count (copy_ broadcasts its source).
    const Bpe in1 = trueBytes(inType), in2 = trueBytes(outType);
    const double n2 = outGiven ? product(*args.dims(1)).toDouble() : n;
    LibraryOpFigures truth = start(rule, n, sized(n, in1) + sized(n2, in2), inType, false);
    truth.params = { { QStringLiteral("elements"), n } };
    truth.derivation << QStringLiteral("n = %1 elements of %2: FLOPs = n; bytes = %1·%3 + %4·%5 = %6")
                            .arg(figureText(n), shapeText(*in), bpeText(in1), figureText(n2), bpeText(in2), figureText(truth.bytes));
    if (!tlIn || !tlOut)
        why << QStringLiteral("TraceLens knows no size for %1 and gives no bytes").arg(!tlIn ? inType : outType);
    if (n2 != n)
        why << QStringLiteral("TraceLens counts the broadcast source as %1 elements, not its %2").arg(figureText(n), figureText(n2));
    if (tl.computeSpec != truth.computeSpec)
        why << QStringLiteral("TraceLens has no compute precision for %1").arg(inType);
    return finishModel(LibraryOpCategory::Elementwise, std::move(truth), std::move(tl), why);
}

std::optional<LibraryOpModel> binary(const OpArgs& args, const QString& rule, QString* whyNot)
{
    const Shape* a = args.dims(0);
    const Shape* b = args.dims(1);
    const auto out = a && b ? broadcastShapes(*a, *b) : std::nullopt;
    if (!out) {
        *whyNot = rule + QStringLiteral(": the operands (arguments 0, 1) are not shapes that broadcast");
        return std::nullopt;
    }
    const double n1 = product(*a).toDouble(), n2 = product(*b).toDouble(), nOut = product(*out).toDouble();
    const bool outGiven = args.isTensor(2);
    const bool bothTensors = !a->empty() && !b->empty();
    QStringList why;

    auto figures = [&](auto bytesOf, bool traceLens) {
        const Bpe b1 = bytesOf(args.type(0)), b2 = bytesOf(args.type(1));
        const Bpe bOut = outGiven ? bytesOf(args.type(2)) : bothTensors && b1 && b2 ? std::max(b1, b2) : b1;
        return start(rule, nOut, sized(n1, b1) + sized(n2, b2) + sized(nOut, bOut), args.type(0), traceLens);
    };
    LibraryOpFigures tl = figures(traceLensAtenBytes, true);
    // Ridgeline: a number passed by value is no memory traffic.
    const bool scalar1 = heldByValue(args, 0), scalar2 = heldByValue(args, 1);
    auto trueOrNone = [&](int i) { return (i == 0 ? scalar1 : scalar2) ? Bpe(0) : trueBytes(args.type(i)); };
    const Bpe b1 = trueOrNone(0), b2 = trueOrNone(1);
    const Bpe bOut = outGiven     ? trueBytes(args.type(2))
        : bothTensors && b1 && b2 ? std::max(b1, b2)
        : scalar1                 ? trueBytes(args.type(1))
                                  : trueBytes(args.type(0));
    LibraryOpFigures truth = start(rule, nOut, sized(n1, b1) + sized(n2, b2) + sized(nOut, bOut), args.type(0), false);
    truth.params = { { QStringLiteral("elements"), nOut } };
    truth.derivation << QStringLiteral("%1 (%2) with %3 (%4) → %5 elements: FLOPs = %5; bytes = %6·%7 + %8·%9 + %5·%10 = %11")
                            .arg(shapeText(*a), args.type(0), shapeText(*b), args.type(1), figureText(nOut), figureText(n1), bpeText(b1),
                                figureText(n2), bpeText(b2), bpeText(bOut), figureText(truth.bytes));
    if (scalar1 || scalar2)
        why << QStringLiteral("TraceLens reads the number passed by value (%1) as a %2-byte tensor")
                   .arg(args.type(scalar2 ? 1 : 0), bpeText(traceLensAtenBytes(args.type(scalar2 ? 1 : 0))));
    if (std::isnan(tl.bytes) && !std::isnan(truth.bytes))
        why << QStringLiteral("TraceLens knows no size for one of the dtypes and gives no bytes");
    if (tl.computeSpec != truth.computeSpec)
        why << QStringLiteral("TraceLens has no compute precision for %1").arg(args.type(0));
    return finishModel(LibraryOpCategory::Elementwise, std::move(truth), std::move(tl), why);
}

// Pad and upsample: read the input, write the output.
std::optional<LibraryOpModel> reshaping(const OpArgs& args, const Shape& in, const std::optional<Shape>& traceLensOut, const Shape& out,
    const QString& rule, const QString& tlWhy)
{
    const double nIn = product(in).toDouble(), nOut = product(out).toDouble();
    const QStringView dtype = args.type(0);
    LibraryOpFigures truth = start(rule, nOut, sized(nIn, trueBytes(dtype)) + sized(nOut, trueBytes(dtype)), dtype, false);
    truth.params = { { QStringLiteral("input elements"), nIn }, { QStringLiteral("output elements"), nOut } };
    truth.derivation << QStringLiteral("%1 → %2: FLOPs = %3 (one per output element); bytes = (%4 + %3)·%5 = %6")
                            .arg(shapeText(in), shapeText(out), figureText(nOut), figureText(nIn), bpeText(trueBytes(dtype)),
                                figureText(truth.bytes));
    LibraryOpFigures tl;
    QStringList why;
    if (traceLensOut) {
        const double tlOut = product(*traceLensOut).toDouble();
        const Bpe bpe = traceLensAtenBytes(dtype);
        tl = start(rule, tlOut, sized(nIn, bpe) + sized(tlOut, bpe), dtype, true);
        if (std::isnan(tl.bytes))
            why << QStringLiteral("TraceLens knows no size for %1").arg(dtype);
    } else {
        tl.rule = QStringLiteral("TraceLens ") + rule;
        tl.flops = tl.bytes = notANumber;
        why << tlWhy;
    }
    return finishModel(LibraryOpCategory::Elementwise, std::move(truth), std::move(tl), why);
}

std::optional<LibraryOpModel> pad(const OpArgs& args, QString* whyNot)
{
    const Shape* in = args.dims(0);
    const auto pads = args.integerList(1);
    if (!in || !pads || pads->size() % 2 != 0 || pads->size() / 2 > in->size()) {
        *whyNot = QStringLiteral("replication pad: the input (argument 0) or the pads (argument 1) '%1' do not fit:"
                                 " two pads a dim, for at most as many dims as the input has")
                      .arg(args.concrete(1));
        return std::nullopt;
    }
    Shape out = *in;
    for (size_t i = 0; i < pads->size() / 2; ++i) { // innermost dim first
        const auto grown = Count(out[out.size() - 1 - i]) + (*pads)[2 * i] + (*pads)[2 * i + 1];
        if (!grown.valid() || grown.value() < 0) {
            *whyNot = QStringLiteral("replication pad: the pads (argument 1) %1 leave the input (argument 0) %2 no output")
                          .arg(shapeText(*pads), shapeText(*in));
            return std::nullopt;
        }
        out[out.size() - 1 - i] = grown.value();
    }
    return reshaping(args, *in, out, out, QStringLiteral("elementwise: replication pad"), QString());
}

std::optional<LibraryOpModel> upsample(const OpArgs& args, QString* whyNot)
{
    const Shape* in = args.dims(0);
    if (!in || in->size() < 3) {
        *whyNot = QStringLiteral("upsample nearest: the input (argument 0) is not [N, C, ...]");
        return std::nullopt;
    }
    const size_t spatial = in->size() - 2;
    Shape out(in->begin(), in->begin() + 2);
    std::optional<Shape> traceLensOut;
    if (const auto size = args.integerList(1); size && size->size() == spatial) {
        if (const QString bad = belowLeast(*size, 0, u"output_size", 1); !bad.isEmpty()) {
            *whyNot = QStringLiteral("upsample nearest: ") + bad;
            return std::nullopt;
        }
        out.insert(out.end(), size->begin(), size->end());
        traceLensOut = out;
    } else {
        // Called with scale factors: [s, s] in argument 2, or one per argument.
        std::vector<double> scales;
        if (const auto list = args.realList(2); list && list->size() == spatial)
            scales = *list;
        for (int i = 2; scales.size() < spatial && i < 2 + int(spatial); ++i) {
            if (const auto s = args.real(i))
                scales.push_back(*s);
        }
        if (scales.size() != spatial) {
            *whyNot = QStringLiteral("upsample nearest: neither output_size (argument 1) nor scale factors parse");
            return std::nullopt;
        }
        for (size_t i = 0; i < spatial; ++i) {
            if (!(scales[i] > 0)) {
                *whyNot = QStringLiteral("upsample nearest: the scale factors (arguments 2-%1) hold %2, not above 0")
                              .arg(1 + int(spatial))
                              .arg(scales[i]);
                return std::nullopt;
            }
            const double scaled = std::floor(double((*in)[2 + i]) * scales[i]);
            if (!(scaled >= 0 && scaled < 9e18)) {
                *whyNot = QStringLiteral("upsample nearest: the scale factors give no output");
                return std::nullopt;
            }
            out.push_back(std::int64_t(scaled));
        }
    }
    return reshaping(args, *in, traceLensOut, out, QStringLiteral("elementwise: upsample nearest"),
        QStringLiteral("TraceLens reads only output_size, empty when the op is called with scale factors, and gives no figures"));
}

std::optional<LibraryOpModel> sameForBoth(LibraryOpFigures f)
{
    LibraryOpFigures tl = f;
    tl.rule = QStringLiteral("TraceLens ") + f.rule;
    return finishModel(LibraryOpCategory::Elementwise, std::move(f), std::move(tl), {});
}

} // namespace

std::optional<LibraryOpModel> modelElementwise(OpKind kind, const OpArgs& args, QString* whyNot)
{
    switch (kind) {
    case OpKind::Unary:
        return unary(args, whyNot);
    case OpKind::Binary:
        return binary(args, QStringLiteral("elementwise: binary"), whyNot);
    case OpKind::LigerSiluMul:
        return binary(args, QStringLiteral("elementwise: SiLU · mul"), whyNot);
    case OpKind::ReplicationPad:
        return pad(args, whyNot);
    case OpKind::UpsampleNearest:
        return upsample(args, whyNot);
    default:
        break;
    }
    if (kind == OpKind::GatedActivation) { // (out, input): input [.., 2d] → out [.., d]
        const Shape* out = args.dims(0);
        if (!out || !args.dims(1)) {
            *whyNot = QStringLiteral("gated activation: out (argument 0) or input (1) is not a shape");
            return std::nullopt;
        }
        // The input [..., 2d] holds the gate and the value side by side.
        const Shape& input = *args.dims(1);
        const bool halves = !out->empty() && input.size() == out->size() && std::equal(out->begin(), out->end() - 1, input.begin())
            && (Count(out->back()) * 2).value() == input.back();
        if (!halves) {
            *whyNot = QStringLiteral("gated activation: the input (argument 1) %1 is not out (argument 0) %2 with its last dim doubled")
                          .arg(shapeText(input), shapeText(*out));
            return std::nullopt;
        }
        const double n = product(*out).toDouble();
        const Bpe in = traceLensAtenBytes(args.type(1)), o = traceLensAtenBytes(args.type(0));
        LibraryOpFigures f
            = start(QStringLiteral("elementwise: gated activation"), 5 * n, sized(2 * n, in) + sized(n, o), args.type(0), false);
        f.derivation << QStringLiteral("n = %1 output elements: FLOPs = 5n; bytes = 2n·%2 + n·%3 = %4")
                            .arg(figureText(n), bpeText(in), bpeText(o), figureText(f.bytes));
        return sameForBoth(std::move(f));
    }
    if (kind == OpKind::FusedRope) {
        const Shape* x = args.dims(0);
        if (!x) {
            *whyNot = QStringLiteral("RoPE: argument 0 is not a shape");
            return std::nullopt;
        }
        const double n = product(*x).toDouble();
        LibraryOpFigures f
            = start(QStringLiteral("elementwise: RoPE"), 3 * n, sized(2 * n, traceLensAtenBytes(args.type(0))), args.type(0), false);
        f.derivation << QStringLiteral("n = %1: FLOPs = 3n; bytes = 2n·bpe = %2").arg(figureText(n), figureText(f.bytes));
        return sameForBoth(std::move(f));
    }
    // sgl_kernel::rotary_embedding (positions, query, key, head_size, cos_sin_cache, is_neox)
    const Shape* q = args.dims(1);
    const Shape* k = args.dims(2);
    const Shape* cache = args.dims(4);
    if (!q || !k || !cache || q->size() < 2 || k->size() < 2 || cache->size() < 2) {
        *whyNot = QStringLiteral("rotary embedding: query, key (arguments 1, 2) or the cos/sin cache (4) are not 2-D");
        return std::nullopt;
    }
    // head_size splits query and key into whole heads; the cache's rotary
    // dim fits in one; query and key have a row per token.
    const std::int64_t headSize = args.integer(3).value_or(q->back());
    QString bad;
    if (headSize < 1)
        bad = QStringLiteral("%1 = %2, below 1").arg(argName(u"head_size", 3)).arg(headSize);
    else if ((*q)[1] % headSize != 0 || (*k)[1] % headSize != 0)
        bad = QStringLiteral("%1 = %2 does not divide query (argument 1) %3 or key (argument 2) %4 into heads")
                  .arg(argName(u"head_size", 3))
                  .arg(headSize)
                  .arg(shapeText(*q), shapeText(*k));
    else if ((*cache)[1] > headSize)
        bad = QStringLiteral("the cos/sin cache (argument 4) %1 rotates more than head_size (argument 3) = %2")
                  .arg(shapeText(*cache))
                  .arg(headSize);
    else
        bad = disagreement(u"the tokens", (*q)[0], u"query", 1, *q, (*k)[0], u"key", 2, *k);
    if (!bad.isEmpty()) {
        *whyNot = QStringLiteral("rotary embedding: ") + bad;
        return std::nullopt;
    }
    const double head = double(headSize);
    const double tokens = (*q)[0], rot = (*cache)[1];
    const double n = tokens * (std::floor((*q)[1] / head) + std::floor((*k)[1] / head)) * rot;
    LibraryOpFigures f = start(
        QStringLiteral("elementwise: rotary embedding"), 3 * n, sized(2 * n, traceLensAtenBytes(args.type(1))), args.type(1), false);
    f.derivation << QStringLiteral("n = tokens·(q heads + k heads)·rotary dim = %1: FLOPs = 3n; bytes = 2n·bpe = %2")
                        .arg(figureText(n), figureText(f.bytes));
    return sameForBoth(std::move(f));
}

} // namespace Ridgeline
