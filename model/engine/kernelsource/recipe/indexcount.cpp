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
    return Span { std::min(*a, *b), std::max(*a, *b) };
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

std::int64_t gcd(std::int64_t a, std::int64_t b)
{
    a = a < 0 ? -a : a; // callers pass |values| below 2^62
    b = b < 0 ? -b : b;
    while (b != 0) {
        const std::int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

bool sameTerm(const Term& a, const Term& b)
{
    return a.digit == b.digit && a.coefficient == b.coefficient && a.lo == b.lo && a.hi == b.hi;
}

} // namespace

Count countUnion(const std::vector<Box>& input)
{
    // The same access twice (a value read in two reduction loops) is one
    // set; a box with an empty range touches nothing.
    std::vector<std::pair<std::vector<std::int64_t>, size_t>> keys;
    keys.reserve(input.size());
    for (size_t b = 0; b < input.size(); ++b) {
        std::vector<std::int64_t> k { input[b].constant, std::int64_t(input[b].terms.size()) };
        bool empty = false;
        for (const Term& t : input[b].terms) {
            k.insert(k.end(), { t.digit, t.coefficient, t.lo, t.hi });
            empty = empty || t.hi <= t.lo;
        }
        if (!empty)
            keys.emplace_back(std::move(k), b);
    }
    std::sort(keys.begin(), keys.end());
    std::vector<Box> boxes;
    for (size_t k = 0; k < keys.size(); ++k) {
        if (k == 0 || keys[k].first != keys[k - 1].first)
            boxes.push_back(input[keys[k].second]);
    }
    if (boxes.empty()) {
        Count none;
        none.unique = 0;
        return none;
    }
    // Coefficients and constants below 2^62 keep every difference and gcd
    // below in range; the sums are checked.
    const std::int64_t limit = std::int64_t(1) << 62;
    for (const Box& box : boxes) {
        bool tooLarge = box.constant == INT64_MIN || std::abs(box.constant) > limit;
        for (const Term& t : box.terms)
            tooLarge = tooLarge || t.coefficient == INT64_MIN || std::abs(t.coefficient) > limit;
        if (tooLarge) {
            Count overflow;
            overflow.why = QStringLiteral("an index past 64 bits");
            return overflow;
        }
    }
    // The digits every box has with the same coefficient and range.
    std::vector<Term> shared;
    for (const Term& t : boxes.front().terms) {
        const bool everywhere = std::all_of(boxes.begin() + 1, boxes.end(),
            [&](const Box& b) { return std::any_of(b.terms.begin(), b.terms.end(), [&](const Term& u) { return sameTerm(u, t); }); });
        if (everywhere)
            shared.push_back(t);
    }
    std::sort(shared.begin(), shared.end(), [](const Term& a, const Term& b) { return std::abs(a.coefficient) < std::abs(b.coefficient); });

    // Shared digits below everything else: when the rest's values all agree
    // modulo g and these digits reach less than g (a channels-last window's
    // channel digit under its strided pixels), they multiply the count.
    size_t low = 0;
    std::int64_t lowReach = 0;
    std::int64_t lowMin = 0;
    std::int64_t lowMax = 0;
    for (size_t k = 1; k <= shared.size(); ++k) {
        std::int64_t reach = 0, lo = 0, hi = 0;
        bool separated = true;
        for (size_t j = 0; j < k && separated; ++j) {
            const std::optional<Span> span = termSpan(shared[j]);
            separated = span && std::abs(shared[j].coefficient) > reach;
            const std::optional<std::int64_t> r = separated ? checkedAdd(reach, span->high - span->low) : std::nullopt;
            const std::optional<std::int64_t> l = separated ? checkedAdd(lo, span->low) : std::nullopt;
            const std::optional<std::int64_t> h = separated ? checkedAdd(hi, span->high) : std::nullopt;
            separated = r && l && h;
            if (separated) {
                reach = *r;
                lo = *l;
                hi = *h;
            }
        }
        if (!separated)
            break;
        std::int64_t g = 0;
        for (const Box& box : boxes) {
            g = gcd(g, box.constant - boxes.front().constant);
            for (const Term& t : box.terms) {
                if (std::none_of(shared.begin(), shared.begin() + std::ptrdiff_t(k), [&](const Term& s) { return sameTerm(s, t); }))
                    g = gcd(g, t.coefficient);
            }
        }
        if (g != 0 && reach >= g)
            break;
        low = k;
        lowReach = reach;
        lowMin = lo;
        lowMax = hi;
    }
    std::vector<Box> rest = boxes;
    for (Box& box : rest) {
        box.terms.erase(std::remove_if(box.terms.begin(), box.terms.end(),
                            [&](const Term& t) {
                                return std::any_of(
                                    shared.begin(), shared.begin() + std::ptrdiff_t(low), [&](const Term& s) { return sameTerm(s, t); });
                            }),
            box.terms.end());
    }
    const std::optional<std::int64_t> lowCount = extentProduct(std::vector<Term>(shared.begin(), shared.begin() + std::ptrdiff_t(low)));
    shared.erase(shared.begin(), shared.begin() + std::ptrdiff_t(low));

    // Shared digits whose strides reach into what lies below them join the
    // residual (enumerated exactly); the rest must each clear the reach of
    // everything below, and multiply the count.
    size_t moved = 0;
    while (true) {
        std::vector<Box> residual;
        residual.reserve(rest.size());
        for (const Box& box : rest) {
            Box part;
            part.constant = box.constant;
            for (const Term& t : box.terms) {
                if (std::none_of(shared.begin() + std::ptrdiff_t(moved), shared.end(), [&](const Term& s) { return sameTerm(s, t); }))
                    part.terms.push_back(t);
            }
            residual.push_back(std::move(part));
        }
        const Count below = enumerateUnion(residual);
        if (!below.unique)
            return below;
        std::int64_t reach = below.max - below.min + lowReach;
        std::int64_t lowest = below.min + lowMin;
        std::int64_t highest = below.max + lowMax;
        size_t overlapping = shared.size();
        for (size_t k = moved; k < shared.size(); ++k) {
            const std::optional<Span> span = termSpan(shared[k]);
            const std::optional<std::int64_t> r = span ? checkedAdd(reach, span->high - span->low) : std::nullopt;
            const std::optional<std::int64_t> l = span ? checkedAdd(lowest, span->low) : std::nullopt;
            const std::optional<std::int64_t> h = span ? checkedAdd(highest, span->high) : std::nullopt;
            if (!r || !l || !h) {
                Count overflow;
                overflow.why = QStringLiteral("an index past 64 bits");
                return overflow;
            }
            if (std::abs(shared[k].coefficient) <= reach) {
                overlapping = k;
                break;
            }
            reach = *r;
            lowest = *l;
            highest = *h;
        }
        if (overlapping < shared.size()) {
            moved = overlapping + 1; // it and every smaller stride are enumerated
            continue;
        }
        Count count;
        const std::optional<std::int64_t> product = extentProduct(std::vector<Term>(shared.begin() + std::ptrdiff_t(moved), shared.end()));
        const std::optional<std::int64_t> withLow = product && lowCount ? checkedMul(*product, *lowCount) : std::nullopt;
        count.unique = withLow ? checkedMul(*withLow, *below.unique) : std::nullopt;
        if (!count.unique)
            count.why = QStringLiteral("an element count past 64 bits");
        count.min = lowest;
        count.max = highest;
        return count;
    }
}

} // namespace Ridgeline::IndexCount
