// Ridgeline's entry point: the desktop app, or a headless run when the
// command line asks for one (no display needed). The widgets live in a
// module loaded only for the window or a roofline drawing (widgetsmodule.h).
#include "commandline.h"
#include "headlessrun.h"
#include "widgetsmodule.h"

#include <QCoreApplication>
#include <cstdio>
#include <memory>

using namespace Ridgeline::App;

int main(int argc, char** argv)
{
#if RIDGELINE_NEEDS_X86_64_V2
    // Built for x86-64-v2 + PCLMUL (see CMakeLists.txt): say so rather than
    // die of an illegal instruction on an older CPU.
    if (!__builtin_cpu_supports("sse4.2") || !__builtin_cpu_supports("pclmul") || !__builtin_cpu_supports("popcnt")) {
        std::fputs("ridgeline: this build needs an x86-64 CPU with SSE4.2 and PCLMUL (2011 or later); "
                   "rebuild with -DRIDGELINE_X86_64_V2=OFF for older ones\n",
            stderr);
        return Failure;
    }
#endif
    QCoreApplication::setApplicationName(QStringLiteral("ridgeline"));
    QCoreApplication::setOrganizationName(QStringLiteral("Ridgeline"));
    QCoreApplication::setApplicationVersion(QStringLiteral(RIDGELINE_VERSION));

    const CommandLine command = readCommandLine(argc, argv);
    if (!command.run)
        return command.exitCode;
    const Options& options = command.options;

    const WidgetsEntryPoints* widgets = nullptr;
    if (command.needsWidgets()) {
        QString error;
        widgets = loadWidgetsModule(&error);
        if (!widgets) {
            printError(error);
            return Failure;
        }
    }
    if (!command.headless()) {
        WindowRequest window;
        window.tracePath = options.tracePath;
        window.inductorCache = options.inductorCache;
        window.searchDefaultCache = !options.noInductorCache;
        window.captures = options.captures;
        window.baseline = options.baseline;
        return widgets->runWindow(argc, argv, window);
    }
    const std::unique_ptr<QCoreApplication> app(widgets ? widgets->makeDrawingApplication(argc, argv) : new QCoreApplication(argc, argv));
    return runHeadless(options, widgets);
}
