#include "engine/export/comparisonexport.h"

#include "engine/base/exportnumber.h"
#include "engine/export/jsonnumber.h"
#include "engine/export/resultexport.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Ridgeline {
namespace {

void addDeltas(QJsonObject& object, const KernelMatch& match, const KernelDelta& delta)
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
        { QStringLiteral("kernels"), int(result.kernels.size()) },
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
        { QStringLiteral("steps"), QJsonObject {
              { QStringLiteral("kind"), stepKindKey(comparison.perStep ? comparison.perStep->kind : StepKind::None) },
              { QStringLiteral("baseline"), comparison.baseline->activity.steps.count },
              { QStringLiteral("candidate"), comparison.candidate->activity.steps.count } } },
        { QStringLiteral("per_step"), comparison.perStep
              ? QJsonValue(QJsonObject { { QStringLiteral("kind"), stepKindKey(comparison.perStep->kind) },
                                         { QStringLiteral("gpu_time_speedup"), figureJson(comparison.perStep->gpuTimeSpeedup) },
                                         { QStringLiteral("triton_time_speedup"), figureJson(comparison.perStep->tritonTimeSpeedup) } })
              : QJsonValue(QJsonValue::Null) },
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

QByteArray exportComparisonJson(const TraceComparison& comparison, const GpuSpec& candidateGpu, PeakSet peaks,
                                const QStringList& moreWarnings, std::optional<double> latencyFloorUs)
{
    QJsonObject root = exportObject(*comparison.candidate, candidateGpu, peaks, moreWarnings, latencyFloorUs);
    QJsonArray kernels;
    QJsonArray removed;
    for (size_t i = 0; i < comparison.matching.matches.size(); ++i) {
        const KernelMatch& match = comparison.matching.matches[i];
        const KernelRow* base = comparison.baselineRow(match);
        if (const KernelRow* cand = comparison.candidateRow(match)) {
            QJsonObject object = kernelJson(*cand);
            addDeltas(object, match, comparison.deltas[i]);
            object[QStringLiteral("baseline")] = base ? QJsonValue(kernelJson(*base)) : QJsonValue(QJsonValue::Null);
            kernels.append(object);
        } else {
            QJsonObject object = kernelJson(*base);
            addDeltas(object, match, comparison.deltas[i]);
            removed.append(object);
        }
    }
    root[QStringLiteral("kernels")] = kernels;
    root[QStringLiteral("removed")] = removed;
    root[QStringLiteral("comparison")] = summary(comparison);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray exportComparisonCsv(const TraceComparison& comparison)
{
    QStringList header { QStringLiteral("match"), QStringLiteral("speedup"), QStringLiteral("delta_time_us"),
                         QStringLiteral("delta_tb_per_s"), QStringLiteral("delta_tflops_per_s"),
                         QStringLiteral("delta_fraction_of_roof") };
    const QStringList columns = csvHeader();
    header << columns;
    for (const QString& column : columns)
        header << QStringLiteral("baseline_") + column;
    const QStringList none(columns.size(), QString());
    QString out = header.join(u',') + u'\n';
    for (size_t i = 0; i < comparison.matching.matches.size(); ++i) {
        const KernelMatch& match = comparison.matching.matches[i];
        const KernelRow* cand = comparison.candidateRow(match);
        const KernelRow* base = comparison.baselineRow(match);
        const QStringList fields = deltaFields(match, comparison.deltas[i]) + (cand ? csvFields(*cand) : none)
            + (base ? csvFields(*base) : none);
        out += fields.join(u',') + u'\n';
    }
    return out.toUtf8();
}

bool writeComparisonExport(const QString& path, const TraceComparison& comparison, const GpuSpec& candidateGpu,
                           QString* error, PeakSet peaks, const QStringList& moreWarnings, std::optional<double> latencyFloorUs)
{
    return writeExportFile(path, [&](ExportFormat format) {
        return format == ExportFormat::Json ? exportComparisonJson(comparison, candidateGpu, peaks, moreWarnings, latencyFloorUs)
                                            : exportComparisonCsv(comparison);
    }, error);
}

} // namespace Ridgeline
