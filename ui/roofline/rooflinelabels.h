// Folder roofline/: the roofline chart (QtCharts).
// The roofline's text on the plot: compute roof labels on their lines, the
// memory roof's along its slope, ridge points, above-roof flags and the
// names of the largest kernels, with leader lines where a label had to move
// away from its marker.
#pragma once

#include "engine/roofline/rooflinedata.h"
#include "roofline/rooflinestyle.h"

#include <QList>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QStringList>
#include <functional>
#include <vector>

class QColor;
class QGraphicsItem;
class QGraphicsSimpleTextItem;

namespace Ridgeline {

class RooflineLabelPlacer;

class RooflineLabels final
{
public:
    struct Marker
    {
        int kernelIndex = -1;
        QPointF value; // FLOP/B, TFLOPS/s
        double size = 0;
    };
    // Values to chart coordinates.
    using Mapping = std::function<QPointF(const QPointF& value)>;

    // Labels become children of `parent`; `textPx` as for RooflineChart.
    RooflineLabels(QGraphicsItem* parent, double textPx);
    ~RooflineLabels();
    RooflineLabels(const RooflineLabels&) = delete;
    RooflineLabels& operator=(const RooflineLabels&) = delete;

    // `shown` is the visible range in values, `plot` the plot area in chart
    // coordinates; `markers` in drawing order, largest first.
    void layout(const RooflineData& data, const QRectF& shown, const QRectF& plot, const Mapping& map, const std::vector<Marker>& markers);
    void clear();
    void setColors(const RooflineStyle::Colors& colors) { m_colors = colors; }
    QStringList texts() const; // of the labels shown
    QList<QPolygonF> outlines() const; // theirs (the memory roof's is rotated), in the parent's coordinates
    // A kernel's name as the plot shows it: at most 36 characters, its kind and
    // its tail kept (KernelNameDelegate::elide).
    static QString shortKernelName(const QString& name);

private:
    QGraphicsSimpleTextItem* addText(const QString& text, double sizeFactor, const QColor& color);
    void placeRoofLabels(
        const RooflineData& data, const QRectF& shown, const QRectF& plot, const Mapping& map, RooflineLabelPlacer& placer);
    void placeRidgeLabels(const RooflineData& data, const QRectF& plot, const Mapping& map, RooflineLabelPlacer& placer);
    // `aboveFirst` for flagged kernels: above their roof, the free space is up and left.
    // Whether the label was placed (shown).
    bool placeBesideMarker(QGraphicsSimpleTextItem* label, const QPointF& centre, double size, int rings, bool force, bool aboveFirst,
        RooflineLabelPlacer& placer);

    QGraphicsItem* m_parent;
    double m_textPx;
    RooflineStyle::Colors m_colors;
    QList<QGraphicsSimpleTextItem*> m_texts;
    QList<QGraphicsItem*> m_leaders;
};

} // namespace Ridgeline
