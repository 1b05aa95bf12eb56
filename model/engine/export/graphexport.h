// Stage export/: an analysis as JSON or CSV.
// The CUDA/HIP graph parts of an export: the root's `captures` and
// `graphs`, each replayed kernel's `capture`, and their CSV columns.
#pragma once

#include "engine/export/json/rowjson.h"
#include "engine/results/analysisresult.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

namespace Ridgeline {

QJsonValue capturesJson(const GraphMergeSummary& graphs); // [] when no capture was read
QJsonObject graphsJson(const GraphMergeSummary& graphs);
RowJson::Value replayJson(const KernelRow& row); // null unless the row is replayed

QStringList replayCsvHeader();
QStringList replayCsvFields(const KernelRow& row);

} // namespace Ridgeline
