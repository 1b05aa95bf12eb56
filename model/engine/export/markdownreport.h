// Stage export/: an analysis (or a comparison) as JSON, CSV or Markdown.
// A Markdown report to paste into a pull request: the trace and GPU, where
// the GPU's time went, the ten largest opportunities with why, the kernels
// with the most recoverable time, the roofline image when one was drawn,
// and with a baseline the comparison per step and its largest changes.
#pragma once

#include "engine/lens/judgement.h"

#include <QByteArray>

namespace Ridgeline {

struct ReportInputs
{
    // The trace under the user's GPU, peaks and t0; with a baseline, its comparison. Not null.
    const Judgement* judgement = nullptr;
    QString rooflineImage; // relative to the report, when drawn
};

QByteArray markdownReport(const ReportInputs& inputs);

} // namespace Ridgeline
