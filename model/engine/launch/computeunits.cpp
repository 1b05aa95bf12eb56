#include "engine/launch/computeunits.h"

namespace Ridgeline {

QString traceComputeUnitsSource()
{
    return QStringLiteral("the trace's deviceProperties numSms");
}

void fillComputeUnits(LaunchFacts& facts, std::optional<int> units, const QString& source)
{
    if (facts.computeUnits || !units || *units < 1)
        return;
    facts.computeUnits = units;
    facts.computeUnitsSource = source;
    if (facts.programs)
        facts.waves = double(*facts.programs) / double(*units);
}

} // namespace Ridgeline
