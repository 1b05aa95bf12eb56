// Folder inspector/: the formula inspector widget.
// Colours the Triton (Python) source in the formula inspector: keywords,
// tl.* calls, strings, numbers, comments and decorators. Only blocks that
// Markdown fenced as ```python are touched; the rest of the document keeps
// its own formatting.
#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace Ridgeline {

class PythonHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    // `darkBackground` picks colours that read on a dark palette.
    PythonHighlighter(QTextDocument* document, bool darkBackground);

protected:
    void highlightBlock(const QString& text) override;

private:
    QTextCharFormat m_keyword, m_builtin, m_triton, m_string, m_number, m_comment, m_decorator;
};

} // namespace Ridgeline
