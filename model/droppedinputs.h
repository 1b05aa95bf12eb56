// What a drop on the window asks for: a trace to open, an Inductor cache to
// attach, or both at once; files that are neither are named with the reason.
// Widget-free, so that the rules are tested without a display.
#pragma once

#include <QString>
#include <QStringList>

namespace Ridgeline {

struct DroppedInputs
{
    QString trace; // empty: none dropped
    QString inductorCache; // empty: none dropped
    QStringList problems; // "PATH: why", one per file that cannot be used

    bool usable() const { return problems.isEmpty() && (!trace.isEmpty() || !inductorCache.isEmpty()); }
};

// At most one trace and one cache; everything else is a problem.
DroppedInputs classifyDroppedPaths(const QStringList& paths);

} // namespace Ridgeline
