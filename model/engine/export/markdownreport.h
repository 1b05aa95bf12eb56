// Stage export/: an analysis (or a comparison) as JSON, CSV or Markdown.
// A Markdown report to paste into a pull request: the trace and GPU, where
// the GPU's time went, the ten largest opportunities with why, the kernels
// with the most recoverable time, the roofline image when one was drawn,
// and with a baseline the comparison per step and its largest changes.
#pragma once

#include "engine/comparison/tracecomparison.h"

#include <QByteArray>

namespace Ridgeline {

struct ReportInputs
{
    const AnalysisResult* result = nullptr;
    const GpuSpec* gpu = nullptr;
    PeakSet peaks = PeakSet::Datasheet;
    std::optional<double> latencyFloorUs;   // the user's t0; nullopt: the trace's
    const TraceComparison* comparison = nullptr; // with --baseline
    QString rooflineImage;                  // relative to the report, when drawn
};

QByteArray markdownReport(const ReportInputs& inputs);

} // namespace Ridgeline
