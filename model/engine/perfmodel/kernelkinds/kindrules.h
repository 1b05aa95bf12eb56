// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// How each kind of Triton kernel is counted from V2 args: which integer
// Concrete Inputs are its element counts, where its ops come from, and the
// sentence that says a rule is Ridgeline's own. TraceLens's rules (poi, red,
// per) are restated here so that every kind reads in one place.
#pragma once

#include "engine/inductorcache/wrapperkernel.h"
#include "engine/perfmodel/kernelmodel.h"
#include "engine/triton/kernelcategory.h"
#include "engine/triton/kernelname.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

struct ElementCounts
{
    std::int64_t x = 0;
    std::int64_t r = 1;
    QString xSource, rSource;
    bool known = true; // false: the args do not say (no integer argument)
};

// (position in Concrete Inputs, value) of each integer scalar, in order.
using IntegerArgs = std::vector<std::pair<int, std::int64_t>>;

// Pointwise, reduction and split-scan kernels cannot be counted without an
// integer argument; the other kinds still have their tensors' bytes.
bool needsIntegerArgs(KernelCategory category);

// The element counts of a kernel of `category`; `block` (may be null) is the
// cache's block, whose heuristic tells a generic name's shape. nullopt with
// *whyNot on overflow.
std::optional<ElementCounts> v2ElementCounts(KernelCategory category, const IntegerArgs& ints, const WrapperKernel* block, QString* whyNot);

// The ops whose per-element FLOPs count, and where they were read; nullopt
// when unknown (a user kernel, a generic name the cache does not define).
struct KernelOps
{
    QStringList ops;
    QString source; // "kernel name", "Original ATen comment of the cache's block"
};
std::optional<KernelOps> kernelOps(const KernelName& name, const WrapperKernel* block);

// Every op's per-element cost, summed in Ridgeline's and TraceLens's count,
// with the ops neither counts and those only Ridgeline counts. GEMM ops are
// counted by the template rule, not listed as "not counted".
struct OpCosts
{
    std::vector<OpFlops> ops;
    std::int64_t perElement = 0;
    std::int64_t traceLensPerElement = 0;
    QStringList notCounted;
    QStringList traceLensBlind;
};
OpCosts costOps(const QStringList& ops);

// Ridgeline's rule for a kind TraceLens does not model, as a reason clause;
// empty for poi, red and per.
QString ridgelineRule(KernelCategory category);

} // namespace Ridgeline
