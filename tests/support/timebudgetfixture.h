// A hand-made analysis whose time budget is derived by hand, for the table,
// the panel and the inspector: four Triton rows and one library row on
// MI300X's datasheet peaks (HBM 5.3 TB/s, FP32 vector 163.4 TFLOPS) with
// Ridgeline's default t0 of 2 us (the trace is too small to measure one).
//
//   row  name       bytes   FLOPs    calls (us)    roof term  attainable   recoverable  of attainable  limiter
//   0    mem        53 MB   1 M      15, 12, 11    10         12           3            36/38 = 94.74 % memory
//   1    cmp        5.3 MB  8.17 G   60, 100       50         52           8+48 = 56    104/160 = 65 % compute
//   2    one        4 B     0        5, 5          7.5e-7     2.00000075   5.9999985    40.00 %        latency
//   3    nofig      -       -        7             -          -            -            -              not modelled
//   lib  Cijk_gemm  (GEMM, library)  30, 30
//
// GPU kernel time 38 + 160 + 10 + 7 + 60 = 275 us; device 0 spans 500 us,
// busy 275, idle 225 (45 % of the span). Modelled 208 of 275 us (75.6 %).
// Opportunities by time at stake: idle GPU 225, Cijk_gemm 60 (unmodelled),
// cmp 56, latency-bound kernels 10 (one, 2 launches), nofig 7 (unmodelled),
// mem 3.
#pragma once

#include "engine/results/analysisresult.h"

#include <memory>

namespace Ridgeline::Test {

std::shared_ptr<const AnalysisResult> timeBudgetFixture();
// A row with bytes and FLOPs (nullopt: unknown) and these call times.
KernelRow modelledRow(const QString& name, double bytes, std::optional<double> flops, const std::vector<double>& timesUs);

} // namespace Ridgeline::Test
