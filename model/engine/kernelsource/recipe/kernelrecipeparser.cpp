#include "engine/kernelsource/pythontext.h"
#include "engine/kernelsource/recipe/kernelrecipe.h"

#include <algorithm>

namespace Ridgeline {

using namespace KernelSourceText;
using Kind = ExprNode::Kind;

namespace {

constexpr qsizetype maxStatementTokens = qsizetype(1) << 18;
constexpr size_t maxStatementNodes = size_t(1) << 18;
constexpr size_t maxKernelNodes = size_t(1) << 21; // 2M nodes of 48 bytes: the memory cap of one kernel

class RecipeReader
{
public:
    explicit RecipeReader(KernelRecipe* recipe)
        : r_(*recipe)
        , s_(recipe->source)
    { }

    void read()
    {
        const LogicalLines lines = splitLogicalLines(s_);
        for (const LogicalLine& line : lines.lines) {
            if (!statement(line))
                break;
        }
        if (!lines.error.isEmpty())
            r_.error = lines.error;
        else if (r_.defName.isEmpty())
            r_.error = QStringLiteral("no 'def' line: not a kernel's source");
        resolvePositionalSignature();
        if (r_.kernelName.isEmpty())
            r_.kernelName = r_.defName;
    }

private:
    KernelRecipe& r_;
    QStringView s_;
    std::vector<Token> tokens_;
    int defIndent = -1;
    bool inBody = false;
    std::vector<std::pair<int, int>> loopStack_; // (indent of the for, loop id)
    std::vector<std::pair<std::int64_t, QString>> positionalSignature_;
    bool localPointerNoted_ = false;
    int skippedProblems_ = 0;

    QStringView tok(size_t i) const { return s_.sliced(tokens_[i].begin, tokens_[i].end - tokens_[i].begin); }
    bool isOp(size_t i, QStringView op) const { return i < tokens_.size() && tokens_[i].kind == Token::Kind::Op && tok(i) == op; }
    QStringView nodeText(int id) const { return r_.text(id); }
    const ExprNode& node(int id) const { return r_.arena.node(id); }

    void problem(int line, const QString& what)
    {
        if (r_.problems.size() < maxRecipeProblems)
            r_.problems.append(QStringLiteral("line %1: %2").arg(line).arg(what));
        else if (++skippedProblems_ == 1)
            r_.problems.append(QStringLiteral("more problems not listed"));
    }

    int parse(size_t from, const LogicalLine& line)
    {
        if (r_.arena.nodes.size() >= maxKernelNodes) {
            problem(line.line, QStringLiteral("the kernel is too large to read further (past %1 expression nodes)").arg(maxKernelNodes));
            return -2;
        }
        QString why;
        const int id = parseExpression(s_, tokens_, from, tokens_.size(), &r_.arena, maxStatementNodes, &why);
        if (id < 0)
            problem(line.line, why);
        return id;
    }

    // Returns false to stop reading (the kernel's body ended, or a cap).
    bool statement(const LogicalLine& line)
    {
        QString why;
        if (!tokenize(s_, line, &tokens_, maxStatementTokens, &why)) {
            problem(line.line, why);
            return true;
        }
        if (tokens_.empty())
            return true;
        const QStringView first = tok(0);
        if (inBody && line.indent <= defIndent) {
            if (first == u"def" || first == u"@")
                problem(line.line, QStringLiteral("a second function is not read"));
            return false;
        }
        while (!loopStack_.empty() && line.indent <= loopStack_.back().first)
            loopStack_.pop_back();
        if (first == u"import" || first == u"from" || first == u"pass" || first == u"return")
            return true;
        if (first == u"@")
            return inBody ? true : decorator(line);
        if (first == u"def")
            return defLine(line);
        if (!inBody)
            return true; // module-level statements before the kernel: set_driver_to_gpu() and the like
        if (first == u"for")
            return forLoop(line);
        if (first == u"if" || first == u"elif" || first == u"else" || first == u"while" || first == u"with" || first == u"try"
            || first == u"except" || first == u"finally") {
            problem(line.line, QStringLiteral("'%1' is not followed: the statements under it are read as unconditional").arg(first));
            return true;
        }
        return assignmentOrExpression(line);
    }

    bool decorator(const LogicalLine& line)
    {
        const int id = parse(1, line);
        if (id < 0)
            return id != -2;
        if (node(id).kind != Kind::Call)
            return true; // @triton.jit
        const QStringView callee = nodeText(r_.arena.child(id, 0));
        r_.heuristic = callee.mid(callee.lastIndexOf(u'.') + 1).toString();
        for (std::uint32_t k = 1; k < node(id).childCount; ++k) {
            const int arg = r_.arena.child(id, k);
            if (node(arg).kind != Kind::Keyword)
                continue;
            const QStringView key = nodeText(arg);
            const int value = r_.arena.child(arg, 0);
            if (key == u"size_hints")
                sizeHints(value);
            else if (key == u"reduction_hint")
                r_.reductionHint = nodeText(value).mid(nodeText(value).lastIndexOf(u'.') + 1).toString();
            else if (key == u"triton_meta")
                tritonMeta(value);
            else if (key == u"inductor_meta")
                inductorMeta(value);
            else if (key == u"meta") { // PyTorch 2.0-2.1: one dict for both
                tritonMeta(value);
                inductorMeta(value);
            }
        }
        return true;
    }

    std::optional<QString> string(int id) const
    {
        if (node(id).kind != Kind::String)
            return std::nullopt;
        return PythonText::unquote(nodeText(id));
    }

    void sizeHints(int value)
    {
        const ExprNode& n = node(value);
        if (n.kind == Kind::Dict) {
            for (std::uint32_t k = 0; k + 1 < n.childCount; k += 2) {
                const std::optional<QString> key = string(r_.arena.child(value, k));
                const int v = r_.arena.child(value, k + 1);
                if (key && node(v).kind == Kind::Int)
                    r_.sizeHints[*key] = node(v).value;
            }
        } else if (n.kind == Kind::List || n.kind == Kind::Tuple) {
            // The list form names no dimension: a reduction's is [x, r], a
            // tiled pointwise kernel's [y, x].
            static const QString reductionKeys[] = { QStringLiteral("x"), QStringLiteral("r0_") };
            static const QString tiledKeys[] = { QStringLiteral("y"), QStringLiteral("x") };
            const bool reduction = r_.heuristic.contains(QLatin1String("reduction"));
            for (std::uint32_t k = 0; k < n.childCount && k < 2; ++k) {
                const int v = r_.arena.child(value, k);
                if (node(v).kind != Kind::Int)
                    continue;
                const QString& key = n.childCount == 1 ? reductionKeys[0] : reduction ? reductionKeys[k] : tiledKeys[k];
                r_.sizeHints[key] = node(v).value;
            }
        }
    }

    int dictValue(int dict, QStringView key) const
    {
        const ExprNode& n = node(dict);
        if (n.kind != Kind::Dict)
            return -1;
        for (std::uint32_t k = 0; k + 1 < n.childCount; k += 2) {
            const std::optional<QString> name = string(r_.arena.child(dict, k));
            if (name && *name == key)
                return r_.arena.child(dict, k + 1);
        }
        return -1;
    }

    void tritonMeta(int value)
    {
        const int signature = dictValue(value, u"signature");
        if (signature < 0 || node(signature).kind != Kind::Dict)
            return;
        for (std::uint32_t k = 0; k + 1 < node(signature).childCount; k += 2) {
            const int key = r_.arena.child(signature, k);
            const std::optional<QString> type = string(r_.arena.child(signature, k + 1));
            if (!type)
                continue;
            if (const std::optional<QString> name = string(key))
                r_.signature.insert(*name, *type);
            else if (node(key).kind == Kind::Int)
                positionalSignature_.emplace_back(node(key).value, *type); // Inductor 2.1-2.3: {0: '*fp32', ...}
        }
    }

    void resolvePositionalSignature()
    {
        for (const auto& [position, type] : positionalSignature_) {
            if (position >= 0 && position < r_.args.size() && !r_.signature.contains(r_.args[qsizetype(position)]))
                r_.signature.insert(r_.args[qsizetype(position)], type);
        }
    }

    void inductorMeta(int value)
    {
        const auto integer = [&](QStringView key) -> std::optional<std::int64_t> {
            const int v = dictValue(value, key);
            if (v < 0 || node(v).kind != Kind::Int)
                return std::nullopt;
            return node(v).value;
        };
        if (const int v = dictValue(value, u"kernel_name"); v >= 0)
            r_.kernelName = string(v).value_or(QString());
        if (const int v = dictValue(value, u"mutated_arg_names"); v >= 0 && node(v).kind == Kind::List) {
            for (std::uint32_t k = 0; k < node(v).childCount; ++k) {
                if (const std::optional<QString> name = string(r_.arena.child(v, k)))
                    r_.mutatedArgNames.append(*name);
            }
        }
        const auto count = [&](QStringView key) -> std::optional<int> {
            const std::optional<std::int64_t> v = integer(key);
            if (!v || *v < 0 || *v > INT32_MAX)
                return std::nullopt;
            return int(*v);
        };
        r_.metaNumLoad = count(u"num_load");
        r_.metaNumStore = count(u"num_store");
        r_.metaNumReduction = count(u"num_reduction");
        r_.kernelFlop = integer(u"kernel_flop");
        if (const int v = dictValue(value, u"kernel_num_gb"); v >= 0 && (node(v).kind == Kind::Float || node(v).kind == Kind::Int)) {
            bool ok = false;
            const double gb = nodeText(v).toString().remove(u'_').toDouble(&ok);
            if (ok && gb >= 0)
                r_.kernelNumGb = gb;
        }
    }

    bool defLine(const LogicalLine& line)
    {
        if (!r_.defName.isEmpty()) {
            problem(line.line, QStringLiteral("a second function is not read"));
            return false;
        }
        if (tokens_.size() < 3 || tokens_[1].kind != Token::Kind::Name || !isOp(2, u"(")) {
            r_.error = QStringLiteral("line %1: a def line not read").arg(line.line);
            return false;
        }
        r_.defName = tok(1).toString();
        int depth = 0;
        bool expectName = true;
        for (size_t i = 2; i < tokens_.size(); ++i) {
            const QStringView t = tok(i);
            if (tokens_[i].kind == Token::Kind::Op && (t == u"(" || t == u"[" || t == u"{")) {
                ++depth;
                continue;
            }
            if (tokens_[i].kind == Token::Kind::Op && (t == u")" || t == u"]" || t == u"}")) {
                if (--depth == 0)
                    break;
                continue;
            }
            if (depth == 1 && isOp(i, u",")) {
                expectName = true;
            } else if (depth == 1 && expectName && tokens_[i].kind == Token::Kind::Name) {
                r_.argIndex.insert(t.toString(), int(r_.args.size()));
                r_.args.append(t.toString());
                expectName = false;
            }
        }
        defIndent = line.indent;
        inBody = true;
        return true;
    }

    bool forLoop(const LogicalLine& line)
    {
        const QStringView variable = tokens_.size() > 1 ? tok(1) : QStringView();
        if (!variable.startsWith(u'r'))
            problem(line.line, QStringLiteral("a loop over '%1' is not followed: its body is read as running once").arg(variable));
        else
            loopStack_.emplace_back(line.indent, r_.loops++);
        return true;
    }

    bool assignmentOrExpression(const LogicalLine& line)
    {
        // A top-level '=' (or an augmented one) makes it an assignment.
        int depth = 0;
        size_t equals = 0;
        bool augmented = false;
        for (size_t i = 0; i < tokens_.size() && equals == 0; ++i) {
            if (tokens_[i].kind != Token::Kind::Op)
                continue;
            const QStringView t = tok(i);
            if (t == u"(" || t == u"[" || t == u"{")
                ++depth;
            else if (t == u")" || t == u"]" || t == u"}")
                --depth;
            else if (depth == 0
                && (t == u"=" || (t.size() >= 2 && t.endsWith(u'=') && t != u"==" && t != u"<=" && t != u">=" && t != u"!="))) {
                equals = i;
                augmented = t != u"=";
            }
        }
        if (equals == 0)
            return expressionStatement(line);
        QStringList targets;
        bool annotation = false;
        for (size_t i = 0; i < equals; ++i) {
            if (isOp(i, u":"))
                annotation = true;
            else if (!annotation && tokens_[i].kind == Token::Kind::Name)
                targets.append(tok(i).toString());
            else if (!annotation && !isOp(i, u",") && !isOp(i, u"(") && !isOp(i, u")")) {
                const QStringView target = s_.sliced(tokens_[0].begin, tokens_[equals].begin - tokens_[0].begin).trimmed();
                problem(line.line, QStringLiteral("an assignment to '%1' is not read").arg(target));
                return true;
            }
        }
        const ExprArena::Mark mark = r_.arena.mark();
        const int value = parse(equals + 1, line);
        if (value < 0)
            return value != -2;
        const size_t accessesBefore = r_.accesses.size();
        scanCalls(value, line, targets.size() == 1 && !augmented ? targets.front() : QString());
        int origin = accessesBefore < r_.accesses.size() && !r_.accesses[accessesBefore].store ? int(accessesBefore) : originOf(value);
        bool kept = r_.accesses.size() > accessesBefore;
        for (const QString& target : std::as_const(targets)) {
            if (!augmented && !r_.assigned.contains(target)) {
                r_.assigned.insert(target, value);
                kept = true;
                if (node(value).kind == Kind::Int)
                    r_.statedIntegers.insert(target, node(value).value);
            }
            if (origin >= 0 && !r_.loadOrigin.contains(target))
                r_.loadOrigin.insert(target, origin);
        }
        if (!kept)
            r_.arena.rollback(mark);
        return true;
    }

    bool expressionStatement(const LogicalLine& line)
    {
        const ExprArena::Mark mark = r_.arena.mark();
        const int value = parse(0, line);
        if (value < 0)
            return value != -2;
        const size_t before = r_.accesses.size() + r_.asserts.size();
        scanCalls(value, line, QString());
        if (r_.accesses.size() + r_.asserts.size() == before)
            r_.arena.rollback(mark);
        return true;
    }

    // The first load a value derives from, through the names it uses.
    int originOf(int value) const
    {
        std::vector<int> stack { value };
        while (!stack.empty()) {
            const int id = stack.back();
            stack.pop_back();
            const ExprNode& n = node(id);
            if (n.kind == Kind::Name) {
                // "tmp0.to" is read as one dotted name: its first part is the variable.
                const QStringView name = nodeText(id);
                const auto it = r_.loadOrigin.constFind(name.left(name.indexOf(u'.')).toString());
                if (it != r_.loadOrigin.cend())
                    return *it;
            }
            for (std::uint32_t k = n.childCount; k-- > 0;)
                stack.push_back(r_.arena.child(id, k));
        }
        return -1;
    }

    // Every tl.load / tl.store / atomic / device_assert call in a statement.
    void scanCalls(int root, const LogicalLine& line, const QString& target)
    {
        std::vector<int> stack { root };
        while (!stack.empty()) {
            const int id = stack.back();
            stack.pop_back();
            const ExprNode& n = node(id);
            if (n.kind == Kind::Call) {
                const QStringView callee = nodeText(r_.arena.child(id, 0));
                if (callee == u"tl.load")
                    access(id, false, line, id == root || isCastOf(root, id) ? target : QString());
                else if (callee == u"tl.store" || callee.startsWith(u"tl.atomic_"))
                    access(id, true, line, QString());
                else if (callee == u"tl.device_assert" && n.childCount > 1)
                    deviceAssert(r_.arena.child(id, 1), line);
            }
            for (std::uint32_t k = n.childCount; k-- > 0;)
                stack.push_back(r_.arena.child(id, k));
        }
    }

    // "tl.load(...).to(tl.float32)": the load is the value.
    bool isCastOf(int root, int load) const
    {
        const ExprNode& n = node(root);
        return n.kind == Kind::Call && n.childCount >= 1 && node(r_.arena.child(root, 0)).kind == Kind::Attribute
            && r_.arena.child(r_.arena.child(root, 0), 0) == load;
    }

    bool isPointerArg(QStringView name) const
    {
        const QString key = name.toString();
        if (!r_.argIndex.contains(key))
            return false;
        const auto it = r_.signature.constFind(key);
        return it != r_.signature.cend() ? it->startsWith(u'*') : name.contains(QLatin1String("ptr"));
    }

    void access(int call, bool store, const LogicalLine& line, const QString& target)
    {
        RecipeAccess a;
        a.store = store;
        a.line = line.line;
        a.loop = loopStack_.empty() ? -1 : loopStack_.back().second;
        a.target = target;
        int pointer = -1;
        int positional = 0;
        for (std::uint32_t k = 1; k < node(call).childCount; ++k) {
            const int arg = r_.arena.child(call, k);
            if (node(arg).kind == Kind::Keyword) {
                const QStringView key = nodeText(arg);
                const int v = r_.arena.child(arg, 0);
                if (key == u"mask")
                    a.mask = v;
                else if (key == u"other")
                    a.otherText = nodeText(v).toString();
                else if (key == u"eviction_policy")
                    a.eviction = string(v).value_or(nodeText(v).toString());
                else if (key == u"pointer")
                    pointer = v;
                continue;
            }
            if (positional == 0)
                pointer = arg;
            else if (positional == (store ? 2 : 1))
                a.mask = arg;
            else if (!store && positional == 2)
                a.otherText = nodeText(arg).toString();
            ++positional;
        }
        if (a.mask >= 0 && node(a.mask).kind == Kind::NoneValue)
            a.mask = -1;
        if (a.mask >= 0)
            a.maskText = nodeText(a.mask).toString();
        if (pointer < 0) {
            problem(line.line, QStringLiteral("a %1 without a pointer").arg(store ? QLatin1String("store") : QLatin1String("load")));
            return;
        }
        splitPointer(pointer, &a);
        if (a.pointerArg < 0 && !localPointerNoted_) {
            localPointerNoted_ = true;
            problem(
                line.line, QStringLiteral("an access through '%1', not a pointer of the def line, is not measured").arg(nodeText(pointer)));
        }
        (store ? r_.parsedStores : r_.parsedLoads)++;
        r_.accesses.push_back(std::move(a));
    }

    // "in_ptr0 + (x0 + 768*x1)": the pointer argument and its index.
    // "(x0 + 768*x1)" -> "x0 + 768*x1"; "(a) + (b)" stays.
    static QStringView withoutOuterParentheses(QStringView text)
    {
        while (text.size() >= 2 && text.front() == u'(' && text.back() == u')') {
            int depth = 0;
            qsizetype k = 0;
            for (; k < text.size(); ++k) {
                depth += text[k] == u'(' ? 1 : text[k] == u')' ? -1 : 0;
                if (depth == 0)
                    break;
            }
            if (k != text.size() - 1)
                break;
            text = text.sliced(1, text.size() - 2).trimmed();
        }
        return text;
    }

    void splitPointer(int pointer, RecipeAccess* a)
    {
        const ExprNode& n = node(pointer);
        if (n.kind == Kind::Name && isPointerArg(nodeText(pointer))) {
            a->pointerArg = r_.argIndex.value(nodeText(pointer).toString(), -1);
            a->indexText = QStringLiteral("0");
            return;
        }
        a->index = pointer;
        a->indexText = nodeText(pointer).toString();
        if (n.kind != Kind::Sum)
            return;
        std::vector<int> rest;
        int found = -1;
        for (std::uint32_t k = 0; k < n.childCount; ++k) {
            const int c = r_.arena.child(pointer, k);
            if (found < 0 && node(c).kind == Kind::Name && isPointerArg(nodeText(c)))
                found = int(k);
            else
                rest.push_back(c);
        }
        if (found < 0)
            return;
        if (rest.size() == 1)
            a->indexText = withoutOuterParentheses(nodeText(rest.front())).toString();
        a->pointerArg = r_.argIndex.value(nodeText(r_.arena.child(pointer, std::uint32_t(found))).toString(), -1);
        const qsizetype begin = node(rest.front()).begin;
        const qsizetype end = node(rest.back()).end;
        if (rest.size() == 1) {
            a->index = rest.front();
        } else {
            ExprNode sum = n;
            sum.begin = begin;
            sum.end = end;
            sum.firstChild = std::uint32_t(r_.arena.children.size());
            sum.childCount = std::uint32_t(rest.size());
            for (int c : rest)
                r_.arena.children.push_back(std::uint32_t(c));
            r_.arena.nodes.push_back(sum);
            a->index = int(r_.arena.nodes.size() - 1);
        }
        a->indexText = found == 0 ? withoutOuterParentheses(s_.sliced(begin, end - begin)).toString() : a->indexText;
    }

    // "(0 <= tmp5) & (tmp5 < 49152)": tmp5's rows are below 49152.
    void deviceAssert(int condition, const LogicalLine& line)
    {
        r_.asserts.push_back({ condition, line.line });
        std::vector<int> stack { condition };
        while (!stack.empty()) {
            const int id = stack.back();
            stack.pop_back();
            const ExprNode& n = node(id);
            if (n.kind == Kind::Compare && n.childCount == 2) {
                int variable = r_.arena.child(id, 0);
                int bound = r_.arena.child(id, 1);
                ExprNode::CompareOp op = n.op;
                if (op == ExprNode::CompareOp::Greater || op == ExprNode::CompareOp::GreaterEqual) {
                    std::swap(variable, bound);
                    op = op == ExprNode::CompareOp::Greater ? ExprNode::CompareOp::Less : ExprNode::CompareOp::LessEqual;
                }
                const int name = unwrapBroadcast(variable);
                if (name >= 0 && node(bound).kind == Kind::Int
                    && (op == ExprNode::CompareOp::Less || op == ExprNode::CompareOp::LessEqual)) {
                    const std::int64_t limit = node(bound).value + (op == ExprNode::CompareOp::LessEqual ? 1 : 0);
                    const QString key = nodeText(name).toString();
                    if (!r_.assertBound.contains(key) || r_.assertBound.value(key) > limit)
                        r_.assertBound.insert(key, limit);
                }
                continue;
            }
            for (std::uint32_t k = n.childCount; k-- > 0;)
                stack.push_back(r_.arena.child(id, k));
        }
    }

    // tmp5, or tl.broadcast_to(tmp5, [XBLOCK]): the name node; -1 otherwise.
    int unwrapBroadcast(int id) const
    {
        if (node(id).kind == Kind::Name)
            return id;
        if (node(id).kind == Kind::Call && node(id).childCount >= 2 && nodeText(r_.arena.child(id, 0)) == u"tl.broadcast_to")
            return unwrapBroadcast(r_.arena.child(id, 1));
        return -1;
    }
};

} // namespace

KernelRecipe parseKernelSource(QStringView source)
{
    KernelRecipe recipe;
    recipe.source = source.toString();
    RecipeReader(&recipe).read();
    return recipe;
}

} // namespace Ridgeline
