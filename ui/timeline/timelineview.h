// Folder timeline/: the timeline pane, its drawing and its export.
// The timeline pane: every GPU stream over time (TimelinePainter draws it),
// an overview strip of the whole trace with the visible range, navigation
// as in Perfetto (wheel zooms about the pointer, drag pans, W/A/S/D, drag
// on the ruler to measure, F zooms to the measured range, 0 shows all), a
// tooltip per box, and the links to the table: a click selects the box's
// row, a highlighted row's calls are outlined (N/P go to its next and
// previous call), rows the table's filter hides are dimmed, search outlines
// matching boxes and steps through them, and Shift-drag
// (or a double-click on a step, execute_ range or graph launch) asks to filter the
// analysis to a range.
#pragma once

#include "engine/results/analysisresult.h"
#include "engine/timebudget/attainabletime.h"
#include "engine/timeline/workspace/gpubusycolumns.h"
#include "engine/timeline/workspace/timelinesearch.h"
#include "timeline/timelinepainter.h"

#include <QSet>
#include <QWidget>
#include <memory>
#include <optional>

namespace Ridgeline {

class TimelineView : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineView(QWidget* parent = nullptr);

    void setResult(std::shared_ptr<const AnalysisResult> result);
    // The time budget's figures per kernel row: the colours of Triton calls.
    void setKernelFigures(const std::vector<KernelTimeFigures>& figures);
    // The table's selection: its calls outlined, N/P step through them.
    void setHighlightedKernel(int kernelIndex);
    void setHighlightedLibraryKernel(int libraryIndex);
    // Rows the table's filter hides (nullopt: none): their boxes dimmed.
    void setShownRows(const std::optional<QSet<int>>& kernels, const std::optional<QSet<int>>& libraryKernels);
    void setLaunchThreadsShown(bool shown);
    // Compare mode: the baseline's timeline drawn below, aligned at the first
    // step of `alignOn` of each (the kind the comparison is by: the step
    // graph's first launch, the first ProfilerStep), else at the first step
    // of any kind (ProfilerStep, execute_ range, graph launch); null leaves it.
    void setBaseline(
        std::shared_ptr<const AnalysisResult> baseline, const std::vector<KernelTimeFigures>& figures, StepKind alignOn = StepKind::None);
    // Baseline time = this trace's time - the shift (ns).
    double baselineShiftNs() const { return m_baselineShiftNs; }
    const TimelineScene* baselineScene() const { return m_baseline ? &m_baselineScene : nullptr; }
    void setDark(bool dark);
    // Whether the GPU streams share all the height the pane has (the
    // full-window timeline) or keep a readable one (a tab beside the table).
    void setFillHeight(bool fill);

    // The visible time, in ns from the first GPU event.
    double startNs() const { return m_scene.startNs; }
    double endNs() const { return m_scene.endNs; }
    void showRange(double startNs, double endNs);
    void showAll();
    void zoomBy(double factor, double aboutNs);
    std::optional<std::pair<double, double>> measuredRange() const { return m_scene.rangeNs; }
    // "1.25 ms: GPU busy 87 %, Triton 0.41 ms": the measured range's figures.
    QString measureText() const { return m_measureText; }
    // Goes to the next (+1) or previous (-1) call of the highlighted row; false when none.
    bool stepToCall(int direction);
    // Search: the boxes whose name holds `text` (any case) outlined; the
    // number of them on the shown lanes. Empty text clears it.
    std::int64_t setSearchText(const QString& text);
    // Selects and centres the next (+1) or previous (-1) match; false when none.
    bool stepToMatch(int direction);
    const TimelineScene& scene() const { return m_scene; }
    const TimelineLayout& layoutForTests() const { return m_layout; }
    QString toolTipAt(const QPoint& position) const;

Q_SIGNALS:
    void kernelClicked(int kernelIndex);
    void libraryKernelClicked(int libraryIndex);
    // Shift-drag or a step picked: filter the analysis to [startUs, endUs) from the first GPU event.
    void rangeRequested(double startUs, double endUs);
    // setResult drew another result (the search marks are gone with the old one).
    void resultShown();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Hit
    {
        std::uint32_t lane = 0;
        std::uint32_t event = 0;
    };
    std::optional<Hit> hitAt(const QPoint& position) const;
    QRectF overviewRect() const;
    QRectF timelineRect() const;
    void updateMeasure();
    void setHighlightedLabel(int label);
    double totalNs() const;

    std::shared_ptr<const AnalysisResult> m_result;
    std::shared_ptr<const AnalysisResult> m_baseline;
    TimelineScene m_baselineScene;
    double m_baselineShiftNs = 0;
    std::vector<KernelTimeFigures> m_figures;
    TimelineScene m_scene;
    TimelineLayout m_layout;
    std::vector<std::int32_t> m_labelOfKernel; // per kernel row, its label (-1: none)
    std::vector<std::int32_t> m_labelOfLibrary; // per library row
    bool m_launchThreadsShown = false;
    enum class Drag
    {
        None,
        Pan,
        Measure,
        Range,
        Overview
    };
    Drag m_drag = Drag::None;
    QPointF m_pressPosition;
    double m_pressStartNs = 0;
    double m_pressEndNs = 0;
    double m_anchorNs = 0;
    QString m_measureText;
    GpuBusyColumns m_overviewBusy; // of the whole trace, at the overview's width
    std::optional<double> m_lastCallNs; // where N/P last went
    std::optional<TimelineSpot> m_searchSpot; // where F3 last went
};

} // namespace Ridgeline
