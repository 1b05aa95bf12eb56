// STUB: to be implemented (roofline helper).
#include "rooflineview.h"

#include <QChart>

namespace Ridgeline {

class RooflineView::Private
{
public:
    QChart* chart = nullptr;
    Frame frame = Frame::FitToData;
};

RooflineView::RooflineView(QWidget* parent)
    : QWidget(parent)
    , d(std::make_unique<Private>())
{
}
RooflineView::~RooflineView() = default;
void RooflineView::setResult(std::shared_ptr<const AnalysisResult>) { }
void RooflineView::setGpu(const GpuSpec&, PeakSet) { }
void RooflineView::setFrame(Frame frame) { d->frame = frame; }
RooflineView::Frame RooflineView::frame() const { return d->frame; }
void RooflineView::setSelectedKernels(const QList<int>&) { }
void RooflineView::resetZoom() { }
QChart* RooflineView::chart() const { return d->chart; }

} // namespace Ridgeline
