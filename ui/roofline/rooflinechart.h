// Folder roofline/: the roofline chart (QtCharts).
// The roofline figure as a QChart, shared by the view and the exporter so
// both draw the same thing: log-log axes, labelled roofs and ridge points,
// one marker per kernel (colour: category, shape: provenance, area: share of
// GPU time), rings for selected kernels and for kernels above their roof.
#pragma once

#include "engine/roofline/logframe.h"
#include "engine/roofline/rooflinedata.h"
#include "roofline/rooflinestyle.h"

#include <QChart>
#include <QList>
#include <QPolygonF>
#include <array>
#include <memory>
#include <vector>

class QLineSeries;
class QLogValueAxis;
class QAbstractSeries;
class QScatterSeries;

namespace Ridgeline {

class RooflineLabels;
class RooflineTickLabels;

class RooflineChart final : public QChart
{
    Q_OBJECT
public:
    // Dynamic properties on every series, for hit tests and tests:
    // RoleProperty is one of "memory-roof", "compute-roof", "ridge-points",
    // "kernels", "selection", "above-roof", "legend", "baseline", "arrow"; KernelsProperty is a
    // QList<int> with the kernel index of each point of a point series.
    static constexpr const char* RoleProperty = "ridgelineRole";
    static constexpr const char* KernelsProperty = "ridgelineKernels";
    // Legend entries' names for a narrow chart, and their full names.
    static constexpr const char* CompactNameProperty = "ridgelineCompactName";
    static constexpr const char* FullNameProperty = "ridgelineFullName";

    // `textPx` is the pixel size of tick labels; titles, labels, markers and
    // lines scale from it, so an export's text is relative to its size.
    explicit RooflineChart(double textPx, QGraphicsItem* parent = nullptr);
    ~RooflineChart() override;

    void setData(RooflineData data);
    const RooflineData& data() const { return m_data; }
    // Colours for a dark window palette (RooflineStyle::dark); exports stay light.
    void setDark(bool dark);
    // Short legend names and a two-line title, for a legend below a narrow chart.
    void setCompactLegend(bool compact);
    // The GPU's cache bandwidths as dotted memory roofs (rooflinecacheroofs.cpp).
    void setCacheRoofsShown(bool shown);
    bool cacheRoofsShown() const { return m_showCacheRoofs; }
    bool isDark() const { return m_dark; }
    void setSelectedKernels(const QList<int>& kernelIndices);

    // Any frame (a zoom, a pan); a home frame is whole decades.
    void showFrame(const LogFrame& frame);
    void showFrame(const DecadeFrame& frame) { showFrame(LogFrame::of(frame)); }
    LogFrame shownFrame() const { return m_frame; }

    // Positions are in the chart's coordinates.
    int kernelAt(const QPointF& position); // -1 when no marker is there
    QPointF kernelPosition(int kernelIndex);
    QString toolTip(int kernelIndex) const;
    // Texts of the roof, ridge, flag and kernel labels that are shown.
    QStringList labelTexts() const;
    QList<QPolygonF> labelOutlines() const; // theirs, in the chart's coordinates
    // The decade labels shown on each axis, in order.
    QStringList tickTexts(Qt::Orientation orientation) const;

    // Lays the labels out for the current plot area; runs by itself when the
    // plot area or the axes change, and once more before an export renders.
    void updateLabels();

protected:
    void resizeEvent(QGraphicsSceneResizeEvent* event) override; // the compact legend's entries that fit

private:
    struct Marker
    {
        int kernelIndex = -1;
        QPointF value;
        double size = 0;
        QScatterSeries* series = nullptr;
    };

    void buildRoofs();
    void buildMemoryOnlyLane();
    void placeMemoryOnlyLane();
    void placeSelectionRings();
    void fitRoofsToAxes();
    void buildCacheRoofs(); // rooflinecacheroofs.cpp
    void fitCacheRoofsToAxes();
    void buildPoints();
    void buildLegend();
    void buildSelection();
    void buildArrows(); // compare mode, in rooflinearrows.cpp
    void buildSourceBars(); // the two intensities of a kernel whose byte counts disagree, in rooflinearrows.cpp
    void buildLatencyBoundLegend(); // kernels drawn apart, in rooflineedgemarkers.cpp
    void buildEdgeMarkers();
    void placeEdgeMarkers();
    QScatterSeries* addScatter(
        const QString& name, const char* role, int shape, const QColor& fill, const QColor& border, double borderWidth);
    void hideFromLegend(QAbstractSeries* series);
    double markerSize(const RooflinePoint& point) const;

    void applyColors();
    void keepRoomForTickLabels(); // rooflinechartlooks.cpp
    void applyCompactLegend();
    void fitCompactLegend(); // the row under a narrow chart: whole entries that fit
    static void setCompactName(QAbstractSeries* series, const QString& compact);

    double m_textPx;
    bool m_dark = false;
    bool m_compactLegend = false;
    bool m_showCacheRoofs = false;
    std::vector<std::pair<QLineSeries*, double>> m_cacheLines; // and the cache's TB/s
    RooflineStyle::Colors m_colors;
    RooflineData m_data;
    LogFrame m_frame;
    QLogValueAxis* m_axisX;
    QLogValueAxis* m_axisY;
    QLineSeries* m_memoryLine = nullptr;
    QScatterSeries* m_memoryOnlyLane = nullptr;
    double m_topRidge = 0;
    std::vector<std::pair<QLineSeries*, size_t>> m_computeLines; // and the roof's index in m_data.roofs
    double m_maxShare = 0; // of GPU time, over the plotted kernels
    std::vector<Marker> m_markers; // kernel markers, drawn in this order
    // Rings around the selected kernels, one series per marker shape (a V2
    // circle, a V1 square), so that a ring follows its marker's outline.
    QScatterSeries* m_selection = nullptr;
    QScatterSeries* m_squareSelection = nullptr;
    QList<int> m_selected;
    // Arrows on the edge a kernel outside the frame lies beyond: left, right, down, up.
    std::array<QScatterSeries*, 4> m_edgeSeries {};
    std::vector<Marker> m_edgeMarkers;
    std::unique_ptr<RooflineLabels> m_labels;
    std::unique_ptr<RooflineTickLabels> m_ticks; // the axes' decades (QtCharts' own are transparent)
    bool m_updatingLabels = false;
};

} // namespace Ridgeline
