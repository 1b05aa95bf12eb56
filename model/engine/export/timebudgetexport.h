// Stage export/: an analysis as JSON or CSV.
// The time budget in the export: the latency floor and its source, where
// the GPU's time went (busy, idle and its gaps, by kind of work, the Triton
// time split, steps, each device), the opportunities ranked by time at
// stake, and each kernel's attainable time, recoverable time and limiter.
#pragma once

#include "engine/export/json/rowjson.h"
#include "engine/timebudget/gputimecoverage.h"
#include "engine/timebudget/timebudget.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace Ridgeline {

QJsonObject latencyFloorJson(const LatencyFloor& floor);
QJsonObject timeBudgetJson(const AnalysisResult& result, const TimeBudget& budget);
QJsonArray opportunitiesJson(const TimeBudget& budget);
// {modelled_us, total_us, share}: how much of the GPU time has figures (share null without GPU time).
QJsonObject coverageJson(const GpuTimeCoverage& coverage);
QJsonObject stepsJson(const StepFigures& steps);
// The chosen steps' figures and, under "kinds", every kind's.
QJsonObject stepsJson(const GpuActivity& activity);
// attainable_time_us, fraction_of_attainable (and their _source twins from the
// source's unique bytes), recoverable_us, limiter into `kernel`.
void addKernelTimeFigures(RowJson::Object& kernel, const KernelTimeFigures& figures);
QStringList kernelTimeCsvHeader();
QStringList kernelTimeCsvFields(const KernelTimeFigures& figures);

} // namespace Ridgeline
