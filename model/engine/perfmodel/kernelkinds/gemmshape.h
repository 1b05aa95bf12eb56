// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// The matrix product of an Inductor GEMM template (triton_tem_*: mm, addmm,
// bmm, _scaled_mm with fused epilogues), read from V2 Input Dims or from the
// template's own "M = / N = / K =" lines, and its FLOPs: 2·M·N·K per batch,
// plus the epilogue's ops on every output element. Ridgeline's rule:
// TraceLens does not model templates.
#pragma once

#include "engine/perfmodel/kernelmodel.h"

#include <QStringList>

namespace Ridgeline {

struct TritonSourceFacts;

// The first GEMM op among a kernel's ops ("mm", "addmm", ...), or empty.
QString gemmOpAmong(const QStringList& ops);
bool isBatchedGemm(QStringView op); // bmm, baddbmm

// From V2 tensors (in argument order): the first pair A[..., M, K],
// B[..., K, N] with equal batch dims, preferring a pair whose product some
// other tensor [..., M, N] holds (the output). nullopt and *whyNot when none.
std::optional<GemmShape> gemmFromTensors(const std::vector<TensorTraffic>& tensors, const QString& op, QString* whyNot);

// From a template block's source: M, N and K as integers (static shapes).
std::optional<GemmShape> gemmFromSource(const TritonSourceFacts& facts, const QString& op, QString* whyNot);

// Fills gemmFlops and epilogueFlops (ops other than the GEMM, and addmm's
// bias add: 1 per output element). False on overflow.
bool countGemmFlops(GemmShape& gemm, const std::vector<OpFlops>& ops, std::int64_t* epiloguePerElement);

} // namespace Ridgeline
