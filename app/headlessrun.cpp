#include "headlessrun.h"

#include "engine/analysis.h"
#include "engine/base/smallfile.h"
#include "engine/comparison/tracecomparison.h"
#include "engine/lens/judgement.h"
#include "engine/export/comparisonexport.h"
#include "engine/export/markdownreport.h"
#include "engine/export/resultexport.h"
#include "engine/timebudget/gputimecoverage.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QTextStream>

#include <optional>

namespace Ridgeline::App {
namespace {

int listGpus(const GpuCatalog& catalog)
{
    QTextStream out(stdout);
    for (const GpuSpec& gpu : catalog.gpus()) {
        out << gpu.name;
        if (!gpu.aliases.isEmpty())
            out << "  (" << gpu.aliases.join(QStringLiteral(", ")) << ')';
        out << '\n';
    }
    return Success;
}

// Analyses one trace; prints its warnings (unless quiet) or its error.
std::shared_ptr<const AnalysisResult> analyze(const QString& path, const QString& inductorCache, bool noInductorCache,
                                                         const QStringList& captures, bool quiet,
                                                         std::optional<std::pair<double, double>> rangeUs = {}, bool keepTimeline = false)
{
    AnalysisOptions analysis;
    analysis.figures.keepTimeline = keepTimeline;
    if (rangeUs)
        analysis.figures.gpuRange = TimeRangeUs { rangeUs->first, rangeUs->second };
    analysis.read.inductorCache = inductorCache;
    analysis.read.searchDefaultInductorCache = !noInductorCache;
    analysis.read.captureTraces = captures;
    const auto outcome = analyzeTrace(path, analysis, {});
    if (outcome.status != AnalysisOutcome::Status::Ok) {
        printError(outcome.error);
        return nullptr;
    }
    if (!quiet) {
        for (const QString& warning : outcome.result->warnings)
            printError(QStringLiteral("warning: ") + warning);
    }
    return outcome.result;
}

// One line on stdout per file written (unless -q): what and where.
void sayWrote(const QString& path, const QString& what)
{
    QTextStream(stdout) << "wrote " << path << " (" << what << ")\n";
}

} // namespace

int runHeadless(const Options& options, const WidgetsEntryPoints* widgets)
{
    GpuCatalog catalog = GpuCatalog::builtIn();
    if (!options.gpuFile.isEmpty()) {
        QString error;
        // A catalogue of a thousand GPUs is a few hundred kilobytes.
        constexpr qint64 maxGpuFileBytes = 16 << 20;
        const std::optional<QByteArray> bytes = readSmallFile(options.gpuFile, maxGpuFileBytes, &error);
        if (!bytes) {
            printError(options.gpuFile + QStringLiteral(": ") + error);
            return BadArguments;
        }
        auto user = GpuCatalog::fromJson(*bytes, &error);
        if (!user) {
            printError(options.gpuFile + QStringLiteral(": ") + error);
            return BadArguments;
        }
        catalog.merge(*user);
    }
    if (options.listGpus)
        return listGpus(catalog);

    const GpuSpec* chosenGpu = nullptr;
    if (!options.gpuName.isEmpty()) {
        chosenGpu = catalog.find(options.gpuName);
        if (!chosenGpu) {
            printError(QStringLiteral("unknown GPU \"%1\" (see --list-gpus)").arg(options.gpuName));
            return BadArguments;
        }
    }

    const auto outcome = analyze(options.tracePath, options.inductorCache, options.noInductorCache, options.captures, options.quiet,
                                 options.rangeUs, !options.timeline.path.isEmpty());
    if (!outcome)
        return UnreadableTrace;
    const AnalysisResult& result = *outcome;
    // --gpu applies to both traces; else each is drawn against its own GPU's roofs.
    const auto gpuOf = [&](const AnalysisResult& analysed) {
        const GpuSpec* gpu = chosenGpu ? chosenGpu : catalog.find(analysed.traceGpuName);
        return gpu ? gpu : &catalog.defaultGpu();
    };
    const GpuSpec* traceGpu = gpuOf(result);
    QStringList gpuWarnings;
    if (const QString warning = catalog.unknownGpuWarning(result.traceGpuName, *traceGpu); !warning.isEmpty()) {
        gpuWarnings << warning;
        if (!options.quiet)
            printError(QStringLiteral("warning: ") + warning);
    }

    std::optional<TraceComparison> comparison;
    if (!options.baseline.isEmpty()) {
        const QString cache = options.baselineInductorCache.isEmpty() ? options.inductorCache : options.baselineInductorCache;
        const auto base = analyze(options.baseline, cache, options.noInductorCache, options.baselineCaptures, options.quiet);
        if (!base)
            return UnreadableTrace;
        // The baseline's GPU may be one the catalogue lacks too: the comparison's warnings say so.
        if (const QString warning = catalog.unknownGpuWarning(base->traceGpuName, *gpuOf(*base)); !warning.isEmpty()) {
            gpuWarnings << QStringLiteral("baseline: ") + warning;
            if (!options.quiet)
                printError(QStringLiteral("warning: baseline: ") + warning);
        }
        Lens lens;
        lens.catalog = std::make_shared<const GpuCatalog>(catalog);
        lens.gpuChoice = options.gpuName;
        lens.peaks = options.roofline.peaks;
        lens.latencyFloorUs = options.latencyFloorUs;
        comparison = *judge(outcome, lens, base)->comparison;
        if (!options.quiet && comparison->differentGpus())
            printError(QStringLiteral("note: the traces ran on different GPUs (%1, %2): each is measured against its own roofs")
                           .arg(comparison->baselineGpu, comparison->candidateGpu));
    }

    QString error;
    if (!options.exportPath.isEmpty()) {
        const bool written = comparison ? writeComparisonExport(options.exportPath, *comparison, *traceGpu, &error,
                                                                options.roofline.peaks, gpuWarnings, options.latencyFloorUs)
                                        : writeExport(options.exportPath, result, *traceGpu, &error, options.roofline.peaks, gpuWarnings,
                                                      options.latencyFloorUs);
        if (!written) {
            printError(error);
            return CannotWrite;
        }
        if (!options.quiet)
            sayWrote(options.exportPath, comparison ? QStringLiteral("%1 matched kernels").arg(comparison->matching.matches.size())
                                                    : QStringLiteral("%1 kernels; %2")
                                                          .arg(result.kernels.size() + result.libraryKernels.size())
                                                          .arg(coverageText(gpuTimeCoverage(result))));
    }
    const RooflineOptions& roofline = options.roofline;
    if (!roofline.path.isEmpty()) {
        if (!options.quiet && !traceGpu->has(roofline.peaks))
            printError(QStringLiteral("warning: %1 has no %2: the roofline uses its %3")
                           .arg(traceGpu->name, peakSetTitle(roofline.peaks),
                                peakSetTitle(roofline.peaks == PeakSet::Datasheet ? PeakSet::MaxAchievable : PeakSet::Datasheet)));
        RooflineDrawing drawing;
        drawing.result = &result;
        drawing.gpu = traceGpu;
        drawing.peaks = roofline.peaks;
        drawing.path = roofline.path;
        drawing.size = roofline.size;
        drawing.scale = roofline.scale;
        drawing.gpuFrame = roofline.gpuFrame;
        drawing.cacheRoofs = roofline.cacheRoofs;
        drawing.latencyFloorUs = options.latencyFloorUs;
        if (comparison) {
            const GpuSpec* baseGpu = catalog.find(comparison->baselineGpu);
            drawing.comparison = &*comparison;
            drawing.baselineGpu = baseGpu ? baseGpu : traceGpu;
        }
        QString warning;
        if (!widgets->drawRoofline(drawing, &error, &warning)) {
            printError(error);
            return CannotWrite;
        }
        if (!warning.isEmpty())
            printError(QStringLiteral("warning: ") + warning);
        if (!options.quiet)
            sayWrote(roofline.path, roofline.path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)
                                        ? QStringLiteral("roofs and points")
                                        : QStringLiteral("%1x%2").arg(roofline.size.width()).arg(roofline.size.height()));
    }
    if (!options.timeline.path.isEmpty()) {
        TimelineDrawing drawing;
        drawing.result = &result;
        drawing.gpu = traceGpu;
        drawing.peaks = roofline.peaks;
        drawing.path = options.timeline.path;
        drawing.size = options.timeline.size;
        drawing.scale = options.timeline.scale;
        drawing.rangeUs = options.rangeUs;
        drawing.latencyFloorUs = options.latencyFloorUs;
        QString warning;
        if (!widgets->drawTimeline(drawing, &error, &warning)) {
            printError(error);
            return CannotWrite;
        }
        if (!warning.isEmpty())
            printError(QStringLiteral("warning: ") + warning);
        if (!options.quiet)
            sayWrote(options.timeline.path, QStringLiteral("timeline %1x%2").arg(options.timeline.size.width()).arg(options.timeline.size.height()));
    }
    if (!options.reportPath.isEmpty()) {
        ReportInputs report;
        report.result = &result;
        report.gpu = traceGpu;
        report.peaks = roofline.peaks;
        report.latencyFloorUs = options.latencyFloorUs;
        report.comparison = comparison ? &*comparison : nullptr;
        // An image drawn beside it is linked, relative to the report's folder.
        if (!roofline.path.isEmpty() && !roofline.path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive))
            report.rooflineImage = QFileInfo(options.reportPath).absoluteDir().relativeFilePath(QFileInfo(roofline.path).absoluteFilePath());
        QSaveFile file(options.reportPath);
        if (!file.open(QIODevice::WriteOnly) || file.write(markdownReport(report)) < 0 || !file.commit()) {
            printError(options.reportPath + QStringLiteral(": cannot write: ") + file.errorString());
            return CannotWrite;
        }
        if (!options.quiet)
            sayWrote(options.reportPath, QStringLiteral("Markdown report"));
    }
    return Success;
}

} // namespace Ridgeline::App
