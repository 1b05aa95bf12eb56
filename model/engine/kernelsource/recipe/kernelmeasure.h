// Stage kernelsource/: a Triton kernel's source read: Inductor's Python subset, its facts and accesses.
// The bytes a kernel's index expressions touch, per pointer: the distinct
// addresses (the DRAM floor) and the lanes its masks let through, each
// pointer's one kind (gather > masked > broadcast > slice > contiguous >
// unknown), from a parsed recipe and the numels the source leaves symbolic.
#pragma once

#include "engine/kernelsource/kernelanatomy.h"
#include "engine/kernelsource/recipe/kernelrecipe.h"

#include <QStringList>
#include <cstdint>
#include <optional>

namespace Ridgeline {

struct KernelMeasureInputs
{
    // The launch op's "Concrete Inputs", positional with the def line's
    // arguments: '' for a tensor, a number for a scalar (ks0, xnumel).
    QStringList concreteInputs;
    // Numels already known (the row's model), used where neither the
    // source nor the concrete inputs state them.
    std::optional<std::int64_t> xnumel;
    std::optional<std::int64_t> ynumel;
    std::optional<std::int64_t> rnumel;
};

// Bytes per element of a signature's pointer type ("*bf16" -> 2); nullopt
// for a type not known.
std::optional<std::int64_t> pointerElementBytes(const QString& signatureType);

// Fills every field of KernelAnatomy the source states (atenOps and
// sourceNodes come from the wrapper's comments, not from here). Numels
// missing from the source and the inputs are taken from size_hints, and
// `approximate` says so.
KernelAnatomy measureKernel(const KernelRecipe& recipe, const KernelMeasureInputs& inputs);

} // namespace Ridgeline
