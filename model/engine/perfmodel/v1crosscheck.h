// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// What the Inductor cache's signature says about V2's guess that a
// pointwise kernel writes its first tensor once more (spec section 9): an
// in_out_ptr confirms it, an out_ptr-only signature refutes it.
#pragma once

#include "engine/inductorcache/wrapperkernel.h"
#include "engine/perfmodel/kernelmodel.h"

namespace Ridgeline {

class V1CrossCheck
{
public:
    // One line for the V2 model of a pointwise kernel, from its cache block.
    static QString outputWriteNote(const WrapperKernel& kernel, const KernelModel& v2);
};

} // namespace Ridgeline
