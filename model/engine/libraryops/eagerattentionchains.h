// Stage libraryops/: the library ops Inductor calls beside its Triton kernels.
// Eager attention: a model that writes attention as bmm, softmax, bmm runs
// three kernels and keeps the score matrix in memory where SDPA runs one.
// A chain is a softmax kernel whose launch, on its thread, sits between two
// batched matmul ops (aten::bmm, aten::baddbmm, aten::matmul) with no other
// softmax between them, all three under one module call: the innermost
// "nn.Module: ..." frame around the launch holds both matmuls. A trace
// recorded without stacks has no module frames: the sequence alone says it.
// Read from the host's records, not counted across the trace: a model's
// other bmm calls (a projection, a MoE) make no softmax a chain's.
#pragma once

#include <QString>
#include <vector>

namespace Ridgeline {

struct RawTrace;

struct EagerAttentionChains
{
    QString softmaxKernel; // the GPU kernel's name, as its row's
    int calls = 0; // of its launches: those in a chain
    QString module; // the first chain's module frame ("nn.Module: Attention_0"); empty without module frames
    bool operator==(const EagerAttentionChains&) const = default;
};

// By kernel name, each softmax kernel with at least one chain. Sorts the
// softmax launches, the matmul ops and the module frames by thread and
// time once: O(n log n) in those, one pass over the launches and GPU events.
std::vector<EagerAttentionChains> eagerAttentionChains(const RawTrace& trace);

// Whether a GPU kernel's name is a forward softmax's (softmax_warp_forward,
// cunn_SoftMaxForward, ...).
bool isSoftmaxKernelName(const QString& name);

} // namespace Ridgeline
