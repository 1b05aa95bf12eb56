// Stage export/: an analysis as JSON or CSV.
// Writes an analysis as JSON or CSV for scripts and CI: one object or row
// per unique kernel, null (JSON) or empty (CSV) where a figure is not
// modelled, and TraceLens's figures beside Ridgeline's where they differ.
#pragma once

#include "engine/export/json/rowjson.h"
#include "engine/lens/judgement.h"

#include <QByteArray>
#include <QJsonObject>
#include <QStringList>
#include <functional>

class QIODevice;

namespace Ridgeline {

enum class ExportFormat
{
    Json,
    Csv
};

// From the file name's suffix; nullopt for anything else.
std::optional<ExportFormat> exportFormatForPath(const QString& path);

// The open trace as the judgement judged it: each kernel's roof, bound and
// fraction of it under the judged GPU's peaks, its attainable time under the
// judged t0, and the judgement's GPU warnings (a GPU the catalogue lacks,
// for either trace: the result does not know the catalogue) before the
// result's own.
QByteArray exportJson(const Judgement& judgement);
// Triton rows then library rows, each with its attainable and recoverable time.
QByteArray exportCsv(const TraceJudgement& judged);

// The same, written to `device` as it goes (one kernel at a time); false
// when a write failed.
bool writeExportJson(QIODevice* device, const Judgement& judgement);
bool writeExportCsv(QIODevice* device, const TraceJudgement& judged);

// The parts, for exports built on these (the baseline comparison's).
QJsonObject exportObject(const Judgement& judgement);
// Its root without `kernels`: an export that writes its own rows as it goes
// need not build every kernel's object first.
QJsonObject exportRootWithoutKernels(const Judgement& judgement);
// A kernel's members before the judgement's: fields to write, and as Qt's
// object for what reads them back.
RowJson::Object kernelFields(const KernelRow& row); // kernelfields.cpp
QJsonObject kernelJson(const KernelRow& row);
// A row's time statistics (sum, mean, median, min, max, std); null without samples.
RowJson::Value sampleStatsJson(const std::optional<SampleStats>& stats);
QStringList csvHeader();
QStringList csvFields(const KernelRow& row); // quoted where needed
QString csvNumber(std::optional<double> value);
// A kernel's `source` (kernelsourceexport.cpp): origin, file, why and the
// anatomy's counts, pointers and bytes; null where none was looked for.
RowJson::Value kernelSourceJson(const KernelModel& model);
RowJson::Object kernelSourceJson(const KernelSource& source, const QStringList& atenOps, const QStringList& sourceNodes);
QStringList kernelSourceCsvHeader(); // source_unique_bytes, source_unique_bytes_max
QStringList kernelSourceCsvFields(const KernelModel& model);

// Writes the export by the file's suffix: the comparison's when the
// judgement has a baseline, else the trace's (the command line and the
// window both call this). On failure returns false with *error naming the file.
bool writeExport(const QString& path, const Judgement& judgement, QString* error);
// Writes what `render` makes of the format the file's suffix names.
bool writeExportFile(const QString& path, const std::function<QByteArray(ExportFormat)>& render, QString* error);
// Lets `write` write the format the file's suffix names to the file as it
// goes; the file appears only when all of it was written.
bool writeExportStream(const QString& path, const std::function<bool(ExportFormat, QIODevice*)>& write, QString* error);

} // namespace Ridgeline
