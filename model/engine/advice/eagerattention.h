// Stage advice/: what an expert would tell each row to do, from the trace's figures.
// Eager attention: a model that writes attention as bmm, softmax, bmm runs
// three kernels and keeps the score matrix in memory where SDPA runs one.
// Its softmax row is where the advice goes: a softmax kernel in a trace whose
// aten::bmm calls are at least twice its calls (QK^T and PV for each).
// Counted, not traced through the host-op tree: a model with other bmm
// calls besides may be told so where its softmax is no attention's.
#pragma once

#include "engine/results/analysisresult.h"

namespace Ridgeline {

// "48 softmax calls beside 96 aten::bmm calls"; empty where the row is no
// softmax or the trace's bmm calls are too few for a chain.
QString eagerAttentionChain(const AnalysisResult& result, const KernelRow& row);

} // namespace Ridgeline
