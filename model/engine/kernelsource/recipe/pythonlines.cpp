#include "engine/kernelsource/recipe/pythonlines.h"

namespace Ridgeline::KernelSourceText {

namespace {

bool isNameStart(QChar c)
{
    return c.isLetter() || c == u'_';
}

bool isNameChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

// Index past the string literal whose quote is at pos; -1 when a triple-quoted
// string never ends. A single-quoted one ends at its line's end at worst.
qsizetype skipStringAt(QStringView s, qsizetype pos)
{
    const QChar quote = s[pos];
    const bool triple = pos + 2 < s.size() && s[pos + 1] == quote && s[pos + 2] == quote;
    qsizetype i = pos + (triple ? 3 : 1);
    while (i < s.size()) {
        const QChar c = s[i];
        if (c == u'\\') {
            i += 2;
            continue;
        }
        if (!triple && c == u'\n')
            return i;
        if (c == quote) {
            if (!triple)
                return i + 1;
            if (i + 2 < s.size() && s[i + 1] == quote && s[i + 2] == quote)
                return i + 3;
        }
        ++i;
    }
    return triple ? -1 : s.size();
}

// A string prefix (r, b, f, u and their pairs) directly before a quote.
bool isStringPrefix(QStringView name)
{
    if (name.size() > 2)
        return false;
    for (QChar c : name) {
        const QChar l = c.toLower();
        if (l != u'r' && l != u'b' && l != u'f' && l != u'u')
            return false;
    }
    return true;
}

QChar closerOf(QChar open)
{
    return open == u'(' ? u')' : open == u'[' ? u']' : u'}';
}

} // namespace

LogicalLines splitLogicalLines(QStringView s)
{
    LogicalLines result;
    std::vector<std::pair<QChar, int>> open; // bracket and its line
    qsizetype i = 0;
    int line = 1;
    while (i < s.size()) {
        // The start of a physical line outside brackets: a new logical line.
        const qsizetype lineStart = i;
        const int startLine = line;
        int indent = 0;
        while (i < s.size() && (s[i] == u' ' || s[i] == u'\t' || s[i] == u'\f')) {
            indent += s[i] == u'\t' ? 8 - indent % 8 : 1;
            ++i;
        }
        bool content = false;
        qsizetype lastContent = i;
        while (i < s.size()) {
            const QChar c = s[i];
            if (c == u'\n') {
                ++line;
                if (open.empty()) {
                    ++i;
                    break;
                }
                ++i;
                continue;
            }
            if (c == u'#') {
                while (i < s.size() && s[i] != u'\n')
                    ++i;
                continue;
            }
            if (c == u'\\' && i + 1 < s.size() && s[i + 1] == u'\n') {
                i += 2;
                ++line;
                continue;
            }
            if (c == u'\'' || c == u'"') {
                const qsizetype past = skipStringAt(s, i);
                if (past < 0) {
                    result.error = QStringLiteral("a triple-quoted string opened at line %1 never ends").arg(line);
                    return result;
                }
                for (qsizetype k = i; k < past; ++k) {
                    if (s[k] == u'\n')
                        ++line;
                }
                i = past;
                content = true;
                lastContent = i;
                continue;
            }
            if (c == u'(' || c == u'[' || c == u'{') {
                open.emplace_back(c, line);
            } else if (c == u')' || c == u']' || c == u'}') {
                if (open.empty()) {
                    result.error = QStringLiteral("an unmatched '%1' at line %2").arg(c).arg(line);
                    return result;
                }
                if (closerOf(open.back().first) != c) {
                    result.error = QStringLiteral("'%1' at line %2 closes the '%3' opened at line %4")
                                       .arg(c)
                                       .arg(line)
                                       .arg(open.back().first)
                                       .arg(open.back().second);
                    return result;
                }
                open.pop_back();
            }
            if (!c.isSpace()) {
                content = true;
                lastContent = i + 1;
            }
            ++i;
        }
        if (!open.empty()) {
            result.error = QStringLiteral("the '%1' opened at line %2 is never closed").arg(open.front().first).arg(open.front().second);
            return result;
        }
        if (content)
            result.lines.push_back({ lineStart, lastContent, startLine, indent });
    }
    return result;
}

bool tokenize(QStringView s, const LogicalLine& line, std::vector<Token>* out, qsizetype maxTokens, QString* why)
{
    out->clear();
    static const char* const twoCharOps[]
        = { "//", "**", "<=", ">=", "==", "!=", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", ":=" };
    qsizetype i = line.begin;
    while (i < line.end) {
        const QChar c = s[i];
        if (c.isSpace()) {
            ++i;
            continue;
        }
        if (c == u'#') {
            while (i < line.end && s[i] != u'\n')
                ++i;
            continue;
        }
        if (c == u'\\') {
            ++i;
            continue;
        }
        if (qsizetype(out->size()) >= maxTokens) {
            *why = QStringLiteral("a statement of more than %1 tokens at line %2 was not read").arg(maxTokens).arg(line.line);
            return false;
        }
        Token token;
        token.begin = i;
        if (c == u'\'' || c == u'"') {
            const qsizetype past = skipStringAt(s, i);
            i = past < 0 ? line.end : std::min(past, line.end);
            token.kind = Token::Kind::String;
        } else if (isNameStart(c)) {
            while (i < line.end && isNameChar(s[i]))
                ++i;
            if (i < line.end && (s[i] == u'\'' || s[i] == u'"') && isStringPrefix(s.sliced(token.begin, i - token.begin))) {
                const qsizetype past = skipStringAt(s, i);
                i = past < 0 ? line.end : std::min(past, line.end);
                token.kind = Token::Kind::String;
            } else {
                token.kind = Token::Kind::Name;
            }
        } else if (c.isDigit() || (c == u'.' && i + 1 < line.end && s[i + 1].isDigit())) {
            while (i < line.end) {
                const QChar d = s[i];
                const bool exponentSign = (d == u'+' || d == u'-') && (s[i - 1] == u'e' || s[i - 1] == u'E')
                    && !s.sliced(token.begin, i - token.begin).startsWith(u"0x");
                if (!(isNameChar(d) || d == u'.' || exponentSign))
                    break;
                ++i;
            }
            token.kind = Token::Kind::Number;
        } else {
            token.kind = Token::Kind::Op;
            qsizetype length = 1;
            if (i + 2 < line.end && s.sliced(i, 3) == u"//=")
                length = 3;
            else if (i + 1 < line.end) {
                for (const char* op : twoCharOps) {
                    if (s[i] == QLatin1Char(op[0]) && s[i + 1] == QLatin1Char(op[1])) {
                        length = 2;
                        break;
                    }
                }
            }
            if (length == 1 && QStringView(u"()[]{}:,.;@=+-*/%<>&|^~!").indexOf(c) < 0) {
                *why = QStringLiteral("a character Python does not allow ('%1') at line %2").arg(c).arg(line.line);
                return false;
            }
            i += length;
        }
        token.end = i;
        out->push_back(token);
    }
    return true;
}

} // namespace Ridgeline::KernelSourceText
