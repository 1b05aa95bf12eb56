// Stage advice/: what an expert would tell each row to do, from the trace's figures.
// One advice per row: its class and one sentence with the row's own figures.
// The classes, most specific first (the first that fits a row is its
// advice): copy, eager_attention, attention, gemm, fuse, slow_for_size,
// reduction, unmodelled, tune. A copy's time is the copy's whatever it
// calls; a library's attention or GEMM is changed by picking a kernel, not
// by fusing; a Triton kernel's limiter says fuse or tune; the rest is tuned.
#pragma once

#include "engine/results/kernelrow.h"

#include <QString>
#include <cstdint>
#include <optional>

namespace Ridgeline {

enum class AdviceClass
{
    Copy, // memcpy/memset work: remove the copy or move it out of the step
    EagerAttention, // the softmax of an eager bmm, softmax, bmm chain: use SDPA
    Attention, // a fused attention kernel: its backend, and the others
    Gemm, // a library GEMM: shape, tile, waves, and how to tune it
    Fuse, // latency-bound: fuse it or remove the launch
    SlowForSize, // small work, far above its attainable time: the launch findings
    Reduction, // an Inductor reduction: persistent reduction, coordinate descent
    Unmodelled, // no figures: which model is missing
    Tune, // memory- or compute-bound: tune its block sizes and memory access
};
// "copy", "eager_attention", "attention", "gemm", "fuse", "slow_for_size", "reduction", "unmodelled", "tune"
QString adviceClassKey(AdviceClass adviceClass);

struct Advice
{
    AdviceClass adviceClass = AdviceClass::Tune;
    QString text; // one sentence, with the row's figures
    bool operator==(const Advice&) const = default;
};

// What the row's judgement under the lens says, as plain values: the time
// budget (a later stage) fills them in.
struct AdviceFacts
{
    enum class Verdict
    {
        Tune, // memory- or compute-bound, FLOPs unknown
        LatencyBound,
        SlowForSize,
        Unmodelled,
    };
    Verdict verdict = Verdict::Unmodelled;
    std::int64_t timedCalls = 0;
    double meanUs = 0; // per timed call
    std::optional<double> attainableUs; // per call
    double latencyFloorUs = 0;
    QString limiterTitle; // "memory-bound", ...
    QString firstFinding; // the row's first finding under the judged GPU (the launch's first)
    // The judged GPU: its name and compute units (waves of a GEMM's tiles).
    QString gpuName;
    std::optional<int> computeUnits;
    // A copy across the host link: its roof (nullopt: the catalogue has none).
    std::optional<double> hostLinkTBps;
    QString hostLinkSource;
    // The trace's eager-attention chain this softmax row sits in (eagerattention.h); empty: none.
    QString eagerAttentionChain;
};

Advice adviseRow(const KernelRow& row, const AdviceFacts& facts);

} // namespace Ridgeline
