// Folder inspector/: the formula inspector widget.
// Colours the Triton (Python) source in the formula inspector: keywords,
// tl.* calls, strings, numbers, comments and decorators. In the derivation
// only blocks that Markdown fenced as ```python are touched (the rest keeps
// its own formatting); in the anatomy's source view, every block.
#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

class QTextBlock;

namespace Ridgeline {

class PythonHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    enum Scope
    {
        FencedBlocks, // only blocks Markdown fenced as ```python (the derivation)
        WholeDocument, // every block (the anatomy's source view)
    };
    // `darkBackground` picks colours that read on a dark palette.
    PythonHighlighter(QTextDocument* document, bool darkBackground, Scope scope = FencedBlocks);

protected:
    void highlightBlock(const QString& text) override;

private:
    bool isPython(const QTextBlock& block) const;

    Scope m_scope;
    QTextCharFormat m_keyword, m_builtin, m_triton, m_string, m_number, m_comment, m_decorator;
};

} // namespace Ridgeline
