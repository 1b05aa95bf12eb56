#include "engine/kernelsource/recipe/pythonexpr.h"

#include "engine/base/checkedmath.h"

#include <algorithm>
#include <initializer_list>

namespace Ridgeline::KernelSourceText {

namespace {

using Kind = ExprNode::Kind;

class Parser
{
public:
    Parser(QStringView source, const std::vector<Token>& tokens, size_t from, size_t to, ExprArena* arena, size_t maxNodes)
        : s_(source)
        , t_(tokens)
        , pos_(from)
        , end_(to)
        , arena_(arena)
        , nodeLimit_(arena->nodes.size() + maxNodes)
    { }

    int parseTop(QString* why)
    {
        const int id = tupleOrExpr(end_);
        if (id >= 0 && pos_ < end_)
            fail(QStringLiteral("unexpected '%1'").arg(text(pos_)));
        if (!error_.isEmpty()) {
            *why = error_;
            return -1;
        }
        return id;
    }

private:
    QStringView s_;
    const std::vector<Token>& t_;
    size_t pos_;
    size_t end_;
    ExprArena* arena_;
    size_t nodeLimit_;
    int depth_ = 0;
    QString error_;

    QStringView text(size_t i) const { return s_.sliced(t_[i].begin, t_[i].end - t_[i].begin); }
    bool isOp(size_t i, QStringView op) const { return i < end_ && t_[i].kind == Token::Kind::Op && text(i) == op; }
    bool isKeyword(size_t i, QStringView word) const { return i < end_ && t_[i].kind == Token::Kind::Name && text(i) == word; }
    bool failed() const { return !error_.isEmpty(); }

    int fail(const QString& why)
    {
        if (error_.isEmpty())
            error_ = why;
        return -1;
    }

    int make(Kind kind, qsizetype begin, qsizetype end, std::initializer_list<int> kids, std::int64_t value = 0)
    {
        return makeFrom(kind, begin, end, kids.begin(), kids.size(), value);
    }

    int makeFrom(Kind kind, qsizetype begin, qsizetype end, const int* kids, size_t count, std::int64_t value = 0)
    {
        if (failed())
            return -1;
        if (arena_->nodes.size() >= nodeLimit_)
            return fail(QStringLiteral("an expression too large to read (past %1 nodes)").arg(nodeLimit_));
        ExprNode n;
        n.kind = kind;
        n.begin = begin;
        n.end = end;
        n.value = value;
        n.firstChild = std::uint32_t(arena_->children.size());
        n.childCount = std::uint32_t(count);
        int depth = 0;
        for (size_t k = 0; k < count; ++k) {
            if (kids[k] < 0)
                return -1;
            depth = std::max<int>(depth, arena_->nodes[size_t(kids[k])].depth);
            arena_->children.push_back(std::uint32_t(kids[k]));
        }
        if (depth + 1 > maxExprDepth)
            return fail(QStringLiteral("an expression nested deeper than %1 levels").arg(maxExprDepth));
        n.depth = std::uint16_t(depth + 1);
        arena_->nodes.push_back(n);
        return int(arena_->nodes.size() - 1);
    }

    qsizetype beginOf(int id) const { return arena_->nodes[size_t(id)].begin; }
    qsizetype endOf(int id) const { return arena_->nodes[size_t(id)].end; }

    // Guards each recursive descent into a bracket or a unary operator.
    struct DepthGuard
    {
        Parser* p;
        bool ok;
        explicit DepthGuard(Parser* parser)
            : p(parser)
            , ok(++parser->depth_ <= maxExprDepth)
        {
            if (!ok)
                p->fail(QStringLiteral("brackets or operators nested deeper than %1 levels").arg(maxExprDepth));
        }
        ~DepthGuard() { --p->depth_; }
    };

    // "a, b, c" up to `stop` (a bracket's end or the statement's): a Tuple
    // when there is a comma, else the single expression.
    int tupleOrExpr(size_t stop, Kind kind = Kind::Tuple, bool forceCollection = false)
    {
        std::vector<int> items;
        const qsizetype begin = pos_ < end_ ? t_[pos_].begin : 0;
        bool comma = false;
        while (pos_ < stop && !failed()) {
            items.push_back(expr());
            if (failed())
                return -1;
            if (pos_ < stop && isOp(pos_, u",")) {
                comma = true;
                ++pos_;
                continue;
            }
            break;
        }
        if (!comma && !forceCollection) {
            if (items.size() == 1)
                return items[0];
            return fail(QStringLiteral("an empty expression"));
        }
        const qsizetype end = pos_ > 0 ? t_[pos_ - 1].end : begin;
        return makeFrom(kind, begin, end, items.data(), items.size());
    }

    int expr()
    {
        if (isKeyword(pos_, u"lambda") || isKeyword(pos_, u"yield") || isKeyword(pos_, u"await"))
            return fail(QStringLiteral("'%1' is not read").arg(text(pos_)));
        const int value = boolOr();
        if (failed() || !isKeyword(pos_, u"if"))
            return value;
        ++pos_;
        const int condition = boolOr();
        if (!isKeyword(pos_, u"else"))
            return fail(QStringLiteral("a conditional expression without 'else'"));
        ++pos_;
        DepthGuard guard(this);
        if (!guard.ok)
            return -1;
        const int otherwise = expr();
        if (failed())
            return -1;
        return make(Kind::Conditional, beginOf(value), endOf(otherwise), { value, condition, otherwise });
    }

    int naryLoop(Kind kind, int (Parser::*next)(), QStringView op, bool keyword)
    {
        int first = (this->*next)();
        std::vector<int> items { first };
        while (!failed() && (keyword ? isKeyword(pos_, op) : isOp(pos_, op))) {
            ++pos_;
            items.push_back((this->*next)());
        }
        if (failed())
            return -1;
        if (items.size() == 1)
            return first;
        return makeFrom(kind, beginOf(items.front()), endOf(items.back()), items.data(), items.size());
    }

    int boolOr() { return naryLoop(Kind::BoolOr, &Parser::boolAnd, u"or", true); }
    int boolAnd() { return naryLoop(Kind::BoolAnd, &Parser::boolNot, u"and", true); }

    int boolNot()
    {
        if (!isKeyword(pos_, u"not"))
            return comparison();
        const qsizetype begin = t_[pos_].begin;
        ++pos_;
        DepthGuard guard(this);
        if (!guard.ok)
            return -1;
        const int operand = boolNot();
        return failed() ? -1 : make(Kind::Not, begin, endOf(operand), { operand });
    }

    ExprNode::CompareOp compareOpAt(size_t* width) const
    {
        *width = 1;
        if (pos_ >= end_)
            return ExprNode::CompareOp::None;
        if (t_[pos_].kind == Token::Kind::Op) {
            const QStringView op = text(pos_);
            if (op == u"<")
                return ExprNode::CompareOp::Less;
            if (op == u"<=")
                return ExprNode::CompareOp::LessEqual;
            if (op == u">")
                return ExprNode::CompareOp::Greater;
            if (op == u">=")
                return ExprNode::CompareOp::GreaterEqual;
            if (op == u"==")
                return ExprNode::CompareOp::Equal;
            if (op == u"!=")
                return ExprNode::CompareOp::NotEqual;
            return ExprNode::CompareOp::None;
        }
        if (isKeyword(pos_, u"in") || isKeyword(pos_, u"is")) {
            if (isKeyword(pos_ + 1, u"not"))
                *width = 2;
            return ExprNode::CompareOp::Other;
        }
        if (isKeyword(pos_, u"not") && isKeyword(pos_ + 1, u"in")) {
            *width = 2;
            return ExprNode::CompareOp::Other;
        }
        return ExprNode::CompareOp::None;
    }

    // "a < b < c" is read as (a < b) and (b < c), as Python means it.
    int comparison()
    {
        int left = bitOr();
        std::vector<int> pairs;
        size_t width = 1;
        for (ExprNode::CompareOp op = compareOpAt(&width); !failed() && op != ExprNode::CompareOp::None; op = compareOpAt(&width)) {
            pos_ += width;
            const int right = bitOr();
            const int cmp = make(Kind::Compare, beginOf(left), failed() ? 0 : endOf(right), { left, right });
            if (cmp < 0)
                return -1;
            arena_->nodes[size_t(cmp)].op = op;
            pairs.push_back(cmp);
            left = right;
        }
        if (failed())
            return -1;
        if (pairs.empty())
            return left;
        if (pairs.size() == 1)
            return pairs[0];
        return makeFrom(Kind::BoolAnd, beginOf(pairs.front()), endOf(pairs.back()), pairs.data(), pairs.size());
    }

    int bitOr() { return naryLoop(Kind::BitOr, &Parser::bitXor, u"|", false); }
    int bitXor() { return naryLoop(Kind::BitXor, &Parser::bitAnd, u"^", false); }
    int bitAnd() { return naryLoop(Kind::BitAnd, &Parser::shift, u"&", false); }

    int shift()
    {
        int left = arith();
        while (!failed() && (isOp(pos_, u"<<") || isOp(pos_, u">>"))) {
            ++pos_;
            const int right = arith();
            left = make(Kind::OtherBinary, beginOf(left), failed() ? 0 : endOf(right), { left, right });
        }
        return left;
    }

    int arith()
    {
        const int first = term();
        std::vector<int> items { first };
        while (!failed() && (isOp(pos_, u"+") || isOp(pos_, u"-"))) {
            const bool minus = isOp(pos_, u"-");
            const qsizetype opBegin = t_[pos_].begin;
            ++pos_;
            int next = term();
            if (minus && !failed())
                next = make(Kind::Neg, opBegin, endOf(next), { next });
            items.push_back(next);
        }
        if (failed())
            return -1;
        if (items.size() == 1)
            return first;
        return makeFrom(Kind::Sum, beginOf(items.front()), endOf(items.back()), items.data(), items.size());
    }

    int term()
    {
        int left = factor();
        std::vector<int> product;
        while (!failed() && pos_ < end_ && t_[pos_].kind == Token::Kind::Op) {
            const QStringView op = text(pos_);
            Kind kind;
            if (op == u"*")
                kind = Kind::Product;
            else if (op == u"//")
                kind = Kind::FloorDiv;
            else if (op == u"%")
                kind = Kind::Mod;
            else if (op == u"/")
                kind = Kind::TrueDiv;
            else if (op == u"@")
                kind = Kind::OtherBinary;
            else
                break;
            ++pos_;
            const int right = factor();
            if (failed())
                return -1;
            if (kind == Kind::Product) {
                if (product.empty())
                    product.push_back(left);
                product.push_back(right);
                continue;
            }
            if (!product.empty()) {
                left = makeFrom(Kind::Product, beginOf(product.front()), endOf(product.back()), product.data(), product.size());
                product.clear();
            }
            left = make(kind, beginOf(left), endOf(right), { left, right });
        }
        if (failed())
            return -1;
        if (!product.empty())
            left = makeFrom(Kind::Product, beginOf(product.front()), endOf(product.back()), product.data(), product.size());
        return left;
    }

    int factor()
    {
        if (isOp(pos_, u"-") || isOp(pos_, u"+") || isOp(pos_, u"~")) {
            const QStringView op = text(pos_);
            const qsizetype begin = t_[pos_].begin;
            ++pos_;
            DepthGuard guard(this);
            if (!guard.ok)
                return -1;
            const int operand = factor();
            if (failed())
                return -1;
            if (op == u"+")
                return operand;
            if (op == u"-" && arena_->nodes[size_t(operand)].kind == Kind::Int && arena_->nodes[size_t(operand)].value != INT64_MIN) {
                ExprNode& n = arena_->nodes[size_t(operand)];
                n.value = -n.value;
                n.begin = begin;
                return operand;
            }
            return make(op == u"-" ? Kind::Neg : Kind::Invert, begin, endOf(operand), { operand });
        }
        const int base = primary();
        if (!failed() && isOp(pos_, u"**")) {
            ++pos_;
            DepthGuard guard(this);
            if (!guard.ok)
                return -1;
            const int exponent = factor();
            return failed() ? -1 : make(Kind::Power, beginOf(base), endOf(exponent), { base, exponent });
        }
        return base;
    }

    // The index just past the bracket closing the one at `open`.
    size_t closing(size_t open) const
    {
        int depth = 0;
        for (size_t i = open; i < end_; ++i) {
            if (t_[i].kind != Token::Kind::Op)
                continue;
            const QStringView op = text(i);
            if (op == u"(" || op == u"[" || op == u"{")
                ++depth;
            else if (op == u")" || op == u"]" || op == u"}") {
                if (--depth == 0)
                    return i;
            }
        }
        return end_;
    }

    int primary()
    {
        int node = atom();
        while (!failed() && pos_ < end_) {
            if (isOp(pos_, u".") && pos_ + 1 < end_ && t_[pos_ + 1].kind == Token::Kind::Name) {
                ExprNode& n = arena_->nodes[size_t(node)];
                if (n.kind == Kind::Name && n.end == t_[pos_].begin && t_[pos_].end == t_[pos_ + 1].begin) {
                    n.end = t_[pos_ + 1].end; // a dotted name: "tl.load"
                } else {
                    const int attribute = make(Kind::Attribute, beginOf(node), t_[pos_ + 1].end, { node });
                    node = attribute;
                }
                pos_ += 2;
            } else if (isOp(pos_, u"(")) {
                node = call(node);
            } else if (isOp(pos_, u"[")) {
                const size_t close = closing(pos_);
                if (close >= end_)
                    return fail(QStringLiteral("an unclosed '['"));
                node = make(Kind::Subscript, beginOf(node), t_[close].end, { node });
                pos_ = close + 1;
            } else {
                break;
            }
        }
        return node;
    }

    int call(int callee)
    {
        DepthGuard guard(this);
        if (!guard.ok)
            return -1;
        const size_t close = closing(pos_);
        if (close >= end_)
            return fail(QStringLiteral("an unclosed '('"));
        ++pos_;
        std::vector<int> items { callee };
        while (!failed() && pos_ < close) {
            if (isOp(pos_, u"*") || isOp(pos_, u"**"))
                return fail(QStringLiteral("unpacked arguments are not read"));
            if (t_[pos_].kind == Token::Kind::Name && isOp(pos_ + 1, u"=")) {
                const size_t nameAt = pos_;
                pos_ += 2;
                const int value = expr();
                items.push_back(make(Kind::Keyword, t_[nameAt].begin, t_[nameAt].end, { value }));
            } else {
                items.push_back(expr());
            }
            if (isKeyword(pos_, u"for"))
                return fail(QStringLiteral("a comprehension is not read"));
            if (pos_ < close && !isOp(pos_, u","))
                return fail(QStringLiteral("unexpected '%1' in a call").arg(text(pos_)));
            if (pos_ < close)
                ++pos_;
        }
        if (failed())
            return -1;
        const int id = makeFrom(Kind::Call, beginOf(callee), t_[close].end, items.data(), items.size());
        pos_ = close + 1;
        return id;
    }

    int bracketed(Kind collection)
    {
        DepthGuard guard(this);
        if (!guard.ok)
            return -1;
        const size_t open = pos_;
        const size_t close = closing(open);
        if (close >= end_)
            return fail(QStringLiteral("an unclosed '%1'").arg(text(open)));
        ++pos_;
        int id = -1;
        if (collection == Kind::Dict) {
            std::vector<int> items;
            bool isSet = false;
            while (!failed() && pos_ < close) {
                items.push_back(expr());
                if (isOp(pos_, u":") && !isSet) {
                    ++pos_;
                    items.push_back(expr());
                } else if (items.size() == 1) {
                    isSet = true;
                } else if (!isSet) {
                    return fail(QStringLiteral("a dict entry without ':'"));
                }
                if (isKeyword(pos_, u"for"))
                    return fail(QStringLiteral("a comprehension is not read"));
                if (pos_ < close && !isOp(pos_, u","))
                    return fail(QStringLiteral("unexpected '%1' in a dict or set").arg(failed() ? QString() : text(pos_).toString()));
                if (pos_ < close)
                    ++pos_;
            }
            id = failed() ? -1 : makeFrom(isSet ? Kind::Set : Kind::Dict, t_[open].begin, t_[close].end, items.data(), items.size());
        } else if (open + 1 == close) {
            id = makeFrom(collection, t_[open].begin, t_[close].end, nullptr, 0);
        } else {
            const size_t saveEnd = end_;
            end_ = close;
            id = tupleOrExpr(close, collection, collection == Kind::List);
            if (!failed() && isKeyword(pos_, u"for"))
                id = fail(QStringLiteral("a comprehension is not read"));
            else if (!failed() && pos_ < close)
                id = fail(QStringLiteral("unexpected '%1'").arg(text(pos_)));
            end_ = saveEnd;
            if (id >= 0 && collection == Kind::Tuple) {
                // Parentheses around one expression are transparent, but
                // an operation's span keeps them, so that its text reads as
                // written; a name's span stays the name it looks up.
                ExprNode& n = arena_->nodes[size_t(id)];
                if (n.kind != Kind::Name && n.kind != Kind::Attribute && n.kind != Kind::Float && n.kind != Kind::String) {
                    n.begin = t_[open].begin;
                    n.end = t_[close].end;
                }
            }
        }
        pos_ = close + 1;
        return id;
    }

    int atom()
    {
        if (pos_ >= end_)
            return fail(QStringLiteral("an expression ends too early"));
        const Token& t = t_[pos_];
        const QStringView word = text(pos_);
        switch (t.kind) {
        case Token::Kind::Name: {
            ++pos_;
            if (word == u"None")
                return make(Kind::NoneValue, t.begin, t.end, {});
            if (word == u"True")
                return make(Kind::True, t.begin, t.end, {});
            if (word == u"False")
                return make(Kind::False, t.begin, t.end, {});
            static constexpr std::u16string_view reserved[] = { u"if", u"else", u"for", u"in", u"is", u"and", u"or", u"not", u"def",
                u"return", u"lambda", u"while", u"import", u"from" };
            for (std::u16string_view r : reserved) {
                if (word == QStringView(r.data(), qsizetype(r.size())))
                    return fail(QStringLiteral("unexpected '%1'").arg(word));
            }
            return make(Kind::Name, t.begin, t.end, {});
        }
        case Token::Kind::Number: {
            ++pos_;
            QString digits = word.toString();
            digits.remove(u'_');
            std::int64_t value = 0;
            if (parseInteger(digits, &value) == IntegerParse::Ok && !digits.startsWith(u'+') && !digits.startsWith(u'-'))
                return make(Kind::Int, t.begin, t.end, {}, value);
            bool hex = false;
            const bool hexLiteral = digits.startsWith(QLatin1String("0x"), Qt::CaseInsensitive);
            const qlonglong parsedHex = hexLiteral ? digits.mid(2).toLongLong(&hex, 16) : 0;
            if (hex)
                return make(Kind::Int, t.begin, t.end, {}, parsedHex);
            return make(Kind::Float, t.begin, t.end, {});
        }
        case Token::Kind::String: {
            qsizetype end = t.end;
            while (pos_ + 1 < end_ && t_[pos_ + 1].kind == Token::Kind::String)
                end = t_[++pos_].end;
            ++pos_;
            return make(Kind::String, t.begin, end, {});
        }
        case Token::Kind::Op:
            break;
        }
        if (word == u"(")
            return bracketed(Kind::Tuple);
        if (word == u"[")
            return bracketed(Kind::List);
        if (word == u"{")
            return bracketed(Kind::Dict);
        if (word == u"." && isOp(pos_ + 1, u".") && isOp(pos_ + 2, u".")) {
            pos_ += 3;
            return make(Kind::Ellipsis, t.begin, t_[pos_ - 1].end, {});
        }
        return fail(QStringLiteral("unexpected '%1'").arg(word));
    }
};

} // namespace

int parseExpression(
    QStringView source, const std::vector<Token>& tokens, size_t from, size_t to, ExprArena* arena, size_t maxNodes, QString* why)
{
    if (from >= to) {
        *why = QStringLiteral("an empty expression");
        return -1;
    }
    const ExprArena::Mark mark = arena->mark();
    Parser parser(source, tokens, from, to, arena, maxNodes);
    const int id = parser.parseTop(why);
    if (id < 0)
        arena->rollback(mark);
    return id;
}

} // namespace Ridgeline::KernelSourceText
