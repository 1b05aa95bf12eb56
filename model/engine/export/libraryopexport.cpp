#include "engine/export/libraryopexport.h"

#include "engine/base/exportnumber.h"
#include "engine/base/textescaping.h"
#include "engine/export/json/jsonnumber.h"

#include <QJsonArray>
#include <cmath>

namespace Ridgeline {
namespace {

// FLOPs and bytes are counts: exact integers where they are whole (as the
// Triton rows write them), else the figure; null when unknown.
RowJson::Value countJson(double value)
{
    if (!std::isfinite(value))
        return {};
    if (value == std::floor(value) && std::abs(value) < 9.0e15)
        return qint64(value);
    return value;
}

QString countText(double value)
{
    if (!std::isfinite(value))
        return {};
    if (value == std::floor(value) && std::abs(value) < 9.0e15)
        return QString::number(qint64(value));
    return QString::number(value, 'g', 17);
}

RowJson::Object figuresJson(const LibraryOpFigures& figures)
{
    RowJson::Object params;
    for (const auto& [name, value] : figures.params)
        params[name] = countJson(value);
    return RowJson::Object {
        { QStringLiteral("flops"), countJson(figures.flops) },
        { QStringLiteral("bytes"), countJson(figures.bytes) },
        { QStringLiteral("compute_spec"), figures.computeSpec },
        { QStringLiteral("rule"), figures.rule },
        { QStringLiteral("params"), params },
        { QStringLiteral("derivation"), RowJson::Array::fromStringList(figures.derivation) },
    };
}

QStringList kernelNamesOf(const LibraryOpRowDetails& details)
{
    QStringList names = details.kernelNames;
    if (details.moreKernelNames > 0)
        names << QStringLiteral("(%1 more)").arg(details.moreKernelNames);
    return names;
}

} // namespace

RowJson::Object libraryOpJson(const KernelRow& row, RowJson::Object object)
{
    if (!row.libraryOp)
        return object;
    const LibraryOpRowDetails& details = *row.libraryOp;
    const std::optional<LibraryOpModel>& model = details.model;
    const bool figures = row.hasModel() && model;
    object[QStringLiteral("category")] = categoryName(details.category);
    object[QStringLiteral("work")] = gpuWorkKey(row.work);
    object[QStringLiteral("xnumel")] = QJsonValue::Null;
    object[QStringLiteral("rnumel")] = QJsonValue::Null;
    object[QStringLiteral("flops")] = figures ? countJson(model->figures.flops) : RowJson::Value();
    object[QStringLiteral("bytes")] = figures ? countJson(model->figures.bytes) : RowJson::Value();
    object[QStringLiteral("flops_known")] = figures ? RowJson::Value(std::isfinite(model->figures.flops)) : RowJson::Value();
    object[QStringLiteral("rule")] = model ? RowJson::Value(model->figures.rule) : RowJson::Value();
    object[QStringLiteral("compute_spec")] = model ? RowJson::Value(model->figures.computeSpec) : RowJson::Value();
    object[QStringLiteral("params")] = model ? figuresJson(model->figures).value(QStringLiteral("params")) : RowJson::Value();
    object[QStringLiteral("derivation")]
        = model ? RowJson::Value(RowJson::Array::fromStringList(model->figures.derivation)) : RowJson::Value();
    object[QStringLiteral("kernels")] = RowJson::Array::fromStringList(kernelNamesOf(details));
    object[QStringLiteral("gpu_events_per_call")] = exportFigure(details.gpuEventsPerCall);
    // TraceLens's block where its figures or its time differ (ATEN_MODELS.md
    // §1.3): its figures only where they differ, its time only where it does.
    const TraceLensFigures* tl = row.traceLens ? &*row.traceLens : nullptr;
    const bool timeDiffers = tl && tl->kernelTimeUs;
    RowJson::Object tracelens;
    if (figures && model->tracelens) {
        tracelens = figuresJson(*model->tracelens);
        tracelens[QStringLiteral("why")] = model->tracelensWhy;
    }
    if (tl && (!tracelens.isEmpty() || timeDiffers)) { // its throughputs over its own time
        tracelens[QStringLiteral("tb_per_s")] = figureJson(tl->tbPerS);
        tracelens[QStringLiteral("tflops_per_s")] = figureJson(tl->tflopsPerS);
    }
    if (timeDiffers) {
        const SampleStats& time = *tl->kernelTimeUs;
        tracelens[QStringLiteral("kernel_time_us")] = RowJson::Object {
            { QStringLiteral("sum"), timeJson(time.sum) },
            { QStringLiteral("mean"), timeJson(time.mean) },
            { QStringLiteral("median"), timeJson(time.median) },
            { QStringLiteral("min"), timeJson(time.min) },
            { QStringLiteral("max"), timeJson(time.max) },
        };
        tracelens[QStringLiteral("time_why")] = tl->timeWhy;
    }
    if (tracelens.isEmpty())
        object.remove(QStringLiteral("tracelens"));
    else
        object[QStringLiteral("tracelens")] = tracelens;
    return object;
}

QStringList libraryOpCsvFields(const KernelRow& row, QStringList fields, const QStringList& header)
{
    if (!row.libraryOp)
        return fields;
    const LibraryOpRowDetails& details = *row.libraryOp;
    const bool figures = row.hasModel() && details.model;
    const auto set = [&](const QString& column, const QString& value) {
        if (const qsizetype at = header.indexOf(column); at >= 0 && at < fields.size())
            fields[at] = value;
    };
    set(QStringLiteral("category"), categoryName(details.category));
    set(QStringLiteral("xnumel"), QString());
    set(QStringLiteral("rnumel"), QString());
    set(QStringLiteral("flops"), figures ? countText(details.model->figures.flops) : QString());
    set(QStringLiteral("bytes"), figures ? countText(details.model->figures.bytes) : QString());
    set(QStringLiteral("flops_known"),
        figures ? QString(std::isfinite(details.model->figures.flops) ? QStringLiteral("true") : QStringLiteral("false")) : QString());
    return fields;
}

QStringList argsAndKernelsCsvHeader()
{
    return { QStringLiteral("input_strides"), QStringLiteral("concrete_inputs"), QStringLiteral("kernels"), QStringLiteral("rule"),
        QStringLiteral("compute_spec"), QStringLiteral("tracelens_flops"), QStringLiteral("tracelens_bytes") };
}

QStringList argsAndKernelsCsvFields(const KernelRow& row)
{
    QStringList fields { csvTextField(row.args->inputStridesJson), csvTextField(row.args->concreteInputsJson) };
    const LibraryOpRowDetails* details = row.libraryOp ? &*row.libraryOp : nullptr;
    const LibraryOpModel* model = details && details->model ? &*details->model : nullptr;
    const LibraryOpFigures* tracelens = model && row.hasModel() && model->tracelens ? &*model->tracelens : nullptr;
    fields << (details ? csvTextField(kernelNamesOf(*details).join(u' ')) : QString())
           << (model ? csvTextField(model->figures.rule) : QString()) << (model ? csvTextField(model->figures.computeSpec) : QString())
           << (tracelens ? countText(tracelens->flops) : QString()) << (tracelens ? countText(tracelens->bytes) : QString());
    return fields;
}

} // namespace Ridgeline
