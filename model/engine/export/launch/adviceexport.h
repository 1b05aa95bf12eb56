// Stage export/: an analysis (or a comparison) as JSON or CSV.
// A row's advice ({"class", "text"}; the CSV's last column "class: text")
// and the judged GPU's sources: each peak set's, as exports name them.
#pragma once

#include "engine/advice/advice.h"
#include "engine/export/json/rowjson.h"
#include "engine/roofline/gpuspec.h"

#include <QJsonObject>

namespace Ridgeline {

RowJson::Object adviceJson(const Advice& advice);
QString adviceCsvField(const Advice& advice); // "gemm: GEMM 4096 x ...", CSV-escaped
// {"datasheet": "...", "max_achievable": "..."}: the sets the GPU has, each with its source.
QJsonObject peakSourcesJson(const GpuSpec& gpu);

} // namespace Ridgeline
