// Stage base/: shared by every stage of the engine.
// The one Markdown writer: the report and the formula inspector build their
// text with it, block by block (headings, paragraphs, bullets, tables, code
// blocks), each block followed by a blank line so that no two run together.
// Blocks take Markdown fragments; text from a trace gets into a fragment
// only through plain(), code() and plainWithCode(), which escape it as
// engine/base/textescaping.h says: safe under CommonMark, GitHub and
// Python-Markdown alike, where a backslash escape is not.
#pragma once

#include "engine/base/textescaping.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace Ridgeline {

class MarkdownWriter
{
public:
    enum class Align
    {
        Left,
        Right
    };

    void heading(int level, const QString& markdown);
    void paragraph(const QString& markdown);
    void bullet(const QString& markdown);
    // Lines shown verbatim in a fenced code block; `language` ("python")
    // goes on the fence, where the inspector's highlighter finds it.
    void codeBlock(const QStringList& lines, const QString& language = {});
    // GitHub-style: cells are fragments (a name in a cell is
    // code(name, MarkdownPlace::TableCell)); `alignments` may be shorter
    // than `header`: the rest align left. A short row is padded.
    void table(const QStringList& header, const std::vector<QStringList>& rows, const std::vector<Align>& alignments = {});

    // The document so far, an open list closed.
    QString text() const;

    // Free text that no renderer reads as markup (markdownText).
    static QString plain(const QString& text);
    // An identifier or literal as a code span. In a table cell (the
    // default: safe anywhere) a `|` is written `\|`, which prose shows.
    static QString code(const QString& text, MarkdownPlace place = MarkdownPlace::TableCell);
    // Our own text quoting names between backticks (markdownTextWithCode).
    static QString plainWithCode(const QString& text, MarkdownPlace place = MarkdownPlace::Prose);
    static QString bold(const QString& markdown) { return QStringLiteral("**") + markdown + QStringLiteral("**"); }
    // An image of a relative file path: "![alt](./path)".
    static QString image(const QString& alt, QStringView path);

private:
    void startBlock();

    QString m_text;
    bool m_inList = false;
};

} // namespace Ridgeline
