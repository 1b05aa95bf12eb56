#include "commandline.h"

#include "engine/export/resultexport.h"
#include "engine/linking/timerange.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>
#include <cstdio>

namespace Ridgeline::App {
namespace {

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QStringLiteral(
        "Ridgeline: how much work each Triton kernel of a torch.compile trace did, and how close it came to the GPU's limits.\n"
        "\n"
        "Without --export, --export-roofline or --export-timeline, opens TRACE in the desktop app. With them, runs headless\n"
        "(no display needed): --export writes the kernel table, --export-roofline draws the roofline, --export-timeline the\n"
        "GPU timeline; any of them may be given together.\n"
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
    parser.addOption(
        { QStringLiteral("export"), QStringLiteral("Write the kernel table to FILE (.json or .csv) and exit."), QStringLiteral("FILE") });
    parser.addOption({ QStringLiteral("export-roofline"),
        QStringLiteral("Draw the roofline to FILE (.png, .svg, .pdf, or .csv with its roofs and points) and exit."),
        QStringLiteral("FILE") });
    parser.addOption({ QStringLiteral("export-timeline"),
        QStringLiteral("Draw the GPU timeline (every stream, Triton kernels by % of attainable) to FILE (.png or .svg) and exit."),
        QStringLiteral("FILE") });
    parser.addOption({ QStringLiteral("range"),
        QStringLiteral("Microseconds from the first GPU event, START_US:END_US: what --export-timeline draws, and the only GPU events "
                       "--export, --report and --export-roofline count."),
        QStringLiteral("RANGE") });
    parser.addOption({ QStringLiteral("report"),
        QStringLiteral(
            "Write a Markdown report (where the time goes, what to fix first, with --baseline the comparison per step) to FILE and exit."),
        QStringLiteral("FILE") });
    parser.addOption({ QStringLiteral("peaks"),
        QStringLiteral("Peaks for roofs, attainable times and % of roof: max-achievable (default: measured, or estimates "
                       "that say so; a GPU without them falls back to datasheet) or datasheet."),
        QStringLiteral("SET") });
    parser.addOption({ QStringLiteral("latency-floor"),
        QStringLiteral("Fixed cost of one kernel in microseconds for attainable times (default: the 1st percentile of the trace's kernel "
                       "durations, else 2). Applies to both traces of a comparison."),
        QStringLiteral("US") });
    parser.addOption({ QStringLiteral("frame"),
        QStringLiteral("Roofline axes: fit (the decades around the kernels and roofs, default) or gpu (a fixed frame from the GPU's roofs, "
                       "so that exports compare)."),
        QStringLiteral("FRAME") });
    parser.addOption({ QStringLiteral("size"),
        QStringLiteral("Roofline or timeline size, pixels for PNG and points for SVG and PDF; text scales with it. Default 1600x1000 "
                       "(timeline 1600x700)."),
        QStringLiteral("WxH") });
    parser.addOption({ QStringLiteral("cache-roofs"),
        QStringLiteral("Draw the GPU's cache bandwidths (MI300X: L2, Infinity Cache) as dotted roofs on the roofline.") });
    parser.addOption({ QStringLiteral("scale"),
        QStringLiteral("Pixels per unit of --size in a PNG roofline or timeline (device pixel ratio). Default 1."), QStringLiteral("S") });
    parser.addOption({ QStringLiteral("inductor-cache"),
        QStringLiteral("Inductor cache for the V1 model and each kernel's source: a directory, a .tar/.tar.gz/.tar.xz/.zip archive of one, "
                       "one wrapper .py file (output_code.py) or a TORCH_TRACE (tlparse) log."),
        QStringLiteral("PATH") });
    parser.addOption({ QStringLiteral("capture"),
        QStringLiteral("Capture trace of the trace's CUDA/HIP graphs (a file or a folder of them; may be repeated)."),
        QStringLiteral("PATH") });
    parser.addOption({ QStringLiteral("baseline"),
        QStringLiteral("Compare TRACE with the baseline trace BASE: --export writes the comparison (matched kernels, speedups, deltas), "
                       "--export-roofline draws arrows from baseline to TRACE."),
        QStringLiteral("BASE") });
    parser.addOption({ QStringLiteral("baseline-capture"),
        QStringLiteral("Capture trace of the baseline's CUDA/HIP graphs (may be repeated)."), QStringLiteral("PATH") });
    parser.addOption({ QStringLiteral("baseline-inductor-cache"), QStringLiteral("Inductor cache of the baseline (default: as for TRACE)."),
        QStringLiteral("PATH") });
    parser.addOption({ QStringLiteral("no-inductor-cache"),
        QStringLiteral("Do not look for an Inductor cache in the default places (V2 figures only).") });
    parser.addOption({ QStringLiteral("gpu"),
        QStringLiteral(
            "GPU whose peaks to use (name or alias, see --list-gpus). Default: the trace's GPU when known, else AMD Instinct MI300X."),
        QStringLiteral("NAME") });
    parser.addOption({ QStringLiteral("gpu-file"), QStringLiteral("JSON file of GPU peaks that adds to or overrides the built-in ones."),
        QStringLiteral("FILE") });
    parser.addOption({ QStringLiteral("list-gpus"), QStringLiteral("List the known GPUs and exit.") });
    parser.addOption({ { QStringLiteral("q"), QStringLiteral("quiet") }, QStringLiteral("Do not print warnings about the trace.") });
    parser.addPositionalArgument(QStringLiteral("TRACE"),
        QStringLiteral(
            "PyTorch profiler trace (.json, .json.gz, .bz2, .xz, .zst), or a saved session (.ridgeline) to open in the window."));
}

// Reads the roofline options; on a bad value returns false with one line in *error.
bool readRooflineOptions(const QCommandLineParser& parser, RooflineOptions* roofline, QString* error)
{
    roofline->path = parser.value(QStringLiteral("export-roofline"));
    // The peak set also places the exported kernels and their attainable times.
    const QString peaks = parser.value(QStringLiteral("peaks"));
    if (peaks == u"datasheet") {
        roofline->peaks = PeakSet::Datasheet;
    } else if (!peaks.isEmpty() && peaks != u"max-achievable" && peaks != u"max_achievable") {
        *error = QStringLiteral("--peaks must be datasheet or max-achievable, got \"%1\"").arg(peaks);
        return false;
    }
    if (parser.isSet(QStringLiteral("peaks")) && roofline->path.isEmpty() && !parser.isSet(QStringLiteral("export"))
        && !parser.isSet(QStringLiteral("report")) && !parser.isSet(QStringLiteral("export-timeline"))) {
        *error = QStringLiteral("--peaks applies to --export, --report, --export-roofline and --export-timeline (see --help)");
        return false;
    }
    // --size and --scale size the timeline too.
    const bool timeline = parser.isSet(QStringLiteral("export-timeline"));
    if (roofline->path.isEmpty()) {
        for (const char* option : { "frame", "size", "scale", "cache-roofs" }) {
            const bool timelineToo = timeline && (qstrcmp(option, "size") == 0 || qstrcmp(option, "scale") == 0);
            if (parser.isSet(QString::fromLatin1(option)) && !timelineToo) {
                *error = QStringLiteral("--%1 applies to --export-roofline only (see --help)").arg(QString::fromLatin1(option));
                return false;
            }
        }
        if (!timeline)
            return true;
    }
    static const QRegularExpression formats(QStringLiteral("\\.(png|svg|pdf|csv)$"), QRegularExpression::CaseInsensitiveOption);
    if (!roofline->path.isEmpty() && !formats.match(roofline->path).hasMatch()) {
        *error = roofline->path + QStringLiteral(": unknown roofline format (use .png, .svg, .pdf or .csv)");
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
    // Text scales with the figure (7 px at the least): below this the tick
    // labels, roof labels and legend no longer fit or read.
    constexpr int MinWidth = 640;
    constexpr int MinHeight = 400;
    constexpr double MinScale = 0.1; // as the exporter allows (ui/export/rasterimage.h)
    constexpr double MaxScale = 16;
    if (parser.isSet(QStringLiteral("size"))) {
        static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})[xX](\\d{1,5})$"));
        const auto match = pattern.match(parser.value(QStringLiteral("size")));
        const int width = match.hasMatch() ? match.captured(1).toInt() : 0;
        const int height = match.hasMatch() ? match.captured(2).toInt() : 0;
        if (!match.hasMatch() || width > MaxSide || height > MaxSide) {
            *error = QStringLiteral("--size must be WxH of at most %1 a side, e.g. 1600x1000, got \"%2\"")
                         .arg(MaxSide)
                         .arg(parser.value(QStringLiteral("size")));
            return false;
        }
        if (width < MinWidth || height < MinHeight) {
            *error = QStringLiteral("--size %1 is too small to read: at least %2x%3 (text scales with the figure; "
                                    "use --scale for a sharper small PNG)")
                         .arg(parser.value(QStringLiteral("size")))
                         .arg(MinWidth)
                         .arg(MinHeight);
            return false;
        }
        roofline->size = QSize(width, height);
    }
    roofline->cacheRoofs = parser.isSet(QStringLiteral("cache-roofs"));
    if (parser.isSet(QStringLiteral("scale"))) {
        bool ok = false;
        roofline->scale = parser.value(QStringLiteral("scale")).toDouble(&ok);
        // Past the exporter's memory budget a PNG is drawn at a lower scale,
        // with a warning; below 0.1 nothing readable is left.
        if (!ok || !(roofline->scale >= MinScale && roofline->scale <= MaxScale)) {
            *error = QStringLiteral("--scale must be a number from %1 to %2, got \"%3\"")
                         .arg(MinScale)
                         .arg(MaxScale)
                         .arg(parser.value(QStringLiteral("scale")));
            return false;
        }
    }
    return true;
}

// Reads --export-timeline and --range (after the roofline's, whose --size
// and --scale it shares); on a bad value returns false with one line in *error.
bool readTimelineOptions(const QCommandLineParser& parser, Options* options, QString* error)
{
    TimelineOptions& timeline = options->timeline;
    timeline.path = parser.value(QStringLiteral("export-timeline"));
    if (!timeline.path.isEmpty()) {
        static const QRegularExpression formats(QStringLiteral("\\.(png|svg)$"), QRegularExpression::CaseInsensitiveOption);
        if (!formats.match(timeline.path).hasMatch()) {
            *error = timeline.path + QStringLiteral(": unknown timeline format (use .png or .svg)");
            return false;
        }
        if (parser.isSet(QStringLiteral("size")))
            timeline.size = options->roofline.size;
        timeline.scale = options->roofline.scale;
    }
    if (parser.isSet(QStringLiteral("range"))) {
        if (timeline.path.isEmpty() && options->exportPath.isEmpty() && options->reportPath.isEmpty() && options->roofline.path.isEmpty()) {
            *error = QStringLiteral("--range applies to --export-timeline, --export, --report and --export-roofline (see --help)");
            return false;
        }
        QString rangeError;
        const std::optional<TimeRangeUs> range = parseTimeRange(parser.value(QStringLiteral("range")), &rangeError);
        if (!range) {
            *error = QStringLiteral("--range: ") + rangeError;
            return false;
        }
        options->rangeUs = std::pair(range->startUs, range->endUs);
    }
    return true;
}

} // namespace

void printError(const QString& message)
{
    std::fprintf(stderr, "ridgeline: %s\n", qPrintable(message));
}

bool CommandLine::headless() const
{
    return options.listGpus || !options.exportPath.isEmpty() || !options.reportPath.isEmpty() || !options.roofline.path.isEmpty()
        || !options.timeline.path.isEmpty();
}

bool CommandLine::needsWidgets() const
{
    return !headless() || (!options.listGpus && (!options.roofline.path.isEmpty() || !options.timeline.path.isEmpty()));
}

CommandLine readCommandLine(int argc, char** argv)
{
    CommandLine bad;
    bad.exitCode = BadArguments;
    CommandLine done;
    // Parse before any application object exists: bad arguments and the
    // headless options must never need a display.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser parser;
    addOptions(parser);
    if (!parser.parse(arguments)) {
        printError(parser.errorText() + QStringLiteral(" (see --help)"));
        return bad;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // No application object exists yet to name the program.
        std::fputs(qPrintable(parser.helpText().replace(QStringLiteral("<executable_name>"), QStringLiteral("ridgeline"))), stdout);
        return done;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("ridgeline %s\n", RIDGELINE_VERSION);
        return done;
    }

    Options options;
    options.exportPath = parser.value(QStringLiteral("export"));
    options.reportPath = parser.value(QStringLiteral("report"));
    if (parser.isSet(QStringLiteral("latency-floor"))) {
        bool ok = false;
        const double floor = parser.value(QStringLiteral("latency-floor")).toDouble(&ok);
        // A kernel's fixed cost is microseconds; a second is surely a unit mistake.
        if (!ok || !(floor >= 0) || floor > 1e6) {
            printError(QStringLiteral("--latency-floor must be microseconds from 0 to 1000000, got \"%1\"")
                    .arg(parser.value(QStringLiteral("latency-floor"))));
            return bad;
        }
        options.latencyFloorUs = floor;
    }
    options.gpuName = parser.value(QStringLiteral("gpu"));
    options.gpuFile = parser.value(QStringLiteral("gpu-file"));
    options.listGpus = parser.isSet(QStringLiteral("list-gpus"));
    options.quiet = parser.isSet(QStringLiteral("quiet"));
    QString optionError;
    if (!readRooflineOptions(parser, &options.roofline, &optionError)) {
        printError(optionError);
        return bad;
    }
    if (!readTimelineOptions(parser, &options, &optionError)) {
        printError(optionError);
        return bad;
    }
    options.inductorCache = parser.value(QStringLiteral("inductor-cache"));
    options.noInductorCache = parser.isSet(QStringLiteral("no-inductor-cache"));
    if (!options.inductorCache.isEmpty() && options.noInductorCache) {
        printError(QStringLiteral("--inductor-cache and --no-inductor-cache exclude each other (see --help)"));
        return bad;
    }
    // A cache that exists but cannot be read costs only the V1 figures (a
    // warning); a path that names nothing is a typo worth stopping for.
    if (!options.inductorCache.isEmpty() && !QFileInfo::exists(options.inductorCache)) {
        printError(options.inductorCache + QStringLiteral(": no such file or folder (--inductor-cache)"));
        return bad;
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
        return bad;
    if (options.baseline.isEmpty() && (!options.baselineCaptures.isEmpty() || !options.baselineInductorCache.isEmpty())) {
        printError(QStringLiteral("--baseline-capture and --baseline-inductor-cache need --baseline (see --help)"));
        return bad;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        printError(QStringLiteral("one trace at a time, got %1 (see --help)").arg(positional.size()));
        return bad;
    }
    if (!positional.isEmpty())
        options.tracePath = positional.front();

    CommandLine command;
    command.run = true;
    command.options = options;
    if (command.headless() && !options.listGpus) {
        if (options.tracePath.isEmpty()) {
            printError(QStringLiteral("no trace given (see --help)"));
            return bad;
        }
        if (!options.exportPath.isEmpty() && !exportFormatForPath(options.exportPath)) {
            printError(options.exportPath + QStringLiteral(": unknown export format (use .json or .csv)"));
            return bad;
        }
    }
    return command;
}

} // namespace Ridgeline::App
