#include "anatomy/anatomysourceview.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QTextBlock>
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

void AnatomySourceView::setAnnotations(QHash<int, Annotation> annotations)
{
    m_annotations = std::move(annotations);
    viewport()->update();
    m_gutter->update();
}

void AnatomySourceView::highlightLines(const QList<int>& lines)
{
    m_highlighted = lines;
    QList<QTextEdit::ExtraSelection> selections;
    QColor tint = palette().color(QPalette::Highlight);
    tint.setAlphaF(0.28f);
    for (int line : lines) {
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
    if (!selections.isEmpty()) {
        setTextCursor(selections.first().cursor);
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
            const auto found = m_annotations.constFind(line);
            if (found != m_annotations.constEnd())
                painter.fillRect(QRect(width - 5, top, 4, height), found->color);
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
        const auto found = m_annotations.constFind(block.blockNumber() + 1);
        if (found != m_annotations.constEnd()) {
            // After the line where it fits; else over the line's tail at the
            // pane's right edge, on the base colour: a narrow pane still shows it.
            const QString label = QStringLiteral("◂ ") + found->text;
            const qreal width = QFontMetricsF(small).horizontalAdvance(label) + 8;
            const qreal after
                = box.left() + document()->documentMargin() + metrics.horizontalAdvance(block.text()) + 2 * metrics.averageCharWidth();
            const qreal right = viewport()->width() - width - 2;
            const qreal x = std::max<qreal>(std::min(after, right), box.left() + document()->documentMargin());
            const QRectF where(x, box.top(), width, box.height());
            if (x < after)
                painter.fillRect(where, palette().color(QPalette::AlternateBase));
            QColor color = found->color;
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
        const auto found = m_annotations.constFind(line);
        if (found != m_annotations.constEnd() && !found->tooltip.isEmpty())
            QToolTip::showText(help->globalPos(), found->tooltip, this);
        else
            QToolTip::hideText();
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

} // namespace Ridgeline
