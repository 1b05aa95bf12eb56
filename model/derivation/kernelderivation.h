// Folder derivation/: the formula inspector's text.
// The formula inspector's text: how a kernel's figures were derived, step
// by step with its real numbers, as Markdown (the inspector renders it and
// "Copy as Markdown" copies it verbatim).
#pragma once

#include "engine/lens/judgement.h"
#include "engine/results/kernelrow.h"

#include <QString>

namespace Ridgeline {

// `row` under `judged`'s GPU, peak set and latency floor t0 (the row need
// not be one of its result's: compare mode derives the baseline's too).
QString derivationMarkdown(const KernelRow& row, const TraceJudgement& judged);

// How to attach a kernel's source (the Inductor cache, an output_code.py, a
// tlparse log): one paragraph for a row without one.
QString sourceAttachHint();

} // namespace Ridgeline
