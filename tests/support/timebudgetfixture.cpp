#include "timebudgetfixture.h"

#include "engine/results/statistics.h"

namespace Ridgeline::Test {

KernelRow modelledRow(const QString& name, double bytes, std::optional<double> flops, const std::vector<double>& timesUs)
{
    KernelRow row;
    row.name = name;
    row.parsedName.category = KernelCategory::Pointwise;
    row.calls = int(timesUs.size());
    row.model.edit().provenance = Provenance::V2;
    row.model.edit().reason = QStringLiteral("hand-made");
    row.model.edit().bytes = std::int64_t(bytes);
    row.model.edit().flopsKnown = flops.has_value();
    row.model.edit().flops = std::int64_t(flops.value_or(0));
    row.kernelTimeUs = summarize(timesUs);
    row.callTimesUs = CallTimes(timesUs);
    return row;
}

std::shared_ptr<const AnalysisResult> timeBudgetFixture()
{
    auto result = std::make_shared<AnalysisResult>();
    result->tracePath = QStringLiteral("budget.json");
    result->rows.push_back(modelledRow(QStringLiteral("mem"), 53e6, 1e6, { 15, 12, 11 }));
    result->rows.push_back(modelledRow(QStringLiteral("cmp"), 5.3e6, 8.17e9, { 60, 100 }));
    result->rows.push_back(modelledRow(QStringLiteral("one"), 5.3e6, 0, { 5, 5 }));
    KernelRow nofig;
    nofig.name = QStringLiteral("nofig");
    nofig.parsedName.category = KernelCategory::Pointwise;
    nofig.kind = RowKind::Launched;
    nofig.calls = 1;
    nofig.model.edit().reason = QStringLiteral("no args recorded");
    nofig.kernelTimeUs = summarize(std::vector<double> { 7 });
    nofig.callTimesUs = CallTimes(std::vector<double> { 7 });
    result->rows.push_back(std::move(nofig));

    KernelRow gemm;
    gemm.name = QStringLiteral("Cijk_gemm");
    gemm.kind = RowKind::Library;
    gemm.parsedName.category = KernelCategory::Library;
    gemm.work = GpuWork::Gemm;
    gemm.calls = 2;
    gemm.model.edit().reason = QStringLiteral("GEMM kernel of a library, not a Triton kernel");
    gemm.kernelTimeUs = summarize(std::vector<double> { 30, 30 });
    gemm.callTimesUs = CallTimes(std::vector<double> { 30, 30 });
    result->libraryKernels.push_back(std::move(gemm));

    result->totalGpuKernelTimeUs = 275;
    result->tritonKernelTimeUs = 215;
    for (KernelRow* row : { &result->rows[0], &result->rows[1], &result->rows[2], &result->rows[3], &result->libraryKernels[0] })
        row->shareOfGpuTime = row->kernelTimeUs->sum / 275.0;
    result->gpuTime.us[GpuWork::Triton] = 215;
    result->gpuTime.us[GpuWork::Gemm] = 60;

    DeviceActivity device;
    device.device = QStringLiteral("0");
    device.kernels = 9;
    device.kernelTimeUs = 275;
    device.firstStartUs = 0;
    device.lastEndUs = 500;
    device.spanUs = 500;
    device.busyUs = 275;
    device.idleUs = 225;
    device.idleGaps = { { 0, 10, 0, 0 }, { 10, 100, 1, 25 }, { 100, 1000, 1, 200 }, { 1000, std::nullopt, 0, 0 } };
    device.hostBoundGaps = 1;
    device.hostBoundIdleUs = 100;
    result->activity.devices.push_back(device);
    return result;
}

} // namespace Ridgeline::Test
