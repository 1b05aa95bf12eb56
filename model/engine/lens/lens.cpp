#include "engine/lens/lens.h"

namespace Ridgeline {

std::shared_ptr<const GpuCatalog> Lens::builtInCatalog()
{
    // The built-in catalogue lives as long as the process: share it without owning it.
    static const std::shared_ptr<const GpuCatalog> builtIn(std::shared_ptr<const GpuCatalog> {}, &GpuCatalog::builtIn());
    return builtIn;
}

bool Lens::operator==(const Lens& other) const
{
    const bool sameCatalog = catalog == other.catalog || (catalog && other.catalog && *catalog == *other.catalog);
    return sameCatalog && gpuChoice == other.gpuChoice && peaks == other.peaks && latencyFloorUs == other.latencyFloorUs
        && cacheRoofs == other.cacheRoofs;
}

QString GpuPick::sourceKey() const
{
    switch (source) {
    case Source::Chosen:
        return QStringLiteral("chosen");
    case Source::Trace:
        return QStringLiteral("trace");
    case Source::Default:
        return QStringLiteral("default");
    }
    return {};
}

GpuPick pickGpu(const Lens& lens, const QString& traceGpuName)
{
    const GpuCatalog& catalog = lens.catalog ? *lens.catalog : GpuCatalog::builtIn();
    GpuPick pick;
    if (const GpuSpec* chosen = lens.gpuChoice.isEmpty() ? nullptr : catalog.find(lens.gpuChoice)) {
        pick.spec = *chosen;
        pick.source = GpuPick::Source::Chosen;
    } else if (const GpuSpec* own = catalog.find(traceGpuName)) {
        pick.spec = *own;
        pick.source = GpuPick::Source::Trace;
    } else {
        pick.spec = catalog.defaultGpu();
        pick.source = GpuPick::Source::Default;
    }
    pick.warning = catalog.unknownGpuWarning(traceGpuName, pick.spec);
    return pick;
}

} // namespace Ridgeline
