#include "headlessrun.h"

#include "engine/analysis.h"
#include "engine/base/smallfile.h"
#include "engine/comparison/tracecomparison.h"
#include "engine/export/comparisonexport.h"
#include "engine/export/markdownreport.h"
#include "engine/export/resultexport.h"
#include "engine/lens/judgement.h"
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
    const QStringList& captures, bool quiet, std::optional<std::pair<double, double>> rangeUs = {}, bool keepTimeline = false)
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

    // The one lens every output below is judged under.
    Lens lens;
    lens.catalog = std::make_shared<const GpuCatalog>(std::move(catalog));
    lens.gpuChoice = options.gpuName;
    lens.peaks = options.roofline.peaks;
    lens.latencyFloorUs = options.latencyFloorUs;
    lens.cacheRoofs = options.roofline.cacheRoofs;
    // pickGpu() takes an unknown choice for none; here it is a mistake.
    if (!options.gpuName.isEmpty() && !lens.catalog->find(options.gpuName)) {
        printError(QStringLiteral("unknown GPU \"%1\" (see --list-gpus)").arg(options.gpuName));
        return BadArguments;
    }

    const auto outcome = analyze(options.tracePath, options.inductorCache, options.noInductorCache, options.captures, options.quiet,
        options.rangeUs, !options.timeline.path.isEmpty());
    if (!outcome)
        return UnreadableTrace;
    std::shared_ptr<const AnalysisResult> base;
    if (!options.baseline.isEmpty()) {
        const QString cache = options.baselineInductorCache.isEmpty() ? options.inductorCache : options.baselineInductorCache;
        // A range is the same offsets from each trace's own first GPU event:
        // restricting only the candidate compares a part with a whole.
        base = analyze(options.baseline, cache, options.noInductorCache, options.baselineCaptures, options.quiet, options.rangeUs);
        if (!base)
            return UnreadableTrace;
    }
    const std::shared_ptr<const Judgement> judgement = judge(outcome, lens, base);
    const AnalysisResult& result = *outcome;
    const TraceComparison* comparison = judgement->comparison.get();
    // Either trace's GPU may be one the catalogue lacks: each export's warnings say so too.
    if (!options.quiet) {
        for (const QString& warning : judgement->gpuWarnings())
            printError(QStringLiteral("warning: ") + warning);
    }
    if (!options.quiet && comparison && comparison->differentGpus())
        printError(QStringLiteral("note: the traces ran on different GPUs (%1, %2): each is measured against its own roofs")
                .arg(comparison->baselineGpu, comparison->candidateGpu));

    QString error;
    if (!options.exportPath.isEmpty()) {
        if (!writeExport(options.exportPath, *judgement, &error)) {
            printError(error);
            return CannotWrite;
        }
        if (!options.quiet)
            sayWrote(options.exportPath,
                comparison ? QStringLiteral("%1 matched kernels").arg(comparison->matching.matches.size())
                           : QStringLiteral("%1 kernels; %2")
                                 .arg(result.rows.size() + result.libraryKernels.size())
                                 .arg(coverageText(gpuTimeCoverage(result))));
    }
    const RooflineOptions& roofline = options.roofline;
    if (!roofline.path.isEmpty()) {
        if (!options.quiet && judgement->trace.peakSetFellBack())
            printError(QStringLiteral("warning: %1 has no %2: the roofline uses its %3")
                    .arg(judgement->trace.gpuSpec().name, peakSetTitle(roofline.peaks),
                        peakSetTitle(roofline.peaks == PeakSet::Datasheet ? PeakSet::MaxAchievable : PeakSet::Datasheet)));
        RooflineDrawing drawing;
        drawing.judgement = judgement.get();
        drawing.path = roofline.path;
        drawing.size = roofline.size;
        drawing.scale = roofline.scale;
        drawing.gpuFrame = roofline.gpuFrame;
        QString warning;
        if (!widgets->drawRoofline(drawing, &error, &warning)) {
            printError(error);
            return CannotWrite;
        }
        if (!warning.isEmpty())
            printError(QStringLiteral("warning: ") + warning);
        if (!options.quiet)
            sayWrote(roofline.path,
                roofline.path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)
                    ? QStringLiteral("roofs and points")
                    : QStringLiteral("%1x%2").arg(roofline.size.width()).arg(roofline.size.height()));
    }
    if (!options.timeline.path.isEmpty()) {
        TimelineDrawing drawing;
        drawing.judgement = judgement.get();
        drawing.path = options.timeline.path;
        drawing.size = options.timeline.size;
        drawing.scale = options.timeline.scale;
        drawing.rangeUs = options.rangeUs;
        QString warning;
        if (!widgets->drawTimeline(drawing, &error, &warning)) {
            printError(error);
            return CannotWrite;
        }
        if (!warning.isEmpty())
            printError(QStringLiteral("warning: ") + warning);
        if (!options.quiet)
            sayWrote(options.timeline.path,
                QStringLiteral("timeline %1x%2").arg(options.timeline.size.width()).arg(options.timeline.size.height()));
    }
    if (!options.reportPath.isEmpty()) {
        ReportInputs report;
        report.judgement = judgement.get();
        // An image drawn beside it is linked, relative to the report's folder.
        if (!roofline.path.isEmpty() && !roofline.path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive))
            report.rooflineImage
                = QFileInfo(options.reportPath).absoluteDir().relativeFilePath(QFileInfo(roofline.path).absoluteFilePath());
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
