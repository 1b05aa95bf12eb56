// Ridgeline's entry point: the desktop app, or a headless export when the
// command line asks for one (no display needed).
#include "engine/analysis.h"
#include "engine/comparison/comparisonroofline.h"
#include "engine/comparison/tracecomparison.h"
#include "engine/export/comparisonexport.h"
#include "engine/export/resultexport.h"
#include "engine/roofline/gpuspec.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSize>
#include <QTextStream>

#include <cstdio>

#ifdef RIDGELINE_WITH_GUI
#include "guimain.h"
#include "roofline/rooflineexport.h"

#include <QApplication>
#endif

namespace {

enum ExitCode { Success = 0, BadArguments = 2, UnreadableTrace = 3, CannotWrite = 4 };

void printError(const QString& message)
{
    std::fprintf(stderr, "ridgeline: %s\n", qPrintable(message));
}

// What --export-roofline draws, and how large.
struct RooflineOptions
{
    QString path;
    Ridgeline::PeakSet peaks = Ridgeline::PeakSet::Datasheet;
    bool gpuFrame = false;
    QSize size { 1600, 1000 };
    double scale = 1;
};

struct Options
{
    QString exportPath;
    RooflineOptions roofline;
    QString gpuName;
    QString gpuFile;
    QString tracePath;
    QString inductorCache; // empty: the default places, unless noInductorCache
    bool noInductorCache = false;
    QStringList captures; // capture traces of the trace's CUDA/HIP graphs
    QString baseline;     // a trace to compare TRACE with
    QString baselineInductorCache;
    QStringList baselineCaptures;
    bool listGpus = false;
    bool quiet = false;
};

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QStringLiteral(
        "Ridgeline: how much work each Triton kernel of a torch.compile trace did, and how close it came to the GPU's limits.\n"
        "\n"
        "Without --export or --export-roofline, opens TRACE in the desktop app. With them, runs headless (no display\n"
        "needed): --export writes the kernel table, --export-roofline draws the roofline; both may be given.\n"
        "\n"
        "Kernels whose trace events lack V2's args are modelled from the Inductor cache (V1): --inductor-cache, else\n"
        "$TORCHINDUCTOR_CACHE_DIR, ~/.cache/torchinductor or /tmp/torchinductor_<user>, the first that exists.\n"
        "\n"
        "A trace of CUDA/HIP graph replays gets its figures from the ops captured into the graphs: in the trace itself,\n"
        "or in the capture traces given with --capture (a file, or a folder such as vLLM's capture_traces/).\n"
        "\n"
        "Exit status: 0 success, 2 bad arguments, 3 the trace cannot be read, 4 the output cannot be written."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({ QStringLiteral("export"), QStringLiteral("Write the kernel table to FILE (.json or .csv) and exit."), QStringLiteral("FILE") });
    parser.addOption({ QStringLiteral("export-roofline"), QStringLiteral("Draw the roofline to FILE (.png, .svg, .pdf, or .csv with its roofs and points) and exit."), QStringLiteral("FILE") });
    parser.addOption({ QStringLiteral("peaks"), QStringLiteral("Roofline peaks: datasheet (default) or max-achievable (measured; a GPU without them falls back to datasheet)."), QStringLiteral("SET") });
    parser.addOption({ QStringLiteral("frame"), QStringLiteral("Roofline axes: fit (the decades around the kernels and roofs, default) or gpu (a fixed frame from the GPU's roofs, so that exports compare)."), QStringLiteral("FRAME") });
    parser.addOption({ QStringLiteral("size"), QStringLiteral("Roofline size, pixels for PNG and points for SVG and PDF; text scales with it. Default 1600x1000."), QStringLiteral("WxH") });
    parser.addOption({ QStringLiteral("scale"), QStringLiteral("Pixels per unit of --size in a PNG roofline (device pixel ratio). Default 1."), QStringLiteral("S") });
    parser.addOption({ QStringLiteral("inductor-cache"), QStringLiteral("Inductor cache for the V1 model: a directory, a .tar/.tar.gz/.tar.xz/.zip archive of one, or one wrapper .py file."), QStringLiteral("PATH") });
    parser.addOption({ QStringLiteral("capture"), QStringLiteral("Capture trace of the trace's CUDA/HIP graphs (a file or a folder of them; may be repeated)."), QStringLiteral("PATH") });
    parser.addOption({ QStringLiteral("baseline"), QStringLiteral("Compare TRACE with the baseline trace BASE: --export writes the comparison (matched kernels, speedups, deltas), --export-roofline draws arrows from baseline to TRACE."), QStringLiteral("BASE") });
    parser.addOption({ QStringLiteral("baseline-capture"), QStringLiteral("Capture trace of the baseline's CUDA/HIP graphs (may be repeated)."), QStringLiteral("PATH") });
    parser.addOption({ QStringLiteral("baseline-inductor-cache"), QStringLiteral("Inductor cache of the baseline (default: as for TRACE)."), QStringLiteral("PATH") });
    parser.addOption({ QStringLiteral("no-inductor-cache"), QStringLiteral("Do not look for an Inductor cache in the default places (V2 figures only).") });
    parser.addOption({ QStringLiteral("gpu"), QStringLiteral("GPU whose peaks to use (name or alias, see --list-gpus). Default: the trace's GPU when known, else AMD Instinct MI300X."), QStringLiteral("NAME") });
    parser.addOption({ QStringLiteral("gpu-file"), QStringLiteral("JSON file of GPU peaks that adds to or overrides the built-in ones."), QStringLiteral("FILE") });
    parser.addOption({ QStringLiteral("list-gpus"), QStringLiteral("List the known GPUs and exit.") });
    parser.addOption({ { QStringLiteral("q"), QStringLiteral("quiet") }, QStringLiteral("Do not print warnings about the trace.") });
    parser.addPositionalArgument(QStringLiteral("TRACE"), QStringLiteral("PyTorch profiler trace (.json, .json.gz, .bz2, .xz, .zst)."));
}

int listGpus(const Ridgeline::GpuCatalog& catalog)
{
    QTextStream out(stdout);
    for (const Ridgeline::GpuSpec& gpu : catalog.gpus()) {
        out << gpu.name;
        if (!gpu.aliases.isEmpty())
            out << "  (" << gpu.aliases.join(QStringLiteral(", ")) << ')';
        out << '\n';
    }
    return Success;
}

// Reads the roofline options; on a bad value returns false with one line in *error.
bool readRooflineOptions(const QCommandLineParser& parser, RooflineOptions* roofline, QString* error)
{
    roofline->path = parser.value(QStringLiteral("export-roofline"));
    if (roofline->path.isEmpty()) {
        for (const char* option : { "peaks", "frame", "size", "scale" }) {
            if (parser.isSet(QString::fromLatin1(option))) {
                *error = QStringLiteral("--%1 applies to --export-roofline only (see --help)").arg(QString::fromLatin1(option));
                return false;
            }
        }
        return true;
    }
    static const QRegularExpression formats(QStringLiteral("\\.(png|svg|pdf|csv)$"), QRegularExpression::CaseInsensitiveOption);
    if (!formats.match(roofline->path).hasMatch()) {
        *error = roofline->path + QStringLiteral(": unknown roofline format (use .png, .svg, .pdf or .csv)");
        return false;
    }
    const QString peaks = parser.value(QStringLiteral("peaks"));
    if (peaks == u"max-achievable" || peaks == u"max_achievable") {
        roofline->peaks = Ridgeline::PeakSet::MaxAchievable;
    } else if (!peaks.isEmpty() && peaks != u"datasheet") {
        *error = QStringLiteral("--peaks must be datasheet or max-achievable, got \"%1\"").arg(peaks);
        return false;
    }
    const QString frame = parser.value(QStringLiteral("frame"));
    if (frame == u"gpu") {
        roofline->gpuFrame = true;
    } else if (!frame.isEmpty() && frame != u"fit") {
        *error = QStringLiteral("--frame must be fit or gpu, got \"%1\"").arg(frame);
        return false;
    }
    constexpr int MaxSide = 16384; // as the exporter allows
    if (parser.isSet(QStringLiteral("size"))) {
        static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})[xX](\\d{1,5})$"));
        const auto match = pattern.match(parser.value(QStringLiteral("size")));
        const int width = match.hasMatch() ? match.captured(1).toInt() : 0;
        const int height = match.hasMatch() ? match.captured(2).toInt() : 0;
        if (width < 16 || height < 16 || width > MaxSide || height > MaxSide) {
            *error = QStringLiteral("--size must be WxH with 16 to %1 a side, e.g. 1600x1000, got \"%2\"")
                         .arg(MaxSide).arg(parser.value(QStringLiteral("size")));
            return false;
        }
        roofline->size = QSize(width, height);
    }
    if (parser.isSet(QStringLiteral("scale"))) {
        bool ok = false;
        roofline->scale = parser.value(QStringLiteral("scale")).toDouble(&ok);
        if (!ok || !(roofline->scale > 0) || roofline->size.width() * roofline->scale > MaxSide
            || roofline->size.height() * roofline->scale > MaxSide) {
            *error = QStringLiteral("--scale must be a number above 0 that keeps the image within %1 pixels a side, got \"%2\"")
                         .arg(MaxSide).arg(parser.value(QStringLiteral("scale")));
            return false;
        }
    }
    return true;
}

// Analyses one trace; prints its warnings (unless quiet) or its error.
std::shared_ptr<const Ridgeline::AnalysisResult> analyze(const QString& path, const QString& inductorCache, bool noInductorCache,
                                                         const QStringList& captures, bool quiet)
{
    Ridgeline::AnalysisOptions analysis;
    analysis.inductorCache = inductorCache;
    analysis.searchDefaultInductorCache = !noInductorCache;
    analysis.captureTraces = captures;
    const auto outcome = Ridgeline::analyzeTrace(path, analysis, {});
    if (outcome.status != Ridgeline::AnalysisOutcome::Status::Ok) {
        printError(outcome.error);
        return nullptr;
    }
    if (!quiet) {
        for (const QString& warning : outcome.result->warnings)
            printError(QStringLiteral("warning: ") + warning);
    }
    return outcome.result;
}

int runHeadless(const Options& options)
{
    Ridgeline::GpuCatalog catalog = Ridgeline::GpuCatalog::builtIn();
    if (!options.gpuFile.isEmpty()) {
        QFile file(options.gpuFile);
        if (!file.open(QIODevice::ReadOnly)) {
            printError(options.gpuFile + QStringLiteral(": cannot open: ") + file.errorString());
            return BadArguments;
        }
        QString error;
        auto user = Ridgeline::GpuCatalog::fromJson(file.readAll(), &error);
        if (!user) {
            printError(options.gpuFile + QStringLiteral(": ") + error);
            return BadArguments;
        }
        catalog.merge(*user);
    }
    if (options.listGpus)
        return listGpus(catalog);

    const Ridgeline::GpuSpec* chosenGpu = nullptr;
    if (!options.gpuName.isEmpty()) {
        chosenGpu = catalog.find(options.gpuName);
        if (!chosenGpu) {
            printError(QStringLiteral("unknown GPU \"%1\" (see --list-gpus)").arg(options.gpuName));
            return BadArguments;
        }
    }

    const auto outcome = analyze(options.tracePath, options.inductorCache, options.noInductorCache, options.captures, options.quiet);
    if (!outcome)
        return UnreadableTrace;
    const Ridgeline::AnalysisResult& result = *outcome;
    // --gpu applies to both traces; else each is drawn against its own GPU's roofs.
    const auto gpuOf = [&](const Ridgeline::AnalysisResult& analysed) {
        const Ridgeline::GpuSpec* gpu = chosenGpu ? chosenGpu : catalog.find(analysed.traceGpuName);
        return gpu ? gpu : &catalog.defaultGpu();
    };
    const Ridgeline::GpuSpec* traceGpu = gpuOf(result);
    QStringList gpuWarnings;
    if (const QString warning = catalog.unknownGpuWarning(result.traceGpuName, *traceGpu); !warning.isEmpty()) {
        gpuWarnings << warning;
        if (!options.quiet)
            printError(QStringLiteral("warning: ") + warning);
    }

    std::optional<Ridgeline::TraceComparison> comparison;
    if (!options.baseline.isEmpty()) {
        const QString cache = options.baselineInductorCache.isEmpty() ? options.inductorCache : options.baselineInductorCache;
        const auto base = analyze(options.baseline, cache, options.noInductorCache, options.baselineCaptures, options.quiet);
        if (!base)
            return UnreadableTrace;
        comparison = Ridgeline::compareTraces(base, *gpuOf(*base), outcome, *traceGpu, options.roofline.peaks);
        if (!options.quiet && comparison->differentGpus())
            printError(QStringLiteral("note: the traces ran on different GPUs (%1, %2): each is measured against its own roofs")
                           .arg(comparison->baselineGpu, comparison->candidateGpu));
    }

    QString error;
    if (!options.exportPath.isEmpty()) {
        const bool written = comparison ? Ridgeline::writeComparisonExport(options.exportPath, *comparison, *traceGpu, &error)
                                        : Ridgeline::writeExport(options.exportPath, result, *traceGpu, &error, options.roofline.peaks, gpuWarnings);
        if (!written) {
            printError(error);
            return CannotWrite;
        }
    }
    const Ridgeline::GpuSpec* chosen = traceGpu;
#ifdef RIDGELINE_WITH_GUI
    const RooflineOptions& roofline = options.roofline;
    if (!roofline.path.isEmpty()) {
        if (!options.quiet && !chosen->has(roofline.peaks))
            printError(QStringLiteral("warning: %1 has no %2: the roofline uses its %3")
                           .arg(chosen->name, Ridgeline::peakSetTitle(roofline.peaks),
                                Ridgeline::peakSetTitle(roofline.peaks == Ridgeline::PeakSet::Datasheet
                                                            ? Ridgeline::PeakSet::MaxAchievable
                                                            : Ridgeline::PeakSet::Datasheet)));
        Ridgeline::RooflineExportOptions figure;
        figure.path = roofline.path;
        figure.size = roofline.size;
        figure.scale = roofline.scale;
        figure.frame = roofline.gpuFrame ? Ridgeline::RooflineView::Frame::GpuRoofs : Ridgeline::RooflineView::Frame::FitToData;
        if (comparison) {
            const Ridgeline::GpuSpec* baseGpu = catalog.find(comparison->baselineGpu);
            if (!baseGpu)
                baseGpu = chosen;
            figure.arrows = Ridgeline::comparisonArrows(*comparison, baseGpu->peaks(roofline.peaks), chosen->peaks(roofline.peaks));
        }
        if (!Ridgeline::exportRoofline(result, *chosen, roofline.peaks, figure, &error)) {
            printError(error);
            return CannotWrite;
        }
    }
#endif
    return Success;
}

} // namespace

int main(int argc, char** argv)
{
#if RIDGELINE_NEEDS_X86_64_V2
    // Built for x86-64-v2 + PCLMUL (see CMakeLists.txt): say so rather than
    // die of an illegal instruction on an older CPU.
    if (!__builtin_cpu_supports("sse4.2") || !__builtin_cpu_supports("pclmul") || !__builtin_cpu_supports("popcnt")) {
        std::fputs("ridgeline: this build needs an x86-64 CPU with SSE4.2 and PCLMUL (2011 or later); "
                   "rebuild with -DRIDGELINE_X86_64_V2=OFF for older ones\n", stderr);
        return 1;
    }
#endif
    QCoreApplication::setApplicationName(QStringLiteral("ridgeline"));
    QCoreApplication::setOrganizationName(QStringLiteral("Ridgeline"));
    QCoreApplication::setApplicationVersion(QStringLiteral(RIDGELINE_VERSION));

    // Parse before any application object exists: bad arguments and the
    // headless options must never need a display.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser parser;
    addOptions(parser);
    if (!parser.parse(arguments)) {
        printError(parser.errorText() + QStringLiteral(" (see --help)"));
        return BadArguments;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // No application object exists yet to name the program.
        std::fputs(qPrintable(parser.helpText().replace(QStringLiteral("<executable_name>"), QStringLiteral("ridgeline"))), stdout);
        return Success;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("ridgeline %s\n", RIDGELINE_VERSION);
        return Success;
    }

    Options options;
    options.exportPath = parser.value(QStringLiteral("export"));
    options.gpuName = parser.value(QStringLiteral("gpu"));
    options.gpuFile = parser.value(QStringLiteral("gpu-file"));
    options.listGpus = parser.isSet(QStringLiteral("list-gpus"));
    options.quiet = parser.isSet(QStringLiteral("quiet"));
    QString optionError;
    if (!readRooflineOptions(parser, &options.roofline, &optionError)) {
        printError(optionError);
        return BadArguments;
    }
    options.inductorCache = parser.value(QStringLiteral("inductor-cache"));
    options.noInductorCache = parser.isSet(QStringLiteral("no-inductor-cache"));
    if (!options.inductorCache.isEmpty() && options.noInductorCache) {
        printError(QStringLiteral("--inductor-cache and --no-inductor-cache exclude each other (see --help)"));
        return BadArguments;
    }
    // A cache that exists but cannot be read costs only the V1 figures (a
    // warning); a path that names nothing is a typo worth stopping for.
    if (!options.inductorCache.isEmpty() && !QFileInfo::exists(options.inductorCache)) {
        printError(options.inductorCache + QStringLiteral(": no such file or folder (--inductor-cache)"));
        return BadArguments;
    }
    options.captures = parser.values(QStringLiteral("capture"));
    options.baseline = parser.value(QStringLiteral("baseline"));
    options.baselineCaptures = parser.values(QStringLiteral("baseline-capture"));
    options.baselineInductorCache = parser.value(QStringLiteral("baseline-inductor-cache"));
    // A path that names nothing is a typo worth stopping for.
    const auto missing = [](const QStringList& paths, const char* option) {
        for (const QString& path : paths) {
            if (!path.isEmpty() && !QFileInfo::exists(path)) {
                printError(path + QStringLiteral(": no such file or folder (--%1)").arg(QLatin1StringView(option)));
                return true;
            }
        }
        return false;
    };
    if (missing(options.captures, "capture") || missing({ options.baseline }, "baseline")
        || missing(options.baselineCaptures, "baseline-capture") || missing({ options.baselineInductorCache }, "baseline-inductor-cache"))
        return BadArguments;
    if (options.baseline.isEmpty() && (!options.baselineCaptures.isEmpty() || !options.baselineInductorCache.isEmpty())) {
        printError(QStringLiteral("--baseline-capture and --baseline-inductor-cache need --baseline (see --help)"));
        return BadArguments;
    }
#ifndef RIDGELINE_WITH_GUI
    if (!options.roofline.path.isEmpty()) {
        printError(QStringLiteral("this build has no charts: --export-roofline is not available"));
        return BadArguments;
    }
#endif
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        printError(QStringLiteral("one trace at a time, got %1 (see --help)").arg(positional.size()));
        return BadArguments;
    }
    if (!positional.isEmpty())
        options.tracePath = positional.front();

    const bool headless = options.listGpus || !options.exportPath.isEmpty() || !options.roofline.path.isEmpty();
    if (!headless) {
#ifdef RIDGELINE_WITH_GUI
        return Ridgeline::runGui(argc, argv, options.tracePath, options.inductorCache, !options.noInductorCache, options.captures,
                                 options.baseline);
#else
        printError(QStringLiteral("this build has no GUI: use --export FILE (see --help)"));
        return BadArguments;
#endif
    }

    if (!options.listGpus) {
        if (options.tracePath.isEmpty()) {
            printError(QStringLiteral("no trace given (see --help)"));
            return BadArguments;
        }
        if (!options.exportPath.isEmpty() && !Ridgeline::exportFormatForPath(options.exportPath)) {
            printError(options.exportPath + QStringLiteral(": unknown export format (use .json or .csv)"));
            return BadArguments;
        }
    }
#ifdef RIDGELINE_WITH_GUI
    if (!options.listGpus && !options.roofline.path.isEmpty()) {
        // Qt Charts draws with QtWidgets, which needs a QApplication; the
        // offscreen platform keeps the export free of any display.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        return runHeadless(options);
    }
#endif
    QCoreApplication app(argc, argv);
    return runHeadless(options);
}
