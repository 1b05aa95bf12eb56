// Folder anatomy/: the kernel's anatomy in the inspector.
// One colour per access kind, shared by the source's gutter and the
// dataflow drawing, tuned for light and dark palettes.
#pragma once

#include "engine/kernelsource/kernelanatomy.h"

#include <QColor>

namespace Ridgeline {

inline QColor accessKindColor(AccessKind kind, bool dark)
{
    switch (kind) {
    case AccessKind::Gather:
        return dark ? QColor(0xef, 0x6b, 0x73) : QColor(0xc6, 0x28, 0x28);
    case AccessKind::Masked:
        return dark ? QColor(0xe5, 0xc0, 0x7b) : QColor(0xb2, 0x6a, 0x00);
    case AccessKind::Broadcast:
        return dark ? QColor(0xc6, 0x78, 0xdd) : QColor(0x7b, 0x1f, 0xa2);
    case AccessKind::Slice:
        return dark ? QColor(0x56, 0xb6, 0xc2) : QColor(0x00, 0x69, 0x7c);
    case AccessKind::Contiguous:
        return dark ? QColor(0x98, 0xc3, 0x79) : QColor(0x2e, 0x7d, 0x32);
    case AccessKind::Unknown:
        break;
    }
    return dark ? QColor(0x8b, 0x94, 0x9e) : QColor(0x75, 0x75, 0x75);
}

} // namespace Ridgeline
