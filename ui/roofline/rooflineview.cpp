#include "roofline/rooflineview.h"

#include "engine/roofline/rooflinedata.h"
#include "roofline/rooflinechart.h"

#include <QApplication>
#include <QChartView>
#include <QFontInfo>
#include <QHelpEvent>
#include <QLegend>
#include <QMouseEvent>
#include <QRubberBand>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

// One wheel notch (120 eighths of a degree) shows this much of each span.
constexpr double ZoomPerNotch = 0.8;

} // namespace

class RooflineView::Private
{
public:
    DecadeFrame homeFrame() const
    {
        const RooflineData& data = chart->data();
        return frame == Frame::GpuRoofs ? gpuFrame(data) : fitFrame(data);
    }
    void rebuild()
    {
        // The judgement's data as it is: latency-bound points marked, arrows in compare mode.
        // None yet: the default lens's roofs, without points.
        static const auto noTrace = std::make_shared<const AnalysisResult>();
        RooflineData data = judgement ? judgement->trace.roofline : judgeTrace(noTrace, Lens {}).roofline;
        chart->setCacheRoofsShown(judgement && judgement->lens.cacheRoofs);
        if (shownKernels) {
            const auto hidden = [this](const RooflinePoint& p) { return !shownKernels->contains(p.kernelIndex); };
            std::erase_if(data.points, hidden);
            std::erase_if(data.memoryOnlyPoints, hidden);
            std::erase_if(data.arrows, [this](const RooflineArrow& a) { return !shownKernels->contains(a.kernelIndex); });
            data.kernelCount = int(shownKernels->size());
        }
        if (built && data == chart->data())
            return;
        chart->setData(std::move(data));
        chart->setSelectedKernels(selected);
        chart->showFrame(homeFrame());
        built = true;
    }
    QPointF chartPosition(const QPoint& viewportPosition) const { return chart->mapFromScene(chartView->mapToScene(viewportPosition)); }
    // log10 of the values under a viewport position, in the shown frame.
    std::optional<QPointF> logValueAt(const QPoint& viewportPosition) const
    {
        const QPointF value = chart->mapToValue(chartPosition(viewportPosition));
        if (!(value.x() > 0 && value.y() > 0))
            return std::nullopt;
        return QPointF(std::log10(value.x()), std::log10(value.y()));
    }
    // Exactly what the rubber band held, not the decades around it.
    void zoomTo(const QRect& viewportRect)
    {
        const auto a = logValueAt(viewportRect.topLeft());
        const auto b = logValueAt(viewportRect.bottomRight());
        if (!a || !b)
            return;
        chart->showFrame(
            limited({ std::min(a->x(), b->x()), std::max(a->x(), b->x()), std::min(a->y(), b->y()), std::max(a->y(), b->y()) }));
    }
    void zoomOut()
    {
        LogFrame shown = chart->shownFrame();
        shown.xMinLog -= 1;
        shown.xMaxLog += 1;
        shown.yMinLog -= 1;
        shown.yMaxLog += 1;
        chart->showFrame(limited(shown));
    }
    // About the pointer: the value under it stays under it.
    void wheelZoom(const QPoint& viewportPosition, double notches)
    {
        if (!chart->plotArea().contains(chartPosition(viewportPosition)))
            return;
        if (const auto at = logValueAt(viewportPosition))
            chart->showFrame(zoomedAbout(chart->shownFrame(), at->x(), at->y(), std::pow(ZoomPerNotch, notches)));
    }
    // The plot follows the pointer from where the drag began.
    void panTo(const QPoint& viewportPosition)
    {
        const QRectF plot = chart->plotArea();
        if (plot.isEmpty())
            return;
        const QPoint moved = viewportPosition - pressPosition;
        chart->showFrame(pannedBy(panStart, -moved.x() * panStart.xSpan() / plot.width(), moved.y() * panStart.ySpan() / plot.height()));
    }

    RooflineChart* chart = nullptr;
    QChartView* chartView = nullptr;
    QRubberBand* rubberBand = nullptr;
    std::shared_ptr<const Judgement> judgement;
    Frame frame = Frame::FitToData;
    QList<int> selected;
    std::optional<QSet<int>> shownKernels;
    bool built = false;
    QPoint pressPosition;
    bool pressed = false;
    bool dragging = false;
    bool panning = false;
    LogFrame panStart; // the frame when the pan began
    bool legendShown = true;
};

RooflineView::RooflineView(QWidget* parent)
    : QWidget(parent)
    , d(std::make_unique<Private>())
{
    d->chart = new RooflineChart(QFontInfo(font()).pixelSize());
    d->chartView = new QChartView(d->chart, this);
    d->chartView->setRenderHint(QPainter::Antialiasing);
    d->chartView->setFrameShape(QFrame::NoFrame);
    d->chartView->setMouseTracking(true);
    d->chartView->viewport()->installEventFilter(this);
    const QString help = QStringLiteral("Drag to zoom in to a rectangle, scroll to zoom about the pointer, drag with the "
                                        "middle button (or Shift and the left one) to pan; right-click zooms out, "
                                        "double-click resets. Click a kernel to select it.");
    d->chartView->setWhatsThis(help);
    d->rubberBand = new QRubberBand(QRubberBand::Rectangle, d->chartView->viewport());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->chartView);
    d->rebuild();
    followPalette();
}

void RooflineView::followPalette()
{
    // A dark window gets a dark figure (text, roofs, grid and background).
    d->chart->setDark(palette().color(QPalette::Window).lightness() < 128);
}

void RooflineView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

RooflineView::~RooflineView() = default;

void RooflineView::setJudgement(std::shared_ptr<const Judgement> judgement)
{
    const bool otherTrace = !judgement || !d->judgement || judgement->trace.result != d->judgement->trace.result;
    d->judgement = std::move(judgement);
    if (otherTrace) { // indices of the result before mean nothing
        d->shownKernels.reset();
        d->selected.clear();
        d->chart->setSelectedKernels({});
    }
    d->rebuild();
}

void RooflineView::setFrame(Frame frame)
{
    d->frame = frame;
    resetZoom();
}

RooflineView::Frame RooflineView::frame() const
{
    return d->frame;
}

void RooflineView::setSelectedKernels(const QList<int>& kernelIndices)
{
    d->selected = kernelIndices;
    d->chart->setSelectedKernels(kernelIndices);
}

QList<int> RooflineView::selectedKernels() const
{
    return d->selected;
}

void RooflineView::setShownKernels(std::optional<QSet<int>> kernelIndices)
{
    if (d->shownKernels == kernelIndices)
        return;
    d->shownKernels = std::move(kernelIndices);
    d->rebuild();
}

void RooflineView::resetZoom()
{
    d->chart->showFrame(d->homeFrame());
}

void RooflineView::setLegendShown(bool shown)
{
    d->legendShown = shown;
    d->chart->legend()->setVisible(shown);
}

bool RooflineView::legendShown() const
{
    return d->legendShown;
}

void RooflineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // The legend's entries are about 20 ems wide: beside a plot narrower
    // than about 40 ems, it would take half of it.
    const int em = QFontInfo(font()).pixelSize();
    const Qt::Alignment side = width() < 62 * em ? Qt::AlignBottom : Qt::AlignRight;
    if (d->chart->legend()->alignment() != side)
        d->chart->legend()->setAlignment(side);
    d->chart->setCompactLegend(side == Qt::AlignBottom);
}

void RooflineView::showKernelToolTip(int kernel, const QPoint& globalPosition)
{
    // Stays while the pointer rests on the point (Qt would hide it after a
    // few seconds), goes when it leaves the marker.
    const QPoint centre = d->chartView->mapFromScene(d->chart->mapToScene(d->chart->kernelPosition(kernel)));
    const int reach = 12;
    QToolTip::showText(globalPosition, d->chart->toolTip(kernel), d->chartView->viewport(),
        QRect(centre - QPoint(reach, reach), QSize(2 * reach, 2 * reach)), 600000);
}

QChart* RooflineView::chart() const
{
    return d->chart;
}

bool RooflineView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != d->chartView->viewport())
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto* mouse = static_cast<QMouseEvent*>(event);
        const bool pan
            = mouse->button() == Qt::MiddleButton || (mouse->button() == Qt::LeftButton && mouse->modifiers().testFlag(Qt::ShiftModifier));
        if (mouse->button() != Qt::LeftButton && !pan)
            return true;
        d->pressPosition = mouse->position().toPoint();
        d->pressed = !pan;
        d->dragging = false;
        d->panning = pan;
        d->panStart = d->chart->shownFrame();
        if (pan)
            d->chartView->viewport()->setCursor(Qt::ClosedHandCursor);
        return true;
    }
    case QEvent::Wheel: {
        auto* wheel = static_cast<QWheelEvent*>(event);
        d->wheelZoom(wheel->position().toPoint(), wheel->angleDelta().y() / 120.0);
        return true;
    }
    case QEvent::MouseMove: {
        auto* mouse = static_cast<QMouseEvent*>(event);
        const QPoint position = mouse->position().toPoint();
        if (d->panning) {
            d->panTo(position);
            return true;
        }
        if (d->pressed) {
            if ((position - d->pressPosition).manhattanLength() >= QApplication::startDragDistance())
                d->dragging = true;
            if (d->dragging) {
                d->rubberBand->setGeometry(QRect(d->pressPosition, position).normalized());
                d->rubberBand->show();
            }
            return true;
        }
        const int kernel = d->chart->kernelAt(d->chartPosition(position));
        if (kernel >= 0) {
            showKernelToolTip(kernel, mouse->globalPosition().toPoint());
            d->chartView->viewport()->setCursor(Qt::PointingHandCursor);
        } else {
            QToolTip::hideText();
            d->chartView->viewport()->unsetCursor();
        }
        return true;
    }
    case QEvent::ToolTip: {
        // Qt's own tool tip would replace a kernel's after the wake-up delay:
        // a kernel's stays while the pointer rests on it; off the markers a
        // short help, wrapped (rich text), so that it never runs over the table.
        auto* help = static_cast<QHelpEvent*>(event);
        const int kernel = d->chart->kernelAt(d->chartPosition(help->pos()));
        if (kernel >= 0)
            showKernelToolTip(kernel, help->globalPos());
        else if (d->chart->plotArea().contains(d->chartPosition(help->pos())))
            QToolTip::showText(help->globalPos(),
                tr("<p>Drag: zoom to a rectangle · wheel: zoom · Shift+drag: pan · right-click: zoom out · "
                   "double-click: reset. Click a kernel to select it.</p>"),
                d->chartView->viewport());
        else
            QToolTip::hideText();
        return true;
    }
    case QEvent::MouseButtonRelease: {
        auto* mouse = static_cast<QMouseEvent*>(event);
        if (mouse->button() == Qt::RightButton) {
            d->zoomOut();
            return true;
        }
        if (d->panning) {
            d->panning = false;
            d->panTo(mouse->position().toPoint());
            d->chartView->viewport()->unsetCursor();
            return true;
        }
        if (mouse->button() != Qt::LeftButton || !d->pressed)
            return true;
        d->pressed = false;
        if (d->dragging) {
            d->dragging = false;
            d->rubberBand->hide();
            d->zoomTo(QRect(d->pressPosition, mouse->position().toPoint()).normalized());
            return true;
        }
        const int kernel = d->chart->kernelAt(d->chartPosition(mouse->position().toPoint()));
        if (kernel >= 0)
            Q_EMIT kernelClicked(kernel);
        return true;
    }
    case QEvent::MouseButtonDblClick:
        resetZoom();
        return true;
    default:
        return QWidget::eventFilter(watched, event);
    }
}

} // namespace Ridgeline
