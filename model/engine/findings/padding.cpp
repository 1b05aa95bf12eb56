#include "engine/findings/padding.h"

#include "engine/base/text/units.h"

namespace Ridgeline {

std::optional<KernelFinding> paddingFinding(const LaunchFacts& launch)
{
    if (!launch.activeLaneShare)
        return std::nullopt;
    const double padding = 1.0 - *launch.activeLaneShare;
    // A share read from a ratio of integers: 0.75 exactly must fire.
    if (padding < paddingMinShare - 1e-12)
        return std::nullopt;
    KernelFinding finding;
    finding.kind = FindingKind::Padding;
    finding.text
        = QStringLiteral("%1 of the lanes are padding (%2): pick block sizes that divide the numels, "
                         "or loop over smaller blocks")
              .arg(formatPercent(padding, 0),
                  launch.activeLaneShareSource.isEmpty() ? QStringLiteral("blocks past the numels") : launch.activeLaneShareSource);
    return finding;
}

} // namespace Ridgeline
