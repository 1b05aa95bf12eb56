// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// The TraceLens V2 Triton performance model (spec section 3): element
// counts from Concrete Inputs, bytes from Input Dims x dtype, FLOPs from the
// fused ops in the kernel name. Ridgeline's figures correct TraceLens's
// blind spots; TraceLens's own figures are kept beside them.
#pragma once

#include "engine/perfmodel/kernelmodelsource.h"

namespace Ridgeline {

class PerfModelV2 final : public KernelModelSource
{
public:
    Provenance provenance() const override { return Provenance::V2; }
    std::optional<KernelModel> model(const ModelInput& input, QString* whyNot) const override;
};

} // namespace Ridgeline
