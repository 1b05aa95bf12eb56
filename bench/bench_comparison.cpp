// Comparison benchmark: two synthetic results of N unique kernels each
// (default 100,000; half kept, a quarter renamed, a quarter replaced), then
// the comparison and its JSON export written to a file as it goes. Prints
// the seconds and the peak RSS after each step: the target is under 60 s
// and 1 GB for 100k against 100k (issue 22), the trace reading aside.
// LIBRARY time-only library kernels per side (default none; half kept, half
// renamed) are matched by name beside them (issue 30).
//
//   ridgeline_comparison_bench [KERNELS=100000] [OUT.json] [LIBRARY=0]
#include "engine/export/resultexport.h"
#include "engine/lens/judgement.h"
#include "engine/triton/opcatalog.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <cstdio>
#include <memory>
#include <sys/resource.h>

using namespace Ridgeline;

namespace {

double peakRssMb()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0;
}

KernelRow row(const QString& name, int shape, double timeUs, double share)
{
    KernelRow r;
    r.name = name;
    r.parsedName = parseKernelName(name, OpCatalog::builtIn());
    r.args.edit().inputDimsJson = QStringLiteral("[[%1, 4096], [%1, 4096], []]").arg(shape);
    r.args.edit().hasInputDims = true;
    r.args.edit().inputTypesJson = QStringLiteral("[\"c10::BFloat16\", \"c10::BFloat16\", \"Scalar\"]");
    r.args.edit().hasInputTypes = true;
    r.args.edit().inputStridesJson = QStringLiteral("[[4096, 1], [4096, 1], []]");
    r.calls = 1;
    r.kernelTimeUs = SampleStats { 1, timeUs, timeUs, timeUs, timeUs, timeUs, std::nullopt };
    r.shareOfGpuTime = share;
    return r;
}

// A library kernel of no op: name, calls and time, no args.
KernelRow libraryRow(const QString& name, double timeUs)
{
    KernelRow r;
    r.name = name;
    r.kind = RowKind::Library;
    r.parsedName.category = KernelCategory::Library;
    r.work = GpuWork::Gemm;
    r.calls = 1;
    r.kernelTimeUs = SampleStats { 1, timeUs, timeUs, timeUs, timeUs, timeUs, std::nullopt };
    return r;
}

std::shared_ptr<AnalysisResult> result(int kernels, int library, bool candidate)
{
    auto out = std::make_shared<AnalysisResult>();
    out->tracePath = candidate ? QStringLiteral("candidate.json") : QStringLiteral("baseline.json");
    out->traceGpuName = QStringLiteral("AMD Instinct MI300X");
    out->rows.reserve(size_t(kernels));
    for (int i = 0; i < kernels; ++i) {
        const double timeUs = 1 + (i % 997);
        QString name = QStringLiteral("triton_poi_fused_add_mul_%1").arg(i);
        if (candidate && i >= kernels / 2)
            name = i < kernels * 3 / 4 ? QStringLiteral("triton_poi_fused_add_mul_%1").arg(i + kernels)
                                       : QStringLiteral("triton_red_fused_sum_%1").arg(i);
        out->rows.push_back(row(name, i, candidate ? timeUs * 0.9 : timeUs, 0));
        out->totalGpuKernelTimeUs += out->rows.back().kernelTimeUs->sum;
    }
    out->tritonKernelTimeUs = out->totalGpuKernelTimeUs;
    out->libraryKernels.reserve(size_t(library));
    for (int i = 0; i < library; ++i) {
        const double timeUs = 1 + (i % 991);
        const int id = candidate && i >= library / 2 ? i + library : i;
        out->libraryKernels.push_back(libraryRow(QStringLiteral("Cijk_Alik_Bljk_BBS_BH_MT%1x32x256_MI16x16x1").arg(id), timeUs));
        out->totalGpuKernelTimeUs += timeUs;
    }
    for (std::vector<KernelRow>* rows : { &out->rows, &out->libraryKernels }) {
        for (KernelRow& r : *rows)
            r.shareOfGpuTime = r.kernelTimeUs->sum / out->totalGpuKernelTimeUs;
    }
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int kernels = argc > 1 ? std::atoi(argv[1]) : 100000;
    QTemporaryDir dir;
    const QString out = argc > 2 ? QString::fromLocal8Bit(argv[2]) : dir.filePath(QStringLiteral("comparison.json"));
    const int library = argc > 3 ? std::atoi(argv[3]) : 0;

    QElapsedTimer timer;
    timer.start();
    const auto baseline = result(kernels, library, false);
    const auto candidate = result(kernels, library, true);
    std::printf("rows:       %d + %d kernels and %d + %d library kernels built in %.2f s, peak RSS %.0f MB\n", kernels, kernels, library,
        library, timer.nsecsElapsed() / 1e9, peakRssMb());

    timer.restart();
    const auto judgement = judge(candidate, Lens {}, baseline);
    const TraceComparison& comparison = *judgement->comparison;
    std::printf("comparison: %.2f s, peak RSS %.0f MB (same %d, renamed %d, added %d, removed %d)\n", timer.nsecsElapsed() / 1e9,
        peakRssMb(), comparison.matching.count(MatchKind::Same), comparison.matching.count(MatchKind::Renamed),
        comparison.matching.count(MatchKind::Added), comparison.matching.count(MatchKind::Removed));

    timer.restart();
    QString error;
    if (!writeExport(out, *judgement, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    std::printf("export:     %.2f s, peak RSS %.0f MB, %s of %lld bytes\n", timer.nsecsElapsed() / 1e9, peakRssMb(), qPrintable(out),
        static_cast<long long>(QFileInfo(out).size()));
    return 0;
}
