#include "engine/kernelsource/recipe/indexcount.h"

#include "engine/base/checkedmath.h"

#include <algorithm>
#include <cstdlib>

namespace Ridgeline::IndexCount {

namespace {

struct Span
{
    std::int64_t low = 0;
    std::int64_t high = 0;
};

// c * a for a in [lo, hi): its lowest and highest value, nullopt on overflow.
std::optional<Span> termSpan(const Term& t)
{
    const std::optional<std::int64_t> a = checkedMul(t.coefficient, t.lo);
    const std::optional<std::int64_t> b = checkedMul(t.coefficient, t.hi - 1);
    if (!a || !b)
        return std::nullopt;
    return Span{std::min(*a, *b), std::max(*a, *b)};
}

std::optional<std::int64_t> extentProduct(const std::vector<Term>& terms)
{
    std::int64_t product = 1;
    for (const Term& t : terms) {
        const std::optional<std::int64_t> next = checkedMul(product, t.hi - t.lo);
        if (!next)
            return std::nullopt;
        product = *next;
    }
    return product;
}

// Appends every value of a box; false on overflow.
bool enumerate(const Box& box, std::vector<std::int64_t>* out)
{
    std::vector<std::int64_t> digit(box.terms.size());
    for (size_t k = 0; k < box.terms.size(); ++k)
        digit[k] = box.terms[k].lo;
    while (true) {
        std::int64_t value = box.constant;
        for (size_t k = 0; k < box.terms.size(); ++k) {
            const std::optional<std::int64_t> product = checkedMul(box.terms[k].coefficient, digit[k]);
            const std::optional<std::int64_t> sum = product ? checkedAdd(value, *product) : std::nullopt;
            if (!sum)
                return false;
            value = *sum;
        }
        out->push_back(value);
        size_t k = 0;
        for (; k < box.terms.size(); ++k) {
            if (++digit[k] < box.terms[k].hi)
                break;
            digit[k] = box.terms[k].lo;
        }
        if (k == box.terms.size())
            return true;
    }
}

// One box whose strides, sorted, each exceed the reach of those below it:
// every combination is a distinct address.
Count countSeparated(const Box& box)
{
    std::vector<Term> terms = box.terms;
    std::sort(terms.begin(), terms.end(), [](const Term& a, const Term& b) { return std::abs(a.coefficient) < std::abs(b.coefficient); });
    Count count;
    std::int64_t reach = 0;
    std::int64_t low = box.constant;
    std::int64_t high = box.constant;
    for (const Term& t : terms) {
        const std::optional<Span> span = termSpan(t);
        if (!span || t.coefficient == INT64_MIN) {
            count.why = QStringLiteral("an index past 64 bits");
            return count;
        }
        if (std::abs(t.coefficient) <= reach) {
            count.why = QStringLiteral("strides that overlap (%1 within a reach of %2) over more than %3 lanes")
                            .arg(std::abs(t.coefficient))
                            .arg(reach)
                            .arg(maxEnumerated);
            return count;
        }
        const std::optional<std::int64_t> r = checkedAdd(reach, span->high - span->low);
        const std::optional<std::int64_t> l = checkedAdd(low, span->low);
        const std::optional<std::int64_t> h = checkedAdd(high, span->high);
        if (!r || !l || !h) {
            count.why = QStringLiteral("an index past 64 bits");
            return count;
        }
        reach = *r;
        low = *l;
        high = *h;
    }
    count.unique = extentProduct(terms);
    if (!count.unique)
        count.why = QStringLiteral("an element count past 64 bits");
    count.min = low;
    count.max = high;
    return count;
}

Count enumerateUnion(const std::vector<Box>& boxes)
{
    Count count;
    std::int64_t total = 0;
    for (const Box& box : boxes) {
        const std::optional<std::int64_t> size = extentProduct(box.terms);
        const std::optional<std::int64_t> sum = size ? checkedAdd(total, *size) : std::nullopt;
        if (!sum || *sum > maxEnumerated) {
            if (boxes.size() == 1)
                return countSeparated(box);
            count.why = QStringLiteral("%1 accesses whose index parts differ over more than %2 lanes").arg(boxes.size()).arg(maxEnumerated);
            return count;
        }
        total = *sum;
    }
    std::vector<std::int64_t> values;
    values.reserve(size_t(total));
    for (const Box& box : boxes) {
        if (!enumerate(box, &values)) {
            count.why = QStringLiteral("an index past 64 bits");
            return count;
        }
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    count.unique = std::int64_t(values.size());
    count.min = values.empty() ? 0 : values.front();
    count.max = values.empty() ? 0 : values.back();
    return count;
}

} // namespace

Count countUnion(const std::vector<Box>& boxes)
{
    if (boxes.empty()) {
        Count none;
        none.unique = 0;
        return none;
    }
    // The digits every box has with the same coefficient and range.
    std::vector<Term> shared;
    for (const Term& t : boxes.front().terms) {
        bool everywhere = true;
        for (size_t b = 1; b < boxes.size() && everywhere; ++b) {
            everywhere = std::any_of(boxes[b].terms.begin(), boxes[b].terms.end(), [&](const Term& u) {
                return u.digit == t.digit && u.coefficient == t.coefficient && u.lo == t.lo && u.hi == t.hi;
            });
        }
        if (everywhere)
            shared.push_back(t);
    }
    std::vector<Box> residual;
    residual.reserve(boxes.size());
    for (const Box& box : boxes) {
        Box rest;
        rest.constant = box.constant;
        for (const Term& t : box.terms) {
            if (std::none_of(shared.begin(), shared.end(), [&](const Term& s) { return s.digit == t.digit; }))
                rest.terms.push_back(t);
        }
        residual.push_back(std::move(rest));
    }
    Count below = enumerateUnion(residual);
    if (!below.unique)
        return shared.empty() ? below : enumerateUnion(boxes);
    // The shared digits on top of what the residual reaches.
    Box top;
    top.constant = 0;
    top.terms = shared;
    std::sort(top.terms.begin(), top.terms.end(), [](const Term& a, const Term& b) { return std::abs(a.coefficient) < std::abs(b.coefficient); });
    std::int64_t reach = below.max - below.min;
    std::int64_t low = below.min;
    std::int64_t high = below.max;
    for (const Term& t : top.terms) {
        const std::optional<Span> span = termSpan(t);
        if (!span || t.coefficient == INT64_MIN || std::abs(t.coefficient) <= reach)
            return enumerateUnion(boxes); // overlapping strides: exactly, when small enough
        const std::optional<std::int64_t> r = checkedAdd(reach, span->high - span->low);
        const std::optional<std::int64_t> l = checkedAdd(low, span->low);
        const std::optional<std::int64_t> h = checkedAdd(high, span->high);
        if (!r || !l || !h) {
            Count overflow;
            overflow.why = QStringLiteral("an index past 64 bits");
            return overflow;
        }
        reach = *r;
        low = *l;
        high = *h;
    }
    Count count;
    const std::optional<std::int64_t> product = extentProduct(shared);
    count.unique = product ? checkedMul(*product, *below.unique) : std::nullopt;
    if (!count.unique)
        count.why = QStringLiteral("an element count past 64 bits");
    count.min = low;
    count.max = high;
    return count;
}

} // namespace Ridgeline::IndexCount
