#include "engine/kernelsource/pythontext.h"

#include <algorithm>

namespace Ridgeline::PythonText {
namespace {

bool isQuote(QChar c)
{
    return c == u'\'' || c == u'"';
}

QChar closing(QChar open)
{
    switch (open.unicode()) {
    case u'(':
        return u')';
    case u'[':
        return u']';
    case u'{':
        return u'}';
    default:
        return {};
    }
}

} // namespace

bool startsString(QStringView text, qsizetype pos)
{
    return pos < text.size() && isQuote(text[pos]);
}

bool startsTripleString(QStringView text, qsizetype pos)
{
    return pos + 2 < text.size() && isQuote(text[pos]) && text[pos + 1] == text[pos] && text[pos + 2] == text[pos];
}

qsizetype skipString(QStringView text, qsizetype pos)
{
    const QChar quote = text[pos];
    if (startsTripleString(text, pos)) {
        for (qsizetype i = pos + 3; i < text.size(); ++i) {
            if (text[i] == u'\\') {
                ++i;
            } else if (startsTripleString(text, i) && text[i] == quote) {
                return i + 3;
            }
        }
        return -1;
    }
    for (qsizetype i = pos + 1; i < text.size(); ++i) {
        if (text[i] == u'\\')
            ++i;
        else if (text[i] == quote)
            return i + 1;
        else if (text[i] == u'\n')
            return i;
    }
    return text.size();
}

qsizetype matchingBracket(QStringView text, qsizetype open, qsizetype giveUpAt)
{
    QString expected; // stack of closing brackets
    const qsizetype stop = giveUpAt < 0 ? text.size() : std::min(giveUpAt, text.size());
    for (qsizetype i = open; i < stop; ++i) {
        const QChar c = text[i];
        if (isQuote(c)) {
            const qsizetype end = skipString(text, i);
            if (end < 0)
                return -1;
            i = end - 1;
        } else if (c == u'#') {
            while (i < text.size() && text[i] != u'\n')
                ++i;
        } else if (const QChar close = closing(c); !close.isNull()) {
            expected.append(close);
        } else if (c == u')' || c == u']' || c == u'}') {
            if (expected.isEmpty() || expected.back() != c)
                return -1;
            expected.chop(1);
            if (expected.isEmpty())
                return i;
        }
    }
    return -1;
}

QList<QStringView> splitTopLevel(QStringView content)
{
    QList<QStringView> parts;
    qsizetype start = 0;
    for (qsizetype i = 0; i < content.size(); ++i) {
        const QChar c = content[i];
        if (isQuote(c)) {
            const qsizetype end = skipString(content, i);
            i = (end < 0 ? content.size() : end) - 1;
        } else if (!closing(c).isNull()) {
            const qsizetype end = matchingBracket(content, i);
            i = end < 0 ? content.size() - 1 : end;
        } else if (c == u',') {
            parts << content.mid(start, i - start).trimmed();
            start = i + 1;
        }
    }
    const QStringView last = content.mid(start).trimmed();
    if (!last.isEmpty())
        parts << last;
    return parts;
}

std::optional<QString> unquote(QStringView literal)
{
    const QStringView text = literal.trimmed();
    if (text.size() < 2 || !isQuote(text.front()) || text.back() != text.front() || startsTripleString(text, 0))
        return std::nullopt;
    const QStringView inner = text.mid(1, text.size() - 2);
    if (inner.contains(u'\\') || inner.contains(text.front()))
        return std::nullopt;
    return inner.toString();
}

std::optional<QList<std::pair<QStringView, QStringView>>> dictEntries(QStringView literal)
{
    const QStringView text = literal.trimmed();
    if (text.size() < 2 || text.front() != u'{' || text.back() != u'}')
        return std::nullopt;
    QList<std::pair<QStringView, QStringView>> entries;
    for (QStringView part : splitTopLevel(text.mid(1, text.size() - 2))) {
        // The key is a string or an integer: the first top-level colon ends it.
        qsizetype colon = -1;
        for (qsizetype i = 0; i < part.size(); ++i) {
            if (isQuote(part[i])) {
                i = skipString(part, i) - 1;
                if (i < 0)
                    return std::nullopt;
            } else if (part[i] == u':') {
                colon = i;
                break;
            }
        }
        if (colon < 0)
            return std::nullopt;
        entries.append({ part.left(colon).trimmed(), part.mid(colon + 1).trimmed() });
    }
    return entries;
}

} // namespace Ridgeline::PythonText
