#include "engine/libraryops/models/shapechecks.h"

#include <algorithm>

namespace Ridgeline {

QString argName(QStringView role, int i)
{
    return QStringLiteral("%1 (argument %2)").arg(role).arg(i);
}

std::optional<Shape> broadcastShapes(const Shape& a, const Shape& b)
{
    Shape out(std::max(a.size(), b.size()));
    for (size_t i = 0; i < out.size(); ++i) {
        const std::int64_t x = i < a.size() ? a[a.size() - 1 - i] : 1;
        const std::int64_t y = i < b.size() ? b[b.size() - 1 - i] : 1;
        if (x != y && x != 1 && y != 1)
            return std::nullopt;
        out[out.size() - 1 - i] = x == 1 ? y : x;
    }
    return out;
}

QString belowLeast(const std::vector<std::int64_t>& values, std::int64_t least, QStringView role, int i)
{
    const auto low = std::find_if(values.begin(), values.end(), [least](std::int64_t v) { return v < least; });
    if (low == values.end())
        return {};
    return QStringLiteral("%1 %2 has %3, below %4").arg(argName(role, i), shapeText(values)).arg(*low).arg(least);
}

QString disagreement(QStringView what, std::int64_t a, QStringView roleA, int argA, const Shape& shapeA, std::int64_t b, QStringView roleB,
    int argB, const Shape& shapeB)
{
    if (a == b)
        return {};
    return QStringLiteral("%1 of %2 %3 is %4, of %5 %6 %7")
        .arg(what, argName(roleA, argA), shapeText(shapeA))
        .arg(a)
        .arg(argName(roleB, argB), shapeText(shapeB))
        .arg(b);
}

QString notTrailingDims(const std::vector<std::int64_t>& normalized, int normalizedArg, const Shape& input, int inputArg)
{
    if (QString bad = belowLeast(normalized, 0, u"normalized_shape", normalizedArg); !bad.isEmpty())
        return bad;
    if (normalized.size() <= input.size()
        && std::equal(normalized.begin(), normalized.end(), input.end() - std::ptrdiff_t(normalized.size())))
        return {};
    return QStringLiteral("%1 %2 is not the trailing dims of the input %3 %4")
        .arg(argName(u"normalized_shape", normalizedArg), shapeText(normalized), argName(u"x", inputArg), shapeText(input));
}

} // namespace Ridgeline
