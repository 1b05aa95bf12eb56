#include "engine/findings/underfilled.h"

#include "engine/base/text/units.h"

namespace Ridgeline {

QString computeUnitsWord(const QString& gpuName)
{
    if (gpuName.isEmpty())
        return QStringLiteral("compute units");
    const bool amd = gpuName.contains(QLatin1String("AMD"), Qt::CaseInsensitive)
        || gpuName.contains(QLatin1String("Instinct"), Qt::CaseInsensitive)
        || gpuName.contains(QLatin1String("Radeon"), Qt::CaseInsensitive) || gpuName.startsWith(QLatin1String("MI"), Qt::CaseInsensitive);
    return amd ? QStringLiteral("CUs") : QStringLiteral("SMs");
}

std::optional<KernelFinding> underFilledFinding(const LaunchFacts& launch, const QString& gpuName)
{
    if (!launch.programs || !launch.computeUnits || *launch.programs < 1 || *launch.computeUnits < 1)
        return std::nullopt;
    const double share = double(*launch.programs) / double(*launch.computeUnits);
    if (share >= underFilledMaxShareOfUnits)
        return std::nullopt;
    KernelFinding finding;
    finding.kind = FindingKind::UnderFilled;
    // Under 1 %, one decimal: "0 % of the GPU" would read as none.
    finding.text = QStringLiteral("%1%2 %3 on %4 %5: %6 of the GPU: split the reduction or raise parallelism "
                                  "(a smaller XBLOCK, more programs)")
                       .arg(launch.programsApproximate ? QStringLiteral("about ") : QString(), formatCount(*launch.programs),
                           *launch.programs == 1 ? QStringLiteral("program") : QStringLiteral("programs"),
                           formatCount(*launch.computeUnits), computeUnitsWord(gpuName), formatPercent(share, share < 0.01 ? 1 : 0));
    return finding;
}

} // namespace Ridgeline
