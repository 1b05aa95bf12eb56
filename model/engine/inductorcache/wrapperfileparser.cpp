#include "engine/inductorcache/wrapperfileparser.h"

#include "engine/base/checkedmath.h"
#include "engine/kernelsource/pythontext.h"

#include <QRegularExpression>

namespace Ridgeline {
namespace {

using namespace PythonText;

constexpr qsizetype maxTrailingArgumentsLength = 4096;

const QRegularExpression& blockStartPattern()
{
    static const QRegularExpression re(QStringLiteral(R"(([A-Za-z_]\w*)[ \t]*=[ \t]*async_compile\.triton[ \t]*\()"));
    return re;
}

qsizetype skipSpace(QStringView text, qsizetype pos)
{
    while (pos < text.size() && text[pos].isSpace())
        ++pos;
    return pos;
}

HeuristicKind heuristicFromDecorator(QStringView decorator)
{
    const QStringView last = decorator.mid(decorator.lastIndexOf(u'.') + 1);
    if (last == u"pointwise")
        return HeuristicKind::Pointwise;
    if (last == u"reduction")
        return HeuristicKind::Reduction;
    if (last == u"persistent_reduction")
        return HeuristicKind::PersistentReduction;
    if (last == u"cooperative_reduction")
        return HeuristicKind::CooperativeReduction;
    if (last == u"template")
        return HeuristicKind::Template;
    if (last == u"foreach")
        return HeuristicKind::Foreach;
    if (last == u"split_scan")
        return HeuristicKind::SplitScan;
    if (last == u"user_autotune" || last == u"autotune")
        return HeuristicKind::UserAutotune;
    return HeuristicKind::Unknown;
}

// The comment lines right above a block: its kernel path and ATen ops.
void readHeaderComments(const QStringList& comments, WrapperKernel& kernel)
{
    static const QRegularExpression pathRe(QStringLiteral(R"(#\s*kernel path:\s*(\S+))"));
    static const QRegularExpression atenRe(QStringLiteral(R"(Original ATen:\s*\[([^\]]*)\])"));
    static const QRegularExpression nodesRe(QStringLiteral(R"(Source Nodes:\s*\[([^\]]*)\])"));
    for (const QString& comment : comments) {
        if (auto m = pathRe.match(comment); m.hasMatch())
            kernel.kernelPath = m.captured(1);
        if (auto m = nodesRe.match(comment); m.hasMatch()) {
            kernel.sourceNodes.clear();
            for (QStringView node : m.capturedView(1).split(u',', Qt::SkipEmptyParts)) {
                if (node = node.trimmed(); !node.isEmpty())
                    kernel.sourceNodes << node.toString();
            }
        }
        if (auto m = atenRe.match(comment); m.hasMatch()) {
            kernel.hasAtenComment = true;
            kernel.atenOps.clear();
            for (QStringView op : m.capturedView(1).split(u',', Qt::SkipEmptyParts)) {
                op = op.trimmed();
                // Ridgeline's op tables use bare names; prims.* are casts and views.
                for (QStringView prefix : { QStringView(u"aten."), QStringView(u"prims.") }) {
                    if (op.startsWith(prefix))
                        op = op.mid(prefix.size());
                }
                if (!op.isEmpty() && !kernel.atenOps.contains(op))
                    kernel.atenOps << op.toString();
            }
        }
    }
}

// The balanced literal starting at `open` ("[...]" or "{...}"), or empty.
QStringView literalAt(QStringView text, qsizetype open)
{
    const qsizetype close = matchingBracket(text, open);
    return close < 0 ? QStringView() : text.mid(open, close - open + 1);
}

bool readSizeHints(QStringView literal, WrapperKernel& kernel)
{
    kernel.sizeHintsText = literal.toString();
    kernel.sizeHintsIsDict = literal.startsWith(u'{');
    auto add = [&kernel](const QString& key, QStringView value) {
        std::int64_t number = 0;
        if (parseInteger(value, &number) != IntegerParse::Ok || number < 0)
            return false;
        kernel.sizeHints.push_back({ key, number });
        return true;
    };
    if (kernel.sizeHintsIsDict) {
        const auto entries = dictEntries(literal);
        if (!entries || entries->isEmpty())
            return false;
        for (const auto& [key, value] : *entries) {
            const auto name = unquote(key);
            if (!name || !add(*name, value))
                return false;
        }
        return true;
    }
    const QList<QStringView> parts = splitTopLevel(literal.mid(1, literal.size() - 2));
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (!add(QStringLiteral("[%1]").arg(i), parts[i]))
            return false;
    }
    return !parts.isEmpty();
}

QStringList defParameters(QStringView params)
{
    QStringList names;
    for (QStringView part : splitTopLevel(params)) {
        qsizetype end = 0;
        while (end < part.size() && (part[end].isLetterOrNumber() || part[end] == u'_' || part[end] == u'*'))
            ++end;
        names << part.left(end).toString();
    }
    return names;
}

bool readSignature(QStringView literal, const QStringList& parameters, WrapperKernel& kernel)
{
    kernel.signatureText = literal.toString();
    const auto entries = dictEntries(literal);
    if (!entries)
        return false;
    for (const auto& [key, value] : *entries) {
        SignatureEntry entry;
        const auto type = unquote(value);
        if (!type)
            return false;
        entry.type = *type;
        std::int64_t index = 0;
        if (auto name = unquote(key)) {
            entry.name = *name;
        } else if (parseInteger(key, &index) == IntegerParse::Ok && index >= 0) {
            // 2.0-2.4 number the arguments; the def line names them.
            entry.name = index < parameters.size() ? parameters[index] : QStringLiteral("arg%1").arg(index);
        } else {
            return false;
        }
        kernel.signature.push_back(entry);
    }
    return true;
}

// Fills the parts read from the Triton source: decorator, size_hints,
// signature, def line. Sets kernel.problem when a needed part is missing.
void readSource(WrapperKernel& kernel)
{
    static const QRegularExpression decoratorRe(QStringLiteral(R"(^[ \t]*@([A-Za-z_][\w.]*))"), QRegularExpression::MultilineOption);
    static const QRegularExpression sizeHintsRe(QStringLiteral(R"(\bsize_hints\s*=\s*[\[{])"));
    static const QRegularExpression signatureRe(QStringLiteral(R"(['"]signature['"]\s*:\s*\{)"));
    static const QRegularExpression defRe(QStringLiteral(R"(^def[ \t]+(\w+)[ \t]*\()"), QRegularExpression::MultilineOption);
    const QStringView source = kernel.source;

    qsizetype argsFrom = -1, argsTo = -1, after = 0;
    for (auto it = decoratorRe.globalMatchView(source); it.hasNext();) {
        const auto m = it.next();
        if (m.capturedView(1).endsWith(u"jit"))
            continue;
        kernel.decorator = m.captured(1);
        kernel.heuristic = heuristicFromDecorator(kernel.decorator);
        after = m.capturedEnd(0);
        const qsizetype open = skipSpace(source, after);
        if (open < source.size() && source[open] == u'(') {
            const qsizetype close = matchingBracket(source, open);
            if (close < 0) {
                kernel.problem = QStringLiteral("the @%1(...) decorator is never closed").arg(kernel.decorator);
                return;
            }
            argsFrom = open;
            argsTo = close;
            after = close;
        }
        break;
    }
    const QStringView args = argsFrom < 0 ? QStringView() : source.mid(argsFrom, argsTo - argsFrom + 1);

    QStringList parameters;
    if (auto m = defRe.matchView(source, after); m.hasMatch()) {
        kernel.defName = m.captured(1);
        const qsizetype open = m.capturedEnd(0) - 1;
        const qsizetype close = matchingBracket(source, open);
        if (close > open)
            parameters = defParameters(source.mid(open + 1, close - open - 1));
    }

    const bool needsFigures = isModelledHeuristic(kernel.heuristic);
    if (auto m = sizeHintsRe.matchView(args); m.hasMatch()) {
        const QStringView literal = literalAt(args, m.capturedEnd(0) - 1);
        if (literal.isEmpty() || !readSizeHints(literal, kernel)) {
            kernel.problem = QStringLiteral("size_hints %1 cannot be read")
                                 .arg(literal.isEmpty() ? QStringLiteral("(unbalanced)") : literal.toString());
            return;
        }
    } else if (needsFigures) {
        kernel.problem = QStringLiteral("no size_hints in its @%1 decorator").arg(kernel.decorator);
        return;
    }
    if (auto m = signatureRe.matchView(args); m.hasMatch()) {
        const QStringView literal = literalAt(args, m.capturedEnd(0) - 1);
        if (literal.isEmpty() || !readSignature(literal, parameters, kernel)) {
            kernel.problem = QStringLiteral("its signature %1 cannot be read")
                                 .arg(literal.isEmpty() ? QStringLiteral("(unbalanced)") : literal.toString());
            return;
        }
    } else if (needsFigures) {
        kernel.problem = QStringLiteral("no 'signature' in its @%1 decorator").arg(kernel.decorator);
        return;
    }
    if (kernel.decorator.isEmpty())
        kernel.problem = QStringLiteral("no heuristic decorator (@triton_heuristics.*) in its source");
}

class Parser
{
public:
    Parser(const QString& label, QStringView text)
        : m_label(label)
        , m_text(text)
    { }

    WrapperFileParse run()
    {
        QStringList comments; // the comment lines directly above the current statement
        qsizetype pos = 0;
        bool lineStart = true;
        while (pos < m_text.size()) {
            if (lineStart) {
                qsizetype p = pos;
                while (p < m_text.size() && (m_text[p] == u' ' || m_text[p] == u'\t' || m_text[p] == u'\r' || m_text[p] == u'\f'))
                    ++p;
                if (p >= m_text.size())
                    break;
                if (m_text[p] == u'\n') {
                    pos = p + 1;
                    continue;
                }
                if (m_text[p] == u'#') {
                    const qsizetype eol = m_text.indexOf(u'\n', p);
                    comments << m_text.mid(p, eol < 0 ? -1 : eol - p).toString();
                    pos = eol < 0 ? m_text.size() : eol + 1;
                    continue;
                }
                lineStart = false;
                // Without DontCheckSubjectString PCRE2 validates the whole
                // file's UTF-16 on every call: quadratic in the file's lines.
                const auto m = blockStartPattern().matchView(m_text, p, QRegularExpression::NormalMatch,
                    QRegularExpression::AnchorAtOffsetMatchOption | QRegularExpression::DontCheckSubjectStringMatchOption);
                if (m.hasMatch()) {
                    pos = readBlock(m, p, comments);
                    comments.clear();
                    if (pos < 0)
                        break;
                    continue;
                }
                comments.clear();
                pos = p;
                continue;
            }
            const QChar c = m_text[pos];
            if (c == u'\n') {
                lineStart = true;
                ++pos;
            } else if (c == u'#') {
                const qsizetype eol = m_text.indexOf(u'\n', pos);
                pos = eol < 0 ? m_text.size() : eol;
            } else if (startsString(m_text, pos)) {
                pos = skipString(m_text, pos);
                if (pos < 0)
                    break; // an unterminated docstring: nothing after it is code
            } else {
                ++pos;
            }
        }
        if (m_result.kernels.empty())
            m_result.warnings << QStringLiteral("%1: mentions async_compile.triton but holds no kernel block; skipped").arg(m_label);
        return std::move(m_result);
    }

private:
    int lineAt(qsizetype pos)
    {
        m_line += int(m_text.mid(m_linePos, pos - m_linePos).count(u'\n'));
        m_linePos = pos;
        return m_line;
    }

    // Returns where scanning continues, or -1 when the rest of the file is lost.
    qsizetype readBlock(const QRegularExpressionMatch& m, qsizetype start, const QStringList& comments)
    {
        WrapperKernel kernel;
        kernel.variableName = m.captured(1);
        kernel.wrapperFile = m_label;
        kernel.line = lineAt(start);
        const qsizetype open = m.capturedEnd(0) - 1;

        QString nameArg;
        qsizetype q = skipSpace(m_text, open + 1);
        if (startsString(m_text, q) && !startsTripleString(m_text, q)) {
            const qsizetype end = skipString(m_text, q);
            nameArg = unquote(m_text.mid(q, end - q)).value_or(QString());
            q = skipSpace(m_text, end);
            q = (q < m_text.size() && m_text[q] == u',') ? skipSpace(m_text, q + 1) : -1;
        }
        // 2.0 passes no name; 2.1-2.4 pass the placeholder 'triton_': the
        // variable then carries the name the profiler shows.
        kernel.name = (nameArg.isEmpty() || nameArg == u"triton_") ? kernel.variableName : nameArg;

        // A failed block goes on right after its opening: searching for its
        // closing bracket could cost the rest of the file, every time.
        if (q < 0 || !startsTripleString(m_text, q)) {
            fail(kernel, QStringLiteral("its arguments are not a name and a triple-quoted source"));
            return start + m.capturedLength(0);
        }
        const qsizetype sourceEnd = skipString(m_text, q);
        if (sourceEnd < 0) {
            fail(kernel, QStringLiteral("its source string never ends (nothing after it can be read)"));
            return -1;
        }
        // The call's other arguments (device_str='cuda') are short.
        const qsizetype close = matchingBracket(m_text, open, sourceEnd + maxTrailingArgumentsLength);
        kernel.source = m_text.mid(q + 3, sourceEnd - q - 6).toString();
        readHeaderComments(comments, kernel);
        readSource(kernel);
        if (!kernel.problem.isEmpty()) {
            fail(kernel, kernel.problem);
        } else {
            kernel.blockIndex = m_blockIndex++;
            m_result.kernels.push_back(std::move(kernel));
        }
        return close < 0 ? sourceEnd : close + 1;
    }

    void fail(WrapperKernel& kernel, const QString& problem)
    {
        kernel.problem = problem;
        kernel.blockIndex = m_blockIndex++;
        m_result.warnings << QStringLiteral("%1: kernel %2 (line %3): %4; skipped").arg(m_label, kernel.name).arg(kernel.line).arg(problem);
        m_result.kernels.push_back(std::move(kernel));
    }

    const QString& m_label;
    QStringView m_text;
    WrapperFileParse m_result;
    int m_blockIndex = 0;
    int m_line = 1;
    qsizetype m_linePos = 0;
};

} // namespace

WrapperFileParse WrapperFileParser::parse(const QString& fileLabel, QStringView text)
{
    return Parser(fileLabel, text).run();
}

WrapperKernel WrapperFileParser::readKernelFile(const QString& fileLabel, const QString& name, std::shared_ptr<const QString> text)
{
    WrapperKernel kernel;
    kernel.name = name;
    kernel.wrapperFile = fileLabel;
    kernel.source = *text; // shares the buffer
    kernel.sharedSource = std::move(text);
    kernel.origin = SourceOrigin::KernelFile;
    readSource(kernel);
    return kernel;
}

bool WrapperFileParser::mayBeWrapperFile(const QByteArray& bytes)
{
    return bytes.contains("async_compile.triton");
}

} // namespace Ridgeline
