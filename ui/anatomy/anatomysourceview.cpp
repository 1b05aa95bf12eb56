#include "anatomy/anatomysourceview.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>
#include <QTimer>
#include <QToolTip>
#include <algorithm>

namespace Ridgeline {

// The line numbers and kind bars, painted by the editor that owns them.
class SourceGutter final : public QWidget
{
public:
    explicit SourceGutter(AnatomySourceView* view)
        : QWidget(view)
        , m_view(view)
    { }
    QSize sizeHint() const override { return { m_view->gutterWidth(), 0 }; }

protected:
    void paintEvent(QPaintEvent* event) override { m_view->paintGutter(event); }

private:
    AnatomySourceView* m_view;
};

AnatomySourceView::AnatomySourceView(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_gutter(new SourceGutter(this))
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    document()->setUndoRedoEnabled(false);
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
        if (dy)
            m_gutter->scroll(0, dy);
        else
            m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
    });
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

int AnatomySourceView::gutterWidth() const
{
    int digits = 1;
    for (int max = std::max(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    return 10 + fontMetrics().horizontalAdvance(u'9') * std::max(3, digits) + 6;
}

void AnatomySourceView::setSource(std::shared_ptr<const QString> text)
{
    ++m_generation;
    m_text = std::move(text);
    m_topLine = 0;
    const qsizetype first = m_text ? chunkEnd(0) : 0;
    setPlainText(m_text ? m_text->first(first) : QString());
    m_loadedChars = first;
    if (isLoading())
        QTimer::singleShot(0, this, [this, generation = m_generation] { appendChunk(generation); });
    else
        Q_EMIT loaded();
}

// A chunk ends before a newline where one is in reach, so that the next
// one opens its first line; a line longer than a chunk is cut.
qsizetype AnatomySourceView::chunkEnd(qsizetype from) const
{
    qsizetype end = std::min(m_text->size(), from + chunkChars);
    if (end < m_text->size()) {
        const qsizetype newline = m_text->lastIndexOf(u'\n', end - 1);
        if (newline > from)
            end = newline;
    }
    return end;
}

void AnatomySourceView::appendChunk(quint64 generation)
{
    if (generation != m_generation || !isLoading())
        return;
    const qsizetype end = chunkEnd(m_loadedChars);
    QTextCursor cursor(document());
    cursor.movePosition(QTextCursor::End);
    cursor.insertText(QStringView(*m_text).sliced(m_loadedChars, end - m_loadedChars).toString());
    m_loadedChars = end;
    applyHighlights();
    if (isLoading())
        QTimer::singleShot(0, this, [this, generation] { appendChunk(generation); });
    else
        Q_EMIT loaded();
}

void AnatomySourceView::setAnnotations(SourceAnnotations annotations)
{
    m_annotations = std::move(annotations);
    viewport()->update();
    m_gutter->update();
}

void AnatomySourceView::highlightLines(const QList<int>& lines)
{
    m_highlighted = lines;
    m_scrollToHighlight = !lines.isEmpty();
    applyHighlights();
}

void AnatomySourceView::showLineAtTop(int line)
{
    m_topLine = line;
    applyHighlights();
}

void AnatomySourceView::applyHighlights()
{
    if (m_topLine > 0 && m_topLine <= blockCount()) {
        verticalScrollBar()->setValue(m_topLine - 1);
        m_topLine = 0;
    }
    QList<QTextEdit::ExtraSelection> selections;
    QColor tint = palette().color(QPalette::Highlight);
    tint.setAlphaF(0.28f);
    for (int line : std::as_const(m_highlighted)) {
        const QTextBlock block = document()->findBlockByNumber(line - 1);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection selection;
        selection.format.setBackground(tint);
        selection.format.setProperty(QTextFormat::FullWidthSelection, true);
        selection.cursor = QTextCursor(block);
        selections << selection;
    }
    setExtraSelections(selections);
    // The first line asked for, once it is loaded: a highlight further down
    // a large source waits for its chunk.
    const QTextBlock first = m_highlighted.isEmpty() ? QTextBlock() : document()->findBlockByNumber(m_highlighted.first() - 1);
    if (m_scrollToHighlight && first.isValid()) {
        m_scrollToHighlight = false;
        setTextCursor(QTextCursor(first));
        centerCursor();
    }
    m_gutter->update();
}

void AnatomySourceView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect r = contentsRect();
    m_gutter->setGeometry(QRect(r.left(), r.top(), gutterWidth(), r.height()));
}

void AnatomySourceView::paintGutter(QPaintEvent* event)
{
    QPainter painter(m_gutter);
    const QPalette& p = palette();
    painter.fillRect(event->rect(), p.color(QPalette::AlternateBase));
    painter.setFont(font());
    const int width = m_gutter->width();
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        const int line = block.blockNumber() + 1;
        if (block.isVisible() && top + height >= event->rect().top()) {
            if (m_annotations.has(line))
                painter.fillRect(QRect(width - 5, top, 4, height), m_annotations.color(line));
            painter.setPen(m_highlighted.contains(line) ? p.color(QPalette::Text) : p.color(QPalette::PlaceholderText));
            painter.drawText(QRect(0, top, width - 9, height), Qt::AlignRight | Qt::AlignVCenter, QString::number(line));
        }
        block = block.next();
        top += height;
    }
}

// Each annotated line's kind and bytes after its text, dimmed: read beside
// the index expression without a tooltip.
void AnatomySourceView::paintEvent(QPaintEvent* event)
{
    QPlainTextEdit::paintEvent(event);
    if (m_annotations.isEmpty())
        return;
    QPainter painter(viewport());
    QFont small = font();
    small.setItalic(true);
    painter.setFont(small);
    const QFontMetrics metrics(font());
    QTextBlock block = firstVisibleBlock();
    const QPointF offset = contentOffset();
    while (block.isValid()) {
        const QRectF box = blockBoundingGeometry(block).translated(offset);
        if (box.top() > event->rect().bottom())
            break;
        const int line = block.blockNumber() + 1;
        if (m_annotations.has(line)) {
            // After the line where it fits; else over the line's tail at the
            // pane's right edge, on the base colour: a narrow pane still shows it.
            const QString label = QStringLiteral("◂ ") + m_annotations.text(line);
            const qreal width = QFontMetricsF(small).horizontalAdvance(label) + 8;
            const qreal after
                = box.left() + document()->documentMargin() + metrics.horizontalAdvance(block.text()) + 2 * metrics.averageCharWidth();
            const qreal right = viewport()->width() - width - 2;
            const qreal x = std::max<qreal>(std::min(after, right), box.left() + document()->documentMargin());
            const QRectF where(x, box.top(), width, box.height());
            if (x < after)
                painter.fillRect(where, palette().color(QPalette::AlternateBase));
            QColor color = m_annotations.color(line);
            color.setAlphaF(0.9f);
            painter.setPen(color);
            painter.drawText(where.adjusted(4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, label);
        }
        block = block.next();
    }
}

bool AnatomySourceView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int line = cursorForPosition(help->pos()).blockNumber() + 1;
        if (m_annotations.has(line))
            QToolTip::showText(help->globalPos(), m_annotations.tooltip(line), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

} // namespace Ridgeline
