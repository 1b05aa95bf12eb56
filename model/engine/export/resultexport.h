// Stage export/: an analysis as JSON or CSV.
// Writes an analysis as JSON or CSV for scripts and CI: one object or row
// per unique kernel, null (JSON) or empty (CSV) where a figure is not
// modelled, and TraceLens's figures beside Ridgeline's where they differ.
#pragma once

#include "engine/results/analysisresult.h"
#include "engine/roofline/gpuspec.h"

#include <QByteArray>
#include <QJsonObject>
#include <QStringList>

#include <functional>

class QIODevice;

namespace Ridgeline {

enum class ExportFormat { Json, Csv };

// From the file name's suffix; nullopt for anything else.
std::optional<ExportFormat> exportFormatForPath(const QString& path);

// `moreWarnings` join the result's own (the GPU the trace names being
// unknown, say: the result does not know the catalogue).
// Each kernel's roof, bound and fraction of it are under `gpu`'s `peaks`.
// `latencyFloorUs`: the user's t0 for attainable times; nullopt: the trace's.
QByteArray exportJson(const AnalysisResult& result, const GpuSpec& gpu, PeakSet peaks = PeakSet::Datasheet,
                      const QStringList& moreWarnings = {}, std::optional<double> latencyFloorUs = {});
// Triton rows then library rows, each with its attainable and recoverable time under `gpu`'s `peaks`.
QByteArray exportCsv(const AnalysisResult& result, const GpuSpec& gpu, PeakSet peaks = PeakSet::Datasheet,
                     std::optional<double> latencyFloorUs = {});

// The same, written to `device` as it goes (one kernel at a time); false
// when a write failed.
bool writeExportJson(QIODevice* device, const AnalysisResult& result, const GpuSpec& gpu, PeakSet peaks = PeakSet::Datasheet,
                     const QStringList& moreWarnings = {}, std::optional<double> latencyFloorUs = {});
bool writeExportCsv(QIODevice* device, const AnalysisResult& result, const GpuSpec& gpu, PeakSet peaks = PeakSet::Datasheet,
                    std::optional<double> latencyFloorUs = {});

// The parts, for exports built on these (the baseline comparison's).
QJsonObject exportObject(const AnalysisResult& result, const GpuSpec& gpu, PeakSet peaks = PeakSet::Datasheet,
                         const QStringList& moreWarnings = {}, std::optional<double> latencyFloorUs = {});
// Its root without `kernels`: an export that writes its own rows as it goes
// need not build every kernel's object first.
QJsonObject exportRootWithoutKernels(const AnalysisResult& result, const GpuSpec& gpu, PeakSet peaks = PeakSet::Datasheet,
                                     const QStringList& moreWarnings = {}, std::optional<double> latencyFloorUs = {});
QJsonObject kernelJson(const KernelRow& row);
QStringList csvHeader();
QStringList csvFields(const KernelRow& row); // quoted where needed
QString csvNumber(std::optional<double> value);

// Writes the export; on failure returns false with *error naming the file.
bool writeExport(const QString& path, const AnalysisResult& result, const GpuSpec& gpu, QString* error,
                 PeakSet peaks = PeakSet::Datasheet, const QStringList& moreWarnings = {},
                 std::optional<double> latencyFloorUs = {});
// Writes what `render` makes of the format the file's suffix names.
bool writeExportFile(const QString& path, const std::function<QByteArray(ExportFormat)>& render, QString* error);
// Lets `write` write the format the file's suffix names to the file as it
// goes; the file appears only when all of it was written.
bool writeExportStream(const QString& path, const std::function<bool(ExportFormat, QIODevice*)>& write, QString* error);

} // namespace Ridgeline
