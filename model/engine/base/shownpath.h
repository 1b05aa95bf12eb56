// Stage base/: shared by every stage of the engine.
// A path in a message: whole when it is of a usual length, else its end
// (the file's name and nearest folders), so that a hostile path of
// thousands of characters cannot make a warning longer than a line.
#pragma once

#include <QString>

namespace Ridgeline {

constexpr qsizetype maxShownPathChars = 240;

inline QString shownPath(const QString& path)
{
    if (path.size() <= maxShownPathChars)
        return path;
    return QStringLiteral("…") + path.right(maxShownPathChars - 1);
}

} // namespace Ridgeline
