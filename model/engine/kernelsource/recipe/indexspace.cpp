#include "engine/kernelsource/recipe/indexspace.h"

#include "engine/base/checkedmath.h"

#include <QSet>
#include <algorithm>

namespace Ridgeline::KernelIndex {

using KernelSourceText::ExprNode;
using Kind = ExprNode::Kind;

namespace {

constexpr int maxNameDepth = 64; // names resolved through names: a cycle or a chain stops here

// "xindex" -> "x", "r0_index" and "rindex" -> "r0"; empty for anything else.
QString baseKey(QStringView name)
{
    if (!name.endsWith(u"index"))
        return {};
    const QStringView prefix = name.chopped(5);
    if (prefix == u"x" || prefix == u"y" || prefix == u"z")
        return prefix.toString();
    if (prefix == u"r" || prefix == u"r0_")
        return QStringLiteral("r0");
    if (prefix.size() == 3 && prefix[0] == u'r' && prefix[1].isDigit() && prefix[2] == u'_')
        return prefix.chopped(1).toString();
    return {};
}

// "xmask", "r0_mask", "rmask": the numel's bound, no narrowing.
bool isBoundMask(QStringView name, bool* reduction)
{
    if (!name.endsWith(u"mask"))
        return false;
    const QStringView prefix = name.chopped(4);
    *reduction = prefix.startsWith(u'r');
    return prefix == u"x" || prefix == u"y" || prefix == u"z" || prefix == u"r" || prefix == u"r0_" || prefix == u"r1_";
}

QString numelName(const QString& key)
{
    if (key == u"r0")
        return QStringLiteral("r0_numel");
    return key + (key.startsWith(u'r') ? QStringLiteral("_numel") : QStringLiteral("numel"));
}

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return -floorDiv(-a, b);
}

} // namespace

IndexSpace::IndexSpace(const KernelRecipe& recipe, SymbolValue value, std::function<bool(const QString&)> hinted)
    : r_(recipe)
    , value_(std::move(value))
    , hinted_(std::move(hinted))
{ }

int IndexSpace::findBase(QStringView name) const
{
    const QString key = baseKey(name);
    if (key.isEmpty())
        return -1;
    for (size_t b = 0; b < bases_.size(); ++b) {
        if (bases_[b].key == key)
            return int(b);
    }
    return -1;
}

void IndexSpace::build(const std::vector<int>& roots)
{
    // Every node the expressions reach, through the names they use.
    std::vector<int> reached;
    QSet<QString> followed;
    std::vector<int> stack(roots.begin(), roots.end());
    while (!stack.empty()) {
        const int id = stack.back();
        stack.pop_back();
        if (id < 0)
            continue;
        reached.push_back(id);
        const ExprNode& n = r_.arena.node(id);
        if (n.kind == Kind::Name) {
            const QString name = r_.text(id).toString();
            const QString key = baseKey(name);
            if (!key.isEmpty()) {
                if (findBase(name) < 0) {
                    BaseSpace base;
                    base.key = key;
                    base.reduction = key.startsWith(u'r');
                    base.numel = value_(numelName(key));
                    if (!base.numel && key == u"r0")
                        base.numel = value_(QStringLiteral("rnumel"));
                    if (!base.numel)
                        base.why = QStringLiteral("%1's numel has no value (symbolic, and no launch input gives it)").arg(key);
                    else if (*base.numel <= 0)
                        base.why = QStringLiteral("%1's numel is %2").arg(key).arg(*base.numel);
                    bases_.push_back(base);
                    breakpoints_.push_back({ 1 });
                }
                continue;
            }
            if (!followed.contains(name) && !value_(name) && !r_.loadOrigin.contains(name)) {
                followed.insert(name);
                stack.push_back(r_.assigned.value(name, -1));
            }
            continue;
        }
        for (std::uint32_t k = 0; k < n.childCount; ++k)
            stack.push_back(r_.arena.child(id, k));
    }
    for (int id : reached) {
        const std::optional<Spec> spec = specOf(id, 0);
        if (!spec)
            continue;
        auto& points = breakpoints_[size_t(spec->base)];
        points.push_back(spec->div);
        if (spec->mod > 0) {
            const std::optional<std::int64_t> top = checkedMul(spec->div, spec->mod);
            if (!top)
                bases_[size_t(spec->base)].why = QStringLiteral("an index variable past 64 bits");
            else
                points.push_back(*top);
        }
    }
    for (size_t b = 0; b < bases_.size(); ++b) {
        BaseSpace& base = bases_[b];
        if (!base.why.isEmpty())
            continue;
        std::vector<std::int64_t> points;
        for (std::int64_t p : breakpoints_[b]) {
            if (p == 1 || p < *base.numel)
                points.push_back(p);
        }
        std::sort(points.begin(), points.end());
        points.erase(std::unique(points.begin(), points.end()), points.end());
        for (size_t k = 1; k < points.size() && base.why.isEmpty(); ++k) {
            if (points[k] % points[k - 1] != 0)
                base.why = QStringLiteral("%1index's variables do not nest (digits of %2 and %3)")
                               .arg(base.key)
                               .arg(points[k - 1])
                               .arg(points[k]);
        }
        if (base.why.isEmpty() && *base.numel % points.back() != 0 && hinted_(numelName(base.key)) && *base.numel > points.back())
            base.numel = *base.numel / points.back() * points.back(); // a power-of-two hint, not a count: whole rows of it
        if (base.why.isEmpty() && *base.numel % points.back() != 0)
            base.why = QStringLiteral("%1numel %2 is not a multiple of the digit %3: its lanes are not a box")
                           .arg(base.key)
                           .arg(*base.numel)
                           .arg(points.back());
        if (!base.why.isEmpty())
            continue;
        for (size_t k = 0; k < points.size(); ++k) {
            const std::int64_t next = k + 1 < points.size() ? points[k + 1] : *base.numel;
            digits_.push_back({ int(b), points[k], next / points[k] });
        }
    }
    breakpoints_.clear();
}

std::optional<std::int64_t> IndexSpace::constOf(int node, int depth) const
{
    if (node < 0 || depth > maxNameDepth)
        return std::nullopt;
    const ExprNode& n = r_.arena.node(node);
    switch (n.kind) {
    case Kind::Int:
        return n.value;
    case Kind::Name: {
        const QString name = r_.text(node).toString();
        if (!baseKey(name).isEmpty() || r_.loadOrigin.contains(name))
            return std::nullopt;
        if (const std::optional<std::int64_t> v = value_(name))
            return v;
        // Each name once: temporaries built from earlier ones twice over
        // would otherwise be walked exponentially often.
        if (const auto it = constMemo_.constFind(name); it != constMemo_.cend())
            return *it;
        constMemo_.insert(name, std::nullopt); // a cycle reads as no value
        const std::optional<std::int64_t> v = constOf(r_.assigned.value(name, -1), depth + 1);
        constMemo_.insert(name, v);
        return v;
    }
    case Kind::Neg: {
        const std::optional<std::int64_t> v = constOf(r_.arena.child(node, 0), depth + 1);
        return v && *v != INT64_MIN ? std::optional<std::int64_t>(-*v) : std::nullopt;
    }
    case Kind::Sum:
    case Kind::Product: {
        std::int64_t acc = n.kind == Kind::Sum ? 0 : 1;
        for (std::uint32_t k = 0; k < n.childCount; ++k) {
            const std::optional<std::int64_t> v = constOf(r_.arena.child(node, k), depth + 1);
            const std::optional<std::int64_t> next = !v ? std::nullopt : n.kind == Kind::Sum ? checkedAdd(acc, *v) : checkedMul(acc, *v);
            if (!next)
                return std::nullopt;
            acc = *next;
        }
        return acc;
    }
    case Kind::FloorDiv:
    case Kind::Mod: {
        const std::optional<std::int64_t> a = constOf(r_.arena.child(node, 0), depth + 1);
        const std::optional<std::int64_t> b = constOf(r_.arena.child(node, 1), depth + 1);
        if (!a || !b || *b == 0 || (*a == INT64_MIN && *b == -1))
            return std::nullopt;
        return n.kind == Kind::FloorDiv ? floorDiv(*a, *b) : *a - floorDiv(*a, *b) * *b;
    }
    case Kind::Call: // tl.full([XBLOCK], 64, tl.int64); tl.zeros([XBLOCK], tl.int32) in PyTorch 2.0's indices
        if (n.childCount >= 3 && r_.text(r_.arena.child(node, 0)) == u"tl.full")
            return constOf(r_.arena.child(node, 2), depth + 1);
        if (r_.text(r_.arena.child(node, 0)) == u"tl.zeros")
            return 0;
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

std::optional<IndexSpace::Spec> IndexSpace::specOf(int node, int depth) const
{
    if (node < 0 || depth > maxNameDepth)
        return std::nullopt;
    const ExprNode& n = r_.arena.node(node);
    if (n.kind == Kind::Name) {
        const QString name = r_.text(node).toString();
        const int base = findBase(name);
        if (base >= 0)
            return Spec { base, 1, 0 };
        if (!baseKey(name).isEmpty() || r_.loadOrigin.contains(name) || value_(name))
            return std::nullopt;
        if (const auto it = specMemo_.constFind(name); it != specMemo_.cend())
            return *it;
        specMemo_.insert(name, std::nullopt);
        const std::optional<Spec> spec = specOf(r_.assigned.value(name, -1), depth + 1);
        specMemo_.insert(name, spec);
        return spec;
    }
    if (n.kind != Kind::FloorDiv && n.kind != Kind::Mod)
        return std::nullopt;
    std::optional<Spec> inner = specOf(r_.arena.child(node, 0), depth + 1);
    const std::optional<std::int64_t> c = constOf(r_.arena.child(node, 1), depth + 1);
    if (!inner || !c || *c <= 0)
        return std::nullopt;
    if (n.kind == Kind::FloorDiv) {
        if (inner->mod > 0 && inner->mod % *c != 0)
            return std::nullopt;
        const std::optional<std::int64_t> div = checkedMul(inner->div, *c);
        if (!div)
            return std::nullopt;
        return Spec { inner->base, *div, inner->mod > 0 ? inner->mod / *c : 0 };
    }
    if (inner->mod > 0 && inner->mod % *c != 0)
        return std::nullopt;
    return Spec { inner->base, inner->div, *c };
}

bool IndexSpace::specInto(const Spec& spec, std::int64_t scale, Linear* out, QString* why) const
{
    const BaseSpace& base = bases_[size_t(spec.base)];
    if (!base.why.isEmpty()) {
        *why = base.why;
        return false;
    }
    const std::optional<std::int64_t> top = spec.mod > 0 ? checkedMul(spec.div, spec.mod) : std::nullopt;
    for (size_t d = 0; d < digits_.size(); ++d) {
        const Digit& digit = digits_[d];
        if (digit.base != spec.base || digit.stride < spec.div || (spec.mod > 0 && top && digit.stride >= *top))
            continue;
        const std::optional<std::int64_t> c = checkedMul(scale, digit.stride / spec.div);
        const std::optional<std::int64_t> sum = c ? checkedAdd(out->coefficient[d], *c) : std::nullopt;
        if (!sum) {
            *why = QStringLiteral("an index past 64 bits");
            return false;
        }
        out->coefficient[d] = *sum;
    }
    return true;
}

bool IndexSpace::linearInto(int node, int depth, std::int64_t scale, Linear* out, QString* why) const
{
    if (depth > maxNameDepth) {
        *why = QStringLiteral("names defined through more than %1 others").arg(maxNameDepth);
        return false;
    }
    const ExprNode& n = r_.arena.node(node);
    if (const std::optional<Spec> spec = specOf(node, 0))
        return specInto(*spec, scale, out, why);
    if (const std::optional<std::int64_t> c = constOf(node, 0)) {
        const std::optional<std::int64_t> term = checkedMul(scale, *c);
        const std::optional<std::int64_t> sum = term ? checkedAdd(out->constant, *term) : std::nullopt;
        if (!sum) {
            *why = QStringLiteral("an index past 64 bits");
            return false;
        }
        out->constant = *sum;
        return true;
    }
    switch (n.kind) {
    case Kind::Name:
        return nameInto(r_.text(node).toString(), depth, scale, out, why);
    case Kind::Sum:
        for (std::uint32_t k = 0; k < n.childCount; ++k) {
            if (!linearInto(r_.arena.child(node, k), depth + 1, scale, out, why))
                return false;
        }
        return true;
    case Kind::Neg:
        if (scale == INT64_MIN) {
            *why = QStringLiteral("an index past 64 bits");
            return false;
        }
        return linearInto(r_.arena.child(node, 0), depth + 1, -scale, out, why);
    case Kind::Product: {
        int variable = -1;
        std::int64_t factor = scale;
        for (std::uint32_t k = 0; k < n.childCount; ++k) {
            const int child = r_.arena.child(node, k);
            const std::optional<std::int64_t> c = constOf(child, 0);
            if (!c) {
                if (variable >= 0) {
                    *why = QStringLiteral("a product of two variables ('%1')").arg(r_.text(node));
                    return false;
                }
                variable = child;
                continue;
            }
            const std::optional<std::int64_t> next = checkedMul(factor, *c);
            if (!next) {
                *why = QStringLiteral("an index past 64 bits");
                return false;
            }
            factor = *next;
        }
        return variable < 0 || linearInto(variable, depth + 1, factor, out, why);
    }
    case Kind::Call: {
        const int callee = r_.arena.child(node, 0);
        const ExprNode& c = r_.arena.node(callee);
        if (n.childCount >= 2 && r_.text(callee) == u"tl.broadcast_to")
            return linearInto(r_.arena.child(node, 1), depth + 1, scale, out, why);
        if (c.kind == Kind::Attribute && r_.text(callee).endsWith(u".to")) // tl.load(...).to(tl.int64)
            return linearInto(r_.arena.child(callee, 0), depth + 1, scale, out, why);
        if (c.kind == Kind::Name && r_.text(callee).endsWith(u".to")) // tmp0.to(tl.int64), read as a dotted name
            return nameInto(r_.text(callee).chopped(3).toString(), depth + 1, scale, out, why);
        *why = QStringLiteral("a call in an index ('%1')").arg(r_.text(callee));
        return false;
    }
    default:
        *why = QStringLiteral("'%1' in an index is not an affine sum of index variables").arg(r_.text(node).left(80));
        return false;
    }
}

bool IndexSpace::nameInto(const QString& name, int depth, std::int64_t scale, Linear* out, QString* why) const
{
    if (r_.loadOrigin.contains(name)) {
        out->indirect.emplace_back(name, scale);
        return true;
    }
    const int base = findBase(name);
    if (base >= 0)
        return specInto(Spec { base, 1, 0 }, scale, out, why);
    if (const std::optional<std::int64_t> c = value_(name)) {
        const std::optional<std::int64_t> term = checkedMul(scale, *c);
        const std::optional<std::int64_t> sum = term ? checkedAdd(out->constant, *term) : std::nullopt;
        if (!sum) {
            *why = QStringLiteral("an index past 64 bits");
            return false;
        }
        out->constant = *sum;
        return true;
    }
    const int definition = r_.assigned.value(name, -1);
    if (definition < 0 || !baseKey(name).isEmpty()) {
        *why = QStringLiteral("'%1' has no value").arg(name);
        return false;
    }
    // A name's sum is worked out once, then scaled where it is used.
    auto it = linearMemo_.constFind(name);
    if (it == linearMemo_.cend()) {
        linearMemo_.insert(name, { std::nullopt, QStringLiteral("'%1' is defined through itself").arg(name) });
        LinearMemo memo;
        Linear own;
        own.coefficient.assign(digits_.size(), 0);
        if (linearInto(definition, depth + 1, 1, &own, &memo.why))
            memo.linear = std::move(own);
        it = linearMemo_.insert(name, memo);
    }
    if (!it->linear) {
        *why = it->why;
        return false;
    }
    const Linear& own = *it->linear;
    bool fits = true;
    const auto add = [&](std::int64_t value, std::int64_t* into) {
        const std::optional<std::int64_t> term = checkedMul(scale, value);
        const std::optional<std::int64_t> sum = term ? checkedAdd(*into, *term) : std::nullopt;
        fits = fits && sum;
        *into = sum.value_or(0);
    };
    add(own.constant, &out->constant);
    for (size_t d = 0; d < own.coefficient.size(); ++d)
        add(own.coefficient[d], &out->coefficient[d]);
    for (const auto& [tmp, coefficient] : own.indirect) {
        std::int64_t c = 0;
        add(coefficient, &c);
        out->indirect.emplace_back(tmp, c);
    }
    if (!fits)
        *why = QStringLiteral("an index past 64 bits");
    return fits;
}

std::optional<Linear> IndexSpace::linear(int node, QString* why) const
{
    Linear out;
    out.coefficient.assign(digits_.size(), 0);
    if (node < 0)
        return out; // the pointer itself: element 0
    if (!linearInto(node, 0, 1, &out, why))
        return std::nullopt;
    return out;
}

MaskEffect IndexSpace::fullMask() const
{
    MaskEffect effect;
    for (const Digit& d : digits_)
        effect.ranges.push_back({ 0, d.extent });
    return effect;
}

bool IndexSpace::applyMask(int node, MaskEffect* effect, QString* why) const
{
    applied_.clear();
    return node < 0 || maskInto(node, 0, false, effect, why);
}

bool IndexSpace::maskInto(int node, int depth, bool negate, MaskEffect* effect, QString* why) const
{
    if (depth > maxNameDepth) {
        *why = QStringLiteral("a mask defined through more than %1 names").arg(maxNameDepth);
        return false;
    }
    const ExprNode& n = r_.arena.node(node);
    switch (n.kind) {
    case Kind::True:
    case Kind::NoneValue:
        return !negate || (*why = QStringLiteral("a mask that lets nothing through"), false);
    case Kind::BitAnd:
    case Kind::BoolAnd:
        if (negate)
            break;
        for (std::uint32_t k = 0; k < n.childCount; ++k) {
            if (!maskInto(r_.arena.child(node, k), depth + 1, false, effect, why))
                return false;
        }
        return true;
    case Kind::Invert:
    case Kind::Not:
        return maskInto(r_.arena.child(node, 0), depth + 1, !negate, effect, why);
    case Kind::Call:
        if (n.childCount >= 2 && r_.text(r_.arena.child(node, 0)) == u"tl.broadcast_to")
            return maskInto(r_.arena.child(node, 1), depth + 1, negate, effect, why);
        break;
    case Kind::Name: {
        const QString name = r_.text(node).toString();
        bool reduction = false;
        if (isBoundMask(name, &reduction)) {
            effect->touchesReduction = effect->touchesReduction || reduction;
            if (!negate)
                return true;
            break;
        }
        const int definition = r_.assigned.value(name, -1);
        if (r_.loadOrigin.contains(name) || definition < 0) {
            *why = QStringLiteral("a mask that depends on data ('%1')").arg(name);
            return false;
        }
        // A conjunct applied twice narrows nothing more: each name once.
        const QString key = negate ? u'~' + name : name;
        if (applied_.contains(key))
            return true;
        applied_.insert(key);
        return maskInto(definition, depth + 1, negate, effect, why);
    }
    case Kind::Compare: {
        Linear value;
        value.coefficient.assign(digits_.size(), 0);
        if (!linearInto(r_.arena.child(node, 0), depth + 1, 1, &value, why)
            || !linearInto(r_.arena.child(node, 1), depth + 1, -1, &value, why))
            return false;
        if (!value.indirect.empty()) {
            *why = QStringLiteral("a mask that depends on data ('%1')").arg(r_.text(node).left(80));
            return false;
        }
        // value OP 0, as c*a <= t or c*a >= t on one digit.
        ExprNode::CompareOp op = n.op;
        if (negate) {
            using Op = ExprNode::CompareOp;
            op = op == Op::Less          ? Op::GreaterEqual
                : op == Op::LessEqual    ? Op::Greater
                : op == Op::Greater      ? Op::LessEqual
                : op == Op::GreaterEqual ? Op::Less
                : op == Op::Equal        ? Op::NotEqual
                : op == Op::NotEqual     ? Op::Equal
                                         : Op::Other;
        }
        int digit = -1;
        for (size_t d = 0; d < value.coefficient.size(); ++d) {
            if (value.coefficient[d] == 0)
                continue;
            if (digit >= 0) {
                *why = QStringLiteral("a mask on a sum of index digits ('%1')").arg(r_.text(node).left(80));
                return false;
            }
            digit = int(d);
        }
        const std::int64_t c = digit >= 0 ? value.coefficient[size_t(digit)] : 0;
        const std::int64_t k = value.constant;
        if (k == INT64_MIN || k == INT64_MAX) {
            *why = QStringLiteral("an index past 64 bits");
            return false;
        }
        std::int64_t lo = INT64_MIN;
        std::int64_t hi = INT64_MAX; // inclusive here
        using Op = ExprNode::CompareOp;
        const auto atMost = [&](std::int64_t t) { // c*a <= t
            if (c > 0)
                hi = std::min(hi, floorDiv(t, c));
            else if (c < 0)
                lo = std::max(lo, ceilDiv(t, c));
            else if (0 > t)
                hi = lo = 0, hi = -1;
        };
        const auto atLeast = [&](std::int64_t t) { // c*a >= t
            if (c > 0)
                lo = std::max(lo, ceilDiv(t, c));
            else if (c < 0)
                hi = std::min(hi, floorDiv(t, c));
            else if (0 < t)
                hi = lo = 0, hi = -1;
        };
        switch (op) {
        case Op::Less:
            atMost(-k - 1);
            break;
        case Op::LessEqual:
            atMost(-k);
            break;
        case Op::Greater:
            atLeast(-k + 1);
            break;
        case Op::GreaterEqual:
            atLeast(-k);
            break;
        case Op::Equal:
            atMost(-k);
            atLeast(-k);
            break;
        default:
            *why = QStringLiteral("a mask comparison not read ('%1')").arg(r_.text(node).left(80));
            return false;
        }
        if (digit < 0) {
            if (hi < lo) // a constant comparison that is false: no lane passes
                for (Range& range : effect->ranges)
                    range.hi = range.lo;
            return true;
        }
        Range& range = effect->ranges[size_t(digit)];
        range.lo = std::max(range.lo, lo);
        range.hi = std::min(range.hi, hi == INT64_MAX ? hi : hi + 1);
        if (range.hi < range.lo)
            range.hi = range.lo;
        if (bases_[size_t(digits_[size_t(digit)].base)].reduction)
            effect->touchesReduction = true;
        return true;
    }
    default:
        break;
    }
    *why = QStringLiteral("a mask not read ('%1')").arg(r_.text(node).left(80));
    return false;
}

} // namespace Ridgeline::KernelIndex
