// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// How a V1 model was derived from one block of an Inductor wrapper file:
// everything the inspector shows beside the V1 figures.
#pragma once

#include "engine/inductorcache/wrapperkernel.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

// One pointer argument's share of the bytes (spec section 4).
struct V1PointerTerm
{
    int argIndex = 0; // position in the signature
    QString name; // "in_ptr0"
    QString type; // "*bf16"
    std::optional<int> bytesPerElement; // Ridgeline; nullopt for an unknown pointer type
    int traceLensBytesPerElement = 0; // TraceLens's nine-entry table; 0 outside it
    std::int64_t elements = 0; // xnumel x rnumel, or xnumel
    int passes = 1; // 2 for a pointwise in_out_ptr: read and written back
    std::int64_t bytes = 0; // bytes per element x elements x passes
    std::int64_t traceLensBytes = 0;
    QString rule; // "read over xnumel x rnumel", "the last pointer: xnumel" ...
};

struct V1Derivation
{
    WrapperKernel kernel; // file, block, line, kernel path, size_hints, heuristic, signature, source
    bool reduction = false; // the reduction formula applied (reduction heuristic and rnumel > 1)
    bool scan = false; // a split scan: every pointer over xnumel x rnumel
    std::vector<V1PointerTerm> terms;
    QString bytesFormula; // with numbers: "(2 + 2) x 32768 x 2048 + 2 x 32768 = 268500992"
    QString flopsFormula; // "(2 + 1 + 1 + 2 + 1) x 32768 x 2048 = 469762048"
    QString opsSource; // "Original ATen comment", "kernel name" or "none"
    // Element counts rounded up to powers of two (size_hints); false when the
    // block's source states them (static shapes: "xnumel = 4096").
    bool approximate = true;
    int definingFiles = 1; // wrapper files holding this very block (same kernel compiled again)
    // The block's own figures, also when another source's figures won (a V2
    // row's cross-check); nullopt when the block cannot be modelled.
    std::optional<std::int64_t> xnumel, rnumel, bytes, flops;
};

} // namespace Ridgeline
