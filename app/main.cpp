// Ridgeline's entry point: the desktop app, or a headless export when the
// command line asks for one (no display needed).
#include "analysis.h"
#include "gpuspec.h"
#include "resultexport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <cstdio>

#ifdef RIDGELINE_WITH_GUI
#include "guimain.h"
#endif

namespace {

enum ExitCode { Success = 0, BadArguments = 2, UnreadableTrace = 3, CannotWrite = 4 };

void printError(const QString& message)
{
    std::fprintf(stderr, "ridgeline: %s\n", qPrintable(message));
}

struct Options
{
    QString exportPath;
    QString gpuName;
    QString gpuFile;
    QString tracePath;
    bool listGpus = false;
    bool quiet = false;
};

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QStringLiteral(
        "Ridgeline: how much work each Triton kernel of a torch.compile trace did, and how close it came to the GPU's limits.\n"
        "\n"
        "Without --export, opens TRACE in the desktop app. With --export, runs headless and writes the kernel table.\n"
        "\n"
        "Exit status: 0 success, 2 bad arguments, 3 the trace cannot be read, 4 the output cannot be written."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({ QStringLiteral("export"), QStringLiteral("Write the kernel table to FILE (.json or .csv) and exit."), QStringLiteral("FILE") });
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

    const auto outcome = Ridgeline::analyzeTrace(options.tracePath, {}, {});
    if (outcome.status != Ridgeline::AnalysisOutcome::Status::Ok) {
        printError(outcome.error);
        return UnreadableTrace;
    }
    const Ridgeline::AnalysisResult& result = *outcome.result;
    if (!options.quiet) {
        for (const QString& warning : result.warnings)
            printError(QStringLiteral("warning: ") + warning);
    }
    if (!chosenGpu)
        chosenGpu = catalog.find(result.traceGpuName);
    if (!chosenGpu)
        chosenGpu = &catalog.defaultGpu();

    QString error;
    if (!Ridgeline::writeExport(options.exportPath, result, *chosenGpu, &error)) {
        printError(error);
        return CannotWrite;
    }
    return Success;
}

} // namespace

int main(int argc, char** argv)
{
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
        std::fputs(qPrintable(parser.helpText()), stdout);
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
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        printError(QStringLiteral("one trace at a time, got %1 (see --help)").arg(positional.size()));
        return BadArguments;
    }
    if (!positional.isEmpty())
        options.tracePath = positional.front();

    const bool headless = options.listGpus || !options.exportPath.isEmpty();
    if (!headless) {
#ifdef RIDGELINE_WITH_GUI
        return Ridgeline::runGui(argc, argv, options.tracePath);
#else
        printError(QStringLiteral("this build has no GUI: use --export FILE (see --help)"));
        return BadArguments;
#endif
    }

    QCoreApplication app(argc, argv);
    if (options.listGpus)
        return runHeadless(options);
    if (options.tracePath.isEmpty()) {
        printError(QStringLiteral("no trace given (see --help)"));
        return BadArguments;
    }
    if (!Ridgeline::exportFormatForPath(options.exportPath)) {
        printError(options.exportPath + QStringLiteral(": unknown export format (use .json or .csv)"));
        return BadArguments;
    }
    return runHeadless(options);
}
