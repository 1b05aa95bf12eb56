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

    // Ordered before the rows exist (most time first, then by name): a
    // trace of a million library names must not sort a million rows.
    std::vector<std::pair<double, size_t>> order; // (total time, bucket)
    order.reserve(buckets.size());
    for (size_t b = 0; b < buckets.size(); ++b) {
        double total = 0;
        for (double us : buckets[b].second)
            total += us;
        order.push_back({ total, b });
    }
    const auto nameOf = [&](std::uint32_t nameId) {
        return nameId < trace.gpuEventNames.size() ? trace.gpuEventNames[nameId] : QStringLiteral("(unnamed)");
    };
    std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : nameOf(buckets[a.second].first) < nameOf(buckets[b.second].first);
    });

    // One reason per kind of work, shared by its rows (QString is implicitly shared).
    std::unordered_map<int, QString> reasonOf;
    const auto reason = [&](GpuWork work) -> const QString& {
        auto [it, inserted] = reasonOf.try_emplace(int(work));
        if (inserted)
            it->second = work == GpuWork::Triton
                ? QStringLiteral("Triton kernel without its op (a graph replay no capture explains): name, calls and time only, not modelled")
                : QStringLiteral("%1 kernel of a library, not a Triton kernel: name, calls and time only, not modelled").arg(gpuWorkTitle(work));
        return it->second;
    };

    std::vector<KernelRow> rows;
    rows.reserve(buckets.size());
    for (const auto& [total, b] : order) {
        auto& [nameId, times] = buckets[b];
        KernelRow row;
        row.name = nameOf(nameId);
        row.kind = RowKind::Library;
        row.parsedName.category = KernelCategory::Library;
        row.parsedName.opsSegmented = false;
        // A Triton kernel whose op was lost (a graph replay without its
        // capture) is still Triton work, if not a Triton row.
        row.work = nameId < kinds.size() ? kinds[nameId].work : GpuWork::Other;
        row.model.provenance = Provenance::None;
        row.model.reason = reason(row.work);
        // No figures, so no attainable time: callTimesUs stays empty.
        row.calls = int(std::min<size_t>(times.size(), INT32_MAX));
        row.kernelTimeUs = summarize(std::move(times));
        std::vector<double>().swap(times);
        if (row.kernelTimeUs && trace.totalGpuKernelTimeUs > 0)
            row.shareOfGpuTime = row.kernelTimeUs->sum / trace.totalGpuKernelTimeUs;
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace Ridgeline
