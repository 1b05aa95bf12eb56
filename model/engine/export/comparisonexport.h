// Stage export/: an analysis (or a comparison) as JSON or CSV.
// A comparison with a baseline as JSON or CSV: the candidate's own export
// with, per kernel, its match, the matched baseline row, the speedup and
// the deltas; baseline rows no candidate row matched as `removed`; and the
// root's `comparison` summary.
#pragma once

#include "engine/lens/judgement.h"

#include <QByteArray>

class QIODevice;

namespace Ridgeline {

// Each takes a judgement with a baseline (judgement.comparison not null):
// the candidate's root is its own export's (judged GPU, peaks, t0, and the
// GPU warnings of both traces).

// Written to `device` as they go, one row at a time (JSON: one compact
// document per row); false when a write failed.
bool writeComparisonJson(QIODevice* device, const Judgement& judgement);
bool writeComparisonCsv(QIODevice* device, const Judgement& judgement);

// The JSON in memory, for small comparisons and tests.
QByteArray exportComparisonJson(const Judgement& judgement);

// Writes by the file's suffix (.json or .csv); on failure returns false with
// *error naming the file. writeExport() calls it for a judgement with a baseline.
bool writeComparisonExport(const QString& path, const Judgement& judgement, QString* error);

} // namespace Ridgeline
