#include "engine/results/libraryrows.h"

#include <algorithm>
#include <unordered_map>

namespace Ridgeline {

std::vector<KernelRow> libraryRows(const RawTrace& trace, const LinkedKernels& linked, const std::vector<GpuNameKind>& kinds)
{
    std::vector<bool> inTritonRow(trace.gpuEvents.size(), false);
    for (const auto* calls : { &linked.opCalls, &linked.kernelOnlyCalls }) {
        for (const KernelCall& call : *calls) {
            for (std::uint32_t kernel : call.kernels)
                inTritonRow[kernel] = true;
        }
    }

    // One bucket of durations per name id, in order of first appearance.
    std::unordered_map<std::uint32_t, size_t> bucketOf;
    std::vector<std::pair<std::uint32_t, std::vector<double>>> buckets;
    for (size_t i = 0; i < trace.gpuEvents.size(); ++i) {
        const GpuEventRecord& event = trace.gpuEvents[i];
        if (event.kind != GpuEventKind::Kernel || inTritonRow[i])
            continue;
        auto [it, inserted] = bucketOf.try_emplace(event.nameId, buckets.size());
        if (inserted)
            buckets.push_back({ event.nameId, {} });
        buckets[it->second].second.push_back(event.dur);
    }

    std::vector<KernelRow> rows;
    rows.reserve(buckets.size());
    for (auto& [nameId, times] : buckets) {
        KernelRow row;
        row.name = nameId < trace.gpuEventNames.size() ? trace.gpuEventNames[nameId] : QStringLiteral("(unnamed)");
        row.kind = RowKind::Library;
        row.parsedName.category = KernelCategory::Library;
        row.parsedName.opsSegmented = false;
        // A Triton kernel whose op was lost (a graph replay without its
        // capture) is still Triton work, if not a Triton row.
        row.work = nameId < kinds.size() ? kinds[nameId].work : GpuWork::Other;
        row.model.provenance = Provenance::None;
        row.model.reason = row.work == GpuWork::Triton
            ? QStringLiteral("Triton kernel without its op (a graph replay no capture explains): name, calls and time only, not modelled")
            : QStringLiteral("%1 kernel of a library, not a Triton kernel: name, calls and time only, not modelled")
                  .arg(gpuWorkTitle(row.work));
        // No figures, so no attainable time: callTimesUs stays empty.
        row.calls = int(std::min<size_t>(times.size(), INT32_MAX));
        row.kernelTimeUs = summarize(std::move(times));
        if (row.kernelTimeUs && trace.totalGpuKernelTimeUs > 0)
            row.shareOfGpuTime = row.kernelTimeUs->sum / trace.totalGpuKernelTimeUs;
        rows.push_back(std::move(row));
    }
    std::stable_sort(rows.begin(), rows.end(), [](const KernelRow& a, const KernelRow& b) {
        const double ta = a.kernelTimeUs ? a.kernelTimeUs->sum : 0.0;
        const double tb = b.kernelTimeUs ? b.kernelTimeUs->sum : 0.0;
        return ta != tb ? ta > tb : a.name < b.name;
    });
    return rows;
}

} // namespace Ridgeline
