// Stage export/: an analysis (or a comparison) as JSON, CSV or Markdown (launch/: a kernel's launch and findings).
// A Triton row's findings as the exports write them: under the judged GPU
// (the time budget's), each with the row's recoverable time as its time at
// stake (the same for every finding of the row: never to be summed).
#pragma once

#include "engine/export/json/rowjson.h"
#include "engine/timebudget/attainabletime.h"

#include <QJsonArray>
#include <QStringList>

namespace Ridgeline {

// `findings` of a kernel's JSON: [{kind, text, time_at_stake_us, pointer, line}],
// pointer and line null where the finding is about the launch.
RowJson::Array findingsJson(const KernelTimeFigures& time);
// The CSV's last column: "kind: text" of the row's first finding; empty without one.
QStringList findingsCsvHeader();
QStringList findingsCsvFields(const KernelTimeFigures& time);

} // namespace Ridgeline
