// Folder roofline/: the roofline chart (QtCharts).
// The log-log roofline chart (FLOPS/Byte vs TFLOPS/s): memory and compute
// roofs of the judged GPU and peak set, one point per kernel. The only
// widget besides the exporter that includes QtCharts.
#pragma once

#include "engine/lens/judgement.h"
#include "engine/results/analysisresult.h"
#include "engine/roofline/gpuspec.h"
#include "engine/roofline/rooflinedata.h"

#include <QList>
#include <QSet>
#include <QWidget>
#include <memory>
#include <optional>

class QChart;

namespace Ridgeline {

class RooflineView final : public QWidget
{
    Q_OBJECT
public:
    enum class Frame
    {
        FitToData, // axes snap to the decades around the points and roofs in view
        GpuRoofs, // a fixed frame from the GPU's roofs, so exports compare
    };

    explicit RooflineView(QWidget* parent = nullptr);
    ~RooflineView() override;

    // The judged trace: its roofs, its points with the latency-bound ones
    // drawn apart (and left out of a fitted frame), in compare mode hollow
    // baseline points with arrows, and the cache roofs when the lens shows
    // them. Null: the default GPU's roofs and no point.
    void setJudgement(std::shared_ptr<const Judgement> judgement);
    void setFrame(Frame frame);
    Frame frame() const;
    // Indices into AnalysisResult::rows; their points are highlighted.
    void setSelectedKernels(const QList<int>& kernelIndices);
    // As last set, including kernels that have no point to highlight.
    QList<int> selectedKernels() const;
    // Only these kernels' points (the table's filter); nullopt: all of them.
    void setShownKernels(std::optional<QSet<int>> kernelIndices);
    void resetZoom();
    // The legend: at the right where the chart is wide, below it where it
    // is narrow (a laptop's side pane), or hidden (View > Roofline Legend).
    void setLegendShown(bool shown);
    bool legendShown() const;

    QChart* chart() const; // a RooflineChart, for tests

Q_SIGNALS:
    void kernelClicked(int kernelIndex);

protected:
    // Clicks, hover tool tips, rubber-band and wheel zoom and panning on the
    // chart's viewport.
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void followPalette();
    void showKernelToolTip(int kernel, const QPoint& globalPosition);

    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Ridgeline
