#include "engine/inductorcache/wrapperkernel.h"

namespace Ridgeline {

QString heuristicKey(HeuristicKind kind)
{
    switch (kind) {
    case HeuristicKind::Pointwise:
        return QStringLiteral("pointwise");
    case HeuristicKind::Reduction:
        return QStringLiteral("reduction");
    case HeuristicKind::PersistentReduction:
        return QStringLiteral("persistent_reduction");
    case HeuristicKind::CooperativeReduction:
        return QStringLiteral("cooperative_reduction");
    case HeuristicKind::Template:
        return QStringLiteral("template");
    case HeuristicKind::Foreach:
        return QStringLiteral("foreach");
    case HeuristicKind::SplitScan:
        return QStringLiteral("split_scan");
    case HeuristicKind::UserAutotune:
        return QStringLiteral("user_autotune");
    case HeuristicKind::Unknown:
        return QStringLiteral("unknown");
    }
    return {};
}

bool isReductionHeuristic(HeuristicKind kind)
{
    return kind == HeuristicKind::Reduction || kind == HeuristicKind::PersistentReduction || kind == HeuristicKind::CooperativeReduction;
}

bool isModelledHeuristic(HeuristicKind kind)
{
    return kind == HeuristicKind::Pointwise || isReductionHeuristic(kind);
}

} // namespace Ridgeline
