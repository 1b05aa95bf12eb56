#include "anatomy/dataflowdiagram.h"

#include "anatomy/accesskindcolors.h"
#include "engine/base/text/units.h"
#include "engine/kernelsource/pointerkindtext.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>

namespace Ridgeline {
namespace {

constexpr qreal fullRow = 36; // a box of two lines: the title and the index
constexpr qreal tightRow = 20; // one line: where the pane is short
constexpr qreal gap = 22;
constexpr int maxDrawnAccesses = 48; // past these, one "+N more" line: the table lists them all

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightnessF() < 0.5;
}

QString pointerDetail(const PointerAnatomy& p)
{
    return pointerKindText(p) + u' ' + p.dtype; // the kind first: what a one-line box keeps
}

bool reads(const PointerAnatomy& p)
{
    return p.role != PointerAnatomy::Role::Out;
}

bool writes(const PointerAnatomy& p)
{
    return p.role != PointerAnatomy::Role::In;
}

} // namespace

DataflowDiagram::DataflowDiagram(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setMouseTracking(false);
    setToolTip(tr("Pointers → loads at their index expressions → ops → reductions → stores → pointers written. "
                  "Click a pointer or an access to find it in the source."));
}

void DataflowDiagram::setGraph(const KernelAnatomy* anatomy, DataflowGraph graph)
{
    m_anatomy = anatomy;
    m_graph = std::move(graph);
    m_pointer = m_access = -1;
    setMinimumHeight(int(rows() * tightRow + 30));
    updateGeometry();
    update();
}

void DataflowDiagram::highlight(int pointer, int access)
{
    m_pointer = pointer;
    m_access = pointer < 0 ? -1 : access;
    update();
}

int DataflowDiagram::rows() const
{
    if (!m_anatomy)
        return 1;
    int in = 0, out = 0;
    for (const PointerAnatomy& p : m_anatomy->pointers) {
        in += reads(p);
        out += writes(p);
    }
    const int loads = std::min(m_graph.loads(), maxDrawnAccesses), stores = std::min(m_graph.stores(), maxDrawnAccesses);
    const int middle = 1 + int(std::min<size_t>(m_graph.reductions.size(), 8));
    return std::max({ in, out, loads + (m_graph.loads() > loads), stores + (m_graph.stores() > stores), middle, 1 });
}

int DataflowDiagram::heightForWidth(int) const
{
    return int(rows() * fullRow + 30);
}

QSize DataflowDiagram::sizeHint() const
{
    return { 640, heightForWidth(640) };
}

// Rows shrink to fit the pane down to one line each; below that it scrolls.
qreal DataflowDiagram::rowHeight() const
{
    return std::clamp((height() - 30) / qreal(rows()), tightRow, fullRow);
}

// Five columns: pointers read, loads, ops and reductions, stores, pointers
// written; each column's boxes centred on the drawing's height.
std::vector<DataflowDiagram::Box> DataflowDiagram::layoutBoxes(qreal width, QRectF* ops, std::vector<QRectF>* reductions) const
{
    std::vector<Box> boxes;
    if (!m_anatomy)
        return boxes;
    const bool dark = isDark(palette());
    const qreal column = std::max<qreal>(90, (width - 4 * gap - 8) / 5);
    const qreal rowHeight = this->rowHeight(), boxHeight = rowHeight - 4;
    const qreal total = rows() * rowHeight;
    auto x = [&](int c) { return 4 + c * (column + gap); };
    auto top = [&](int count, int i) { return 24 + (total - count * rowHeight) / 2 + i * rowHeight; };

    std::vector<int> in, out;
    for (int p = 0; p < int(m_anatomy->pointers.size()); ++p) {
        if (reads(m_anatomy->pointers[p]))
            in.push_back(p);
        if (writes(m_anatomy->pointers[p]))
            out.push_back(p);
    }
    auto addPointers = [&](const std::vector<int>& which, int c) {
        for (size_t i = 0; i < which.size(); ++i) {
            const PointerAnatomy& p = m_anatomy->pointers[which[i]];
            boxes.push_back({ QRectF(x(c), top(int(which.size()), int(i)), column, boxHeight), which[i], -1, p.arg, pointerDetail(p),
                accessKindColor(p.kind, dark) });
        }
    };
    addPointers(in, 0);
    addPointers(out, 4);
    auto addAccesses = [&](bool store, int c) {
        const int all = store ? m_graph.stores() : m_graph.loads();
        const int drawn = std::min(all, maxDrawnAccesses);
        const int shown = drawn + (all > drawn);
        int i = 0;
        for (const DataflowGraph::Access& a : m_graph.accesses) {
            if (a.store != store || i >= drawn)
                continue;
            const PointerAnatomy& p = m_anatomy->pointers[a.pointer];
            // The column says load or store; the line leads, as in the source's gutter.
            const QString title = QStringLiteral("%1  %2").arg(a.line).arg(p.arg);
            boxes.push_back({ QRectF(x(c), top(shown, i), column, boxHeight), a.pointer, a.access, title,
                (a.masked ? QStringLiteral("[masked] ") : QString()) + a.index, accessKindColor(p.kind, dark) });
            ++i;
        }
        if (all > drawn)
            boxes.push_back({ QRectF(x(c), top(shown, i), column, boxHeight), -1, -1, tr("+%1 more").arg(all - drawn),
                tr("listed under Accesses"), palette().color(QPalette::PlaceholderText) });
    };
    addAccesses(false, 1);
    addAccesses(true, 3);
    const int reductionCount = int(std::min<size_t>(m_graph.reductions.size(), 8));
    *ops = QRectF(x(2), top(1 + reductionCount, 0), column, boxHeight);
    for (int i = 0; i < reductionCount; ++i)
        reductions->push_back(QRectF(x(2), top(1 + reductionCount, i + 1), column, boxHeight));
    return boxes;
}

void DataflowDiagram::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    const QColor text = pal.color(QPalette::Text), dim = pal.color(QPalette::PlaceholderText), accent = pal.color(QPalette::Highlight);
    if (!m_anatomy) {
        painter.setPen(dim);
        painter.drawText(rect(), Qt::AlignCenter, tr("No pointers read from the source"));
        return;
    }
    QRectF ops;
    std::vector<QRectF> reductions;
    const std::vector<Box> boxes = layoutBoxes(width(), &ops, &reductions);

    QFont headerFont = font();
    headerFont.setPointSizeF(font().pointSizeF() * 0.85);
    painter.setFont(headerFont);
    painter.setPen(dim);
    const QStringList headers
        = { tr("pointers read"), tr("loads (index)"), tr("ops, reductions"), tr("stores (index)"), tr("pointers written") };
    const qreal column = ops.width();
    for (int c = 0; c < 5; ++c)
        painter.drawText(QRectF(4 + c * (column + gap), 2, column, 18), Qt::AlignLeft | Qt::AlignVCenter, headers[c]);

    auto selected
        = [&](const Box& b) { return b.pointer >= 0 && b.pointer == m_pointer && (m_access < 0 || b.access < 0 || b.access == m_access); };
    auto edge = [&](const QRectF& from, const QRectF& to, bool lit) {
        QPainterPath path(QPointF(from.right(), from.center().y()));
        const qreal midX = (from.right() + to.left()) / 2;
        path.cubicTo(QPointF(midX, from.center().y()), QPointF(midX, to.center().y()), QPointF(to.left(), to.center().y()));
        QColor color = lit ? accent : dim;
        color.setAlphaF(lit ? 1.0f : 0.45f);
        painter.setPen(QPen(color, lit ? 2.0 : 1.0));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(path);
    };
    // Edges first, boxes over them.
    const QRectF lastMiddle = reductions.empty() ? ops : reductions.back();
    for (const Box& b : boxes) {
        if (b.access < 0)
            continue;
        const bool store = b.rect.left() > ops.right();
        for (const Box& p : boxes) {
            if (p.access >= 0 || p.pointer != b.pointer)
                continue;
            if (!store && p.rect.right() < b.rect.left())
                edge(p.rect, b.rect, selected(b));
            if (store && p.rect.left() > b.rect.right())
                edge(b.rect, p.rect, selected(b));
        }
        if (store)
            edge(lastMiddle, b.rect, selected(b));
        else
            edge(b.rect, ops, selected(b));
    }
    QRectF previous = ops;
    for (const QRectF& r : reductions) {
        painter.setPen(QPen(dim, 1));
        painter.drawLine(QPointF(previous.center().x(), previous.bottom()), QPointF(r.center().x(), r.top()));
        previous = r;
    }

    const QFontMetrics metrics(font());
    auto drawBox = [&](const QRectF& r, const QString& title, const QString& detail, const QColor& color, bool lit) {
        QColor fill = color;
        fill.setAlphaF(lit ? 0.35f : 0.14f);
        painter.setPen(QPen(lit ? accent : color, lit ? 2.5 : 1.2));
        painter.setBrush(fill);
        painter.drawRoundedRect(r, 4, 4);
        const QRectF inner = r.adjusted(6, 1, -6, -1);
        painter.setFont(font());
        painter.setPen(text);
        if (inner.height() < 2 * metrics.height()) { // one line: the title, the detail after it
            painter.drawText(inner, Qt::AlignLeft | Qt::AlignVCenter,
                metrics.elidedText(title + QStringLiteral("  ") + detail, Qt::ElideRight, int(inner.width())));
            return;
        }
        painter.drawText(QRectF(inner.left(), inner.top(), inner.width(), inner.height() / 2), Qt::AlignLeft | Qt::AlignVCenter,
            metrics.elidedText(title, Qt::ElideRight, int(inner.width())));
        painter.setFont(headerFont);
        painter.setPen(dim);
        const QFontMetrics small(headerFont);
        painter.drawText(QRectF(inner.left(), inner.center().y(), inner.width(), inner.height() / 2), Qt::AlignLeft | Qt::AlignVCenter,
            small.elidedText(detail, Qt::ElideRight, int(inner.width())));
    };
    const QColor opColor = isDark(pal) ? QColor(0x61, 0xaf, 0xef) : QColor(0x15, 0x65, 0xc0);
    drawBox(ops, tr("%n op(s)", nullptr, m_graph.opLines), m_graph.opNames.join(QStringLiteral(", ")), opColor, false);
    for (size_t i = 0; i < reductions.size(); ++i)
        drawBox(reductions[i], tr("reduction  line %1").arg(m_graph.reductions[i].line), m_graph.reductions[i].call, opColor, false);
    for (const Box& b : boxes)
        drawBox(b.rect, b.title, b.detail, b.color, selected(b));
}

void DataflowDiagram::mousePressEvent(QMouseEvent* event)
{
    QRectF ops;
    std::vector<QRectF> reductions;
    for (const Box& b : layoutBoxes(width(), &ops, &reductions)) {
        if (b.pointer < 0 || !b.rect.contains(event->position()))
            continue;
        if (b.access < 0)
            Q_EMIT pointerClicked(b.pointer);
        else
            Q_EMIT accessClicked(b.pointer, b.access);
        return;
    }
    QWidget::mousePressEvent(event);
}

} // namespace Ridgeline
