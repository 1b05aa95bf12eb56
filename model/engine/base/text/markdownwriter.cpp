#include "engine/base/text/markdownwriter.h"

#include <algorithm>

namespace Ridgeline {

void MarkdownWriter::startBlock()
{
    // Every block ends with a blank line but a list, whose items follow one
    // another: the list's blank line comes when something else begins.
    if (m_inList)
        m_text += u'\n';
    m_inList = false;
}

void MarkdownWriter::heading(int level, const QString& markdown)
{
    startBlock();
    m_text += QString(std::clamp(level, 1, 6), u'#') + u' ' + markdown + QStringLiteral("\n\n");
}

void MarkdownWriter::paragraph(const QString& markdown)
{
    startBlock();
    m_text += markdown + QStringLiteral("\n\n");
}

void MarkdownWriter::bullet(const QString& markdown)
{
    if (!m_inList)
        startBlock();
    m_inList = true;
    m_text += QStringLiteral("- ") + markdown + u'\n';
}

void MarkdownWriter::codeBlock(const QStringList& lines, const QString& language)
{
    startBlock();
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
    m_text += fence + QStringLiteral("\n\n");
}

void MarkdownWriter::table(const QStringList& header, const std::vector<QStringList>& rows, const std::vector<Align>& alignments)
{
    startBlock();
    const auto line
        = [](const QStringList& cells) { return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n"); };
    m_text += line(header);
    for (qsizetype c = 0; c < header.size(); ++c) {
        const bool right = size_t(c) < alignments.size() && alignments[size_t(c)] == Align::Right;
        m_text += right ? QStringLiteral("|---:") : QStringLiteral("|---");
    }
    m_text += QStringLiteral("|\n");
    for (QStringList cells : rows) {
        // A short row would shift the columns of the rendered table.
        while (cells.size() < header.size())
            cells << QString();
        m_text += line(cells);
    }
    m_text += u'\n';
}

QString MarkdownWriter::text() const
{
    return m_inList ? m_text + u'\n' : m_text;
}

QString MarkdownWriter::plain(const QString& text)
{
    return markdownText(text);
}

QString MarkdownWriter::code(const QString& text, MarkdownPlace place)
{
    return markdownCodeSpan(text, place);
}

QString MarkdownWriter::plainWithCode(const QString& text, MarkdownPlace place)
{
    return markdownTextWithCode(text, place);
}

QString MarkdownWriter::image(const QString& alt, QStringView path)
{
    return QStringLiteral("![") + alt + QStringLiteral("](") + markdownLinkTarget(path) + u')';
}

} // namespace Ridgeline
