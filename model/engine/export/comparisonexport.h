// Stage export/: an analysis (or a comparison) as JSON or CSV.
// A comparison with a baseline as JSON or CSV: the candidate's own export
// with, per kernel, its match, the matched baseline row, the speedup and
// the deltas; baseline rows no candidate row matched as `removed`; and the
// root's `comparison` summary.
#pragma once

#include "engine/comparison/tracecomparison.h"

#include <QByteArray>

class QIODevice;

namespace Ridgeline {

// Written to `device` as they go, one row at a time (JSON: one compact
// document per row); false when a write failed.
bool writeComparisonJson(QIODevice* device, const TraceComparison& comparison, const GpuSpec& candidateGpu,
                         PeakSet peaks = PeakSet::Datasheet, const QStringList& moreWarnings = {},
                         std::optional<double> latencyFloorUs = {});
bool writeComparisonCsv(QIODevice* device, const TraceComparison& comparison);

// The same in memory, for small comparisons and tests.
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
