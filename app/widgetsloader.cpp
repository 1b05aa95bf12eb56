// The executable's side of widgetsmodule.h: finds and loads the module.
#include "widgetsmodule.h"

#include <QLibrary>
#include <filesystem>
#include <system_error>

namespace Ridgeline::App {

const WidgetsEntryPoints* loadWidgetsModule(QString* error)
{
    // No application object may exist yet (the window makes its own), so
    // the executable's folder comes from the kernel, not from Qt.
    std::error_code failed;
    const std::filesystem::path executable = std::filesystem::read_symlink("/proc/self/exe", failed);
    const std::filesystem::path folder = failed ? std::filesystem::path(".") : executable.parent_path();
    const std::filesystem::path candidates[] = {
        folder / RIDGELINE_WIDGETS_MODULE, // the build tree
        folder / RIDGELINE_WIDGETS_MODULE_FROM_BINDIR / RIDGELINE_WIDGETS_MODULE, // an installed tree
    };
    QStringList tried;
    for (const std::filesystem::path& candidate : candidates) {
        if (!std::filesystem::exists(candidate, failed)) {
            tried << QString::fromStdString(candidate.lexically_normal().string()) + QStringLiteral(": not there");
            continue;
        }
        QLibrary module(QString::fromStdString(candidate.string()));
        module.setLoadHints(QLibrary::PreventUnloadHint);
        if (const auto entry = reinterpret_cast<WidgetsEntryPointsFunction>(module.resolve(RIDGELINE_WIDGETS_ENTRY_POINTS)))
            return entry();
        tried << module.errorString();
    }
    *error = QStringLiteral("the window and roofline drawing live in %1, which cannot be loaded (%2)")
                 .arg(QStringLiteral(RIDGELINE_WIDGETS_MODULE), tried.join(QStringLiteral("; ")));
    return nullptr;
}

} // namespace Ridgeline::App
