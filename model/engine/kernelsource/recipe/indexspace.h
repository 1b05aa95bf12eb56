// Stage kernelsource/: a Triton kernel's source read: Inductor's Python subset, its facts and accesses.
// A kernel's iteration space as mixed-radix digits, and its index
// expressions as affine sums over them. Inductor names parts of xindex and
// r0_index ("x0 = xindex % 768", "x1 = (xindex // 768) % 12", "x2 = xindex
// // 9216"); every such variable is a digit (index // d) % m of its base.
// The breakpoints d and d*m of all of a base's variables, when each divides
// the next, cut the base into atomic digits of independent ranges: x0, x1,
// x2 above are the digits of strides 1, 768 and 9216, and "x4 = xindex" is
// their sum 1*a0 + 768*a1 + 9216*a2. An index is then constant + sum of
// coefficient x atomic digit, plus indirect terms (temporaries loaded from
// memory); a mask's comparisons narrow a digit's range.
#pragma once

#include "engine/kernelsource/recipe/kernelrecipe.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace Ridgeline::KernelIndex {

struct Digit
{
    int base = 0; // into IndexSpace::bases()
    std::int64_t stride = 1; // the base's value of one step of this digit
    std::int64_t extent = 1;
};

struct BaseSpace
{
    QString key; // "x", "y", "r0", "r1"
    bool reduction = false;
    std::optional<std::int64_t> numel;
    QString why; // its digits could not be formed: why
};

struct Linear
{
    std::int64_t constant = 0;
    std::vector<std::int64_t> coefficient; // per digit (sized to digits())
    std::vector<std::pair<QString, std::int64_t>> indirect; // temporaries loaded from memory, with their coefficients
};

struct Range
{
    std::int64_t lo = 0;
    std::int64_t hi = 0; // exclusive
};

struct MaskEffect
{
    std::vector<Range> ranges; // per digit; full unless a comparison narrows it
    bool touchesReduction = false; // names a reduction's mask or digit
};

class IndexSpace
{
public:
    // value: a symbol's integer (stated in the body, a launch's concrete
    // input, a numel); nullopt when it has none.
    using SymbolValue = std::function<std::optional<std::int64_t>(const QString& name)>;

    // hinted: whether a numel's value came from size_hints (a power of two,
    // not a count): its lanes are then cut to whole rows of the top digit.
    IndexSpace(const KernelRecipe& recipe, SymbolValue value, std::function<bool(const QString&)> hinted);

    // Finds the index variables the given expressions use and cuts their
    // bases into digits. A base whose variables do not nest keeps a why and
    // fails every expression that uses it.
    void build(const std::vector<int>& roots);

    const std::vector<Digit>& digits() const { return digits_; }
    const std::vector<BaseSpace>& bases() const { return bases_; }

    std::optional<Linear> linear(int node, QString* why) const;
    // Narrows `effect` (initialised to the full ranges by fullMask) by the
    // mask's conjuncts; false with *why when a conjunct cannot be read.
    bool applyMask(int node, MaskEffect* effect, QString* why) const;
    MaskEffect fullMask() const;

private:
    struct Spec
    {
        int base = -1;
        std::int64_t div = 1;
        std::int64_t mod = 0; // 0: none
    };
    const KernelRecipe& r_;
    SymbolValue value_;
    std::function<bool(const QString&)> hinted_;
    std::vector<BaseSpace> bases_;
    std::vector<Digit> digits_;
    std::vector<std::vector<std::int64_t>> breakpoints_; // per base, while building
    // Per name, worked out once (a kernel's temporaries form a DAG).
    struct LinearMemo
    {
        std::optional<Linear> linear;
        QString why;
    };
    mutable QHash<QString, std::optional<std::int64_t>> constMemo_;
    mutable QHash<QString, std::optional<Spec>> specMemo_;
    mutable QHash<QString, LinearMemo> linearMemo_;
    mutable QSet<QString> applied_; // the mask names applied in one applyMask

    int findBase(QStringView name) const;
    std::optional<Spec> specOf(int node, int depth) const;
    std::optional<std::int64_t> constOf(int node, int depth) const;
    bool linearInto(int node, int depth, std::int64_t scale, Linear* out, QString* why) const;
    bool nameInto(const QString& name, int depth, std::int64_t scale, Linear* out, QString* why) const;
    bool specInto(const Spec& spec, std::int64_t scale, Linear* out, QString* why) const;
    bool maskInto(int node, int depth, bool negate, MaskEffect* effect, QString* why) const;
};

} // namespace Ridgeline::KernelIndex
