// Stage advice/: what an expert would tell each row to do, from the trace's figures.
// A fused attention's advice: the backend in use (from the op's name, else
// its kernels' names) and the backends to try instead.
#pragma once

#include "engine/advice/advice.h"

namespace Ridgeline {

enum class AttentionBackend
{
    Flash,
    Ck, // AMD Composable Kernel's fmha
    Aiter, // AMD's aiter (assembly FA)
    Efficient, // xFormers' memory-efficient (cutlass fmha)
    Cudnn,
    Math, // SDPA's math fallback: bmm, softmax, bmm
    Unknown,
};
QString attentionBackendKey(AttentionBackend backend); // "flash", "ck", "aiter", "efficient", "cudnn", "math", "unknown"

AttentionBackend attentionBackendOf(const KernelRow& row);
Advice attentionAdvice(const KernelRow& row, const AdviceFacts& facts);

} // namespace Ridgeline
