// Stage export/: an analysis (or a comparison) as JSON or CSV.
// A library op row (aten::addmm, SDPA, ...) as the export writes it: the
// Triton row's fields where they apply (name is the op's, category its
// kind of op), its model's rule, roof, parameters and derivation, the GPU
// kernels under it, and TraceLens's figures where they differ. Also the
// columns every row gains: the op's strides and concrete inputs.
#pragma once

#include "engine/export/json/rowjson.h"
#include "engine/results/kernelrow.h"

#include <QJsonObject>
#include <QStringList>

namespace Ridgeline {

// `tritonLike`: kernelJson(row), which this corrects and completes.
RowJson::Object libraryOpJson(const KernelRow& row, RowJson::Object tritonLike);

// CSV: `fields` (csvFields(row) under `header`, csvHeader()) corrected for
// a library op row; unchanged for the others.
QStringList libraryOpCsvFields(const KernelRow& row, QStringList fields, const QStringList& header);
// Columns after all the others, for every row.
QStringList argsAndKernelsCsvHeader();
QStringList argsAndKernelsCsvFields(const KernelRow& row);

} // namespace Ridgeline
