// Stage base/: the standard library's C++ demangler behind a guard.
// libstdc++'s abi::__cxa_demangle has no cap on what it writes: a 174-byte
// name of nested substitutions prints 285 MB in 22 s. A linear pre-scan
// bounds the output before it is called, and a name it refuses (or the
// demangler rejects, as it does CK's grouped-convolution kernels) still has
// a short name read from the mangling itself.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace Ridgeline {

constexpr std::size_t maxMangledLength = 4096; // longer: not demangled (the longest in the bundled traces: 1,754)
// The pre-scan's bound on the demangled text; what the demangler may write
// is at most maxCodeExpansion times it (see demangledSizeBound).
constexpr std::size_t maxDemangledBound = 64 * 1024;
// Nesting constructs (template args, pointers, qualifiers, nested names):
// past this many the demangler's recursion is not called at all.
constexpr int maxMangledNesting = 256;
// What one character of a mangling prints at most outside a source name:
// "unsigned long long" for 'y', "std::allocator" for "Sa", ", " and "::".
constexpr std::size_t maxCodeExpansion = 32;

// An upper bound on the demangled length of mangled, in one pass: a
// back-reference (S_, S<n>_, T_, T<n>_, a pack expansion Dp) prints at most
// everything before it, so it doubles the bound; a source name <len><id>
// prints its id; any other character at most maxCodeExpansion. Digits read
// as a length where they were a literal only lower the per-character
// count, so the true output is at most maxCodeExpansion times the bound.
// Stops counting (and returns a value past the cap) once past maxDemangledBound.
std::size_t demangledSizeBound(std::string_view mangled);

// The demangled name, or nullopt when mangled is no Itanium mangling
// ("_Z..."), longer than maxMangledLength, nested deeper than
// maxMangledNesting, bounded past maxDemangledBound, or rejected by the
// demangler.
std::optional<std::string> demangleBounded(std::string_view mangled);

// The short name read from the mangling itself, without the demangler:
// the nested name's source names up to its template args,
// "_ZN2ck16tensor_operation6device12_GLOBAL__N_14kernIN..." ->
// "ck::tensor_operation::device::kern<…>" (anonymous namespaces left out).
// nullopt when the mangling does not open with a source name.
std::optional<std::string> nameFromMangling(std::string_view mangled);

} // namespace Ridgeline
