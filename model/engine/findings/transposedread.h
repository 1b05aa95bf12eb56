// Stage findings/: what to change in a Triton kernel, from its launch and its source's anatomy.
// A read whose neighbouring lanes are far apart in memory: the innermost
// iteration digit (the one Triton lays across neighbouring lanes) at a
// stride of 16 elements or more, so each lane's load is a memory
// transaction of its own. A tiled kernel (an x/y split that reads along
// the input's contiguous dimension) or a layout change upstream fixes it.
#pragma once

#include "engine/findings/kernelfinding.h"
#include "engine/kernelsource/kernelanatomy.h"

#include <cstdint>

namespace Ridgeline {

// The innermost digit's stride, in elements, from which a read is transposed.
inline constexpr std::int64_t transposedMinStride = 16;

// One finding per pointer with a load at that stride (its first such load).
KernelFindings transposedReadFindings(const KernelAnatomy& anatomy);

} // namespace Ridgeline
