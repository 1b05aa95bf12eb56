#include "engine/export/comparisonexport.h"

#include "engine/base/exportnumber.h"
#include "engine/base/orderedrender.h"
#include "engine/export/json/jsonnumber.h"
#include "engine/export/json/jsonstreamwriter.h"
#include "engine/export/resultexport.h"
#include "engine/export/timebudgetexport.h"

#include <QBuffer>
#include <QJsonArray>

namespace Ridgeline {
namespace {

void addDeltas(RowJson::Object& object, const KernelMatch& match, const KernelDelta& delta)
{
    object[QStringLiteral("match")] = matchKindKey(match.kind);
    object[QStringLiteral("speedup")] = figureJson(delta.speedup);
    object[QStringLiteral("delta_time_us")] = exportTimeUs(delta.timeUs);
    object[QStringLiteral("delta_tb_per_s")] = figureJson(delta.tbPerS);
    object[QStringLiteral("delta_tflops_per_s")] = figureJson(delta.tflopsPerS);
    object[QStringLiteral("delta_fraction_of_roof")] = figureJson(delta.fractionOfRoof);
}

QJsonObject traceSide(const AnalysisResult& result, const QString& gpu)
{
    return QJsonObject {
        { QStringLiteral("trace"), result.tracePath },
        { QStringLiteral("gpu"), gpu },
        { QStringLiteral("trace_gpu"), result.traceGpuName.isEmpty() ? QJsonValue() : QJsonValue(result.traceGpuName) },
        { QStringLiteral("total_gpu_kernel_time_us"), result.totalGpuKernelTimeUs },
        { QStringLiteral("triton_kernel_time_us"), result.tritonKernelTimeUs },
        { QStringLiteral("kernels"), int(result.rows.size()) },
        // Each trace's steps of every kind it counts: what `basis` chose from.
        { QStringLiteral("steps"), stepsJson(result.activity) },
    };
}

QJsonArray changes(const TraceComparison& comparison, const std::vector<int>& indices)
{
    QJsonArray list;
    for (int i : indices) {
        const KernelMatch& match = comparison.matching.matches[size_t(i)];
        const KernelRow* cand = comparison.candidateRow(match);
        const KernelRow* base = comparison.baselineRow(match);
        list.append(QJsonObject {
            { QStringLiteral("name"), cand ? cand->name : base->name },
            { QStringLiteral("baseline_name"), base ? QJsonValue(base->name) : QJsonValue() },
            { QStringLiteral("match"), matchKindKey(match.kind) },
            { QStringLiteral("delta_time_us"), comparison.deltas[size_t(i)].timeUs },
            { QStringLiteral("speedup"), figureJson(comparison.deltas[size_t(i)].speedup) },
        });
    }
    return list;
}

// Both sides' figure and the change; null where a side has none.
QJsonObject sideBySide(std::optional<double> baseline, std::optional<double> candidate)
{
    return QJsonObject {
        { QStringLiteral("baseline"), timeJson(baseline) },
        { QStringLiteral("candidate"), timeJson(candidate) },
        { QStringLiteral("change"), timeJson(baseline && candidate ? std::optional(*candidate - *baseline) : std::nullopt) },
    };
}

// GPU time by kind of work in both traces, then the whole GPU time and the span beside it.
void addWorkComparison(QJsonObject& summary, const WorkComparison& work)
{
    QJsonArray byWork;
    for (const WorkTimeChange& change : work.byWork)
        byWork.append(QJsonObject {
            { QStringLiteral("work"), gpuWorkKey(change.work) },
            { QStringLiteral("baseline_us"), exportTimeUs(change.baselineUs) },
            { QStringLiteral("candidate_us"), exportTimeUs(change.candidateUs) },
            { QStringLiteral("change_us"), exportTimeUs(change.changeUs()) },
        });
    summary[QStringLiteral("by_work")] = byWork;
    summary[QStringLiteral("gpu_time_us")] = sideBySide(work.baselineGpuTimeUs, work.candidateGpuTimeUs);
    summary[QStringLiteral("span_us")] = sideBySide(work.baselineSpanUs, work.candidateSpanUs);
}

// A speedup without both sides is null, and `reason` says which lacks it.
QJsonObject perStepJson(const StepComparison& steps)
{
    QJsonObject object { { QStringLiteral("kind"), stepKindKey(steps.kind) },
        { QStringLiteral("gpu_time_speedup"), figureJson(steps.gpuTimeSpeedup) },
        { QStringLiteral("triton_time_speedup"), figureJson(steps.tritonTimeSpeedup) } };
    if (!steps.reason.isEmpty())
        object.insert(QStringLiteral("reason"), steps.reason);
    return object;
}

QJsonObject summary(const TraceComparison& comparison)
{
    QJsonObject counts;
    for (int k = 0; k < matchKindCount; ++k)
        counts[matchKindKey(MatchKind(k))] = comparison.matching.counts[k];
    return QJsonObject {
        { QStringLiteral("baseline"), traceSide(*comparison.baseline, comparison.baselineGpu) },
        { QStringLiteral("candidate"), traceSide(*comparison.candidate, comparison.candidateGpu) },
        { QStringLiteral("different_gpus"), comparison.differentGpus() },
        { QStringLiteral("matches"), counts },
        { QStringLiteral("gpu_time_speedup"), figureJson(comparison.gpuTimeSpeedup) },
        { QStringLiteral("triton_time_speedup"), figureJson(comparison.tritonTimeSpeedup) },
        { QStringLiteral("steps"),
            QJsonObject { { QStringLiteral("kind"), stepKindKey(comparison.perStep ? comparison.perStep->kind : StepKind::None) },
                { QStringLiteral("baseline"),
                    comparison.perStep ? comparison.perStep->baselineSteps : comparison.baseline->activity.steps.count },
                { QStringLiteral("candidate"),
                    comparison.perStep ? comparison.perStep->candidateSteps : comparison.candidate->activity.steps.count } } },
        { QStringLiteral("per_step"), comparison.perStep ? QJsonValue(perStepJson(*comparison.perStep)) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("basis"), comparisonBasis(comparison) },
        { QStringLiteral("baseline_recoverable_us"), exportTimeUs(comparison.baselineRecoverableUs) },
        { QStringLiteral("candidate_recoverable_us"), exportTimeUs(comparison.candidateRecoverableUs) },
        { QStringLiteral("recoverable_change_us"), exportTimeUs(comparison.candidateRecoverableUs - comparison.baselineRecoverableUs) },
        { QStringLiteral("regressions"), comparison.regressionCount },
        { QStringLiteral("largest_regressions"), changes(comparison, comparison.largestRegressions) },
        { QStringLiteral("largest_improvements"), changes(comparison, comparison.largestImprovements) },
    };
}

QStringList deltaFields(const KernelMatch& match, const KernelDelta& delta)
{
    return { matchKindKey(match.kind), csvNumber(delta.speedup), exportTimeText(delta.timeUs), csvNumber(delta.tbPerS),
        csvNumber(delta.tflopsPerS), csvNumber(delta.fractionOfRoof) };
}

} // namespace

// The candidate's own export's root, then the rows one document each: a
// comparison of 100k kernels per side is never held as one JSON tree.
bool writeComparisonJson(QIODevice* device, const Judgement& judgement)
{
    const TraceComparison& comparison = *judgement.comparison;
    JsonStreamWriter writer(device);
    writer.beginObject();
    {
        // The comparison's rows replace the candidate's own `kernels`.
        const QJsonObject root = exportRootWithoutKernels(judgement);
        for (auto it = root.constBegin(); it != root.constEnd(); ++it)
            writer.writeMember(it.key(), it.value());
    }
    QJsonObject comparisonSummary = summary(comparison);
    addWorkComparison(comparisonSummary, comparison.work);
    writer.writeMember(u"comparison", comparisonSummary);
    // Rows rendered on every core and written in order (an empty text: not
    // this list's), as the trace's own export writes its kernels.
    const std::vector<KernelMatch>& matches = comparison.matching.matches;
    const auto take = [&](const QByteArray& row) {
        if (!row.isEmpty())
            writer.writeValueJson(row);
    };
    writer.writeKey(u"kernels");
    writer.beginArray();
    renderInOrder(
        matches.size(),
        [&](size_t i) {
            const KernelRow* cand = comparison.candidateRow(matches[i]);
            if (!cand)
                return QByteArray();
            const KernelRow* base = comparison.baselineRow(matches[i]);
            RowJson::Object object = kernelFields(*cand);
            addDeltas(object, matches[i], comparison.deltas[i]);
            object[QStringLiteral("baseline")] = base ? RowJson::Value(kernelFields(*base)) : RowJson::Value();
            return object.toJson();
        },
        take);
    writer.endArray();
    writer.writeKey(u"removed");
    writer.beginArray();
    renderInOrder(
        matches.size(),
        [&](size_t i) {
            if (comparison.candidateRow(matches[i]))
                return QByteArray();
            RowJson::Object object = kernelFields(*comparison.baselineRow(matches[i]));
            addDeltas(object, matches[i], comparison.deltas[i]);
            return object.toJson();
        },
        take);
    writer.endArray();
    writer.endObject();
    return writer.ok();
}

bool writeComparisonCsv(QIODevice* device, const Judgement& judgement)
{
    const TraceComparison& comparison = *judgement.comparison;
    QStringList header { QStringLiteral("match"), QStringLiteral("speedup"), QStringLiteral("delta_time_us"),
        QStringLiteral("delta_tb_per_s"), QStringLiteral("delta_tflops_per_s"), QStringLiteral("delta_fraction_of_roof") };
    const QStringList columns = csvHeader();
    header << columns;
    for (const QString& column : columns)
        header << QStringLiteral("baseline_") + column;
    const QStringList none(columns.size(), QString());
    bool ok = device->write(QString(header.join(u',') + u'\n').toUtf8()) >= 0;
    for (size_t i = 0; i < comparison.matching.matches.size() && ok; ++i) {
        const KernelMatch& match = comparison.matching.matches[i];
        const KernelRow* cand = comparison.candidateRow(match);
        const KernelRow* base = comparison.baselineRow(match);
        const QStringList fields
            = deltaFields(match, comparison.deltas[i]) + (cand ? csvFields(*cand) : none) + (base ? csvFields(*base) : none);
        ok = device->write(QString(fields.join(u',') + u'\n').toUtf8()) >= 0;
    }
    return ok;
}

QByteArray exportComparisonJson(const Judgement& judgement)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    writeComparisonJson(&buffer, judgement);
    return buffer.data();
}

bool writeComparisonExport(const QString& path, const Judgement& judgement, QString* error)
{
    // Written straight into the file as it goes; the previous file stays
    // whole until the last row is written.
    return writeExportStream(
        path,
        [&](ExportFormat format, QIODevice* device) {
            return format == ExportFormat::Json ? writeComparisonJson(device, judgement) : writeComparisonCsv(device, judgement);
        },
        error);
}

} // namespace Ridgeline
