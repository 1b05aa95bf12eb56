// Stage input/: a trace file read into a RawTrace.
// Reads the profiler's shape lists ("Input Dims", "Input Strides"): a JSON
// list whose entries are lists of integers. Hand-written so that an entry
// with a value too big for 64 bits, a float or a nested list spoils that
// entry alone and the positions of the others stay right.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace Ridgeline {

using IntList = std::vector<std::int64_t>;

// nullopt when `json` is not a list; an entry is nullopt when it is not a
// list of integers that fit in 64 bits (negative values are allowed here:
// strides can be negative, and callers check dims).
std::optional<std::vector<std::optional<IntList>>> parseIntListList(std::string_view json);

} // namespace Ridgeline
