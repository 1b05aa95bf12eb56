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

// Options that mean "no window": decided before any QApplication exists.
bool wantsHeadless(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg.startsWith("--export") || arg == "--list-gpus" || arg == "-h" || arg == "--help" || arg == "-v"
            || arg == "--version" || arg == "--help-all")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication::setApplicationName(QStringLiteral("ridgeline"));
    QCoreApplication::setOrganizationName(QStringLiteral("Ridgeline"));
    QCoreApplication::setApplicationVersion(QStringLiteral(RIDGELINE_VERSION));

#ifdef RIDGELINE_WITH_GUI
    if (!wantsHeadless(argc, argv))
        return Ridgeline::runGui(argc, argv);
#endif

    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    addOptions(parser);
    if (!parser.parse(app.arguments())) {
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
    if (options.listGpus)
        return runHeadless(options);

    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printError(positional.isEmpty() ? QStringLiteral("no trace given (see --help)")
                                        : QStringLiteral("one trace at a time, got %1 (see --help)").arg(positional.size()));
        return BadArguments;
    }
    options.tracePath = positional.front();
    if (options.exportPath.isEmpty()) {
        printError(QStringLiteral("nothing to do: --export FILE is needed without a display (see --help)"));
        return BadArguments;
    }
    if (!Ridgeline::exportFormatForPath(options.exportPath)) {
        printError(options.exportPath + QStringLiteral(": unknown export format (use .json or .csv)"));
        return BadArguments;
    }
    return runHeadless(options);
}
