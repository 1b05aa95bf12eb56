#include "engine/results/libraryoprows.h"

#include "engine/results/kernelaggregator.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

std::optional<SampleStats> throughput(const std::vector<double>& timesUs, std::optional<double> amount)
{
    if (!amount)
        return std::nullopt;
    std::vector<double> perCall;
    perCall.reserve(timesUs.size());
    for (double t : timesUs) {
        if (auto value = terasPerSecond(*amount, t))
            perCall.push_back(*value);
    }
    return summarize(std::move(perCall));
}

std::optional<double> finite(double value)
{
    return std::isfinite(value) ? std::optional(value) : std::nullopt;
}

// TraceLens's figures in the row's TraceLens view (whole numbers: its
// models count elements; a NaN byte count, a dtype it cannot size, is 0 there).
TraceLensFigures traceLensFigures(const LibraryOpFigures& figures, const QString& why, const std::vector<double>& timesUs)
{
    TraceLensFigures out;
    const std::optional<double> bytes = finite(figures.bytes);
    const std::optional<double> flops = finite(figures.flops);
    out.bytes = bytes ? std::llround(*bytes) : 0;
    out.flops = flops ? std::llround(*flops) : 0;
    out.gflops = flops.value_or(0) / 1e9;
    out.dataMovedMib = bytes.value_or(0) / double(1 << 20);
    if (bytes && flops && *bytes > 0)
        out.flopsPerByte = *flops / *bytes;
    if (auto stats = throughput(timesUs, bytes))
        out.tbPerS = stats->mean;
    if (auto stats = throughput(timesUs, flops))
        out.tflopsPerS = stats->mean;
    out.why = why;
    return out;
}

KernelRow rowOf(const LibraryOpGroup& group, double totalGpuKernelTimeUs)
{
    KernelRow row;
    row.name = group.name;
    row.kind = RowKind::LibraryOp;
    row.parsedName.category = KernelCategory::Library;
    row.parsedName.opsSegmented = false;
    row.args = SharedValue<TritonOpArgs>(group.args);
    row.calls = group.calls;

    LibraryOpRowDetails details;
    details.kernelNames = group.kernelNames;
    details.moreKernelNames = group.moreKernelNames;
    details.gpuEventsPerCall = group.gpuEventsPerCall();
    if (const auto category = libraryOpCategory(group.name))
        details.category = *category; // also when its args fit no model
    QString whyNot;
    details.model = modelLibraryOp(group.name, *group.args, &whyNot);
    if (details.model) {
        details.category = details.model->category;
        if (std::isnan(details.model->figures.flops)) {
            row.model.provenance = Provenance::None;
            row.model.reason = QStringLiteral("%1: no figures for these args (as TraceLens, kernel time only)").arg(details.model->figures.rule);
        } else {
            row.model.provenance = Provenance::V2;
            row.model.reason = QStringLiteral("%1, from the op's own args").arg(details.model->figures.rule);
        }
    } else {
        row.model.provenance = Provenance::None;
        row.model.reason = whyNot.isEmpty() ? QStringLiteral("its args fit no model: kernel time only") : whyNot;
    }
    if (group.replayedCalls > 0)
        row.model.reason += QStringLiteral("; %1 of %2 calls are graph replays of the op captured in the graph (its args, the "
                                           "replay's GPU time)")
                                .arg(group.replayedCalls)
                                .arg(group.calls);
    row.work = gpuWorkOf(details.category);
    row.libraryOp = std::move(details);

    const std::vector<double>& times = group.busyTimesUs;
    row.callTimesUs = CallTimes(times);
    row.kernelTimeUs = summarize(times);
    if (row.kernelTimeUs && totalGpuKernelTimeUs > 0)
        row.shareOfGpuTime = row.kernelTimeUs->sum / totalGpuKernelTimeUs;
    row.tbPerS = throughput(times, row.bytes());
    row.tflopsPerS = throughput(times, row.flops());
    if (row.hasModel() && row.libraryOp->model->tracelens)
        row.traceLens = traceLensFigures(*row.libraryOp->model->tracelens, row.libraryOp->model->tracelensWhy, times);
    return row;
}

} // namespace

GpuWork gpuWorkOf(LibraryOpCategory category)
{
    switch (category) {
    case LibraryOpCategory::Gemm: return GpuWork::Gemm;
    case LibraryOpCategory::Attention: return GpuWork::Attention;
    case LibraryOpCategory::Conv:
    case LibraryOpCategory::Norm:
    case LibraryOpCategory::Elementwise:
    case LibraryOpCategory::Reduction:
    case LibraryOpCategory::Other: return GpuWork::Other;
    }
    return GpuWork::Other;
}

std::vector<KernelRow> libraryOpRows(const LibraryOpWork& work, double totalGpuKernelTimeUs)
{
    std::vector<KernelRow> rows;
    rows.reserve(work.groups.size());
    for (const LibraryOpGroup& group : work.groups)
        rows.push_back(rowOf(group, totalGpuKernelTimeUs));
    std::stable_sort(rows.begin(), rows.end(), [](const KernelRow& a, const KernelRow& b) {
        const double ta = a.kernelTimeUs ? a.kernelTimeUs->sum : -1.0;
        const double tb = b.kernelTimeUs ? b.kernelTimeUs->sum : -1.0;
        return ta != tb ? ta > tb : a.name < b.name;
    });
    return rows;
}

} // namespace Ridgeline
