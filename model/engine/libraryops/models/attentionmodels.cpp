// Attention: SDPA (flash, efficient, cuDNN), flash-attn 2 and 3 (varlen
// included), aiter's flash/fmha/mha, Evoformer (ATEN_MODELS.md §5.1).
#include "engine/libraryops/models/opargs.h"
#include "engine/libraryops/models/opkinds.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

enum class Layout
{
    BHND,
    BNHD,
    THD,
    Evoformer
};
enum class Causal
{
    AtenText,
    PythonBool,
    PythonBoolDefaultTrue
};

struct Variant
{
    const char16_t* rule;
    int q; // q, k, v at q, q + 1, q + 2
    Layout layout;
    int dropoutArg; // -1: none
    int causalArg; // -1: never causal
    Causal causal;
    bool flashImpl; // the backward recomputes QK^T
    bool backward;
    bool traceLensPrecision; // TraceLens's parser keeps the dtype (else no compute spec)
    int traceLensBwdBpeArg; // backward bytes at this argument's size; -1: 2 bytes
    bool bottomRightCausal; // flash-attn's mask when N_Q != N_KV; SDPA's is top-left
};

Variant variantOf(OpKind kind)
{
    switch (kind) {
    case OpKind::SdpaFlash:
        return { u"attention: SDPA flash", 0, Layout::BHND, 3, 4, Causal::AtenText, true, false, true, -1, false };
    case OpKind::SdpaEfficient:
        return { u"attention: SDPA efficient", 0, Layout::BHND, 5, 6, Causal::AtenText, false, false, true, -1, false };
    case OpKind::SdpaCudnn:
        return { u"attention: SDPA cuDNN", 0, Layout::BHND, 5, 6, Causal::AtenText, false, false, true, -1, false };
    case OpKind::FlashAttnFwd:
        return { u"attention: flash-attn", 0, Layout::BNHD, 3, 5, Causal::PythonBool, true, false, true, -1, true };
    case OpKind::FlashAttnBwd:
        return { u"attention: flash-attn backward", 1, Layout::BNHD, 8, 10, Causal::PythonBoolDefaultTrue, true, true, true, 0, true };
    case OpKind::FlashAttnVarlenFwd:
        return { u"attention: flash-attn varlen", 0, Layout::THD, 7, 9, Causal::PythonBool, true, false, true, -1, true };
    case OpKind::FlashAttnVarlenBwd:
        return { u"attention: flash-attn varlen backward", 1, Layout::THD, 13, 15, Causal::PythonBool, true, true, true, -1, true };
    case OpKind::FlashAttn3Fwd:
        return { u"attention: flash-attn 3", 0, Layout::BNHD, -1, 24, Causal::PythonBool, true, false, false, -1, true };
    case OpKind::AiterFlashAttnFwd:
        return { u"attention: aiter flash", 0, Layout::BNHD, 3, 5, Causal::PythonBool, true, false, false, -1, true };
    case OpKind::AiterFlashAttnBwd:
        return { u"attention: aiter flash backward", 0, Layout::BNHD, 10, 12, Causal::PythonBool, true, true, false, -1, true };
    case OpKind::AiterFmhaV3Fwd:
        return { u"attention: aiter fmha v3", 1, Layout::BNHD, 4, 6, Causal::PythonBool, true, false, false, -1, true };
    case OpKind::AiterFmhaV3Bwd:
        return { u"attention: aiter fmha v3 backward", 1, Layout::BNHD, 7, 9, Causal::PythonBool, true, true, false, -1, true };
    case OpKind::AiterMhaFwd:
        return { u"attention: aiter mha", 0, Layout::BNHD, 3, 5, Causal::PythonBool, true, false, false, -1, true };
    case OpKind::AiterMhaBwd:
        return { u"attention: aiter mha backward", 1, Layout::BNHD, 6, 8, Causal::PythonBool, true, true, false, -1, true };
    default:
        return { u"attention: Evoformer", 0, Layout::Evoformer, -1, -1, Causal::AtenText, false, false, true, -1, false };
    }
}

struct Shapes
{
    double B = 1, NQ = 0, HQ = 0, NKV = 0, HKV = 0, dqk = 0, dv = 0;
};

// The formulas of §5.1 for one batch of sequences.
double forwardFlops(const Shapes& s)
{
    return s.B * s.HQ * (2 * s.NQ * s.NKV * s.dqk) + s.B * s.HQ * (2 * s.NQ * s.NKV * s.dv);
}

double backwardFlops(const Shapes& s, bool flashImpl)
{
    const double groups = std::floor(s.HQ / s.HKV) - 1;
    return (flashImpl ? s.B * s.HQ * 2 * s.NQ * s.NKV * s.dqk : 0) + s.B * s.HQ * 2 * s.NKV * s.NQ * s.dv + s.B * s.NKV * s.dv * groups
        + s.B * s.HQ * 2 * s.NQ * s.NKV * s.dv + s.B * s.HQ * 2 * s.NQ * s.NKV * s.dqk + s.B * s.HQ * 2 * s.NKV * s.NQ * s.dqk
        + s.B * s.NKV * s.dqk * groups;
}

double forwardElements(const Shapes& s)
{
    return s.B * s.NQ * s.HQ * s.dqk + s.B * s.NKV * s.HKV * s.dqk + s.B * s.NKV * s.HKV * s.dv + s.B * s.NQ * s.HQ * s.dv;
}

double backwardElements(const Shapes& s)
{
    const double q = s.B * s.NQ * s.HQ * s.dqk, k = s.B * s.NKV * s.HKV * s.dqk, v = s.B * s.NKV * s.HKV * s.dv;
    const double dO = s.B * s.NQ * s.HQ * s.dv;
    return 2 * q + 2 * k + 2 * v + dO;
}

// The share of query-key pairs a causal mask keeps: exactly half when the
// lengths agree (TraceLens's figure, and the tiles on the diagonal are
// computed whole); otherwise counted row by row, the mask aligned at the
// top left (SDPA) or the bottom right (flash-attn).
double causalShare(double nq, double nkv, bool bottomRight)
{
    if (nq == nkv || nq <= 0 || nkv <= 0)
        return 0.5;
    double kept = 0;
    if (!bottomRight) { // row i keeps min(i + 1, nkv)
        const double full = std::min(nq, nkv);
        kept = full * (full + 1) / 2 + std::max(0.0, nq - nkv) * nkv;
    } else { // row i keeps clamp(i + 1 + nkv - nq, 0, nkv)
        const double offset = nkv - nq;
        const double firstRow = std::max(0.0, -offset); // rows before it keep nothing
        const double rows = nq - firstRow;
        const double a = firstRow + 1 + offset; // kept by the first kept row
        kept = rows * a + rows * (rows - 1) / 2;
    }
    return kept / (nq * nkv);
}

double flopsOf(const Shapes& s, const Variant& v)
{
    return v.backward ? backwardFlops(s, v.flashImpl) : forwardFlops(s);
}

} // namespace

std::optional<LibraryOpModel> modelAttention(OpKind kind, const OpArgs& args, QString* whyNot)
{
    const Variant v = variantOf(kind);
    const QString rule = QString::fromUtf16(v.rule);
    const Shape* q = args.dims(v.q);
    const Shape* k = args.dims(v.q + 1);
    const Shape* val = args.dims(v.q + 2);
    Shapes s;
    const size_t rank = v.layout == Layout::THD ? 3 : v.layout == Layout::Evoformer ? 5 : 4;
    if (v.layout == Layout::Evoformer) {
        if (!q || q->size() != rank) {
            *whyNot = rule + QStringLiteral(": q (argument 0) is not [B, N_seq, N_res, H, d]");
            return std::nullopt;
        }
        s.B = double((*q)[0]) * double((*q)[1]);
        s.NQ = s.NKV = (*q)[2];
        s.HQ = s.HKV = (*q)[3];
        s.dqk = s.dv = (*q)[4];
    } else {
        if (!q || !k || !val || q->size() != rank || k->size() != rank || val->size() != rank) {
            *whyNot = rule + QStringLiteral(": q, k, v (arguments %1-%2) are not %3-D").arg(v.q).arg(v.q + 2).arg(rank);
            return std::nullopt;
        }
        // Index of (b, h, n, d) in each shape.
        const int bi = 0, hi = v.layout == Layout::BHND ? 1 : v.layout == Layout::BNHD ? 2 : 1;
        const int ni = v.layout == Layout::BHND ? 2 : v.layout == Layout::BNHD ? 1 : 0, di = int(rank) - 1;
        const QString shapes = QStringLiteral("q, k, v (arguments %1-%2) %3, %4, %5")
                                   .arg(v.q)
                                   .arg(v.q + 2)
                                   .arg(shapeText(*q), shapeText(*k), shapeText(*val));
        if (v.layout != Layout::THD && ((*q)[bi] != (*k)[bi] || (*k)[bi] != (*val)[bi])) {
            *whyNot = rule + QStringLiteral(": %1 have different batch sizes").arg(shapes);
            return std::nullopt;
        }
        if ((*k)[hi] != (*val)[hi] || (*k)[ni] != (*val)[ni] || (*q)[di] != (*k)[di]) {
            *whyNot = rule + QStringLiteral(": %1: k and v disagree in heads or length, or q and k in head size").arg(shapes);
            return std::nullopt;
        }
        s.B = v.layout == Layout::THD ? 1 : (*q)[bi];
        s.HQ = (*q)[hi], s.NQ = (*q)[ni], s.dqk = (*q)[di];
        s.HKV = (*k)[hi], s.NKV = (*k)[ni], s.dv = (*val)[di];
    }
    // Grouped-query attention: every key-value head serves as many query heads.
    if (s.HKV <= 0 || std::fmod(s.HQ, s.HKV) != 0) {
        *whyNot = rule
            + QStringLiteral(": the %1 query heads of q (argument %2) do not share the %3 key-value heads of k (argument %4) evenly")
                  .arg(figureText(s.HQ))
                  .arg(v.q)
                  .arg(figureText(s.HKV))
                  .arg(v.q + 1);
        return std::nullopt;
    }

    // Causal, as each parser reads it; a text it cannot read makes TraceLens fail.
    bool causal = false, traceLensReadsCausal = true;
    if (v.causalArg >= 0) {
        const QStringView text = args.concrete(v.causalArg);
        if (v.causal == Causal::AtenText) {
            causal = text.compare(u"true", Qt::CaseInsensitive) == 0;
        } else if (v.causal == Causal::PythonBoolDefaultTrue && v.causalArg >= args.count()) {
            causal = true;
        } else if (const auto parsed = args.boolean(v.causalArg)) {
            causal = *parsed;
        } else {
            traceLensReadsCausal = false;
        }
    }

    // FLOPs: varlen sums the longest sequence and the mean of the others.
    double flops = 0, tlFlops = 0;
    bool tlFlopsKnown = traceLensReadsCausal;
    QString lengths;
    if (v.layout == Layout::THD) {
        const int cuQ = v.backward ? 9 : 3, cuK = cuQ + 1, maxQ = v.backward ? 11 : 5, maxK = maxQ + 1;
        const Shape* cuq = args.dims(cuQ);
        const Shape* cuk = args.dims(cuK);
        const auto mq = args.real(maxQ), mk = args.real(maxK);
        if (!cuq || !cuk || cuq->size() != 1 || cuk->size() != 1 || !mq || !mk) {
            *whyNot
                = rule + QStringLiteral(": no cu_seqlens (arguments %1, %2) or max_seqlen (%3, %4)").arg(cuQ).arg(cuK).arg(maxQ).arg(maxK);
            return std::nullopt;
        }
        // cu_seqlens holds the n + 1 offsets of n sequences, as many of keys
        // as of queries; no sequence is longer than its max_seqlen, so the
        // total lies between the longest and n times it.
        const double n = double((*cuq)[0]) - 1, nk = double((*cuk)[0]) - 1;
        if (n < 1 || nk != n) {
            *whyNot = rule
                + QStringLiteral(": cu_seqlens_q (argument %1) holds %2 offsets and cu_seqlens_k (argument %3) %4:"
                                 " not the n + 1 offsets of the same n ≥ 1 sequences")
                      .arg(cuQ)
                      .arg((*cuq)[0])
                      .arg(cuK)
                      .arg((*cuk)[0]);
            return std::nullopt;
        }
        auto misfit = [&](QStringView side, int arg, double longest, double total) {
            if (longest >= 0 && longest <= total && longest * n >= total)
                return false;
            *whyNot = rule
                + QStringLiteral(": max_seqlen_%1 (argument %2) = %3 does not fit %4 tokens in %5 sequences:"
                                 " it must lie in [total / n, total]")
                      .arg(side)
                      .arg(arg)
                      .arg(figureText(longest), figureText(total), figureText(n));
            return true;
        };
        if (misfit(u"q", maxQ, *mq, s.NQ) || misfit(u"k", maxK, *mk, s.NKV))
            return std::nullopt;
        Shapes longest = s, rest = s;
        longest.NQ = *mq, longest.NKV = *mk;
        const bool others = n > 1;
        if (others) {
            if (nk - 1 == 0)
                tlFlopsKnown = false; // TraceLens divides by zero
            rest.NQ = std::floor((s.NQ - *mq) / (n - 1));
            rest.NKV = nk - 1 != 0 ? std::floor((s.NKV - *mk) / (nk - 1)) : rest.NQ;
        }
        auto call = [&](const Shapes& part, bool traceLens) {
            double f = flopsOf(part, v);
            if (causal) {
                if (traceLens && part.NQ != part.NKV)
                    tlFlopsKnown = false; // TraceLens raises
                f *= traceLens ? 0.5 : causalShare(part.NQ, part.NKV, v.bottomRightCausal);
            }
            return f;
        };
        flops = call(longest, false) + (others ? (n - 1) * call(rest, false) : 0);
        tlFlops = call(longest, true) + (others ? (n - 1) * call(rest, true) : 0);
        lengths = QStringLiteral("%1 sequences, %2 query and %3 key tokens, the longest %4 and %5")
                      .arg(figureText(n), figureText(s.NQ), figureText(s.NKV), figureText(*mq), figureText(*mk));
    } else {
        const double full = flopsOf(s, v);
        flops = causal ? full * causalShare(s.NQ, s.NKV, v.bottomRightCausal) : full;
        tlFlops = causal ? full / 2 : full;
        if (causal && s.NQ != s.NKV)
            tlFlopsKnown = false;
    }

    // Bytes: q, k, v read and the output written (the backward: and the
    // gradients); TraceLens at 2 bytes an element but where noted.
    const double elements = v.backward ? backwardElements(s) : forwardElements(s);
    const auto ownBpe = trueBytes(args.type(v.q));
    double biasBytes = 0;
    if (kind == OpKind::SdpaEfficient && args.isTensor(3))
        biasBytes = product(*args.dims(3)).toDouble() * trueBytes(args.type(3)).value_or(0);

    LibraryOpFigures truth;
    truth.rule = rule;
    truth.flops = flops;
    truth.bytes = ownBpe ? elements * *ownBpe + biasBytes : notANumber;
    truth.computeSpec = computeSpec(u"matrix", truePrecision(args.type(v.q)));
    truth.params = { { QStringLiteral("B"), s.B }, { QStringLiteral("N_Q"), s.NQ }, { QStringLiteral("H_Q"), s.HQ },
        { QStringLiteral("N_KV"), s.NKV }, { QStringLiteral("H_KV"), s.HKV }, { QStringLiteral("d_qk"), s.dqk },
        { QStringLiteral("d_v"), s.dv }, { QStringLiteral("causal"), causal ? 1.0 : 0.0 } };
    truth.derivation << QStringLiteral("B = %1, H_Q = %2, N_Q = %3, H_KV = %4, N_KV = %5, d_qk = %6, d_v = %7%8")
                            .arg(figureText(s.B), figureText(s.HQ), figureText(s.NQ), figureText(s.HKV), figureText(s.NKV),
                                figureText(s.dqk), figureText(s.dv), causal ? QStringLiteral(", causal") : QString());
    if (!lengths.isEmpty())
        truth.derivation << lengths;
    truth.derivation << (v.backward ? QStringLiteral("FLOPs = QK^T recompute, dV, dP, dQ, dK (2·B·H_Q·N_Q·N_KV·d each)%1 = %2")
                                    : QStringLiteral("FLOPs = B·H_Q·2·N_Q·N_KV·(d_qk + d_v)%1 = %2"))
                            .arg(causal ? QStringLiteral(" × the causal share") : QString(), figureText(flops));
    truth.derivation << QStringLiteral("bytes = %1 elements (%2) × %3 B%4 = %5")
                            .arg(figureText(elements),
                                v.backward ? QStringLiteral("q, k, v, dO, dq, dk, dv") : QStringLiteral("q, k, v, out"),
                                figureText(ownBpe ? *ownBpe : notANumber), biasBytes > 0 ? QStringLiteral(" + the bias") : QString(),
                                figureText(truth.bytes));

    LibraryOpFigures tl;
    tl.rule = QStringLiteral("TraceLens ") + rule;
    tl.params = truth.params;
    QStringList why;
    if (!tlFlopsKnown) {
        tl.flops = tl.bytes = notANumber;
        why << QStringLiteral("TraceLens fails on this op (causal with N_Q ≠ N_KV, or an unreadable flag) and gives no figures");
    } else {
        tl.flops = tlFlops;
        const auto tlBpe = v.traceLensBwdBpeArg >= 0 ? traceLensAtenBytes(args.type(v.traceLensBwdBpeArg)) : std::optional<int>(2);
        tl.bytes = tlBpe ? elements * *tlBpe : notANumber;
        tl.computeSpec = v.traceLensPrecision ? computeSpec(u"matrix", traceLensPrecision(args.type(v.q))) : QString();
        tl.derivation << QStringLiteral("bytes = %1 elements × %2 B").arg(figureText(elements), figureText(tlBpe ? *tlBpe : notANumber));
        if (tlBpe != ownBpe)
            why << QStringLiteral("TraceLens counts %1 bytes an element whatever the dtype (%2)")
                       .arg(figureText(tlBpe ? *tlBpe : notANumber), args.type(v.q));
        if (biasBytes > 0)
            why << QStringLiteral("TraceLens does not count the attention bias");
        if (tl.computeSpec != truth.computeSpec)
            why << QStringLiteral("TraceLens's parser keeps no dtype for this op, so it has no compute precision");
        if (causal && tlFlops != flops)
            why << QStringLiteral("TraceLens halves a causal op's FLOPs");
    }
    return finishModel(LibraryOpCategory::Attention, std::move(truth), std::move(tl), why);
}

} // namespace Ridgeline
