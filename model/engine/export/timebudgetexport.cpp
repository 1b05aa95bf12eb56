#include "engine/export/timebudgetexport.h"

#include "engine/base/exportnumber.h"
#include "engine/export/json/jsonnumber.h"

namespace Ridgeline {
namespace {

QJsonArray idleGapsJson(const DeviceActivity& device)
{
    QJsonArray gaps;
    for (const IdleGapBucket& bucket : device.idleGaps)
        gaps.append(QJsonObject {
            { QStringLiteral("min_us"), bucket.minUs },
            { QStringLiteral("max_us"), bucket.maxUs ? QJsonValue(*bucket.maxUs) : QJsonValue(QJsonValue::Null) },
            { QStringLiteral("count"), qint64(bucket.count) },
            { QStringLiteral("total_us"), exportTimeUs(bucket.totalUs) },
        });
    return gaps;
}

QJsonObject deviceJson(const DeviceActivity& device)
{
    return QJsonObject {
        { QStringLiteral("device"), device.device },
        { QStringLiteral("kernels"), qint64(device.kernels) },
        { QStringLiteral("kernel_time_us"), exportTimeUs(device.kernelTimeUs) },
        { QStringLiteral("span_us"), exportTimeUs(device.spanUs) },
        { QStringLiteral("busy_us"), exportTimeUs(device.busyUs) },
        { QStringLiteral("idle_us"), exportTimeUs(device.idleUs) },
        { QStringLiteral("idle_gaps"), idleGapsJson(device) },
        { QStringLiteral("host_bound_idle_us"), exportTimeUs(device.hostBoundIdleUs) },
        { QStringLiteral("host_bound_gaps"), qint64(device.hostBoundGaps) },
        { QStringLiteral("latency_floor_us"), timeJson(device.latencyFloorUs) },
    };
}

} // namespace

QJsonObject latencyFloorJson(const LatencyFloor& floor)
{
    return QJsonObject {
        { QStringLiteral("value"), exportTimeUs(floor.us) },
        { QStringLiteral("source"), floor.sourceKey() },
        { QStringLiteral("note"), floor.sourceText },
    };
}

QJsonObject stepsJson(const StepFigures& steps)
{
    const bool any = steps.kind != StepKind::None;
    return QJsonObject {
        { QStringLiteral("kind"), stepKindKey(steps.kind) },
        { QStringLiteral("count"), steps.count },
        { QStringLiteral("what"), steps.what },
        { QStringLiteral("gpu_time_per_step_us"), any ? QJsonValue(exportTimeUs(steps.gpuTimePerStepUs)) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("triton_time_per_step_us"),
            any ? QJsonValue(exportTimeUs(steps.tritonTimePerStepUs)) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("idle_per_step_us"), timeJson(steps.idlePerStepUs) },
        { QStringLiteral("one_off_gpu_time_us"), any ? QJsonValue(exportTimeUs(steps.oneOffGpuTimeUs)) : QJsonValue(QJsonValue::Null) },
    };
}

QJsonObject stepsJson(const GpuActivity& activity)
{
    QJsonObject chosen = stepsJson(activity.steps);
    QJsonArray kinds;
    for (const StepFigures& figures : activity.stepKinds)
        kinds.append(stepsJson(figures));
    chosen[QStringLiteral("kinds")] = kinds;
    return chosen;
}

QJsonArray idleCausesJson(const std::vector<IdleCause>& causes)
{
    QJsonArray array;
    for (const IdleCause& cause : causes) {
        QJsonArray largest;
        for (const ClassifiedGap& gap : cause.largest) {
            QJsonObject object {
                { QStringLiteral("start_us"), exportTimeUs(gap.startUs) },
                { QStringLiteral("length_us"), exportTimeUs(gap.lengthUs) },
            };
            if (cause.cls == IdleCauseClass::Sync) {
                object[QStringLiteral("call")] = gap.call;
                object[QStringLiteral("bytes")] = gap.bytes ? QJsonValue(qint64(*gap.bytes)) : QJsonValue(QJsonValue::Null);
                object[QStringLiteral("direction")] = gap.direction.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(gap.direction);
            }
            if (cause.cls == IdleCauseClass::Sync || cause.cls == IdleCauseClass::Starved)
                object[QStringLiteral("op")] = gap.op.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(gap.op);
            if (cause.cls == IdleCauseClass::Other)
                object[QStringLiteral("note")] = gap.note;
            largest.append(object);
        }
        array.append(QJsonObject {
            { QStringLiteral("class"), idleCauseClassKey(cause.cls) },
            { QStringLiteral("count"), qint64(cause.count) },
            { QStringLiteral("total_us"), exportTimeUs(cause.totalUs) },
            { QStringLiteral("largest"), largest },
        });
    }
    return array;
}

QJsonObject timeBudgetJson(const AnalysisResult& result, const TimeBudget& budget)
{
    // The root figures are the main device's (most kernel time); each device
    // has its own under "devices".
    const DeviceActivity none;
    const DeviceActivity& main = result.activity.mainDevice() ? *result.activity.mainDevice() : none;
    QJsonObject root = deviceJson(main);
    root.remove(QStringLiteral("device"));
    root.remove(QStringLiteral("kernels"));
    root.remove(QStringLiteral("kernel_time_us"));
    root.remove(QStringLiteral("latency_floor_us"));
    root.remove(QStringLiteral("host_bound_gaps"));
    QJsonObject byWork;
    for (const auto& [work, us] : result.gpuTime.us)
        byWork[gpuWorkKey(work)] = exportTimeUs(us);
    root[QStringLiteral("by_work_us")] = byWork;
    // Sums of durations per kind of work: where streams overlap they add up
    // to more than busy_us.
    root[QStringLiteral("by_work_note")] = QStringLiteral("sums of event durations; where streams overlap they exceed busy_us");
    root[QStringLiteral("triton_time_us")] = exportTimeUs(budget.tritonTimeUs);
    root[QStringLiteral("triton_recoverable_us")] = exportTimeUs(budget.tritonRecoverableUs);
    root[QStringLiteral("triton_latency_bound_us")] = exportTimeUs(budget.tritonLatencyBoundUs);
    root[QStringLiteral("triton_rest_us")] = exportTimeUs(budget.tritonRestUs);
    root[QStringLiteral("steps")] = stepsJson(result.activity);
    root[QStringLiteral("idle_causes")] = idleCausesJson(result.activity.idleCauses);
    QJsonArray devices;
    for (const DeviceActivity& device : result.activity.devices)
        devices.append(deviceJson(device));
    root[QStringLiteral("devices")] = devices;
    return root;
}

QJsonArray opportunitiesJson(const TimeBudget& budget)
{
    QJsonArray items;
    for (const Opportunity& item : budget.opportunities) {
        QJsonObject object {
            { QStringLiteral("kind"), opportunityKindKey(item.kind) },
            { QStringLiteral("name"), item.name },
            { QStringLiteral("recoverable_us"), exportTimeUs(item.recoverableUs) },
            { QStringLiteral("share_of_gpu_time"), exportFigure(item.shareOfGpuTime) },
            { QStringLiteral("why"), item.why },
        };
        if (item.shareOfSpan)
            object[QStringLiteral("share_of_span")] = exportFigure(*item.shareOfSpan);
        if (item.kind == Opportunity::Kind::LatencyBoundKernels) {
            object[QStringLiteral("count")] = item.count;
            object[QStringLiteral("launches")] = qint64(item.launches);
        }
        if (item.idleClass) {
            object[QStringLiteral("class")] = idleCauseClassKey(*item.idleClass);
            object[QStringLiteral("gaps")] = item.count;
        }
        items.append(object);
    }
    return items;
}

QJsonObject coverageJson(const GpuTimeCoverage& coverage)
{
    return QJsonObject {
        { QStringLiteral("modelled_us"), exportTimeUs(coverage.modelledUs) },
        { QStringLiteral("total_us"), exportTimeUs(coverage.totalUs) },
        { QStringLiteral("share"), figureJson(coverage.share()) },
    };
}

void addKernelTimeFigures(RowJson::Object& kernel, const KernelTimeFigures& figures)
{
    kernel[QStringLiteral("attainable_time_us")] = timeJson(figures.attainableUs);
    kernel[QStringLiteral("fraction_of_attainable")] = figureJson(figures.fractionOfAttainable);
    kernel[QStringLiteral("attainable_time_source_us")] = timeJson(figures.attainableSourceUs);
    kernel[QStringLiteral("fraction_of_attainable_source")] = figureJson(figures.fractionOfAttainableSource);
    kernel[QStringLiteral("recoverable_us")] = exportTimeUs(figures.recoverableUs);
    kernel[QStringLiteral("limiter")] = limiterKey(figures.limiter);
}

QStringList kernelTimeCsvHeader()
{
    return { QStringLiteral("attainable_time_us"), QStringLiteral("fraction_of_attainable"), QStringLiteral("recoverable_us"),
        QStringLiteral("limiter") };
}

QStringList kernelTimeCsvFields(const KernelTimeFigures& figures)
{
    return { figures.attainableUs ? exportTimeText(*figures.attainableUs) : QString(), exportFigureText(figures.fractionOfAttainable),
        exportTimeText(figures.recoverableUs), limiterKey(figures.limiter) };
}

} // namespace Ridgeline
