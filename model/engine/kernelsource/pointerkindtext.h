// Stage kernelsource/: a pointer's kind as people read it, the same in the
// inspector's derivation, its accesses tree and its dataflow drawing.
#pragma once

#include "engine/kernelsource/kernelanatomy.h"

#include <QString>

namespace Ridgeline {

// "broadcast ×128", "gather, rows range", "contiguous".
QString pointerKindText(const PointerAnatomy& pointer);

} // namespace Ridgeline
