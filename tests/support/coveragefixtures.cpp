#include "coveragefixtures.h"

#include "engine/results/statistics.h"
#include "timebudgetfixture.h"

namespace Ridgeline::Test {

KernelRow libraryRow(const QString& name, GpuWork work, const std::vector<double>& timesUs)
{
    KernelRow row;
    row.name = name;
    row.kind = RowKind::Library;
    row.parsedName.category = KernelCategory::Library;
    row.work = work;
    row.calls = int(timesUs.size());
    row.model.edit().reason = QStringLiteral("%1 kernel of a library").arg(gpuWorkTitle(work));
    row.kernelTimeUs = summarize(timesUs);
    return row;
}

namespace {

std::shared_ptr<const AnalysisResult> softmaxSide(bool candidate)
{
    auto result = std::make_shared<AnalysisResult>();
    result->tracePath = candidate ? QStringLiteral("h100.json") : QStringLiteral("mi300x.json");
    result->rows.push_back(modelledRow(QStringLiteral("triton_poi_fused_add_0"), 5.3e6, 0, { 10 }));
    result->libraryKernels.push_back(libraryRow(QStringLiteral("cunn_SoftMaxForward"), GpuWork::Other,
        candidate ? std::vector<double> { 75, 75 } : std::vector<double> { 50, 50 }));
    result->libraryKernels.push_back(candidate ? libraryRow(QStringLiteral("sm90_xmma_gemm_bf16"), GpuWork::Gemm, { 40 })
                                               : libraryRow(QStringLiteral("Cijk_Alik_Bljk_BBS"), GpuWork::Gemm, { 60 }));
    result->tritonKernelTimeUs = 10;
    result->totalGpuKernelTimeUs = candidate ? 200 : 170;
    result->gpuTime.us[GpuWork::Triton] = 10;
    result->gpuTime.us[GpuWork::Other] = candidate ? 150 : 100;
    result->gpuTime.us[GpuWork::Gemm] = candidate ? 40 : 60;
    if (!candidate)
        result->gpuTime.us[GpuWork::Memcpy] = 5;
    for (std::vector<KernelRow>* rows : { &result->rows, &result->libraryKernels }) {
        for (KernelRow& row : *rows)
            row.shareOfGpuTime = row.kernelTimeUs->sum / result->totalGpuKernelTimeUs;
    }
    DeviceActivity device;
    device.device = QStringLiteral("0");
    device.spanUs = candidate ? 300 : 400;
    result->activity.devices.push_back(device);
    return result;
}

} // namespace

std::shared_ptr<const AnalysisResult> softmaxBaseline()
{
    return softmaxSide(false);
}

std::shared_ptr<const AnalysisResult> softmaxCandidate()
{
    return softmaxSide(true);
}

} // namespace Ridgeline::Test
