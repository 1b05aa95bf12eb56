// The ATen GEMMs: mm, addmm, bmm, baddbmm, _scaled_mm (ATEN_MODELS.md §4.1-4.2).
#include "engine/libraryops/models/opargs.h"
#include "engine/libraryops/models/opkinds.h"
#include "engine/libraryops/models/shapechecks.h"

namespace Ridgeline {
namespace {

struct Operands
{
    int a = 0, b = 1, bias = -1; // argument positions; bias -1: none
    bool batched = false;
};

Operands operandsOf(OpKind kind)
{
    switch (kind) {
    case OpKind::Addmm:
        return { 1, 2, 0, false };
    case OpKind::Bmm:
        return { 0, 1, -1, true };
    case OpKind::Baddbmm:
        return { 1, 2, 0, true };
    default:
        return { 0, 1, -1, false };
    }
}

QString ruleName(OpKind kind)
{
    switch (kind) {
    case OpKind::Addmm:
        return QStringLiteral("GEMM: addmm");
    case OpKind::Bmm:
        return QStringLiteral("GEMM: bmm");
    case OpKind::Baddbmm:
        return QStringLiteral("GEMM: baddbmm");
    case OpKind::ScaledMm:
        return QStringLiteral("GEMM: scaled_mm");
    default:
        return QStringLiteral("GEMM: mm");
    }
}

double bytesOr(std::optional<int> bpe, double elements)
{
    return bpe ? elements * *bpe : notANumber;
}

// _scaled_mm's out_dtype is recorded as a ScalarType code.
std::optional<int> scalarTypeBytes(std::int64_t code)
{
    switch (code) {
    case 5:
    case 15:
        return 2; // Half, BFloat16
    case 6:
    case 3:
        return 4; // Float, Int
    case 7:
    case 4:
        return 8; // Double, Long
    case 1:
    case 0:
        return 1; // Char, Byte
    case 23:
    case 24:
    case 25:
    case 26:
        return 1; // Float8 e5m2, e4m3fn, e5m2fnuz, e4m3fnuz
    default:
        return std::nullopt;
    }
}

} // namespace

std::optional<LibraryOpModel> modelGemm(OpKind kind, const OpArgs& args, QString* whyNot)
{
    const Operands at = operandsOf(kind);
    const Shape* a = args.dims(at.a);
    const Shape* b = args.dims(at.b);
    const size_t rank = at.batched ? 3 : 2;
    if (!a || !b || a->size() != rank || b->size() != rank) {
        *whyNot = QStringLiteral("%1 needs %2-D operands at arguments %3 and %4").arg(ruleName(kind)).arg(rank).arg(at.a).arg(at.b);
        return std::nullopt;
    }
    const size_t m = rank - 2;
    // A [B, M, K] by B [B, K, N]: the inner dims and the batches agree, a
    // bias broadcasts to the product (an impossible GEMM has no figures).
    QString impossible = disagreement(u"K", (*a)[m + 1], u"A", at.a, *a, (*b)[m], u"B", at.b, *b);
    if (impossible.isEmpty() && at.batched)
        impossible = disagreement(u"the batch", (*a)[0], u"A", at.a, *a, (*b)[0], u"B", at.b, *b);
    const int biasArg = kind == OpKind::ScaledMm ? 4 : at.bias;
    if (const Shape* c = args.dims(biasArg); impossible.isEmpty() && c && !c->empty()) {
        Shape out { (*a)[m], (*b)[m + 1] };
        if (at.batched)
            out.insert(out.begin(), (*a)[0]);
        if (broadcastShapes(*c, out) != out)
            impossible = QStringLiteral("the bias %1 %2 does not broadcast to the product %3")
                             .arg(argName(u"C", biasArg), shapeText(*c), shapeText(out));
    }
    if (!impossible.isEmpty()) {
        *whyNot = ruleName(kind) + QStringLiteral(": ") + impossible;
        return std::nullopt;
    }
    const double batch = at.batched ? double((*a)[0]) : 1.0;
    const double M = double((*a)[m]), K = double((*a)[m + 1]), N = double((*b)[m + 1]);
    const QStringView typeA = args.type(at.a), typeB = args.type(at.b);

    LibraryOpFigures truth;
    LibraryOpFigures tl;
    QStringList why;
    truth.rule = ruleName(kind);
    tl.rule = QStringLiteral("TraceLens ") + truth.rule;
    truth.params = { { QStringLiteral("B"), batch }, { QStringLiteral("M"), M }, { QStringLiteral("N"), N }, { QStringLiteral("K"), K } };
    tl.params = truth.params;
    const double matmul = batch * 2 * M * N * K;
    truth.derivation << QStringLiteral("A %1 (%2), B %3 (%4): B = %5, M = %6, N = %7, K = %8")
                            .arg(
                                shapeText(*a), typeA, shapeText(*b), typeB, figureText(batch), figureText(M), figureText(N), figureText(K));
    truth.derivation << QStringLiteral("matmul FLOPs = B·2·M·N·K = %1").arg(figureText(matmul));

    if (kind == OpKind::ScaledMm) {
        // TraceLens: A's size for A, B (and a bias it never finds), an FP8
        // product written as 16 bits; the scales never counted.
        const int tlIn = traceLensAtenBytes(typeA).value_or(0); // 0: no size
        const bool tlKnown = tlIn > 0 && traceLensAtenBytes(typeB);
        const int tlOut = tlIn == 1 ? 2 : (tlIn == 2 || tlIn == 4) ? tlIn : 0;
        tl.flops = tlKnown ? matmul : notANumber;
        tl.bytes = tlKnown && tlOut > 0 ? (M * K + K * N) * tlIn + M * N * tlOut : notANumber;
        tl.computeSpec = tlKnown ? computeSpec(u"matrix", traceLensPrecision(typeA)) : QString();
        // Ridgeline: each operand its own size, the scales read, a bias
        // (argument 4) added and read, the output in out_dtype when recorded.
        const auto inA = trueBytes(typeA), inB = trueBytes(typeB);
        const bool int8 = truePrecision(typeA) == u"int8";
        int out = int8 ? 4 : inA.value_or(0) == 1 ? 2 : inA.value_or(0);
        if (const auto code = args.integer(6))
            out = scalarTypeBytes(*code).value_or(out);
        double scales = 0;
        for (int i : { 2, 3 }) {
            if (const Shape* s = args.dims(i); s && args.type(i) != u"Scalar")
                scales += bytesOr(trueBytes(args.type(i)), product(*s).toDouble());
        }
        const bool bias = args.isTensor(4);
        const double biasElements = bias ? product(*args.dims(4)).toDouble() : 0;
        truth.flops = matmul + (bias ? M * N : 0);
        truth.bytes = bytesOr(inA, M * K) + bytesOr(inB, K * N) + (out > 0 ? M * N * out : notANumber) + scales
            + (bias ? bytesOr(trueBytes(args.type(4)), biasElements) : 0);
        truth.computeSpec = computeSpec(u"matrix", truePrecision(typeA));
        truth.derivation << QStringLiteral("bytes = A + B + scales (%1) + output (%2 B/element)%3 = %4")
                                .arg(figureText(scales), figureText(out > 0 ? out : notANumber),
                                    bias ? QStringLiteral(" + bias") : QString(), figureText(truth.bytes));
        if (!tlKnown)
            why << QStringLiteral("TraceLens knows no size for %1 or %2 and gives no figures").arg(typeA, typeB);
        if (scales > 0)
            why << QStringLiteral("TraceLens never counts the scale tensors");
        if (bias)
            why << QStringLiteral("TraceLens's bias test (3 arguments) never holds for _scaled_mm, so the bias is not counted");
        if (truth.computeSpec != tl.computeSpec)
            why << QStringLiteral("TraceLens has no compute precision for %1").arg(typeA);
        if (tlKnown && out != tlOut)
            why << QStringLiteral("TraceLens writes the output as %1 bytes/element").arg(tlOut);
        return finishModel(LibraryOpCategory::Gemm, std::move(truth), std::move(tl), why);
    }

    // TraceLens: every operand, the output and an N-long bias at A's size.
    const auto tlBpe = traceLensAtenBytes(typeA);
    const bool tlBias = at.bias >= 0;
    tl.flops = matmul + (tlBias ? batch * M * N : 0);
    tl.bytes = tlBpe ? batch * (M * K + K * N + M * N + (tlBias ? N : 0)) * *tlBpe : notANumber;
    tl.computeSpec = computeSpec(u"matrix", traceLensPrecision(typeA));
    tl.derivation << QStringLiteral("bytes = B·(M·K + K·N + M·N%1)·%2 = %3")
                         .arg(tlBias ? QStringLiteral(" + N") : QString(), figureText(tlBpe ? *tlBpe : notANumber), figureText(tl.bytes));

    // Ridgeline: the bias as recorded (any broadcastable shape; none when
    // beta is 0), each operand at its own size.
    const auto bpeA = trueBytes(typeA), bpeB = trueBytes(typeB);
    bool bias = tlBias;
    double biasElements = 0;
    if (tlBias) {
        const Shape* c = args.dims(at.bias);
        const auto beta = args.real(3);
        bias = c && !(beta && *beta == 0);
        biasElements = bias ? product(*c).toDouble() : 0;
    }
    const double biasBytes = bias ? bytesOr(trueBytes(args.type(at.bias)), biasElements) : 0;
    truth.flops = matmul + (bias ? batch * M * N : 0);
    truth.bytes = batch * (bytesOr(bpeA, M * K) + bytesOr(bpeB, K * N) + bytesOr(bpeA, M * N)) + biasBytes;
    truth.computeSpec = computeSpec(u"matrix", truePrecision(typeA));
    if (bias) {
        truth.derivation << QStringLiteral("bias %1: + B·M·N = %2 FLOPs, %3 bytes read")
                                .arg(shapeText(*args.dims(at.bias)), figureText(batch * M * N), figureText(biasBytes));
    }
    truth.derivation << QStringLiteral("FLOPs = %1").arg(figureText(truth.flops));
    truth.derivation << QStringLiteral("bytes = B·(M·K·%1 + K·N·%2 + M·N·%1)%3 = %4")
                            .arg(figureText(bpeA ? *bpeA : notANumber), figureText(bpeB ? *bpeB : notANumber),
                                bias ? QStringLiteral(" + bias") : QString(), figureText(truth.bytes));
    if (tlBias && !bias)
        why << QStringLiteral("TraceLens adds a bias even with beta = 0");
    else if (tlBias && biasElements != N)
        why << QStringLiteral("TraceLens counts the bias as an N-long vector (%1 elements), not its recorded %2 elements")
                   .arg(figureText(N), figureText(biasElements));
    if (!tlBpe)
        why << QStringLiteral("TraceLens knows no size for %1").arg(typeA);
    if (typeA != typeB)
        why << QStringLiteral("TraceLens sizes every operand as A's %1").arg(typeA);
    if (truth.computeSpec != tl.computeSpec)
        why << QStringLiteral("TraceLens has no compute precision for %1").arg(typeA);
    return finishModel(LibraryOpCategory::Gemm, std::move(truth), std::move(tl), why);
}

} // namespace Ridgeline
