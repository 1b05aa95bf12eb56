// Stage kernelsource/: a Triton kernel's source read: Inductor's Python subset, its facts and accesses.
// Python expressions as Inductor writes them, parsed into a small tree kept
// in an arena: integers, names (dotted: "tl.load"), + - * // % and unary
// minus, comparisons, & | ~, calls with keyword arguments, attribute calls
// (".to(tl.float32)"), subscripts, and the literals of the decorator (dicts,
// lists, tuples, sets, strings). Not an interpreter: nothing is evaluated
// here. Chains of + - and * are one n-ary node, so a long sum stays shallow;
// nesting past maxExprDepth and statements past a node budget are refused
// with a reason instead of recursing without bound.
#pragma once

#include "engine/kernelsource/recipe/pythonlines.h"

#include <QString>
#include <QStringView>
#include <cstdint>
#include <vector>

namespace Ridgeline::KernelSourceText {

constexpr int maxExprDepth = 200;

struct ExprNode
{
    enum class Kind : std::uint8_t
    {
        Int, // value
        Float,
        String,
        Name, // dotted: "tl.load"; text is the source span
        Sum, // children added; a subtracted child is wrapped in Neg
        Product, // children multiplied
        FloorDiv, // children[0] // children[1]
        Mod,
        TrueDiv,
        Power,
        OtherBinary, // << >> @: kept, never measured
        Neg,
        Invert, // ~x
        Not, // not x
        Compare, // children[0] op children[1]; op in `op`
        BitAnd, // n-ary &
        BitOr, // n-ary |
        BitXor,
        BoolAnd, // and
        BoolOr, // or
        Call, // children[0] the callee, then positional arguments, then Keyword nodes
        Keyword, // text: the keyword's name; children[0] its value
        Attribute, // children[0].name: its span ends with the name
        Subscript, // children[0][...]: the index is not kept
        Tuple,
        List,
        Set,
        Dict, // children: key, value, key, value...
        Conditional, // a if c else b: children a, c, b
        Ellipsis,
        NoneValue,
        True,
        False,
    };
    enum class CompareOp : std::uint8_t
    {
        None,
        Less,
        LessEqual,
        Greater,
        GreaterEqual,
        Equal,
        NotEqual,
        Other, // in, not in, is, is not
    };
    Kind kind = Kind::Int;
    CompareOp op = CompareOp::None;
    std::uint16_t depth = 1;
    std::int64_t value = 0; // Int: the value (a literal past 64 bits is a Float)
    qsizetype begin = 0; // the source span it was parsed from (a Keyword's: its name)
    qsizetype end = 0;
    std::uint32_t firstChild = 0; // into ExprArena::children
    std::uint32_t childCount = 0;
};

struct ExprArena
{
    std::vector<ExprNode> nodes;
    std::vector<std::uint32_t> children;

    const ExprNode& node(int id) const { return nodes[size_t(id)]; }
    int child(int id, std::uint32_t k) const { return int(children[nodes[size_t(id)].firstChild + k]); }
    // Drops every node added after a mark: an expression not kept.
    struct Mark
    {
        size_t nodes = 0;
        size_t children = 0;
    };
    Mark mark() const { return { nodes.size(), children.size() }; }
    void rollback(Mark m)
    {
        nodes.resize(m.nodes);
        children.resize(m.children);
    }
};

// Parses tokens [from, to) of a statement as one expression (or a bare tuple
// "a, b"). Returns the node id, or -1 with *why. At most maxNodes nodes are
// added. `source` is the text the tokens point into.
int parseExpression(
    QStringView source, const std::vector<Token>& tokens, size_t from, size_t to, ExprArena* arena, size_t maxNodes, QString* why);

// The source text of a name-like node (Name, Keyword, Attribute).
inline QStringView nodeText(QStringView source, const ExprNode& n)
{
    return source.sliced(n.begin, n.end - n.begin);
}

} // namespace Ridgeline::KernelSourceText
