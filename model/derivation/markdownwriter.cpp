#include "derivation/markdownwriter.h"

#include "engine/base/textescaping.h"

#include <algorithm>

namespace Ridgeline {

void MarkdownWriter::endBlock()
{
    // A blank line ends a block: two paragraphs, or a list and a table, must
    // not run together.
    if (!m_text.isEmpty())
        m_text += u'\n';
    m_inList = false;
}

void MarkdownWriter::heading(int level, const QString& text)
{
    endBlock();
    m_text += QString(level, u'#') + u' ' + text + u'\n';
}

void MarkdownWriter::paragraph(const QString& text)
{
    endBlock();
    m_text += text + u'\n';
}

void MarkdownWriter::bullet(const QString& text)
{
    if (!m_inList)
        endBlock();
    m_inList = true;
    m_text += QStringLiteral("- ") + text + u'\n';
}

void MarkdownWriter::codeBlock(const QStringList& lines, const QString& language)
{
    endBlock();
    // The fence must be longer than any run of backticks opening a line of
    // the content (a docstring may hold a Markdown example).
    qsizetype longest = 0;
    for (const QString& line : lines) {
        const QString trimmed = line.trimmed();
        qsizetype run = 0;
        while (run < trimmed.size() && trimmed[run] == u'`')
            ++run;
        longest = std::max(longest, run);
    }
    const QString fence(std::max<qsizetype>(3, longest + 1), u'`');
    m_text += fence + language + u'\n';
    for (const QString& line : lines)
        m_text += line + u'\n';
    m_text += fence + u'\n';
}

void MarkdownWriter::table(
    const QStringList& header, const std::vector<QStringList>& rows, const std::vector<Align>& alignments)
{
    endBlock();
    auto line = [](const QStringList& cells) {
        return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    };
    m_text += line(header);
    QStringList rule;
    for (qsizetype c = 0; c < header.size(); ++c) {
        const bool right = size_t(c) < alignments.size() && alignments[size_t(c)] == Align::Right;
        rule << (right ? QStringLiteral("---:") : QStringLiteral("---"));
    }
    m_text += line(rule);
    for (QStringList cells : rows) {
        // A short row would shift the columns of the rendered table.
        while (cells.size() < header.size())
            cells << QString();
        m_text += line(cells);
    }
}

QString MarkdownWriter::escape(const QString& text)
{
    static const QString special = QStringLiteral("\\`*_[]<>|#~");
    QString out;
    out.reserve(text.size() + 8);
    for (QChar c : text) {
        if (special.contains(c))
            out += u'\\';
        out += c;
    }
    return out;
}

QString MarkdownWriter::code(const QString& text)
{
    // One fence longer than any run of backticks inside, a pipe escaped (it
    // ends a table cell even inside a code span): a name ends no span early.
    return markdownCodeSpan(text, MarkdownPlace::TableCell);
}

} // namespace Ridgeline
