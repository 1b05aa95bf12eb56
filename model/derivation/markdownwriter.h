// Folder derivation/: the formula inspector's text.
// Builds the Markdown text of the formula inspector: headings, paragraphs,
// bullets and GitHub-style tables, with the escaping that keeps kernel and
// op names (full of underscores) from turning into emphasis.
#pragma once

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

    void heading(int level, const QString& text);
    void paragraph(const QString& text);
    void bullet(const QString& text);
    // Lines shown verbatim in a fenced code block; `language` ("python")
    // goes on the fence, where the inspector's highlighter finds it.
    void codeBlock(const QStringList& lines, const QString& language = {});
    // `alignments` may be shorter than `header`: the rest align left.
    void table(const QStringList& header, const std::vector<QStringList>& rows,
        const std::vector<Align>& alignments = {});

    QString text() const { return m_text; }

    // Free text: characters Markdown would read as markup are escaped.
    static QString escape(const QString& text);
    // An identifier or literal shown in a code span; safe inside tables.
    static QString code(const QString& text);
    static QString bold(const QString& text) { return QStringLiteral("**") + text + QStringLiteral("**"); }

private:
    void endBlock();

    QString m_text;
    bool m_inList = false;
};

} // namespace Ridgeline
