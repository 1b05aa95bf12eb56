#include "engine/results/libraryoprows.h"

#include "engine/base/text/textinterner.h"
#include "engine/results/kernelaggregator.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

std::optional<double> finite(double value)
{
    return std::isfinite(value) ? std::optional(value) : std::nullopt;
}

// TraceLens's figures in the row's TraceLens view (whole numbers: its
// models count elements; a NaN byte count, a dtype it cannot size, is 0 there).
// `rates`: the calls' rates of TraceLens's bytes and FLOPs.
TraceLensFigures traceLensFigures(const LibraryOpFigures& figures, const QString& why, const std::optional<SampleStats>& bytesRate,
    const std::optional<SampleStats>& flopsRate)
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
    if (bytesRate)
        out.tbPerS = bytesRate->mean;
    if (flopsRate)
        out.tflopsPerS = flopsRate->mean;
    out.why = why;
    return out;
}

QString microseconds(double us)
{
    return QString::number(us, 'f', 3) + QStringLiteral(" \u00b5s");
}

// TraceLens's own time where it leaves some of the op's GPU events out, and
// its rates over that time: of its figures where they differ (`traceLens`),
// else of Ridgeline's, which are then its figures too.
void addTraceLensTime(KernelRow& row, const LibraryOpGroup& group, const LibraryOpFigures* traceLens)
{
    if (group.traceLensBusyTimesUs.empty() || !row.kernelTimeUs)
        return;
    std::vector<double> times = group.traceLensBusyTimesUs;
    const std::optional<double> bytes = traceLens ? finite(traceLens->bytes) : row.bytes();
    const std::optional<double> flops = traceLens ? finite(traceLens->flops) : row.flops();
    const CallStatistics stats = summarizeCalls(times, { bytes, flops });
    if (!stats.time)
        return;
    if (!row.traceLens) {
        const std::optional<LibraryOpModel>& model = row.libraryOp->model;
        row.traceLens = row.hasModel() && model ? traceLensFigures(model->figures, QString(), {}, {}) : TraceLensFigures();
        row.traceLens->figuresDiffer = false;
    }
    TraceLensFigures& tl = *row.traceLens;
    tl.kernelTimeUs = stats.time;
    tl.tbPerS = stats.rates[0] && stats.rates[0]->count > 0 ? std::optional(stats.rates[0]->mean) : std::nullopt;
    tl.tflopsPerS = stats.rates[1] && stats.rates[1]->count > 0 ? std::optional(stats.rates[1]->mean) : std::nullopt;
    tl.timeWhy = QStringLiteral("%1 of the op's GPU events (%2) ran from runtime calls that wrote no flow start, as ROCm's "
                                "hipMemset/hipMemsetAsync never do; TraceLens links a GPU event to its op only through both "
                                "ends of the call's ac2g flow, so its time leaves them out: %3 against Ridgeline's %4 over "
                                "%5 calls. Ridgeline counts them: they are the op's GPU work")
                     .arg(group.traceLensLeftOutEvents)
                     .arg(group.traceLensLeftOutName, microseconds(stats.time->sum), microseconds(row.kernelTimeUs->sum))
                     .arg(stats.time->count);
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
    details.copyBytesPerCall = group.copyBytesPerCall();
    if (const auto category = libraryOpCategory(group.name))
        details.category = *category; // also when its args fit no model
    QString whyNot;
    details.model = modelLibraryOp(group.name, *group.args, &whyNot);
    if (details.model) {
        details.category = details.model->category;
        if (std::isnan(details.model->figures.flops)) {
            row.model.edit().provenance = Provenance::None;
            row.model.edit().reason
                = QStringLiteral("%1: no figures for these args (as TraceLens, kernel time only)").arg(details.model->figures.rule);
        } else {
            row.model.edit().provenance = Provenance::V2;
            row.model.edit().reason = QStringLiteral("%1, from the op's own args").arg(details.model->figures.rule);
        }
    } else {
        row.model.edit().provenance = Provenance::None;
        row.model.edit().reason = whyNot.isEmpty() ? QStringLiteral("its args fit no model: kernel time only") : whyNot;
    }
    if (group.replayedCalls > 0)
        row.model.edit().reason += QStringLiteral("; %1 of %2 calls are graph replays of the op captured in the graph (its args, the "
                                                  "replay's GPU time)")
                                       .arg(group.replayedCalls)
                                       .arg(group.calls);
    row.work = gpuWorkOf(details.category);
    row.libraryOp = std::move(details);

    std::vector<double> times = group.busyTimesUs;
    const LibraryOpFigures* traceLens
        = row.hasModel() ? (row.libraryOp->model->tracelens ? &*row.libraryOp->model->tracelens : nullptr) : nullptr;
    const auto finiteOf = [](const LibraryOpFigures* figures, double LibraryOpFigures::* amount) {
        return figures ? finite(figures->*amount) : std::nullopt;
    };
    const CallStatistics stats = summarizeCalls(
        times, { row.bytes(), row.flops(), finiteOf(traceLens, &LibraryOpFigures::bytes), finiteOf(traceLens, &LibraryOpFigures::flops) });
    row.kernelTimeUs = stats.time;
    if (row.kernelTimeUs && totalGpuKernelTimeUs > 0)
        row.shareOfGpuTime = row.kernelTimeUs->sum / totalGpuKernelTimeUs;
    row.tbPerS = stats.rates[0];
    row.tflopsPerS = stats.rates[1];
    row.callTimesUs = CallTimes(std::move(times));
    if (traceLens)
        row.traceLens = traceLensFigures(*traceLens, row.libraryOp->model->tracelensWhy, stats.rates[2], stats.rates[3]);
    addTraceLensTime(row, group, traceLens);
    return row;
}

} // namespace

GpuWork gpuWorkOf(LibraryOpCategory category)
{
    switch (category) {
    case LibraryOpCategory::Gemm:
        return GpuWork::Gemm;
    case LibraryOpCategory::Attention:
        return GpuWork::Attention;
    case LibraryOpCategory::Conv:
    case LibraryOpCategory::Norm:
    case LibraryOpCategory::Elementwise:
    case LibraryOpCategory::Reduction:
    case LibraryOpCategory::Other:
        return GpuWork::Other;
    }
    return GpuWork::Other;
}

std::vector<KernelRow> libraryOpRows(const LibraryOpWork& work, double totalGpuKernelTimeUs, std::vector<std::uint32_t>* rowOfGroup)
{
    std::vector<KernelRow> unsorted;
    unsorted.reserve(work.groups.size());
    TextInterner texts;
    for (const LibraryOpGroup& group : work.groups) {
        unsorted.push_back(rowOf(group, totalGpuKernelTimeUs));
        shareEqualTexts(unsorted.back(), texts);
    }
    // Sorted as indices, so that each group's row is known.
    std::vector<std::uint32_t> order(unsorted.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
        const KernelRow& a = unsorted[x];
        const KernelRow& b = unsorted[y];
        const double ta = a.kernelTimeUs ? a.kernelTimeUs->sum : -1.0;
        const double tb = b.kernelTimeUs ? b.kernelTimeUs->sum : -1.0;
        return ta != tb ? ta > tb : a.name < b.name;
    });
    std::vector<KernelRow> rows;
    rows.reserve(unsorted.size());
    if (rowOfGroup)
        rowOfGroup->assign(unsorted.size(), 0);
    for (std::uint32_t row = 0; row < order.size(); ++row) {
        rows.push_back(std::move(unsorted[order[row]]));
        if (rowOfGroup)
            (*rowOfGroup)[order[row]] = row;
    }
    return rows;
}

} // namespace Ridgeline
