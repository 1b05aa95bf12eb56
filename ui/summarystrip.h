// The line above the table: trace file, GPU (recorded and used for roofs),
// total GPU kernel time, the Triton share of it, and counts by category and
// provenance, plus any warnings about the trace.
#pragma once

#include "engine/comparison/tracecomparison.h"
#include "engine/results/analysisresult.h"
#include "engine/roofline/gpuspec.h"

#include <QLabel>

namespace Ridgeline {

class SummaryStrip final : public QLabel
{
    Q_OBJECT
public:
    explicit SummaryStrip(QWidget* parent = nullptr);

    void showPrompt();
    void showLoading(const QString& path);
    // `comparison`, when not null, adds compare mode's line: both traces, the
    // Triton speedup, the regressions and the matches by kind.
    // `gpuWarnings`: what the catalogue says of the trace's GPU (unknown).
    void setResult(const AnalysisResult& result, const GpuSpec& gpu, PeakSet peaks, const QStringList& gpuWarnings = {},
                   const TraceComparison* comparison = nullptr);
};

} // namespace Ridgeline
