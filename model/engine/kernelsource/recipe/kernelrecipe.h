// Stage kernelsource/: a Triton kernel's source read: Inductor's Python subset, its facts and accesses.
// A Triton kernel as Inductor writes it, read without running it: the
// decorator's facts, the def line, the numels and constexprs it states, its
// index variables and temporaries, and every tl.load / tl.store with the
// expression tree of its index and mask. Views into `source`, which it owns.
// parseKernelSource reads one kernel's source (a cache's per-kernel file, or
// the text of one async_compile.triton block): linear in the source, with
// its node budget and nesting depth capped; a part it cannot read becomes a
// problem line and the rest is still read.
#pragma once

#include "engine/kernelsource/recipe/pythonexpr.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QStringView>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace Ridgeline {

struct RecipeAccess
{
    bool store = false; // tl.store (or an atomic); else tl.load
    int pointerArg = -1; // into KernelRecipe::args; -1 when the base is not a def-line argument (a template's local pointer)
    int index = -1; // expression node of the index (the pointer's term removed); -1 for the pointer itself ("+ 0")
    int mask = -1; // node of the mask; -1 for None or none given
    QString indexText; // as written: "r0_1 + 576*tmp5"
    QString maskText;
    QString otherText;
    QString eviction; // eviction_policy's value: "evict_last"
    int line = 0; // 1-based in the kernel's source
    int loop = -1; // the reduction loop it sits in (0-based), -1 outside any
    QString target; // the name the loaded value is assigned to ("tmp0"); empty for a store or a nested load
};

struct RecipeAssert
{
    int condition = -1; // node of the first argument
    int line = 0;
};

struct KernelRecipe
{
    QString source; // owned: every node's span points into it
    KernelSourceText::ExprArena arena;

    QString heuristic; // "pointwise", "reduction", "persistent_reduction", "template", ...
    QString defName; // the def line's name
    QString kernelName; // inductor_meta's kernel_name; defName when absent
    QStringList args; // the def line's arguments in order ("XBLOCK : tl.constexpr" gives "XBLOCK")
    QHash<QString, int> argIndex; // arg -> its position in args
    QHash<QString, QString> signature; // triton_meta's signature: arg -> "*fp16", "i32"
    std::map<QString, std::int64_t> sizeHints; // "x", "y", "r0_" (a list form is keyed the same)
    QString reductionHint; // "INNER", "OUTER", "OUTER_TINY", "DEFAULT"
    QStringList mutatedArgNames;
    std::optional<int> metaNumLoad;
    std::optional<int> metaNumStore;
    std::optional<int> metaNumReduction;
    std::optional<double> kernelNumGb;
    std::optional<std::int64_t> kernelFlop;

    // Names the body binds: the first assignment of each (later ones are a
    // reduction's accumulators), as an expression node.
    QHash<QString, int> assigned;
    // Integers the body states: "xnumel = 4096", "XBLOCK: tl.constexpr = 1".
    QHash<QString, std::int64_t> statedIntegers;
    // A temporary's first load: tmpN -> the access it derives from (through
    // casts, sums, tl.where): what makes an index using it indirect.
    QHash<QString, int> loadOrigin;
    // "0 <= tmp5 < 49152" asserted in code: tmp5 -> 49152.
    QHash<QString, std::int64_t> assertBound;

    std::vector<RecipeAccess> accesses; // in source order
    std::vector<RecipeAssert> asserts;
    int loops = 0; // reduction loops ("for r0_offset in range(...)")
    int parsedLoads = 0;
    int parsedStores = 0;

    // The source could not be read at all (an unbalanced bracket, no def
    // line): one line. Empty when it was.
    QString error;
    // Parts that were skipped while the rest was read: one line each
    // ("line 12: a lambda is not read"), at most maxRecipeProblems kept.
    QStringList problems;

    QStringView text(int node) const
    {
        const KernelSourceText::ExprNode& n = arena.node(node);
        return QStringView(source).sliced(n.begin, n.end - n.begin);
    }
};

constexpr int maxRecipeProblems = 20;

KernelRecipe parseKernelSource(QStringView source);

} // namespace Ridgeline
