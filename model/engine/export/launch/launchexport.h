// Stage export/: an analysis (or a comparison) as JSON, CSV or Markdown (launch/: a kernel's launch).
// A Triton row's launch as the exports write it: the row's launch facts,
// with the judged GPU's catalogue compute units (and so its waves) where
// the trace's deviceProperties gave none.
#pragma once

#include "engine/export/json/rowjson.h"
#include "engine/launch/launchfacts.h"
#include "engine/results/kernelrow.h"
#include "engine/roofline/gpuspec.h"

#include <QJsonValue>
#include <QStringList>
#include <optional>

namespace Ridgeline {

// The row's facts under the judged GPU; nullopt where the row has none.
std::optional<LaunchFacts> judgedLaunch(const KernelRow& row, const GpuSpec& gpu);

// `launch` of a kernel's JSON: null where the row has no launch facts.
RowJson::Value launchJson(const KernelRow& row, const GpuSpec& gpu);
// CSV columns appended after the others: programs, waves.
QStringList launchCsvHeader();
QStringList launchCsvFields(const KernelRow& row, const GpuSpec& gpu);

} // namespace Ridgeline
