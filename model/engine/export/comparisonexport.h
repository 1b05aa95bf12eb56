// Stage export/: an analysis (or a comparison) as JSON or CSV.
// A comparison with a baseline as JSON or CSV: the candidate's own export
// with, per kernel, its match, the matched baseline row, the speedup and
// the deltas; baseline rows no candidate row matched as `removed`; and the
// root's `comparison` summary.
#pragma once

#include "engine/comparison/tracecomparison.h"

#include <QByteArray>

namespace Ridgeline {

// `moreWarnings` go into the root's `warnings` (a GPU the catalogue lacks, for either trace).
QByteArray exportComparisonJson(const TraceComparison& comparison, const GpuSpec& candidateGpu,
                                PeakSet peaks = PeakSet::Datasheet, const QStringList& moreWarnings = {},
                                std::optional<double> latencyFloorUs = {});
QByteArray exportComparisonCsv(const TraceComparison& comparison);

// Writes by the file's suffix (.json or .csv); on failure returns false with
// *error naming the file.
bool writeComparisonExport(const QString& path, const TraceComparison& comparison, const GpuSpec& candidateGpu,
                           QString* error, PeakSet peaks = PeakSet::Datasheet, const QStringList& moreWarnings = {},
                           std::optional<double> latencyFloorUs = {});

} // namespace Ridgeline
