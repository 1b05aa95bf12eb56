#include "engine/kernelsource/recipe/kernelmeasure.h"

#include "engine/base/checkedmath.h"
#include "engine/kernelsource/recipe/indexcount.h"
#include "engine/kernelsource/recipe/indexspace.h"

#include <QSet>
#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace Ridgeline {

namespace {

using KernelIndex::IndexSpace;

struct AccessFacts
{
    bool ok = false;
    QString why;
    KernelIndex::Linear linear;
    std::int64_t lanes = 0; // lanes the masks let through
    bool restricted = false; // a mask narrows a digit
    std::int64_t reuse = 1; // the lanes of the digits absent from the index
    IndexCount::Box box; // the index's part that is not indirect
    std::optional<std::int64_t> innermostStride; // PointerAnatomy::innermostStrides
};

class Measure
{
public:
    Measure(const KernelRecipe& recipe, const KernelMeasureInputs& inputs)
        : r_(recipe)
        , in_(inputs)
        , space_(
              recipe, [this](const QString& name) { return symbol(name); }, [this](const QString& name) { return hinted_.contains(name); })
    { }

    KernelAnatomy run()
    {
        KernelAnatomy a;
        a.parsedLoads = r_.parsedLoads;
        a.parsedStores = r_.parsedStores;
        a.metaNumLoad = r_.metaNumLoad;
        a.metaNumStore = r_.metaNumStore;
        if (r_.kernelNumGb && std::isfinite(*r_.kernelNumGb) && *r_.kernelNumGb * 1e9 < 9e18)
            a.inductorBytes = std::llround(*r_.kernelNumGb * 1e9);
        a.problem = !r_.error.isEmpty() ? r_.error : r_.problems.join(QStringLiteral("; "));

        std::vector<int> roots;
        for (const RecipeAccess& access : r_.accesses) {
            roots.push_back(access.index);
            roots.push_back(access.mask);
        }
        space_.build(roots);
        facts_.resize(r_.accesses.size());
        done_.assign(r_.accesses.size(), false);
        for (size_t k = 0; k < r_.accesses.size(); ++k)
            factsOf(int(k));
        findIndexLoads();

        bool anyLocal = false;
        byPointer_.resize(size_t(r_.args.size()));
        for (size_t k = 0; k < r_.accesses.size(); ++k) {
            const int arg = r_.accesses[k].pointerArg;
            anyLocal = anyLocal || arg < 0;
            if (arg >= 0 && arg < r_.args.size())
                byPointer_[size_t(arg)].push_back(int(k));
        }
        for (qsizetype arg = 0; arg < r_.args.size(); ++arg) {
            if (isPointer(arg))
                a.pointers.push_back(pointer(int(arg), anyLocal));
        }
        a.uniqueBytes = sum(a, &PointerAnatomy::uniqueBytes);
        a.uniqueBytesMax = sum(a, &PointerAnatomy::uniqueBytesMax);
        a.perAccessBytes = sum(a, &PointerAnatomy::perAccessBytes);
        a.approximate = approximate_;
        a.countNote = countNote();
        return a;
    }

private:
    const KernelRecipe& r_;
    const KernelMeasureInputs& in_;
    IndexSpace space_;
    std::vector<AccessFacts> facts_;
    std::vector<bool> done_;
    QSet<int> indexLoads_; // loads whose value is another access's index
    QHash<int, QSet<int>> indexes_; // per def-line argument: the arguments its loaded values index
    std::vector<std::vector<int>> byPointer_; // per def-line argument: its accesses
    bool approximate_ = false;
    QSet<QString> hinted_; // numels answered from size_hints

    std::optional<std::int64_t> symbol(const QString& name)
    {
        if (const auto it = r_.statedIntegers.constFind(name); it != r_.statedIntegers.cend())
            return *it;
        const qsizetype position = r_.argIndex.value(name, -1);
        std::int64_t value = 0;
        if (position >= 0 && position < in_.concreteInputs.size() && parseInteger(in_.concreteInputs[position], &value) == IntegerParse::Ok)
            return value;
        const bool r = name == u"r0_numel" || name == u"rnumel";
        const std::optional<std::int64_t> known = name == u"xnumel" ? in_.xnumel
            : name == u"ynumel"                                     ? in_.ynumel
            : r                                                     ? in_.rnumel
                                                                    : std::nullopt;
        if (known)
            return known;
        const QString hint = name == u"xnumel" ? QStringLiteral("x")
            : name == u"ynumel"                ? QStringLiteral("y")
            : r                                ? QStringLiteral("r0_")
                                               : QString();
        if (hint.isEmpty())
            return std::nullopt;
        auto it = r_.sizeHints.find(hint);
        if (it == r_.sizeHints.end() && r)
            it = r_.sizeHints.find(QStringLiteral("r"));
        if (it == r_.sizeHints.end())
            return std::nullopt;
        approximate_ = true;
        hinted_.insert(name);
        return it->second;
    }

    bool isPointer(qsizetype arg) const
    {
        const QString& name = r_.args[arg];
        if (const auto it = r_.signature.constFind(name); it != r_.signature.cend())
            return it->startsWith(u'*');
        if (!r_.signature.isEmpty())
            return false;
        return name.contains(QLatin1String("ptr"));
    }

    const AccessFacts& factsOf(int k)
    {
        AccessFacts& f = facts_[size_t(k)];
        if (done_[size_t(k)])
            return f;
        done_[size_t(k)] = true;
        const RecipeAccess& access = r_.accesses[size_t(k)];
        const auto failed = [&](const QString& why) -> const AccessFacts& {
            f.why = QStringLiteral("line %1: %2").arg(access.line).arg(why);
            return f;
        };
        QString why;
        std::optional<KernelIndex::Linear> linear = space_.linear(access.index, &why);
        if (!linear)
            return failed(why);
        KernelIndex::MaskEffect mask = space_.fullMask();
        if (!space_.applyMask(access.mask, &mask, &why))
            return failed(why);
        const std::vector<KernelIndex::Digit>& digits = space_.digits();
        bool usesReduction = access.loop >= 0 || mask.touchesReduction;
        for (size_t d = 0; d < digits.size(); ++d)
            usesReduction = usesReduction || (linear->coefficient[d] != 0 && space_.bases()[size_t(digits[d].base)].reduction);
        // The lanes of every base the access spans (a base none of its
        // expressions names still runs: each program repeats the access).
        for (const KernelIndex::BaseSpace& base : space_.bases()) {
            if ((!base.reduction || usesReduction) && !base.why.isEmpty())
                return failed(base.why);
        }
        std::optional<std::int64_t> lanes = 1;
        std::optional<std::int64_t> reuse = 1;
        f.box.constant = linear->constant;
        for (size_t d = 0; d < digits.size(); ++d) {
            if (space_.bases()[size_t(digits[d].base)].reduction && !usesReduction)
                continue;
            const KernelIndex::Range range = mask.ranges[d];
            const std::int64_t width = std::max<std::int64_t>(0, range.hi - range.lo);
            f.restricted = f.restricted || width < digits[d].extent;
            lanes = lanes ? checkedMul(*lanes, width) : std::nullopt;
            if (linear->coefficient[d] == 0)
                reuse = reuse ? checkedMul(*reuse, width) : std::nullopt;
            else
                f.box.terms.push_back({ int(d), linear->coefficient[d], range.lo, std::max(range.lo + 1, range.hi) });
        }
        if (!lanes || !reuse)
            return failed(QStringLiteral("a lane count past 64 bits"));
        f.lanes = *lanes;
        f.reuse = *reuse;
        f.innermostStride = innermostStride(*linear, usesReduction);
        f.linear = std::move(*linear);
        f.ok = true;
        return f;
    }

    // The coefficient of the innermost digit: the first (stride 1) digit of
    // the last reduction base the access spans, else of x. Triton lays a
    // block's last dimension across neighbouring lanes.
    std::optional<std::int64_t> innermostStride(const KernelIndex::Linear& linear, bool usesReduction) const
    {
        const std::vector<KernelIndex::Digit>& digits = space_.digits();
        int inner = -1;
        for (size_t d = 0; d < digits.size(); ++d) {
            const KernelIndex::BaseSpace& base = space_.bases()[size_t(digits[d].base)];
            if (digits[d].stride != 1 || digits[d].extent < 2 || (base.reduction && !usesReduction))
                continue;
            if (!(base.reduction || base.key == u"x"))
                continue;
            const bool better = inner < 0
                || (base.reduction
                    && (!space_.bases()[size_t(digits[size_t(inner)].base)].reduction
                        || base.key > space_.bases()[size_t(digits[size_t(inner)].base)].key));
            if (better)
                inner = int(d);
        }
        if (inner < 0 || size_t(inner) >= linear.coefficient.size() || linear.coefficient[size_t(inner)] == 0)
            return std::nullopt;
        return std::abs(linear.coefficient[size_t(inner)]);
    }

    // The loads whose values are other accesses' indices (the temporaries
    // an index names that derive from a load), measured or not, and which
    // pointer each indexes.
    void findIndexLoads()
    {
        for (const RecipeAccess& access : r_.accesses) {
            std::vector<int> stack { access.index };
            while (!stack.empty()) {
                const int id = stack.back();
                stack.pop_back();
                if (id < 0)
                    continue;
                const KernelSourceText::ExprNode& n = r_.arena.node(id);
                if (n.kind == KernelSourceText::ExprNode::Kind::Name) {
                    const QStringView name = r_.text(id);
                    const int origin = r_.loadOrigin.value(name.left(name.indexOf(u'.')).toString(), -1);
                    if (origin >= 0) {
                        indexLoads_.insert(origin);
                        const int from = r_.accesses[size_t(origin)].pointerArg;
                        if (from >= 0 && access.pointerArg >= 0 && from != access.pointerArg)
                            indexes_[from].insert(access.pointerArg);
                    }
                }
                for (std::uint32_t k = 0; k < n.childCount; ++k)
                    stack.push_back(r_.arena.child(id, k));
            }
        }
    }

    // How many rows an indirect term can select: the distinct positions of
    // the index it is loaded from, capped by a device_assert's bound.
    std::optional<std::int64_t> rowsOf(const QString& name, QString* why)
    {
        const int origin = r_.loadOrigin.value(name, -1);
        std::optional<std::int64_t> count;
        if (origin >= 0 && origin < int(facts_.size())) {
            const AccessFacts& f = factsOf(origin);
            if (f.ok && f.linear.indirect.empty() && f.lanes > 0)
                count = IndexCount::countUnion({ f.box }).unique;
            else if (f.ok)
                count = f.lanes;
        }
        std::optional<std::int64_t> bound;
        if (const auto it = r_.assertBound.constFind(name); it != r_.assertBound.cend())
            bound = *it;
        if (!count && !bound) {
            *why = QStringLiteral("the rows '%1' selects are not known").arg(name);
            return std::nullopt;
        }
        return count && bound ? std::min(*count, *bound) : count ? count : bound;
    }

    PointerAnatomy pointer(int arg, bool anyLocal)
    {
        PointerAnatomy p;
        p.arg = r_.args[arg];
        p.argPosition = arg;
        p.dtype = r_.signature.value(p.arg);
        const QSet<int> indexed = indexes_.value(arg);
        for (int other = 0; other < r_.args.size(); ++other) {
            if (indexed.contains(other))
                p.indexes.append(r_.args[other]);
        }
        const std::vector<int>& mine = byPointer_[size_t(arg)];
        bool loaded = false;
        bool stored = false;
        for (int k : mine) {
            const RecipeAccess& access = r_.accesses[size_t(k)];
            (access.store ? stored : loaded) = true;
            SourceAccess shown;
            shown.op = access.store ? SourceAccess::Op::Store : SourceAccess::Op::Load;
            shown.index = access.indexText;
            shown.mask = access.maskText;
            shown.eviction = access.eviction;
            shown.line = access.line;
            p.accesses.push_back(shown);
            p.innermostStrides.push_back(facts_[size_t(k)].innermostStride);
        }
        const bool mutated = r_.mutatedArgNames.contains(p.arg);
        p.role = p.arg.startsWith(QLatin1String("in_out_ptr")) || (loaded && stored) || (loaded && mutated) ? PointerAnatomy::Role::InOut
            : stored                                                                                        ? PointerAnatomy::Role::Out
                                                                                                            : PointerAnatomy::Role::In;
        if (mine.empty()) {
            p.why = anyLocal ? QStringLiteral("accessed through a local pointer (a template): not measured")
                             : QStringLiteral("never loaded or stored in the source");
            if (!anyLocal)
                p.uniqueElements = p.uniqueBytes = p.uniqueBytesMax = p.perAccessBytes = 0;
            return p;
        }
        for (int k : mine) {
            if (!facts_[size_t(k)].ok) {
                p.why = facts_[size_t(k)].why;
                return p;
            }
        }
        std::int64_t lanes = 0;
        std::int64_t elementsMin = 0;
        std::int64_t elementsMax = 0;
        bool gather = false, masked = false, slice = false;
        std::int64_t reuse = 1;
        for (bool store : { false, true }) {
            std::vector<IndexCount::Box> all, rows;
            std::optional<std::int64_t> rowsMax = 0;
            for (int k : mine) {
                const AccessFacts& f = facts_[size_t(k)];
                if (r_.accesses[size_t(k)].store != store)
                    continue;
                const std::optional<std::int64_t> next = checkedAdd(lanes, f.lanes);
                if (!next) {
                    p.why = QStringLiteral("a lane count past 64 bits");
                    return p;
                }
                lanes = *next;
                masked = masked || f.restricted;
                reuse = std::max(reuse, f.reuse);
                if (f.lanes == 0)
                    continue;
                all.push_back(f.box);
                if (f.linear.indirect.empty())
                    continue;
                gather = true;
                rows.push_back(f.box);
                std::optional<std::int64_t> selected = 1;
                for (const auto& [name, coefficient] : f.linear.indirect) {
                    QString why;
                    const std::optional<std::int64_t> r = rowsOf(name, &why);
                    if (!r) {
                        p.why = QStringLiteral("line %1: %2").arg(r_.accesses[size_t(k)].line).arg(why);
                        return p;
                    }
                    selected = selected ? checkedMul(*selected, *r) : std::nullopt;
                }
                rowsMax = rowsMax && selected ? std::optional<std::int64_t>(std::max(*rowsMax, *selected)) : std::nullopt;
            }
            const IndexCount::Count count = IndexCount::countUnion(all);
            if (!count.unique) {
                p.why = count.why;
                return p;
            }
            std::optional<std::int64_t> groupMax = *count.unique;
            if (!rows.empty()) {
                const IndexCount::Count row = IndexCount::countUnion(rows);
                const std::optional<std::int64_t> extra
                    = row.unique && rowsMax && *rowsMax > 0 ? checkedMul(*row.unique, *rowsMax - 1) : std::nullopt;
                groupMax = extra ? checkedAdd(*count.unique, *extra) : std::nullopt;
                if (!groupMax) {
                    p.why = row.why.isEmpty() ? QStringLiteral("a gather's row count not known") : row.why;
                    return p;
                }
            } else if (*count.unique > 0) {
                slice = slice || *count.unique < count.max - count.min + 1 || count.min > 0;
                // Loads and stores of one pointer: the range of both.
                const std::int64_t lowest = p.lowestElement ? std::min(*p.lowestElement, count.min) : count.min;
                const std::int64_t highest = p.spanElements ? std::max(*p.lowestElement + (*p.spanElements - 1), count.max) : count.max;
                const std::optional<std::int64_t> width = lowest == INT64_MIN ? std::nullopt : checkedAdd(highest, -lowest);
                const std::optional<std::int64_t> span = width ? checkedAdd(*width, 1) : std::nullopt;
                p.lowestElement = lowest;
                p.spanElements = span;
            }
            const std::optional<std::int64_t> sumMin = checkedAdd(elementsMin, *count.unique);
            const std::optional<std::int64_t> sumMax = checkedAdd(elementsMax, *groupMax);
            if (!sumMin || !sumMax) {
                p.why = QStringLiteral("an element count past 64 bits");
                return p;
            }
            elementsMin = *sumMin;
            elementsMax = *sumMax;
        }
        p.kind = gather ? AccessKind::Gather
            : masked    ? AccessKind::Masked
            : reuse > 1 ? AccessKind::Broadcast
            : slice     ? AccessKind::Slice
                        : AccessKind::Contiguous;
        if (reuse > 1)
            p.reuse = reuse;
        p.uniqueElements = elementsMin;
        const std::optional<std::int64_t> size = pointerElementBytes(p.dtype);
        if (!size) {
            p.why = QStringLiteral("the element size of '%1' is not known").arg(p.dtype);
            return p;
        }
        p.uniqueBytes = checkedMul(elementsMin, *size);
        p.uniqueBytesMax = checkedMul(elementsMax, *size);
        p.perAccessBytes = checkedMul(lanes, *size);
        if (!p.uniqueBytes || !p.uniqueBytesMax || !p.perAccessBytes)
            p.why = QStringLiteral("a byte count past 64 bits");
        return p;
    }

    static std::optional<std::int64_t> sum(const KernelAnatomy& a, std::optional<std::int64_t> PointerAnatomy::* field)
    {
        std::int64_t total = 0;
        for (const PointerAnatomy& p : a.pointers) {
            const std::optional<std::int64_t> next = p.*field ? checkedAdd(total, *(p.*field)) : std::nullopt;
            if (!next)
                return std::nullopt;
            total = *next;
        }
        return total;
    }

    QString countNote() const
    {
        QStringList notes;
        const int indexLoads = int(indexLoads_.size());
        if (r_.metaNumLoad && *r_.metaNumLoad != r_.parsedLoads && *r_.metaNumLoad != r_.parsedLoads - indexLoads)
            notes.append(QStringLiteral("%1 loads parsed (%2 of them indirect indices, which num_load leaves out), num_load says %3")
                    .arg(r_.parsedLoads)
                    .arg(indexLoads)
                    .arg(*r_.metaNumLoad));
        if (r_.metaNumStore && *r_.metaNumStore != r_.parsedStores)
            notes.append(QStringLiteral("%1 stores parsed, num_store says %2").arg(r_.parsedStores).arg(*r_.metaNumStore));
        return notes.join(QStringLiteral("; "));
    }
};

} // namespace

std::optional<std::int64_t> pointerElementBytes(const QString& signatureType)
{
    QStringView t(signatureType);
    if (!t.startsWith(u'*'))
        return std::nullopt;
    t = t.sliced(1);
    if (t.startsWith(u'k')) // "*k" prefixes a constant pointer in some Triton versions
        t = t.sliced(1);
    if (t == u"fp64" || t == u"i64" || t == u"u64")
        return 8;
    if (t == u"fp32" || t == u"i32" || t == u"u32" || t == u"tf32")
        return 4;
    if (t == u"fp16" || t == u"bf16" || t == u"i16" || t == u"u16")
        return 2;
    if (t == u"i8" || t == u"u8" || t == u"i1" || t.startsWith(u"fp8"))
        return 1;
    return std::nullopt;
}

KernelAnatomy measureKernel(const KernelRecipe& recipe, const KernelMeasureInputs& inputs)
{
    return Measure(recipe, inputs).run();
}

} // namespace Ridgeline
