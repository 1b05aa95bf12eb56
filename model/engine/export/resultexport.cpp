#include "engine/export/resultexport.h"

#include "engine/base/exportnumber.h"
#include "engine/base/orderedrender.h"
#include "engine/base/textescaping.h"
#include "engine/export/comparisonexport.h"
#include "engine/export/graphexport.h"
#include "engine/export/json/jsonnumber.h"
#include "engine/export/json/jsonstreamwriter.h"
#include "engine/export/json/rowjson.h"
#include "engine/export/launch/adviceexport.h"
#include "engine/export/launch/findingsexport.h"
#include "engine/export/launch/launchexport.h"
#include "engine/export/libraryopexport.h"
#include "engine/export/timebudgetexport.h"
#include "engine/perfmodel/kernelkinds/inductorestimate.h"
#include "engine/results/naming/rowdisplayname.h"
#include "engine/roofline/gpuspec.h"
#include "engine/roofline/roofline.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace Ridgeline {
namespace {

QJsonValue cacheObject(const AnalysisResult& result)
{
    if (result.inductorCache.source.isEmpty())
        return QJsonValue::Null;
    return QJsonObject {
        { QStringLiteral("path"), result.inductorCache.source },
        { QStringLiteral("origin"), result.inductorCache.origin },
        { QStringLiteral("kind"), result.inductorCache.kind },
        { QStringLiteral("wrapper_files"), result.inductorCache.wrapperFiles },
        { QStringLiteral("kernels"), result.inductorCache.kernelBlocks },
        { QStringLiteral("trace_kernels"), result.inductorCache.traceKernels },
        { QStringLiteral("warnings"), QJsonArray::fromStringList(result.inductorCache.warnings) },
    };
}

} // namespace

QString csvNumber(std::optional<double> value)
{
    return exportFigureText(value);
}

std::optional<ExportFormat> exportFormatForPath(const QString& path)
{
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
        return ExportFormat::Json;
    if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive))
        return ExportFormat::Csv;
    return std::nullopt;
}

namespace {

// A Triton row as the export writes it: the row, its attainable time and its place under `figures`.
RowJson::Object tritonKernelExport(
    const KernelRow& row, const KernelTimeFigures& time, const GpuSpec& gpu, PeakSet used, const PeakFigures& figures)
{
    RowJson::Object kernel = libraryOpJson(row, kernelFields(row));
    addKernelTimeFigures(kernel, time);
    kernel[QStringLiteral("launch")] = launchJson(row, gpu);
    kernel[QStringLiteral("findings")] = findingsJson(time);
    kernel[QStringLiteral("advice")] = adviceJson(time.advice);
    // As the roofline CSV has them; null where the kernel has no place.
    const RowJson::Value null;
    const auto placement = placeKernel(row, figures);
    kernel[QStringLiteral("roof")] = placement ? RowJson::Value(roofLabel(*placement)) : null;
    kernel[QStringLiteral("bound")] = placement ? RowJson::Value(boundName(placement->bound)) : null;
    kernel[QStringLiteral("attainable_tflops_per_s")] = placement ? RowJson::Value(exportFigure(placement->attainableTflops)) : null;
    kernel[QStringLiteral("fraction_of_roof")] = placement ? RowJson::Value(exportFigure(placement->fractionOfRoof)) : null;
    kernel[QStringLiteral("above_roof")] = placement ? RowJson::Value(placement->aboveRoof) : null;
    // Above HBM but within a cache level's bandwidth: probably served from it.
    const CacheRoof* cache = placement ? probablyServedFrom(*placement, gpu, figures, row.bytes()) : nullptr;
    kernel[QStringLiteral("probably_served_from")] = cache ? RowJson::Value(cache->label) : null;
    const bool measuredLow = placement && withinDatasheetHbm(*placement, gpu, used, row.bytes());
    kernel[QStringLiteral("within_datasheet_hbm")] = placement ? RowJson::Value(measuredLow) : null;
    const QString note = cache ? servedFromCacheNote(cache, placement->achievedTBps, figures)
        : measuredLow          ? withinDatasheetHbmNote(placement->achievedTBps, gpu, figures)
                               : QString();
    if (!note.isEmpty())
        kernel[QStringLiteral("reason")] = QString(row.model->reason + QStringLiteral("; ") + note);
    return kernel;
}

// Library kernels: name, calls, time and share, what they do; no figures.
// Only what a library row has: a trace holds a hundred of them, and fifty
// null figures each would be most of the export.
RowJson::Object libraryKernelExport(const KernelRow& row, const KernelTimeFigures& time)
{
    const RowJson::Value null;
    RowJson::Object kernel {
        { QStringLiteral("name"), row.name },
        { QStringLiteral("display_name"), rowNames(row).display },
        { QStringLiteral("category"), categoryKey(row.parsedName.category) },
        { QStringLiteral("kind"), rowKindKey(row.kind) },
        { QStringLiteral("work"), gpuWorkKey(row.work) },
        { QStringLiteral("provenance"), provenanceKey(row.provenance()) },
        { QStringLiteral("reason"), row.model->reason },
        { QStringLiteral("calls"), row.calls },
        { QStringLiteral("timed_calls"), row.timedCalls() },
        { QStringLiteral("kernel_time_us"), sampleStatsJson(row.kernelTimeUs) },
        { QStringLiteral("share_of_gpu_time"), figureJson(row.shareOfGpuTime) },
        { QStringLiteral("flops"), null },
        { QStringLiteral("bytes"), null },
        { QStringLiteral("tb_per_s"), null },
        { QStringLiteral("tflops_per_s"), null },
        { QStringLiteral("roof"), null },
        { QStringLiteral("bound"), null },
        { QStringLiteral("fraction_of_roof"), null },
    };
    addKernelTimeFigures(kernel, time);
    kernel[QStringLiteral("advice")] = adviceJson(time.advice);
    return kernel;
}

// Every member of the export's root but `kernels`.
QJsonObject exportHeader(const TraceJudgement& judged, const QStringList& moreWarnings)
{
    const AnalysisResult& result = *judged.result;
    const GpuSpec& gpu = judged.gpuSpec();
    const TimeBudget& budget = judged.budget;
    QJsonObject root;
    root[QStringLiteral("trace")] = result.tracePath;
    root[QStringLiteral("gpu")] = gpu.name;
    root[QStringLiteral("peak_set")] = peakSetKey(judged.peakSetUsed());
    // Where the figures come from: each peak set's source, and the host link (the roof of host-device copies).
    root[QStringLiteral("peak_sources")] = peakSourcesJson(gpu);
    root[QStringLiteral("host_link_tbps")] = gpu.hostLinkTBps ? QJsonValue(*gpu.hostLinkTBps) : QJsonValue(QJsonValue::Null);
    root[QStringLiteral("host_link_source")] = gpu.hostLinkTBps ? QJsonValue(gpu.hostLinkSource) : QJsonValue(QJsonValue::Null);
    // The --range (or the window's) the figures were counted in, from the first GPU event; null: the whole trace.
    root[QStringLiteral("range")] = result.gpuRangeUs ? QJsonValue(QJsonObject { { QStringLiteral("start_us"), result.gpuRangeUs->first },
                                                            { QStringLiteral("end_us"), result.gpuRangeUs->second } })
                                                      : QJsonValue(QJsonValue::Null);
    root[QStringLiteral("trace_gpu")] = result.traceGpuName.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(result.traceGpuName);
    root[QStringLiteral("total_gpu_kernel_time_us")] = exportTimeUs(result.totalGpuKernelTimeUs);
    root[QStringLiteral("triton_kernel_time_us")] = exportTimeUs(result.tritonKernelTimeUs);
    // The whole GPU time by kind of work (gputimebreakdown.h), in microseconds.
    QJsonObject byWork;
    for (const auto& [work, us] : result.gpuTime.us)
        byWork[gpuWorkKey(work)] = exportTimeUs(us);
    QJsonObject tritonByCategory;
    for (const auto& [category, us] : result.gpuTime.tritonUs)
        tritonByCategory[categoryKey(category)] = exportTimeUs(us);
    root[QStringLiteral("gpu_time_us")] = QJsonObject { { QStringLiteral("total"), exportTimeUs(result.gpuTime.totalUs()) },
        { QStringLiteral("by_work"), byWork }, { QStringLiteral("triton_by_category"), tritonByCategory } };
    // How much of that time the figures below speak for.
    root[QStringLiteral("coverage")] = coverageJson(gpuTimeCoverage(result));
    root[QStringLiteral("latency_floor_us")] = latencyFloorJson(budget.latencyFloor);
    root[QStringLiteral("time_budget")] = timeBudgetJson(result, budget);
    root[QStringLiteral("opportunities")] = opportunitiesJson(budget);
    root[QStringLiteral("events")] = qint64(result.events.count);
    root[QStringLiteral("skipped_events")] = qint64(result.events.skipped);
    root[QStringLiteral("warnings")] = QJsonArray::fromStringList(moreWarnings + result.warnings);
    root[QStringLiteral("inductor_cache")] = cacheObject(result);
    root[QStringLiteral("captures")] = capturesJson(result.graphs);
    root[QStringLiteral("graphs")] = graphsJson(result.graphs);
    return root;
}

// Kernel `index` of the export: Triton rows, then library rows. Reads the
// judgement only, so that rows render on several threads at once.
size_t kernelExportCount(const TraceJudgement& judged)
{
    return judged.result->rows.size() + judged.result->libraryKernels.size();
}

RowJson::Object kernelExportAt(const TraceJudgement& judged, size_t index)
{
    const AnalysisResult& result = *judged.result;
    const GpuSpec& gpu = judged.gpuSpec();
    const TimeBudget& budget = judged.budget;
    if (index < result.rows.size())
        return tritonKernelExport(result.rows[index], budget.rows[index], gpu, judged.peakSetUsed(), judged.peaks());
    const KernelRow& row = result.libraryKernels[index - result.rows.size()];
    return libraryKernelExport(row, kernelTimeFigures(row, judged.peaks(), budget.latencyFloor.us, &gpu, &result));
}

} // namespace

QByteArray exportJson(const Judgement& judgement)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    writeExportJson(&buffer, judgement);
    return buffer.data();
}

bool writeExportJson(QIODevice* device, const Judgement& judgement)
{
    const TraceJudgement& judged = judgement.trace;
    JsonStreamWriter writer(device);
    writer.beginObject();
    const QJsonObject header = exportRootWithoutKernels(judgement);
    for (auto it = header.begin(); it != header.end(); ++it)
        writer.writeMember(it.key(), it.value());
    writer.writeKey(QStringLiteral("kernels"));
    writer.beginArray();
    // Rendered on every core, written in order: a million rows in seconds.
    renderInOrder(
        kernelExportCount(judged), [&](size_t i) { return kernelExportAt(judged, i).toJson(); },
        [&](const QByteArray& kernel) { writer.writeValueJson(kernel); });
    writer.endArray();
    writer.endObject();
    return writer.ok();
}

QJsonObject exportObject(const Judgement& judgement)
{
    QJsonObject root = exportRootWithoutKernels(judgement);
    QJsonArray kernels;
    for (size_t i = 0; i < kernelExportCount(judgement.trace); ++i)
        kernels.append(kernelExportAt(judgement.trace, i).toQJson());
    root[QStringLiteral("kernels")] = kernels;
    return root;
}

QJsonObject exportRootWithoutKernels(const Judgement& judgement)
{
    return exportHeader(judgement.trace, judgement.gpuWarnings());
}

QStringList csvHeader()
{
    QStringList header {
        QStringLiteral("name"),
        QStringLiteral("category"),
        QStringLiteral("kind"),
        QStringLiteral("provenance"),
        QStringLiteral("reason"),
        QStringLiteral("xnumel"),
        QStringLiteral("rnumel"),
        QStringLiteral("fused_ops"),
        QStringLiteral("input_dims"),
        QStringLiteral("input_types"),
        QStringLiteral("calls"),
        QStringLiteral("timed_calls"),
        QStringLiteral("kernel_time_us_sum"),
        QStringLiteral("kernel_time_us_mean"),
        QStringLiteral("kernel_time_us_median"),
        QStringLiteral("kernel_time_us_min"),
        QStringLiteral("kernel_time_us_max"),
        QStringLiteral("kernel_time_us_std"),
        QStringLiteral("share_of_gpu_time"),
        QStringLiteral("flops"),
        QStringLiteral("bytes"),
        QStringLiteral("gflops"),
        QStringLiteral("data_moved_mib"),
        QStringLiteral("flops_per_byte"),
        QStringLiteral("tb_per_s"),
        QStringLiteral("tflops_per_s"),
        QStringLiteral("tracelens_gflops"),
        QStringLiteral("tracelens_data_moved_mib"),
        QStringLiteral("tracelens_flops_per_byte"),
        QStringLiteral("tracelens_tb_per_s"),
        QStringLiteral("tracelens_tflops_per_s"),
        QStringLiteral("tracelens_why"),
        QStringLiteral("kernel_file"),
        QStringLiteral("v1_wrapper_file"),
        QStringLiteral("v1_block"),
        QStringLiteral("v1_line"),
        QStringLiteral("v1_heuristic"),
        QStringLiteral("v1_size_hints"),
        QStringLiteral("v1_bytes"),
        QStringLiteral("v1_flops"),
        QStringLiteral("v1_output_write_note"),
        QStringLiteral("flops_known"),
        QStringLiteral("inductor_bytes"),
        QStringLiteral("inductor_flops"),
        QStringLiteral("inductor_bytes_difference_percent"),
        QStringLiteral("inductor_flops_difference_percent"),
    };
    header << replayCsvHeader();
    return header;
}

QStringList csvFields(const KernelRow& row)
{
    const auto& t = row.kernelTimeUs;
    const auto& tl = row.traceLens;
    const auto stat = [&](double SampleStats::* field) { return t ? exportTimeText((*t).*field) : QString(); };
    QStringList fields {
        csvTextField(row.name),
        categoryKey(row.parsedName.category),
        rowKindKey(row.kind),
        provenanceKey(row.provenance()),
        csvTextField(row.model->reason),
        row.hasModel() ? QString::number(row.model->xnumel) : QString(),
        row.hasModel() ? QString::number(row.model->rnumel) : QString(),
        csvTextField(row.parsedName.fusedOps().join(u' ')),
        csvTextField(row.args->inputDimsJson),
        csvTextField(row.args->inputTypesJson),
        QString::number(row.calls),
        QString::number(row.timedCalls()),
        stat(&SampleStats::sum),
        stat(&SampleStats::mean),
        stat(&SampleStats::median),
        stat(&SampleStats::min),
        stat(&SampleStats::max),
        t ? exportTimeText(t->std) : QString(),
        csvNumber(row.shareOfGpuTime),
        row.flops() ? QString::number(row.model->flops) : QString(),
        row.hasModel() && row.model->bytes ? QString::number(*row.model->bytes) : QString(),
        csvNumber(row.gflops()),
        csvNumber(row.dataMovedMib()),
        csvNumber(row.flopsPerByte()),
        csvNumber(meanOf(row.tbPerS)),
        csvNumber(meanOf(row.tflopsPerS)),
        tl ? csvNumber(tl->gflops) : QString(),
        tl ? csvNumber(tl->dataMovedMib) : QString(),
        tl ? csvNumber(tl->flopsPerByte) : QString(),
        tl ? csvNumber(tl->tbPerS) : QString(),
        tl ? csvNumber(tl->tflopsPerS) : QString(),
        tl ? csvTextField(tl->why) : QString(),
        csvTextField(row.args->kernelFile),
    };
    const auto& v1 = row.model->v1;
    const auto optional = [](std::optional<std::int64_t> n) { return n ? QString::number(*n) : QString(); };
    fields << (v1 ? csvTextField(v1->kernel.wrapperFile) : QString()) << (v1 ? QString::number(v1->kernel.blockIndex) : QString())
           << (v1 ? QString::number(v1->kernel.line) : QString()) << (v1 ? heuristicKey(v1->kernel.heuristic) : QString())
           << (v1 ? csvTextField(v1->kernel.sizeHintsText) : QString()) << (v1 ? optional(v1->bytes) : QString())
           << (v1 ? optional(v1->flops) : QString()) << csvTextField(row.model->v1OutputWriteNote.value_or(QString()));
    const auto& e = row.model->inductor;
    const auto inductorFlops = e && e->flops ? std::optional(double(*e->flops)) : std::nullopt;
    fields << (row.hasModel() ? QString(row.model->flopsKnown ? QStringLiteral("true") : QStringLiteral("false")) : QString())
           << (e && e->bytes ? QString::number(*e->bytes) : QString()) << (e && e->flops ? QString::number(*e->flops) : QString())
           << (e ? csvNumber(differencePercent(row.bytes(), e->bytes ? std::optional(double(*e->bytes)) : std::nullopt)) : QString())
           << (e ? csvNumber(differencePercent(row.flops(), inductorFlops)) : QString());
    fields << replayCsvFields(row);
    return fields;
}

bool writeExportCsv(QIODevice* device, const TraceJudgement& judged)
{
    const AnalysisResult& result = *judged.result;
    const PeakFigures& figures = judged.peaks();
    const TimeBudget& budget = judged.budget;
    bool ok = true;
    const auto csvLine = [](const QStringList& fields) { return (fields.join(u',') + u'\n').toUtf8(); };
    const auto write = [&](const QByteArray& bytes) { ok = ok && device->write(bytes) == bytes.size(); };
    const QStringList header = csvHeader();
    // The source's and the launch's columns, then the first finding, then the display name, last: every column before them
    // keeps its place.
    write(csvLine(QStringList(header) << kernelTimeCsvHeader() << QStringLiteral("work") << argsAndKernelsCsvHeader()
                                      << kernelSourceCsvHeader() << launchCsvHeader() << findingsCsvHeader()
                                      << QStringLiteral("display_name") << QStringLiteral("advice")));
    const size_t tritonRows = result.rows.size();
    // Rendered on every core, written in order, as the JSON export.
    renderInOrder(
        tritonRows + result.libraryKernels.size(),
        [&](size_t i) {
            if (i < tritonRows) {
                const KernelRow& row = result.rows[i];
                return csvLine(libraryOpCsvFields(row, csvFields(row), header)
                    << kernelTimeCsvFields(budget.rows[i]) << (row.isLibraryOp() ? gpuWorkKey(row.work) : QString())
                    << argsAndKernelsCsvFields(row) << kernelSourceCsvFields(row.model) << launchCsvFields(row, judged.gpuSpec())
                    << findingsCsvFields(budget.rows[i]) << csvTextField(rowNames(row).display) << adviceCsvField(budget.rows[i].advice));
            }
            const KernelRow& row = result.libraryKernels[i - tritonRows];
            const KernelTimeFigures time = kernelTimeFigures(row, figures, budget.latencyFloor.us, &judged.gpuSpec(), &result);
            return csvLine(csvFields(row) << kernelTimeCsvFields(time) << gpuWorkKey(row.work) << argsAndKernelsCsvFields(row)
                                          << kernelSourceCsvFields(row.model) << launchCsvFields(row, judged.gpuSpec())
                                          << QString() // a library kernel has no findings
                                          << csvTextField(rowNames(row).display) << adviceCsvField(time.advice));
        },
        write);
    return ok;
}

QByteArray exportCsv(const TraceJudgement& judged)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    writeExportCsv(&buffer, judged);
    return buffer.data();
}

bool writeExportStream(const QString& path, const std::function<bool(ExportFormat, QIODevice*)>& write, QString* error)
{
    const auto format = exportFormatForPath(path);
    if (!format) {
        *error = path + QStringLiteral(": unknown export format (use .json or .csv)");
        return false;
    }
    // QSaveFile: the previous file stays whole until all of it was written.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = path + QStringLiteral(": cannot write: ") + file.errorString();
        return false;
    }
    if (!write(*format, &file)) {
        *error = path + QStringLiteral(": cannot write: ") + file.errorString();
        file.cancelWriting();
        return false;
    }
    if (!file.commit()) {
        *error = path + QStringLiteral(": cannot write: ") + file.errorString();
        return false;
    }
    return true;
}

bool writeExportFile(const QString& path, const std::function<QByteArray(ExportFormat)>& render, QString* error)
{
    return writeExportStream(
        path,
        [&](ExportFormat format, QIODevice* device) {
            const QByteArray bytes = render(format);
            return device->write(bytes) == bytes.size();
        },
        error);
}

bool writeExport(const QString& path, const Judgement& judgement, QString* error)
{
    if (judgement.comparison)
        return writeComparisonExport(path, judgement, error);
    // Written as it goes: a result of a million rows is never one document in memory.
    return writeExportStream(
        path,
        [&](ExportFormat format, QIODevice* device) {
            return format == ExportFormat::Json ? writeExportJson(device, judgement) : writeExportCsv(device, judgement.trace);
        },
        error);
}

} // namespace Ridgeline
