#include "engine/input/prefilter/eventprefilter.h"

#include "engine/input/jsontext.h"
#include "engine/input/records/hostspans.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <iterator>
#include <optional>

namespace Ridgeline {

namespace {

bool contains(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

// The event's own ph, cat and name read straight from its text, where that
// is certain: from the leading "key": value pairs, up to the first nested
// value (args), a backslash or anything unexpected. A field not found there
// is unknown, and an unknown field never drops an event.
struct LeadingFields
{
    std::optional<std::string_view> ph, cat, name;
    std::optional<double> dur;
};

// A number's text, as JSON writes it; nullopt for anything else.
std::optional<double> jsonNumber(std::string_view text)
{
    while (!text.empty() && isJsonSpace(text.back()))
        text.remove_suffix(1);
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

LeadingFields leadingFields(std::string_view json)
{
    LeadingFields fields;
    const size_t n = json.size();
    size_t i = 1; // after '{'
    auto skipSpace = [&] {
        while (i < n && isJsonSpace(json[i]))
            ++i;
    };
    auto stringEnd = [&](size_t from) { // the closing quote, or npos when escaped or unclosed
        const void* quote = std::memchr(json.data() + from, '"', n - from);
        if (!quote)
            return std::string_view::npos;
        const size_t end = size_t(static_cast<const char*>(quote) - json.data());
        return std::memchr(json.data() + from, '\\', end - from) ? std::string_view::npos : end;
    };
    // Stops as soon as mayUse can decide: a flow needs its ph, a runtime
    // call its name, any other category nothing more (python_function
    // events, most of a trace, are decided at their second field).
    auto enough = [&] {
        if (!fields.cat)
            return false;
        const bool needsPh = *fields.cat == "ac2g";
        const bool needsName = *fields.cat == "cuda_runtime" || *fields.cat == "cuda_driver";
        const bool needsDur = *fields.cat == "python_function"; // kept only when long enough
        return (!needsPh || fields.ph) && (!needsName || fields.name) && (!needsDur || fields.dur);
    };
    for (int pair = 0; pair < 32 && !enough(); ++pair) {
        skipSpace();
        if (i >= n || json[i] != '"')
            break;
        const size_t keyEnd = stringEnd(i + 1);
        if (keyEnd == std::string_view::npos)
            break;
        const std::string_view key = json.substr(i + 1, keyEnd - i - 1);
        i = keyEnd + 1;
        skipSpace();
        if (i >= n || json[i] != ':')
            break;
        ++i;
        skipSpace();
        if (i >= n)
            break;
        if (json[i] == '"') {
            const size_t valueEnd = stringEnd(i + 1);
            if (valueEnd == std::string_view::npos)
                break;
            const std::string_view value = json.substr(i + 1, valueEnd - i - 1);
            if (key == "ph")
                fields.ph = value;
            else if (key == "cat")
                fields.cat = value;
            else if (key == "name")
                fields.name = value;
            i = valueEnd + 1;
        } else if (json[i] == '{' || json[i] == '[') {
            break;
        } else {
            const size_t valueBegin = i;
            while (i < n && json[i] != ',' && json[i] != '}')
                ++i;
            if (key == "dur")
                fields.dur = jsonNumber(json.substr(valueBegin, i - valueBegin));
        }
        skipSpace();
        if (i >= n || json[i] != ',')
            break;
        ++i;
    }
    return fields;
}

} // namespace

bool isLaunch(std::string_view name)
{
    return name.find("LaunchKernel") != std::string_view::npos || name.find("GraphLaunch") != std::string_view::npos
        || name.find("LaunchCooperativeKernel") != std::string_view::npos;
}

// The runtime calls the analysis keeps: launches, capture bounds, and the
// copies a graph capture may hold.
bool isCaptureMarker(std::string_view name)
{
    return contains(name, "StreamBeginCapture") || contains(name, "StreamEndCapture");
}

bool isCopy(std::string_view name)
{
    return contains(name, "Memcpy") || contains(name, "Memset");
}

bool isKeptRuntimeCall(std::string_view name)
{
    return isLaunch(name) || isCaptureMarker(name) || isCopy(name) || HostSpans::isSyncCall(name);
}

bool mayBeUsed(std::string_view json)
{
    // Most of a trace's bytes are python_function events and runtime calls
    // the analysis never uses: reading a field or two from the text skips
    // their full decode. Anything unusual falls through to the real parser.
    const LeadingFields fields = leadingFields(json);
    const auto& cat = fields.cat;
    if (!cat)
        return true;
    // A flow's end says which thread ran a kernel; its start, whether
    // TraceLens links the call to its GPU work.
    if (*cat == "ac2g")
        return !fields.ph || *fields.ph == "f" || *fields.ph == "s";
    if (*cat == "cuda_runtime" || *cat == "cuda_driver")
        return !fields.name || isKeptRuntimeCall(*fields.name);
    if (*cat == "python_function")
        return !fields.dur || *fields.dur >= HostSpans::minFrameUs;
    static constexpr std::string_view used[] = { "cpu_op", "kernel", "gpu_memcpy", "gpu_memset", "user_annotation", "gpu_user_annotation" };
    return std::find(std::begin(used), std::end(used), *cat) != std::end(used);
}

} // namespace Ridgeline
