#include "engine/input/prefilter/eventprefilter.h"

#include "engine/input/jsontext.h"
#include "engine/input/records/hostspans.h"

#include <algorithm>
#include <charconv>
#include <cmath>
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
    std::optional<bool> frameLongEnough; // dur >= HostSpans::minFrameUs, read for python_function frames
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

bool longEnoughForAFrame(double dur)
{
    return dur >= HostSpans::minFrameUs;
}

// Whether a number's text is at least minFrameUs (10), mostly told by its
// digits: a plain decimal (no sign, exponent or leading zero) is when it
// has two or more integer digits. Other forms are parsed; nullopt for no number.
std::optional<bool> numberAtLeastTen(std::string_view text)
{
    static_assert(HostSpans::minFrameUs == 10.0, "the digit count below stands for >= 10");
    const auto digitsFrom = [&](size_t from) {
        size_t end = from;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9')
            ++end;
        return end;
    };
    const size_t digits = digitsFrom(0);
    const bool fraction = digits < text.size() && text[digits] == '.';
    const size_t end = fraction ? digitsFrom(digits + 1) : digits;
    const bool plain = digits > 0 && end == text.size() && (!fraction || end > digits + 1) && (text[0] != '0' || digits == 1);
    if (plain)
        return digits >= 2;
    if (const auto number = jsonNumber(text))
        return longEnoughForAFrame(*number);
    return std::nullopt;
}

// A python_function frame's dur, straight from the text after its cat.
// Kineto writes `"dur": <number>, "args": {` with a flat name, pid, tid and
// ts before: the first brace (one SIMD search) is the args', and the dur is
// read backwards from it. Taken only where that layout is certain (nothing
// else can match it outside a string); nullopt otherwise, and the fields
// are read one by one.
std::optional<bool> frameLongEnoughAhead(std::string_view rest)
{
    const void* brace = std::memchr(rest.data(), '{', rest.size());
    if (!brace)
        return std::nullopt;
    size_t i = size_t(static_cast<const char*>(brace) - rest.data());
    const auto skipSpaceBack = [&] {
        while (i > 0 && isJsonSpace(rest[i - 1]))
            --i;
    };
    const auto expectBack = [&](std::string_view text) {
        skipSpaceBack();
        if (i < text.size() || rest.substr(i - text.size(), text.size()) != text)
            return false;
        i -= text.size();
        return true;
    };
    if (!expectBack(":") || !expectBack("\"args\"") || !expectBack(","))
        return std::nullopt;
    skipSpaceBack();
    const size_t numberEnd = i;
    while (i > 0 && rest[i - 1] != ':' && !isJsonSpace(rest[i - 1]) && rest[i - 1] != '"')
        --i;
    const std::string_view number = rest.substr(i, numberEnd - i);
    if (!expectBack(":") || !expectBack("\"dur\""))
        return std::nullopt;
    skipSpaceBack();
    if (i == 0 || rest[i - 1] != ',')
        return std::nullopt;
    return numberAtLeastTen(number);
}

// Hands `visit` the event's leading "key": value pairs in order, up to the
// first nested value (args), a backslash or anything unexpected: (key, the
// value's text, unquoted for a string, whether it was quoted, where the
// text after it begins), from `start` (after the '{', or after pairs
// already known). Stops when `visit` returns false.
template <typename Visit> void forEachLeadingField(std::string_view json, Visit&& visit, size_t start = 1)
{
    const size_t n = json.size();
    size_t i = start;
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
    for (int pair = 0; pair < 32; ++pair) {
        skipSpace();
        if (i >= n || json[i] != '"')
            return;
        const size_t keyEnd = stringEnd(i + 1);
        if (keyEnd == std::string_view::npos)
            return;
        const std::string_view key = json.substr(i + 1, keyEnd - i - 1);
        i = keyEnd + 1;
        skipSpace();
        if (i >= n || json[i] != ':')
            return;
        ++i;
        skipSpace();
        if (i >= n)
            return;
        std::string_view value;
        const bool quoted = json[i] == '"';
        if (quoted) {
            const size_t valueEnd = stringEnd(i + 1);
            if (valueEnd == std::string_view::npos)
                return;
            value = json.substr(i + 1, valueEnd - i - 1);
            i = valueEnd + 1;
        } else if (json[i] == '{' || json[i] == '[') {
            return;
        } else {
            const size_t valueBegin = i;
            while (i < n && json[i] != ',' && json[i] != '}')
                ++i;
            value = trimmedJson(json.substr(valueBegin, i - valueBegin));
        }
        skipSpace();
        if (i >= n || json[i] != ',')
            return visit(key, value, quoted, i), void();
        ++i;
        if (!visit(key, value, quoted, i))
            return;
    }
}

LeadingFields leadingFields(std::string_view json)
{
    LeadingFields fields;
    // Stops as soon as mayUse can decide: a flow needs its ph, a runtime
    // call its name, a frame its dur, any other category nothing more.
    auto enough = [&] {
        if (!fields.cat)
            return false;
        const bool needsPh = *fields.cat == "ac2g";
        const bool needsName = *fields.cat == "cuda_runtime" || *fields.cat == "cuda_driver";
        const bool needsDur = *fields.cat == "python_function"; // kept only when long enough
        return (!needsPh || fields.ph) && (!needsName || fields.name) && (!needsDur || fields.frameLongEnough);
    };
    bool lookedAhead = false;
    forEachLeadingField(json, [&](std::string_view key, std::string_view value, bool quoted, size_t next) {
        if (quoted && key == "ph")
            fields.ph = value;
        else if (quoted && key == "cat")
            fields.cat = value;
        else if (quoted && key == "name")
            fields.name = value;
        else if (!quoted && key == "dur") {
            if (const auto dur = jsonNumber(value))
                fields.frameLongEnough = longEnoughForAFrame(*dur);
        }
        // A frame's dur is fields ahead of its cat: found straight away
        // (most of a trace's events are frames), else read field by field.
        if (!lookedAhead && fields.cat && *fields.cat == "python_function" && !fields.frameLongEnough) {
            lookedAhead = true;
            fields.frameLongEnough = frameLongEnoughAhead(json.substr(next));
        }
        return !enough();
    });
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
    // A frame as Kineto writes it: its dur straight away.
    if (beginsAsKinetoFrame(json)) {
        if (const std::optional<bool> longEnough = frameLongEnoughAhead(json.substr(kinetoFramePrefix.size())))
            return *longEnough;
    }
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
        return fields.frameLongEnough.value_or(true);
    static constexpr std::string_view used[] = { "cpu_op", "kernel", "gpu_memcpy", "gpu_memset", "user_annotation", "gpu_user_annotation" };
    return std::find(std::begin(used), std::end(used), *cat) != std::end(used);
}

std::optional<PlainFrame> plainFrame(std::string_view json)
{
    PlainFrame frame;
    enum Field : unsigned
    {
        Ph = 1,
        Cat = 2,
        Name = 4,
        Pid = 8,
        Tid = 16,
        Ts = 32,
        Dur = 64,
        All = 127
    };
    unsigned seen = 0;
    bool doubt = false;
    // Kineto's beginning read once: the rest from there.
    const bool kineto = beginsAsKinetoFrame(json);
    if (kineto) {
        frame.ph = "X";
        seen = Ph | Cat;
    }
    forEachLeadingField(
        json,
        [&](std::string_view key, std::string_view value, bool quoted, size_t) {
            const auto take = [&](Field field) {
                doubt = doubt || (seen & field);
                seen |= field;
            };
            const std::string_view token = quoted ? std::string_view(value.data() - 1, value.size() + 2) : value;
            const auto number = [&](double* out) {
                const std::optional<double> parsed = quoted ? std::nullopt : jsonNumber(value);
                doubt = doubt || !parsed || !std::isfinite(*parsed);
                if (parsed)
                    *out = *parsed;
            };
            if (key == "ph") {
                take(Ph);
                doubt = doubt || !quoted;
                frame.ph = value;
            } else if (key == "cat") {
                take(Cat);
                doubt = doubt || !quoted || value != "python_function";
            } else if (key == "name") {
                take(Name);
                doubt = doubt || !quoted;
                frame.name = value;
            } else if (key == "pid") {
                take(Pid);
                frame.pid = token;
            } else if (key == "tid") {
                take(Tid);
                frame.tid = token;
            } else if (key == "ts") {
                take(Ts);
                number(&frame.ts);
            } else if (key == "dur") {
                take(Dur);
                number(&frame.dur);
            }
            return !doubt && seen != All;
        },
        kineto ? kinetoFramePrefix.size() : 1);
    if (doubt || seen != All)
        return std::nullopt;
    return frame;
}

} // namespace Ridgeline
