// Stage kernelsource/: a Triton kernel's source read: Inductor's Python subset, its facts and accesses.
// How many distinct addresses a set of affine accesses can touch. Each
// access is a box: constant + sum of coefficient x digit, each digit over a
// range of the iteration space (mixed-radix digits of xindex and r0_index,
// narrowed by masks). Digits every access shares (same coefficient, same
// range) are factored out when their strides cannot overlap what lies below
// them; what remains is enumerated exactly up to a cap, or counted as a
// product when one access's strides do not overlap. Anything else is
// reported as not countable, with a reason: never a guessed figure.
#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline::IndexCount {

struct Term
{
    int digit = 0; // an id shared by the accesses of one kernel
    std::int64_t coefficient = 0; // nonzero
    std::int64_t lo = 0; // the digit's range [lo, hi), hi > lo
    std::int64_t hi = 1;
};

struct Box
{
    std::int64_t constant = 0;
    std::vector<Term> terms;
};

struct Count
{
    std::optional<std::int64_t> unique; // distinct addresses
    std::int64_t min = 0; // the lowest and highest address (valid with unique)
    std::int64_t max = 0;
    QString why; // unique is nullopt: why
};

// The values enumerated at most, all residual boxes together.
constexpr std::int64_t maxEnumerated = std::int64_t(1) << 20;

Count countUnion(const std::vector<Box>& boxes);

} // namespace Ridgeline::IndexCount
