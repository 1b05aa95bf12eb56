// Hand-written Triton sources in the form Inductor emits (issue 32's worked
// cases), and a brute enumerator that walks their iteration space lane by
// lane so the tests compare measureKernel's figures with counted ones.
#pragma once

#include "engine/kernelsource/kernelanatomy.h"

#include <QString>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>

namespace Ridgeline::Test {

// A pointwise kernel's decorator and def line around `body` (four-space
// indented statements). signature: "'in_ptr0': '*fp32', ...".
QString pointwiseKernel(const QString& name, const QString& args, const QString& signature, const QString& meta, const QString& body);

// The figures a brute walk counts for one pointer's accesses.
struct BruteCount
{
    std::set<std::int64_t> addresses; // distinct elements
    std::int64_t lanes = 0; // lanes the masks let through, summed over accesses
};

// Walks x over [0, xnumel) and r over [0, rnumel) (rnumel 1: no reduction
// dimension); for each lane where mask(x, r) holds, adds index(x, r).
void bruteWalk(std::int64_t xnumel, std::int64_t rnumel, const std::function<bool(std::int64_t, std::int64_t)>& mask,
    const std::function<std::int64_t(std::int64_t, std::int64_t)>& index, BruteCount* count);

const PointerAnatomy* findPointer(const KernelAnatomy& anatomy, const QString& arg);

} // namespace Ridgeline::Test
