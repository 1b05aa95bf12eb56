// Stage libraryops/: the library ops Inductor calls beside its Triton kernels.
// The checks a model makes on its args before any arithmetic: each failure
// is a reason that names the argument and why no real op has it.
#pragma once

#include "engine/libraryops/models/opargs.h"

#include <QString>
#include <QStringView>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

// "stride (argument 3)".
QString argName(QStringView role, int i);

// numpy's broadcast of two shapes; nullopt when they do not broadcast.
std::optional<Shape> broadcastShapes(const Shape& a, const Shape& b);

// Why a size, count or list read from an argument's Concrete Inputs has an
// entry below `least` ("padding (argument 4) [-1, 0] has -1, below 0");
// empty when none has.
QString belowLeast(const std::vector<std::int64_t>& values, std::int64_t least, QStringView role, int i);

// Why two dims that must be equal are not ("K of A (argument 0) [64, 128]
// is 128, of B (argument 1) [64, 32] 64"); empty when they are.
QString disagreement(QStringView what, std::int64_t a, QStringView roleA, int argA, const Shape& shapeA, std::int64_t b, QStringView roleB,
    int argB, const Shape& shapeB);

// Why a normalized_shape (a norm's Concrete Inputs) is not the trailing
// dims of its input: a negative entry, more entries than the input has
// dims, or other sizes; empty when it is.
QString notTrailingDims(const std::vector<std::int64_t>& normalized, int normalizedArg, const Shape& input, int inputArg);

} // namespace Ridgeline
