// The names under which the desktop app keeps its settings (QSettings).
// Bump stateVersion when a saved layout would no longer fit the widgets.
#pragma once

#include <QString>

namespace Ridgeline::SettingsKeys {

constexpr int stateVersion = 4; // 2: the table's first-look columns; 3: its time columns (Recoverable, % of attainable, Limiter); 4: Shape

inline QString geometry()
{
    return QStringLiteral("window/geometry");
}
inline QString windowState()
{
    return QStringLiteral("window/state");
}
inline QString mainSplitter()
{
    return QStringLiteral("window/mainSplitter");
}
inline QString sideSplitter()
{
    return QStringLiteral("window/sideSplitter");
}
inline QString tableHeader()
{
    return QStringLiteral("table/header");
}
inline QString recentFiles()
{
    return QStringLiteral("files/recent");
}
inline QString lastDirectory()
{
    return QStringLiteral("files/lastDirectory");
}
inline QString attachedCaches()
{
    return QStringLiteral("files/inductorCaches");
} // trace, cache, ...
inline QString attachedCaptures()
{
    return QStringLiteral("files/captureTraces");
} // trace, captures joined by newlines, ...
inline QString gpu()
{
    return QStringLiteral("roofline/gpu");
} // empty: match the trace's GPU
inline QString peakSet()
{
    return QStringLiteral("roofline/peaks");
}
inline QString frame()
{
    return QStringLiteral("roofline/frame");
}
inline QString timeBudgetExpanded()
{
    return QStringLiteral("timebudget/expanded");
} // the panel's lines shown
inline QString exportSize()
{
    return QStringLiteral("roofline/exportSize");
}
inline QString exportScale()
{
    return QStringLiteral("roofline/exportScale");
}
inline QString timelineExportSize()
{
    return QStringLiteral("timeline/exportSize");
}
inline QString timelineExportScale()
{
    return QStringLiteral("timeline/exportScale");
}

constexpr int maxRecentFiles = 10;

} // namespace Ridgeline::SettingsKeys
