#include "roofline/rooflineview.h"

#include "engine/roofline/rooflinedata.h"
#include "roofline/rooflinechart.h"

#include <QApplication>
#include <QChartView>
#include <QFontInfo>
#include <QMouseEvent>
#include <QRubberBand>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

namespace Ridgeline {
namespace {

// How far the view lets one zoom out: far beyond any kernel or GPU.
constexpr int LowestDecade = -7;
constexpr int HighestDecade = 9;

DecadeFrame clamped(DecadeFrame frame)
{
    frame.xMinExp = std::max(frame.xMinExp, LowestDecade);
    frame.yMinExp = std::max(frame.yMinExp, LowestDecade);
    frame.xMaxExp = std::min(frame.xMaxExp, HighestDecade);
    frame.yMaxExp = std::min(frame.yMaxExp, HighestDecade);
    return frame;
}

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
        // The window sets the result, then the GPU it implies: draw once.
        RooflineData data = rooflineData(result.get(), gpu, peaks);
        data.arrows = arrows;
        if (built && data == chart->data())
            return;
        chart->setData(std::move(data));
        chart->setSelectedKernels(selected);
        chart->showFrame(homeFrame());
        built = true;
    }
    QPointF chartPosition(const QPoint& viewportPosition) const
    {
        return chart->mapFromScene(chartView->mapToScene(viewportPosition));
    }
    void zoomTo(const QRect& viewportRect)
    {
        const QPointF a = chart->mapToValue(chartPosition(viewportRect.topLeft()));
        const QPointF b = chart->mapToValue(chartPosition(viewportRect.bottomRight()));
        if (!(a.x() > 0 && b.x() > 0 && a.y() > 0 && b.y() > 0))
            return;
        chart->showFrame(clamped(snapToDecades(std::min(a.x(), b.x()), std::max(a.x(), b.x()), std::min(a.y(), b.y()),
                                               std::max(a.y(), b.y()))));
    }
    void zoomOut()
    {
        DecadeFrame shown = chart->shownFrame();
        --shown.xMinExp;
        ++shown.xMaxExp;
        --shown.yMinExp;
        ++shown.yMaxExp;
        chart->showFrame(clamped(shown));
    }

    RooflineChart* chart = nullptr;
    QChartView* chartView = nullptr;
    QRubberBand* rubberBand = nullptr;
    std::shared_ptr<const AnalysisResult> result;
    std::vector<RooflineArrow> arrows;
    GpuSpec gpu;
    PeakSet peaks = PeakSet::Datasheet;
    Frame frame = Frame::FitToData;
    QList<int> selected;
    bool built = false;
    QPoint pressPosition;
    bool pressed = false;
    bool dragging = false;
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
    d->chartView->setWhatsThis(QStringLiteral("Drag to zoom in (to whole decades), right-click to zoom out, "
                                              "double-click to reset. Click a kernel to select it."));
    d->rubberBand = new QRubberBand(QRubberBand::Rectangle, d->chartView->viewport());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->chartView);
    d->gpu = GpuCatalog::builtIn().defaultGpu();
    d->rebuild();
}

RooflineView::~RooflineView() = default;

void RooflineView::setResult(std::shared_ptr<const AnalysisResult> result)
{
    d->result = std::move(result);
    d->selected.clear();
    d->chart->setSelectedKernels({});
    d->rebuild();
}

void RooflineView::setArrows(std::vector<RooflineArrow> arrows)
{
    d->arrows = std::move(arrows);
    d->rebuild();
}

void RooflineView::setGpu(const GpuSpec& gpu, PeakSet peaks)
{
    d->gpu = gpu;
    d->peaks = peaks;
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

void RooflineView::resetZoom()
{
    d->chart->showFrame(d->homeFrame());
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
        if (mouse->button() != Qt::LeftButton)
            return true;
        d->pressPosition = mouse->position().toPoint();
        d->pressed = true;
        d->dragging = false;
        return true;
    }
    case QEvent::MouseMove: {
        auto* mouse = static_cast<QMouseEvent*>(event);
        const QPoint position = mouse->position().toPoint();
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
            QToolTip::showText(mouse->globalPosition().toPoint(), d->chart->toolTip(kernel), d->chartView->viewport());
            d->chartView->viewport()->setCursor(Qt::PointingHandCursor);
        } else {
            QToolTip::hideText();
            d->chartView->viewport()->unsetCursor();
        }
        return true;
    }
    case QEvent::MouseButtonRelease: {
        auto* mouse = static_cast<QMouseEvent*>(event);
        if (mouse->button() == Qt::RightButton) {
            d->zoomOut();
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
