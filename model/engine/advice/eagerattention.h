// Stage advice/: what an expert would tell each row to do, from the trace's figures.
// Eager attention: a model that writes attention as bmm, softmax, bmm runs
// three kernels and keeps the score matrix in memory where SDPA runs one.
// Its softmax row is where the advice goes: a softmax kernel whose launches
// the library-op stage found in such chains (libraryops/eagerattentionchains.h).
#pragma once

#include "engine/results/analysisresult.h"

namespace Ridgeline {

// "48 of its 48 calls between two aten::bmm under nn.Module: Attention_0";
// empty where none of the row's calls is in a chain.
QString eagerAttentionChain(const AnalysisResult& result, const KernelRow& row);

} // namespace Ridgeline
