// Stage findings/: what to change in a Triton kernel, from its launch and its source's anatomy.
// An int64 index that costs more than what it selects: a gather of one
// bf16 per token reads 8 bytes of index for 2 bytes of data. int32
// indices (or gathering wider rows per index) halve that traffic.
#pragma once

#include "engine/findings/kernelfinding.h"
#include "engine/kernelsource/kernelanatomy.h"

namespace Ridgeline {

// One finding per int64 pointer whose loaded values index other pointers'
// gathers, where its unique bytes exceed the most the gathers can select
// (their unique_bytes_max summed).
KernelFindings indexBytesFindings(const KernelAnatomy& anatomy);

} // namespace Ridgeline
