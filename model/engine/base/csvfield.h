// Stage base/: shared by every stage of the engine.
// One CSV field as RFC 4180 writes it: quoted only when it holds a comma,
// a quote or a line break, with quotes doubled. Shared by every CSV export.
#pragma once

#include <QString>

namespace Ridgeline {

inline QString csvField(const QString& text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n'))
        return text;
    QString escaped = text;
    escaped.replace(u'"', QStringLiteral("\"\""));
    return u'"' + escaped + u'"';
}

} // namespace Ridgeline
