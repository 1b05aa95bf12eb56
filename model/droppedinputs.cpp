#include "droppedinputs.h"

#include "engine/inductorcache/inputkind.h"

namespace Ridgeline {

DroppedInputs classifyDroppedPaths(const QStringList& paths)
{
    DroppedInputs dropped;
    for (const QString& path : paths) {
        const InputClassification input = classifyInput(path);
        QString* slot = input.kind == InputKind::Trace ? &dropped.trace
            : input.kind == InputKind::InductorCache   ? &dropped.inductorCache
                                                       : nullptr;
        if (!slot) {
            dropped.problems << path + QStringLiteral(": ") + input.problem;
        } else if (!slot->isEmpty()) {
            dropped.problems << path
                    + (input.kind == InputKind::Trace ? QStringLiteral(": a second trace (Ridgeline opens one trace at a time)")
                                                      : QStringLiteral(": a second Inductor cache (one cache at a time)"));
        } else {
            *slot = path;
        }
    }
    return dropped;
}

} // namespace Ridgeline
