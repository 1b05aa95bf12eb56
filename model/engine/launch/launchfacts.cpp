#include "engine/launch/launchfacts.h"

namespace Ridgeline {

QString gridCountsKey(GridCounts counts)
{
    return counts == GridCounts::Blocks ? QStringLiteral("blocks") : QStringLiteral("work_items");
}

} // namespace Ridgeline
