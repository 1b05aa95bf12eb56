// Stage base/: the standard library's C++ demangler behind a guard.
#include "engine/base/names/boundeddemangle.h"

#include <cstdlib>
#include <cxxabi.h>
#include <memory>

namespace Ridgeline {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isUpper(char c)
{
    return c >= 'A' && c <= 'Z';
}

// A source name's length at i: its digits' count in *digits, the length
// when it fits in what is left (nullopt otherwise, or for a leading zero).
std::optional<std::size_t> sourceNameLength(std::string_view s, std::size_t i, std::size_t* digits)
{
    std::size_t length = 0, j = i;
    while (j < s.size() && isDigit(s[j]) && j - i < 5)
        length = length * 10 + std::size_t(s[j++] - '0');
    *digits = j - i;
    if (*digits == 0 || s[i] == '0' || length > s.size() - j)
        return std::nullopt;
    return length;
}

// The end of a back-reference opening at i (S_, S<seq>_, T_, T<n>_, Dp), or 0.
std::size_t backReferenceEnd(std::string_view s, std::size_t i)
{
    if (s.substr(i, 2) == "Dp")
        return i + 2;
    if (s[i] != 'S' && s[i] != 'T')
        return 0;
    std::size_t j = i + 1;
    while (j < s.size() && (isDigit(s[j]) || (s[i] == 'S' && isUpper(s[j]))))
        ++j;
    return j < s.size() && s[j] == '_' ? j + 1 : 0;
}

bool opensNesting(char c)
{
    switch (c) {
    case 'I':
    case 'N':
    case 'P':
    case 'R':
    case 'O':
    case 'K':
    case 'V':
    case 'F':
    case 'A':
    case 'M':
    case 'Z':
    case 'L':
    case 'D':
        return true;
    default:
        return false;
    }
}

// Constructs that may nest, outside source names: a bound on the depth the
// demangler recurses to.
int nestingCount(std::string_view s)
{
    int count = 0;
    std::size_t identifierEnd = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        std::size_t digits = 0;
        if (i >= identifierEnd && isDigit(s[i])) {
            if (const auto length = sourceNameLength(s, i, &digits)) {
                identifierEnd = i + digits + *length;
                i += digits - 1;
            }
            continue;
        }
        if (i >= identifierEnd && opensNesting(s[i]) && ++count > maxMangledNesting)
            return count;
    }
    return count;
}

} // namespace

std::size_t demangledSizeBound(std::string_view mangled)
{
    std::size_t bound = 0;
    std::size_t identifierEnd = 0; // source names print as they are: one character each
    for (std::size_t i = 0; i < mangled.size() && bound <= maxDemangledBound;) {
        // Back-references are looked for inside source names too: digits
        // taken for a length where they were a literal must not hide one.
        if (const std::size_t end = backReferenceEnd(mangled, i)) {
            bound = 2 * bound + maxCodeExpansion;
            i = end;
            continue;
        }
        std::size_t digits = 0;
        if (i >= identifierEnd && isDigit(mangled[i])) {
            if (const auto length = sourceNameLength(mangled, i, &digits)) {
                bound += *length;
                identifierEnd = i + digits + *length;
                i += digits;
                continue;
            }
        }
        if (i >= identifierEnd)
            bound += maxCodeExpansion;
        ++i;
    }
    return bound;
}

std::optional<std::string> demangleBounded(std::string_view mangled)
{
    if (mangled.size() < 3 || mangled.size() > maxMangledLength || mangled.substr(0, 2) != "_Z"
        || mangled.find('\0') != std::string_view::npos)
        return std::nullopt;
    if (nestingCount(mangled) > maxMangledNesting || demangledSizeBound(mangled) > maxDemangledBound)
        return std::nullopt;
    const std::string terminated(mangled);
    int status = 0;
    const std::unique_ptr<char, decltype(&std::free)> text(abi::__cxa_demangle(terminated.c_str(), nullptr, nullptr, &status), &std::free);
    if (status != 0 || !text)
        return std::nullopt;
    return std::string(text.get());
}

std::optional<std::string> nameFromMangling(std::string_view mangled)
{
    if (mangled.size() < 3 || mangled.substr(0, 2) != "_Z")
        return std::nullopt;
    std::size_t i = 2;
    if (mangled[i] == 'L') // internal linkage
        ++i;
    const bool nested = i < mangled.size() && mangled[i] == 'N';
    if (nested) {
        ++i;
        while (
            i < mangled.size() && (mangled[i] == 'r' || mangled[i] == 'V' || mangled[i] == 'K' || mangled[i] == 'R' || mangled[i] == 'O'))
            ++i;
    }
    std::string name;
    bool any = false;
    while (i < mangled.size()) {
        std::string_view component;
        if (mangled.substr(i, 2) == "St") {
            component = "std";
            i += 2;
        } else if (isDigit(mangled[i])) {
            std::size_t digits = 0;
            const auto length = sourceNameLength(mangled, i, &digits);
            if (!length)
                break;
            component = mangled.substr(i + digits, *length);
            i += digits + *length;
        } else {
            break;
        }
        any = true;
        if (component.substr(0, 10) != "_GLOBAL__N") // an anonymous namespace: left out of a short name
            name += (name.empty() ? "" : "::") + std::string(component);
        if (!nested)
            break;
    }
    if (!any || name.empty())
        return std::nullopt;
    if (i < mangled.size() && mangled[i] == 'I')
        name += "<…>";
    return name;
}

} // namespace Ridgeline
