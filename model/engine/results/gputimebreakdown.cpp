#include "engine/results/gputimebreakdown.h"

#include "engine/input/rawtrace.h"
#include "engine/triton/kernelname.h"
#include "engine/triton/opcatalog.h"

#include <QRegularExpression>
#include <vector>

namespace Ridgeline {

namespace {

struct WorkNames
{
    GpuWork work;
    const char* key;
    const char* title;
};

constexpr WorkNames workNames[] = {
    { GpuWork::Triton, "triton", "Triton" },
    { GpuWork::Gemm, "gemm", "GEMM" },
    { GpuWork::Attention, "attention", "attention" },
    { GpuWork::Communication, "communication", "communication" },
    { GpuWork::Memcpy, "memcpy", "memcpy" },
    { GpuWork::Memset, "memset", "memset" },
    { GpuWork::Other, "other", "other" },
};

const WorkNames& namesOf(GpuWork work)
{
    return workNames[static_cast<int>(work)]; // in enum order
}

} // namespace

QString gpuWorkKey(GpuWork work)
{
    return QString::fromLatin1(namesOf(work).key);
}

QString gpuWorkTitle(GpuWork work)
{
    return QString::fromLatin1(namesOf(work).title);
}

GpuWork libraryKernelWork(QStringView name)
{
    // Attention first: flash-attention kernels often say "gemm" inside.
    static const QRegularExpression attention(
        QStringLiteral("flash|fmha|attn|attention|sdpa|mha_"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression communication(
        QStringLiteral("nccl|rccl|all_?reduce|all_?gather|reduce_?scatter|all_?to_?all|sendrecv|cross_device_reduce"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression gemm(
        QStringLiteral("gemm|^Cijk_|cutlass|xmma|nvjet|cublas|hipblas|rocblas|ck_gemm|DeviceGemm|_mm_|matmul|wgmma"),
        QRegularExpression::CaseInsensitiveOption);
    // Kernel names are capped long before this; a hostile one costs a bounded match.
    const QStringView head = name.left(512);
    if (attention.matchView(head).hasMatch())
        return GpuWork::Attention;
    if (communication.matchView(head).hasMatch())
        return GpuWork::Communication;
    if (gemm.matchView(head).hasMatch())
        return GpuWork::Gemm;
    return GpuWork::Other;
}

double GpuTimeBreakdown::totalUs() const
{
    double total = 0;
    for (const auto& [work, time] : us)
        total += time;
    return total;
}

double GpuTimeBreakdown::share(GpuWork work) const
{
    const double total = totalUs();
    const auto found = us.find(work);
    return total > 0 && found != us.end() ? found->second / total : 0.0;
}

std::vector<GpuNameKind> classifyGpuEventNames(const RawTrace& trace, const std::vector<std::uint32_t>& userTritonNames)
{
    std::vector<GpuNameKind> kinds(size_t(trace.gpuEventNames.size()));
    for (qsizetype i = 0; i < trace.gpuEventNames.size(); ++i) {
        const QString& name = trace.gpuEventNames[i];
        if (isTritonKernelName(name))
            kinds[size_t(i)] = { GpuWork::Triton, parseKernelName(name, OpCatalog::builtIn()).category };
        else
            kinds[size_t(i)] = { libraryKernelWork(name), KernelCategory::Other };
    }
    for (std::uint32_t id : userTritonNames) {
        if (id < kinds.size() && kinds[id].work != GpuWork::Triton)
            kinds[id] = { GpuWork::Triton, KernelCategory::User };
    }
    return kinds;
}

GpuTimeBreakdown breakDownGpuTime(const RawTrace& trace, const std::vector<std::uint32_t>& userTritonNames)
{
    return breakDownGpuTime(trace, classifyGpuEventNames(trace, userTritonNames));
}

GpuTimeBreakdown breakDownGpuTime(const RawTrace& trace, const std::vector<GpuNameKind>& kinds)
{
    GpuTimeBreakdown breakdown;
    for (const GpuEventRecord& event : trace.gpuEvents) {
        if (event.kind == GpuEventKind::Memcpy) {
            breakdown.us[GpuWork::Memcpy] += event.dur;
            continue;
        }
        if (event.kind == GpuEventKind::Memset) {
            breakdown.us[GpuWork::Memset] += event.dur;
            continue;
        }
        const GpuNameKind kind = event.nameId < kinds.size() ? kinds[event.nameId] : GpuNameKind {};
        breakdown.us[kind.work] += event.dur;
        if (kind.work == GpuWork::Triton)
            breakdown.tritonUs[kind.category] += event.dur;
    }
    return breakdown;
}

} // namespace Ridgeline
