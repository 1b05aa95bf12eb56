// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// The seam between kernels and the sources that can model them: V2 reads the
// trace event's args, V1 (a later source) reads the Inductor cache. The
// modeller asks each source in order and keeps the first answer.
#pragma once

#include "engine/inductorcache/wrapperkernel.h"
#include "engine/input/tritonopargs.h"
#include "engine/perfmodel/kernelmodel.h"
#include "engine/triton/kernelname.h"

#include <optional>

namespace Ridgeline {

struct ModelInput
{
    QString kernelName;
    KernelName parsedName;
    const TritonOpArgs* args = nullptr; // null for kernels without a cpu_op
    // The Inductor cache's block of this kernel, when the cache defines it
    // unambiguously: V2 reads a generic name's ATen ops from it.
    const WrapperKernel* cacheBlock = nullptr;
};

class KernelModelSource
{
public:
    virtual ~KernelModelSource() = default;
    virtual Provenance provenance() const = 0;
    // The model, or nullopt with *whyNot set to one line a user can act on.
    virtual std::optional<KernelModel> model(const ModelInput& input, QString* whyNot) const = 0;
};

} // namespace Ridgeline
