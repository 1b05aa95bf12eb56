#include "engine/results/libraryrows.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace Ridgeline {

std::vector<KernelRow> libraryRows(
    const RawTrace& trace, const LinkedKernels& linked, const std::vector<GpuNameKind>& kinds, const std::vector<bool>& ownedByLibraryOps)
{
    std::vector<bool> inTritonRow(trace.gpuEvents.size(), false);
    for (const KernelCall& call : linked.opCalls) {
        for (std::uint32_t kernel : call.kernels)
            inTritonRow[kernel] = true;
    }
    for (const KernelOnlyCall& call : linked.kernelOnlyCalls)
        inTritonRow[call.event] = true;

    // The durations of each name's kernels, as one flat array by name id
    // (counted, then filled): a trace of a million library names must not
    // hold a vector and a hash node per name.
    const auto isLibraryKernel = [&](size_t i) {
        return !inTritonRow[i] && trace.gpuEvents.kind(i) == GpuEventKind::Kernel
            && !(i < ownedByLibraryOps.size() && ownedByLibraryOps[i]);
    };
    const size_t names = size_t(trace.gpuEventNames.size());
    std::vector<std::uint32_t> first(names + 1, 0); // name n's durations: times[first[n] .. first[n + 1])
    for (size_t i = 0; i < trace.gpuEvents.size(); ++i) {
        if (isLibraryKernel(i))
            ++first[trace.gpuEvents.nameId(i) + 1];
    }
    for (size_t n = 0; n < names; ++n)
        first[n + 1] += first[n];
    std::vector<double> times(first.back());
    {
        std::vector<std::uint32_t> next(first.begin(), first.end() - 1);
        for (size_t i = 0; i < trace.gpuEvents.size(); ++i) {
            if (isLibraryKernel(i)) {
                const GpuEventRecord event = trace.gpuEvents[i];
                times[next[event.nameId]++] = event.dur;
            }
        }
    }
    std::vector<bool>().swap(inTritonRow);

    // Ordered before the rows exist (most time first, then by name): a
    // trace of a million library names must not sort a million rows.
    std::vector<std::pair<double, std::uint32_t>> order; // (total time, name id)
    order.reserve(names);
    for (std::uint32_t n = 0; n < names; ++n) {
        if (first[n + 1] == first[n])
            continue;
        double total = 0;
        for (std::uint32_t t = first[n]; t < first[n + 1]; ++t)
            total += times[t];
        order.push_back({ total, n });
    }
    // By reference: a million equal totals compare a million names twenty times each.
    static const QString unnamed = QStringLiteral("(unnamed)");
    const auto nameOf = [&](std::uint32_t nameId) -> const QString& {
        return nameId < trace.gpuEventNames.size() ? trace.gpuEventNames[nameId] : unnamed;
    };
    std::stable_sort(order.begin(), order.end(),
        [&](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : nameOf(a.second) < nameOf(b.second); });

    // One model per kind of work, shared by its rows: no figures, and the
    // reason why (a million library rows hold one copy of it).
    std::unordered_map<int, SharedValue<KernelModel>> modelOf;
    const auto unmodelled = [&](GpuWork work) -> const SharedValue<KernelModel>& {
        auto [it, inserted] = modelOf.try_emplace(int(work));
        if (inserted) {
            KernelModel model;
            model.provenance = Provenance::None;
            model.reason = work == GpuWork::Triton
                ? QStringLiteral(
                      "Triton kernel without its op (a graph replay no capture explains): name, calls and time only, not modelled")
                : QStringLiteral("%1 kernel of a library, not a Triton kernel: name, calls and time only, not modelled")
                      .arg(gpuWorkTitle(work));
            it->second = SharedValue<KernelModel>(std::move(model));
        }
        return it->second;
    };

    std::vector<KernelRow> rows;
    rows.reserve(order.size());
    for (const auto& [total, nameId] : order) {
        KernelRow row;
        row.name = nameOf(nameId);
        row.kind = RowKind::Library;
        row.parsedName.category = KernelCategory::Library;
        row.parsedName.opsSegmented = false;
        // A Triton kernel whose op was lost (a graph replay without its
        // capture) is still Triton work, if not a Triton row.
        row.work = nameId < kinds.size() ? kinds[nameId].work : GpuWork::Other;
        row.model = unmodelled(row.work);
        // No figures, so no attainable time: callTimesUs stays empty.
        const std::uint32_t count = first[nameId + 1] - first[nameId];
        row.calls = int(std::min<std::uint32_t>(count, INT32_MAX));
        row.kernelTimeUs = summarize(std::vector<double>(times.begin() + first[nameId], times.begin() + first[nameId + 1]));
        if (row.kernelTimeUs && trace.totalGpuKernelTimeUs > 0)
            row.shareOfGpuTime = row.kernelTimeUs->sum / trace.totalGpuKernelTimeUs;
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace Ridgeline
