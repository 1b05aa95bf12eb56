// Hand-made traces for issue 30 §2: time-only library kernels, and two
// traces whose largest change is a library softmax that only a match by
// name pairs, with their GPU time by kind of work and their spans.
//
//   baseline (mi300x.json)                candidate (h100.json)
//   triton_poi_fused_add_0  10 us          triton_poi_fused_add_0  10 us
//   cunn_SoftMaxForward     2 x 50 us      cunn_SoftMaxForward     2 x 75 us
//   Cijk_Alik_Bljk_BBS      60 us (GEMM)   sm90_xmma_gemm_bf16     40 us (GEMM)
//   memcpy                  5 us           -
//   GPU time 175 us, span 400 us           GPU time 200 us, span 300 us
#pragma once

#include "engine/results/analysisresult.h"

#include <memory>

namespace Ridgeline::Test {

// A time-only library kernel row: name, calls and time, no figures.
KernelRow libraryRow(const QString& name, GpuWork work, const std::vector<double>& timesUs);

std::shared_ptr<const AnalysisResult> softmaxBaseline();
std::shared_ptr<const AnalysisResult> softmaxCandidate();

} // namespace Ridgeline::Test
