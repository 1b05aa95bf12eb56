// Stage base/: shared by every stage of the engine.
// 64-bit integer arithmetic that reports overflow instead of wrapping:
// element counts come from untrusted trace text.
#pragma once

#include <QStringView>
#include <cstdint>
#include <optional>

namespace Ridgeline {

inline std::optional<std::int64_t> checkedMul(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 0;
    if (__builtin_mul_overflow(a, b, &result))
        return std::nullopt;
    return result;
}

inline std::optional<std::int64_t> checkedAdd(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 0;
    if (__builtin_add_overflow(a, b, &result))
        return std::nullopt;
    return result;
}

enum class IntegerParse
{
    Ok,
    NotInteger,
    OutOfRange
};

// Strict decimal integer: optional sign, digits, nothing else ("0." and
// "False" are not integers).
inline IntegerParse parseInteger(QStringView text, std::int64_t* value)
{
    const QStringView trimmed = text.trimmed();
    qsizetype i = 0;
    if (!trimmed.isEmpty() && (trimmed[0] == u'-' || trimmed[0] == u'+'))
        i = 1;
    if (i == trimmed.size())
        return IntegerParse::NotInteger;
    for (qsizetype j = i; j < trimmed.size(); ++j) {
        if (trimmed[j] < u'0' || trimmed[j] > u'9')
            return IntegerParse::NotInteger;
    }
    bool ok = false;
    const qlonglong parsed = trimmed.toLongLong(&ok);
    if (!ok)
        return IntegerParse::OutOfRange;
    *value = parsed;
    return IntegerParse::Ok;
}

} // namespace Ridgeline
