// The GEMMs of libraries beside ATen: Transformer Engine, Primus Turbo
// (hipBLASLt FP8/FP4, grouped), aiter, vLLM (ATEN_MODELS.md §4.2).
#include "engine/libraryops/models/opargs.h"
#include "engine/libraryops/models/opkinds.h"
#include "engine/libraryops/models/shapechecks.h"

#include <cmath>

namespace Ridgeline {
namespace {

using Bpe = std::optional<int>;

struct Gemm
{
    double M = 0, N = 0, K = 0;
    bool bias = false;
    Bpe a, b, out, biasBpe;
};

// TraceLens's GEMM base: no bytes when any of the four sizes is unknown,
// the bias's included even when there is no bias.
void gemmFigures(const Gemm& g, LibraryOpFigures* figures)
{
    figures->flops = 2 * g.M * g.N * g.K + (g.bias ? g.M * g.N : 0);
    const bool known = g.a && g.b && g.out && g.biasBpe;
    figures->bytes = known ? g.M * g.K * *g.a + g.K * g.N * *g.b + g.M * g.N * *g.out + (g.bias ? g.N * *g.biasBpe : 0) : notANumber;
    figures->params = { { QStringLiteral("M"), g.M }, { QStringLiteral("N"), g.N }, { QStringLiteral("K"), g.K },
        { QStringLiteral("bias"), g.bias ? 1.0 : 0.0 } };
    figures->derivation << QStringLiteral("M = %1, N = %2, K = %3%4: FLOPs = 2·M·N·K%5 = %6")
                               .arg(figureText(g.M), figureText(g.N), figureText(g.K), g.bias ? QStringLiteral(", bias") : QString(),
                                   g.bias ? QStringLiteral(" + M·N") : QString(), figureText(figures->flops));
    figures->derivation << QStringLiteral("bytes = M·K·%1 + K·N·%2 + M·N·%3%4 = %5")
                               .arg(figureText(g.a ? *g.a : notANumber), figureText(g.b ? *g.b : notANumber),
                                   figureText(g.out ? *g.out : notANumber), g.bias ? QStringLiteral(" + N·bias") : QString(),
                                   figureText(figures->bytes));
}

bool truthy(QStringView text)
{
    return text.compare(u"true", Qt::CaseInsensitive) == 0 || text == u"1";
}

double ceilDiv32(double k)
{
    return std::ceil(k / 32);
}

QString ruleName(OpKind kind)
{
    switch (kind) {
    case OpKind::TeGemmTs:
        return QStringLiteral("GEMM: te_gemm_ts");
    case OpKind::Tev2PseudoGemm:
        return QStringLiteral("GEMM: TE v2 linear");
    case OpKind::VllmDynamicQuantGemm:
        return QStringLiteral("GEMM: vLLM dynamic-quant");
    case OpKind::HipblasltFp8:
        return QStringLiteral("GEMM: hipBLASLt FP8");
    case OpKind::HipblasltFp4:
        return QStringLiteral("GEMM: hipBLASLt FP4");
    case OpKind::AiterA4W4:
        return QStringLiteral("GEMM: aiter a4w4");
    case OpKind::AiterA16W16:
        return QStringLiteral("GEMM: aiter a16w16");
    case OpKind::AiterA16W16Atomic:
        return QStringLiteral("GEMM: aiter a16w16 atomic");
    case OpKind::AiterA16W16Asm:
        return QStringLiteral("GEMM: aiter a16w16 asm");
    case OpKind::VllmUnquantizedGemm:
        return QStringLiteral("GEMM: vLLM unquantized");
    case OpKind::A8W8Blockscale:
        return QStringLiteral("GEMM: a8w8 blockscale");
    default:
        return QStringLiteral("GEMM: grouped");
    }
}

// hipBLASLt FP4 and aiter a4w4: packed operands, per-32 block scales.
std::optional<LibraryOpModel> fp4Gemm(const OpArgs& args, double M, double N, double K, Bpe a, Bpe b, Bpe sa, Bpe sb, const QString& rule)
{
    LibraryOpFigures truth;
    truth.rule = rule;
    truth.flops = 2 * M * N * K;
    const double scaleA = sa.value_or(1), scaleB = sb.value_or(1);
    truth.bytes
        = a && b ? M * (K / 2) * *a + N * (K / 2) * *b + M * ceilDiv32(K) * scaleA + N * ceilDiv32(K) * scaleB + 2 * M * N : notANumber;
    truth.computeSpec = computeSpec(u"matrix", traceLensPrecision(args.type(0)));
    truth.params = { { QStringLiteral("M"), M }, { QStringLiteral("N"), N }, { QStringLiteral("K"), K } };
    truth.derivation << QStringLiteral("M = %1, N = %2, K = %3 (logical, two FP4 values a byte): FLOPs = 2·M·N·K = %4")
                            .arg(figureText(M), figureText(N), figureText(K), figureText(truth.flops));
    truth.derivation << QStringLiteral("bytes = M·K/2·%1 + N·K/2·%2 + (M + N)·ceil(K/32) scales + 2·M·N = %3")
                            .arg(figureText(a ? *a : notANumber), figureText(b ? *b : notANumber), figureText(truth.bytes));
    LibraryOpFigures tl = truth;
    tl.rule = QStringLiteral("TraceLens ") + rule;
    return finishModel(LibraryOpCategory::Gemm, std::move(truth), std::move(tl), {});
}

bool twoD(const Shape* s)
{
    return s && s->size() == 2;
}

} // namespace

std::optional<LibraryOpModel> modelExtensionGemm(OpKind kind, const OpArgs& args, QString* whyNot)
{
    const QString rule = ruleName(kind);
    auto bpe = [&](int i) { return traceLensAtenBytes(args.type(i)); };
    auto trueBpe = [&](int i) { return trueBytes(args.type(i)); };
    auto fail = [&](const QString& what) {
        *whyNot = rule + QStringLiteral(": ") + what;
        return std::nullopt;
    };
    Gemm tl; // TraceLens's reading
    Gemm truth;
    QStringList why;
    int precisionArg = 0;

    switch (kind) {
    case OpKind::TeGemmTs: {
        const Shape* a = args.dims(0);
        const Shape* b = args.dims(5);
        if (!twoD(a) || !twoD(b))
            return fail(QStringLiteral("needs 2-D A (argument 0) and B (argument 5)"));
        const bool transA = args.concrete(4) == u"1", transB = args.concrete(9) == u"1";
        if (const QString bad = disagreement(u"K", transA ? (*a)[1] : (*a)[0], u"A", 0, *a, transB ? (*b)[0] : (*b)[1], u"B", 5, *b);
            !bad.isEmpty())
            return fail(bad);
        tl.M = transA ? (*a)[0] : (*a)[1];
        tl.K = transA ? (*a)[1] : (*a)[0];
        tl.N = transB ? (*b)[1] : (*b)[0];
        tl.bias = !args.concrete(14).isEmpty();
        tl.a = bpe(0), tl.b = bpe(5), tl.out = bpe(10), tl.biasBpe = bpe(18);
        truth = tl;
        truth.a = trueBpe(0), truth.b = trueBpe(5), truth.out = trueBpe(10);
        truth.biasBpe = tl.bias ? trueBpe(18) : Bpe(0);
        if (!tl.bias && !tl.biasBpe)
            why << QStringLiteral("TraceLens needs a size for the absent bias's dtype and gives no bytes");
        break;
    }
    case OpKind::Tev2PseudoGemm:
    case OpKind::AiterA16W16:
    case OpKind::AiterA16W16Atomic:
    case OpKind::AiterA16W16Asm:
    case OpKind::VllmUnquantizedGemm:
    case OpKind::A8W8Blockscale: {
        const Shape* a = args.dims(0);
        const Shape* b = args.dims(1);
        if (!twoD(a) || !twoD(b))
            return fail(QStringLiteral("needs 2-D operands at arguments 0 and 1"));
        // TE's B is [K, N]; the others' weight [N, K].
        if (const QString bad = disagreement(u"K", (*a)[1], u"A", 0, *a, kind == OpKind::Tev2PseudoGemm ? (*b)[0] : (*b)[1], u"B", 1, *b);
            !bad.isEmpty())
            return fail(bad);
        tl.M = (*a)[0], tl.K = (*a)[1];
        tl.N = kind == OpKind::Tev2PseudoGemm ? (*b)[1] : (*b)[0]; // TE: [K, N]; the rest: weight [N, K]
        tl.a = bpe(0), tl.b = bpe(1);
        truth.a = trueBpe(0), truth.b = trueBpe(1);
        if (kind == OpKind::Tev2PseudoGemm) {
            tl.out = tl.biasBpe = 2;
            truth.out = truth.biasBpe = 2;
            if (args.type(0) != args.type(1)) {
                // TraceLens raises: a row with kernel time only.
                LibraryOpFigures truthFigures, none;
                truth.M = tl.M, truth.N = tl.N, truth.K = tl.K;
                gemmFigures(truth, &truthFigures);
                truthFigures.rule = rule;
                truthFigures.computeSpec = computeSpec(u"matrix", truePrecision(args.type(0)));
                none.flops = none.bytes = notANumber;
                none.rule = QStringLiteral("TraceLens ") + rule;
                return finishModel(LibraryOpCategory::Gemm, std::move(truthFigures), std::move(none),
                    { QStringLiteral("TraceLens refuses operands of different dtypes and gives no figures") });
            }
        } else if (kind == OpKind::AiterA16W16) {
            tl.bias = args.isTensor(2);
            tl.out = tl.biasBpe = bpe(0);
            truth.out = truth.biasBpe = trueBpe(0);
        } else if (kind == OpKind::AiterA16W16Atomic) {
            const bool recorded = !args.type(3).isEmpty();
            tl.out = tl.biasBpe = recorded ? bpe(3) : Bpe(2);
            truth.out = truth.biasBpe = trueBpe(3) ? trueBpe(3) : Bpe(2);
            if (!tl.out)
                why << QStringLiteral("TraceLens knows no size for the output dtype '%1'").arg(args.type(3));
        } else if (kind == OpKind::AiterA16W16Asm) {
            tl.out = tl.biasBpe = bpe(2) ? bpe(2) : bpe(0);
            truth.out = truth.biasBpe = trueBpe(2) ? trueBpe(2) : trueBpe(0);
        } else if (kind == OpKind::VllmUnquantizedGemm) {
            tl.bias = args.isTensor(2);
            tl.out = tl.biasBpe = tl.bias ? bpe(2) : bpe(1);
            truth.out = truth.biasBpe = tl.bias ? trueBpe(2) : trueBpe(1);
        } else { // a8w8 blockscale: a BF16 product; scales not counted
            tl.out = tl.biasBpe = 2;
            truth.out = truth.biasBpe = 2;
        }
        truth.M = tl.M, truth.N = tl.N, truth.K = tl.K, truth.bias = tl.bias;
        break;
    }
    case OpKind::VllmDynamicQuantGemm: {
        // The first two 2-D shapes, else arguments 0 and 1.
        int found[2] = { 0, 1 }, n = 0;
        for (int i = 0; i < args.count() && n < 2; ++i) {
            if (twoD(args.dims(i)))
                found[n++] = i;
        }
        if (n < 2)
            found[0] = 0, found[1] = 1;
        const Shape* a = args.dims(found[0]);
        const Shape* b = args.dims(found[1]);
        if (!a || !b || a->size() < 2 || b->size() < 2)
            return fail(QStringLiteral("needs a 2-D activation and a 2-D weight (arguments %1, %2)").arg(found[0]).arg(found[1]));
        // The weight [N, K], or [N, K/2] with two 4-bit values a byte.
        const std::int64_t k = (*a)[1], packed = (*b)[1];
        if (packed != k && packed != k / 2 + k % 2)
            return fail(QStringLiteral("K of the activation %1 %2 is %3, the weight %4 %5 holds %6 (neither K nor K/2 packed)")
                    .arg(argName(u"A", found[0]), shapeText(*a))
                    .arg(k)
                    .arg(argName(u"W", found[1]), shapeText(*b))
                    .arg(packed));
        tl.M = (*a)[0], tl.K = (*a)[1], tl.N = (*b)[0];
        tl.a = tl.b = tl.out = tl.biasBpe = bpe(0);
        truth = tl;
        truth.a = truth.out = truth.biasBpe = trueBpe(found[0]);
        truth.b = trueBpe(found[1]);
        precisionArg = found[0];
        break;
    }
    case OpKind::HipblasltFp8:
    case OpKind::HipblasltFp4: {
        const Shape* a = args.dims(0);
        const Shape* b = args.dims(2);
        if (!twoD(a) || !twoD(b))
            return fail(QStringLiteral("needs 2-D A (argument 0) and B (argument 2)"));
        bool tA = truthy(args.concrete(5)), tB = truthy(args.concrete(6));
        int aArg = 0, bArg = 2;
        if (truthy(args.concrete(7))) {
            std::swap(a, b);
            std::swap(aArg, bArg);
            const bool oldA = tA;
            tA = !tB;
            tB = !oldA;
        }
        const double M = tA ? (*a)[1] : (*a)[0];
        const double K = tA ? (*a)[0] : (*a)[1];
        const double N = tB ? (*b)[0] : (*b)[1];
        // FP4 packs K two a byte in both operands: they agree packed.
        if (const QString bad = disagreement(u"K", tA ? (*a)[0] : (*a)[1], u"A", aArg, *a, tB ? (*b)[1] : (*b)[0], u"B", bArg, *b);
            !bad.isEmpty())
            return fail(bad);
        if (kind == OpKind::HipblasltFp4)
            return fp4Gemm(args, M, N, 2 * K, bpe(0), bpe(2), bpe(1), bpe(3), rule);
        tl.M = M, tl.N = N, tl.K = K;
        tl.a = bpe(0), tl.b = bpe(2);
        tl.out = tl.biasBpe = !tl.a ? Bpe() : *tl.a == 1 ? Bpe(2) : tl.a;
        truth = tl;
        truth.a = trueBpe(0), truth.b = trueBpe(2);
        truth.out = truth.biasBpe = !truth.a ? Bpe() : *truth.a == 1 ? Bpe(2) : truth.a;
        break;
    }
    case OpKind::AiterA4W4: {
        const Shape* a = args.dims(0);
        const Shape* b = args.dims(1);
        if (!twoD(a) || !twoD(b))
            return fail(QStringLiteral("needs 2-D operands at arguments 0 and 1"));
        // Both [rows, K/2]: packed alike.
        if (const QString bad = disagreement(u"packed K", (*a)[1], u"A", 0, *a, (*b)[1], u"B", 1, *b); !bad.isEmpty())
            return fail(bad);
        return fp4Gemm(args, (*a)[0], (*b)[0], 2.0 * (*a)[1], bpe(0), bpe(1), bpe(2), bpe(3), rule);
    }
    default: { // grouped: X [M, K], W [G, K, N] or [G, N, K]
        const Shape* x = args.dims(0);
        const Shape* w = args.dims(1);
        if (!twoD(x) || !w || w->size() != 3)
            return fail(QStringLiteral("needs X [M, K] and W [G, K, N] at arguments 0 and 1"));
        if ((*w)[1] != (*x)[1] && (*w)[2] != (*x)[1])
            return fail(QStringLiteral("K of X (argument 0) %1 is %2, which W (argument 1) %3 does not hold")
                    .arg(shapeText(*x))
                    .arg((*x)[1])
                    .arg(shapeText(*w)));
        const double M = (*x)[0], K = (*x)[1], G = (*w)[0];
        const double N = (*w)[1] == (*x)[1] ? (*w)[2] : (*w)[1];
        LibraryOpFigures figures;
        figures.rule = rule;
        figures.flops = 2 * M * K * N;
        const Bpe in = bpe(0), out = bpe(1);
        figures.bytes = in && out ? (M * K + G * K * N) * *in + M * N * *out : notANumber;
        figures.computeSpec = computeSpec(u"matrix", traceLensPrecision(args.type(0)));
        figures.params = { { QStringLiteral("M"), M }, { QStringLiteral("N"), N }, { QStringLiteral("K"), K }, { QStringLiteral("G"), G } };
        figures.derivation << QStringLiteral(
            "M = %1, N = %2, K = %3 over G = %4 groups: FLOPs = 2·M·N·K = %5; bytes = (M·K + G·K·N)·in + M·N·out = %6")
                                  .arg(figureText(M), figureText(N), figureText(K), figureText(G), figureText(figures.flops),
                                      figureText(figures.bytes));
        LibraryOpFigures traceLens = figures;
        traceLens.rule = QStringLiteral("TraceLens ") + rule;
        return finishModel(LibraryOpCategory::Gemm, std::move(figures), std::move(traceLens), {});
    }
    }

    LibraryOpFigures truthFigures, tlFigures;
    gemmFigures(truth, &truthFigures);
    gemmFigures(tl, &tlFigures);
    truthFigures.rule = rule;
    tlFigures.rule = QStringLiteral("TraceLens ") + rule;
    truthFigures.computeSpec = computeSpec(u"matrix", truePrecision(args.type(precisionArg)));
    tlFigures.computeSpec = computeSpec(u"matrix", traceLensPrecision(args.type(precisionArg)));
    if (truthFigures.computeSpec != tlFigures.computeSpec)
        why << QStringLiteral("TraceLens has no compute precision for %1").arg(args.type(precisionArg));
    if (std::isnan(tlFigures.bytes) && why.isEmpty())
        why << QStringLiteral("TraceLens knows no size for one of the dtypes and gives no bytes");
    if (truth.b != tl.b)
        why << QStringLiteral("TraceLens sizes the weight as the activation");
    return finishModel(LibraryOpCategory::Gemm, std::move(truthFigures), std::move(tlFigures), why);
}

} // namespace Ridgeline
