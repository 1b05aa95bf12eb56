#include "inspector/pythonhighlighter.h"

#include <QRegularExpression>
#include <QTextBlock>

namespace Ridgeline {
namespace {

enum BlockState
{
    Plain = 0,
    InDoubleDocstring = 1,
    InSingleDocstring = 2
};

QTextCharFormat colored(const QColor& color, bool bold = false, bool italic = false)
{
    QTextCharFormat f;
    f.setForeground(color);
    if (bold)
        f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
}

} // namespace

bool PythonHighlighter::isPython(const QTextBlock& block) const
{
    return block.isValid() && (m_scope == WholeDocument || block.blockFormat().stringProperty(QTextFormat::BlockCodeLanguage) == u"python");
}

PythonHighlighter::PythonHighlighter(QTextDocument* document, bool darkBackground, Scope scope)
    : QSyntaxHighlighter(document)
    , m_scope(scope)
{
    // Two sets tuned for contrast on white and on near-black bases.
    const bool dark = darkBackground;
    m_keyword = colored(dark ? QColor(0xc6, 0x78, 0xdd) : QColor(0x7b, 0x1f, 0xa2), true);
    m_builtin = colored(dark ? QColor(0x61, 0xaf, 0xef) : QColor(0x15, 0x65, 0xc0));
    m_triton = colored(dark ? QColor(0x56, 0xb6, 0xc2) : QColor(0x00, 0x69, 0x7c));
    m_string = colored(dark ? QColor(0x98, 0xc3, 0x79) : QColor(0x2e, 0x7d, 0x32));
    m_number = colored(dark ? QColor(0xd1, 0x9a, 0x66) : QColor(0xb2, 0x4a, 0x00));
    m_comment = colored(dark ? QColor(0x8b, 0x94, 0x9e) : QColor(0x75, 0x75, 0x75), false, true);
    m_decorator = colored(dark ? QColor(0xe5, 0xc0, 0x7b) : QColor(0x8d, 0x6e, 0x00));
}

void PythonHighlighter::highlightBlock(const QString& text)
{
    setCurrentBlockState(Plain);
    if (!isPython(currentBlock()))
        return;

    static const QRegularExpression keywords(
        QStringLiteral("\\b(and|as|assert|break|class|continue|def|del|elif|else|except|finally|for|from|global|if|import|in|is|"
                       "lambda|None|nonlocal|not|or|pass|raise|return|True|False|try|while|with|yield)\\b"));
    static const QRegularExpression builtins(
        QStringLiteral("\\b(range|len|min|max|int|float|bool|str|print|isinstance|getattr|setattr)\\b"));
    static const QRegularExpression triton(QStringLiteral("\\b(tl|triton_helpers|libdevice|triton)\\.[A-Za-z_][A-Za-z0-9_.]*"));
    static const QRegularExpression numbers(QStringLiteral("\\b(0x[0-9a-fA-F]+|\\d+\\.?\\d*(e[-+]?\\d+)?)\\b"));
    static const QRegularExpression decorator(QStringLiteral("^\\s*@[A-Za-z_][A-Za-z0-9_.]*"));

    auto apply = [this, &text](const QRegularExpression& pattern, const QTextCharFormat& style) {
        for (auto it = pattern.globalMatch(text); it.hasNext();) {
            const auto match = it.next();
            setFormat(int(match.capturedStart()), int(match.capturedLength()), style);
        }
    };
    apply(numbers, m_number);
    apply(builtins, m_builtin);
    apply(keywords, m_keyword);
    apply(triton, m_triton);
    apply(decorator, m_decorator);

    // Strings, docstrings and comments last: they win over what they contain.
    // One scan, so that a '#' inside a string is not a comment.
    qsizetype i = 0;
    const int previous = previousBlockState();
    if (isPython(currentBlock().previous()) && (previous == InDoubleDocstring || previous == InSingleDocstring)) {
        const QString close = previous == InDoubleDocstring ? QStringLiteral("\"\"\"") : QStringLiteral("'''");
        const qsizetype end = text.indexOf(close);
        if (end < 0) {
            setFormat(0, int(text.size()), m_string);
            setCurrentBlockState(previous);
            return;
        }
        setFormat(0, int(end + 3), m_string);
        i = end + 3;
    }
    while (i < text.size()) {
        const QChar c = text[i];
        if (c == u'#') {
            setFormat(int(i), int(text.size() - i), m_comment);
            return;
        }
        if (c != u'"' && c != u'\'') {
            ++i;
            continue;
        }
        const QString triple(3, c);
        if (text.mid(i, 3) == triple) {
            const qsizetype end = text.indexOf(triple, i + 3);
            if (end < 0) {
                setFormat(int(i), int(text.size() - i), m_string);
                setCurrentBlockState(c == u'"' ? InDoubleDocstring : InSingleDocstring);
                return;
            }
            setFormat(int(i), int(end + 3 - i), m_string);
            i = end + 3;
            continue;
        }
        qsizetype end = i + 1;
        while (end < text.size() && text[end] != c)
            end += text[end] == u'\\' ? 2 : 1;
        end = std::min(end + 1, text.size());
        setFormat(int(i), int(end - i), m_string);
        i = end;
    }
}

} // namespace Ridgeline
