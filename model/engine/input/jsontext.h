// Stage input/: a trace file read into a RawTrace.
// Small helpers for JSON text the reader hands around as byte views.
#pragma once

#include <QString>
#include <functional>
#include <string_view>

namespace Ridgeline {

// A hash that finds std::string keys by std::string_view (heterogeneous
// lookup, with std::equal_to<>): a name read from an event is looked up
// without building a std::string each time.
struct StringViewHash
{
    using is_transparent = void;
    size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
};

inline QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// JSON's four whitespace bytes.
inline bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

// Without the whitespace around it, and without a trailing ',' that a raw
// token of simdjson may carry.
inline std::string_view trimmedJson(std::string_view text)
{
    while (!text.empty() && isJsonSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && (isJsonSpace(text.back()) || text.back() == ','))
        text.remove_suffix(1);
    return text;
}

// A pid or tid as the trace writes it ("0", "stream 7"), without its
// quotes, cut at 64 bytes: the name of a lane.
inline QString unquotedId(std::string_view text)
{
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
        text = text.substr(1, text.size() - 2);
    return toQString(text.substr(0, 64));
}

} // namespace Ridgeline
