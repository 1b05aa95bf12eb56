#include "engine/kernelsource/pointerkindtext.h"

#include "engine/base/text/units.h"

namespace Ridgeline {

QString pointerKindText(const PointerAnatomy& pointer)
{
    QString text = accessKindKey(pointer.kind);
    if (pointer.kind == AccessKind::Broadcast && pointer.reuse)
        text += QStringLiteral(" ×") + formatCount(*pointer.reuse);
    // A gather's unique bytes are a range: from one row to the most rows its indices can name.
    if (pointer.kind == AccessKind::Gather && pointer.uniqueBytes && pointer.uniqueBytesMax
        && *pointer.uniqueBytesMax != *pointer.uniqueBytes)
        text += QStringLiteral(", rows range");
    return text;
}

} // namespace Ridgeline
