#include "engine/base/textescaping.h"

#include <QList>
#include <algorithm>

namespace Ridgeline {
namespace {

// C0 controls, DEL and C1 controls: invisible, and most are not allowed in
// XML 1.0. The line and paragraph separators break a line in some readers.
bool isControl(char16_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029;
}

// U+2400 + c for C0 ("␍" for \r), U+2421 for DEL, U+FFFD for the rest.
QChar controlPicture(char16_t c)
{
    if (c < 0x20)
        return QChar(char16_t(0x2400 + c));
    if (c == 0x7f)
        return QChar(char16_t(0x2421));
    return QChar(char16_t(0xfffd));
}

void appendPrintable(QString& out, QChar c)
{
    out += isControl(c.unicode()) ? controlPicture(c.unicode()) : c;
}

// Characters that mean something to Markdown or HTML inline: written as
// numeric character references, which every renderer decodes back.
bool isMarkdownSpecial(char16_t c)
{
    switch (c) {
    case u'\\':
    case u'`':
    case u'*':
    case u'_':
    case u'[':
    case u']':
    case u'<':
    case u'>':
    case u'&':
    case u'|':
    case u'~':
    case u'#':
        return true;
    default:
        return false;
    }
}

// At the start of a line these open a list, a setext heading or an
// ordered item ("1."), even in the middle of our own sentence once a
// renderer wraps: written as references there too.
bool opensBlockAtStart(char16_t c)
{
    return c == u'-' || c == u'+' || c == u'=' || (c >= u'0' && c <= u'9');
}

bool isUnreservedInPath(char16_t c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'-' || c == u'.' || c == u'_'
        || c == u'~' || c == u'/';
}

// A `|` inside a table cell, code span or not, splits the row unless it is
// escaped, and GFM's row scanner reads backslash pairs from left to right:
// after an odd run of the text's own backslashes our `\|` would read as
// `\\` and a bare `|`. One more backslash evens the run; the cell then shows
// it (no GFM table can hold a backslash right before a pipe exactly).
void appendTableCellPipe(QString& body)
{
    qsizetype run = 0;
    while (run < body.size() && body[body.size() - 1 - run] == u'\\')
        ++run;
    if (run % 2 == 1)
        body += u'\\';
    body += QStringLiteral("\\|");
}

} // namespace

QString printableText(QStringView text)
{
    QString out;
    out.reserve(text.size());
    for (QChar c : text)
        appendPrintable(out, c);
    return out;
}

QString markdownCodeSpan(QStringView text, MarkdownPlace place)
{
    // The longest run of backticks inside decides the fence: one more.
    qsizetype longest = 0;
    qsizetype run = 0;
    for (QChar c : text) {
        run = c == u'`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    QString body;
    body.reserve(text.size() + 8);
    for (QChar c : text) {
        if (place == MarkdownPlace::TableCell && c == u'|')
            appendTableCellPipe(body);
        else
            appendPrintable(body, c);
    }
    // A fence must not touch a backtick of the text, and CommonMark strips
    // one space each side of a span that has one at both ends and is not
    // all spaces: a space inside the fence keeps both. An empty text shows
    // as one space (no span can be empty).
    const bool allSpaces = body.trimmed().isEmpty() && !body.isEmpty();
    if (body.isEmpty())
        body = QStringLiteral(" ");
    else if (!allSpaces && (body.startsWith(u'`') || body.endsWith(u'`') || (body.startsWith(u' ') && body.endsWith(u' '))))
        body = u' ' + body + u' ';
    const QString fence(longest + 1, u'`');
    return fence + body + fence;
}

QString markdownText(QStringView text)
{
    QString out;
    out.reserve(text.size() + 8);
    const auto alphanumeric = [&](qsizetype i) { return i >= 0 && i < text.size() && text[i].isLetterOrNumber(); };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        // Kept as they are where no renderer reads them as markup, so that
        // a kernel's name stays readable: `_` inside a word (no emphasis
        // there in CommonMark, GFM or Python-Markdown), `#` after a
        // non-space (no heading, no closing sequence).
        const bool plain = (c == u'_' && alphanumeric(i - 1) && alphanumeric(i + 1)) || (c == u'#' && i > 0 && !text[i - 1].isSpace());
        if (!plain && (isMarkdownSpecial(c) || (i == 0 && opensBlockAtStart(c))))
            out += QStringLiteral("&#%1;").arg(int(c));
        else
            appendPrintable(out, text[i]);
    }
    return out;
}

QString markdownTextWithCode(QStringView text, MarkdownPlace place)
{
    // Odd pieces between backticks are code, the rest text: whatever the
    // split, each piece is escaped for what it is taken as.
    const QList<QStringView> pieces = text.split(u'`');
    QString out;
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        const bool code = i % 2 == 1 && i + 1 < pieces.size();
        if (code)
            out += markdownCodeSpan(pieces[i], place);
        else
            out += (i % 2 == 1 ? QStringLiteral("&#96;") : QString()) + markdownText(pieces[i]);
    }
    return out;
}

QString markdownLinkTarget(QStringView path)
{
    const QByteArray utf8 = path.toUtf8();
    QString out;
    out.reserve(utf8.size() + 2);
    if (!path.startsWith(u'/') && !path.startsWith(u'.'))
        out += QStringLiteral("./");
    static constexpr char hex[] = "0123456789ABCDEF";
    for (char byte : utf8) {
        const auto b = static_cast<unsigned char>(byte);
        if (b < 0x80 && isUnreservedInPath(char16_t(b))) {
            out += QChar(char16_t(b));
        } else {
            out += u'%';
            out += QChar(char16_t(hex[b >> 4]));
            out += QChar(char16_t(hex[b & 0xf]));
        }
    }
    return out;
}

QString csvTextField(QStringView text)
{
    QString field;
    field.reserve(text.size() + 3);
    if (!text.isEmpty()) {
        const QChar first = text.front();
        if (first == u'=' || first == u'+' || first == u'-' || first == u'@' || first == u'\t' || first == u'\r')
            field += u'\'';
    }
    field += text;
    if (!field.contains(u',') && !field.contains(u'"') && !field.contains(u'\n') && !field.contains(u'\r'))
        return field;
    field.replace(u'"', QStringLiteral("\"\""));
    return u'"' + field + u'"';
}

} // namespace Ridgeline
