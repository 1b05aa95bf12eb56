// Folder roofline/: the roofline chart (QtCharts).
// The log axes' tick labels, drawn by Ridgeline rather than by QtCharts,
// which elides a label wider than its decade ("0.00…") on a narrow chart.
// Here a crowded axis labels every second (or third ...) decade instead,
// and decades beyond 10^±3 read as powers of ten (10⁻⁴, 10⁵). An axis
// zoomed in to less than two decades gets labels between them (2, 5 or
// 2..9 × 10^k, finer still when that is too few), so that it never shows
// no number. QtCharts still lays out its own labels, drawn transparent, so
// that the plot keeps room for these.
#pragma once

#include "roofline/rooflinestyle.h"

#include <QList>
#include <QRectF>
#include <QStringList>
#include <functional>

class QGraphicsItem;
class QGraphicsLineItem;
class QGraphicsSimpleTextItem;

namespace Ridgeline {

class RooflineTickLabels final
{
public:
    using Mapping = std::function<QPointF(const QPointF& value)>;

    RooflineTickLabels(QGraphicsItem* parent, double textPx);
    ~RooflineTickLabels();
    RooflineTickLabels(const RooflineTickLabels&) = delete;
    RooflineTickLabels& operator=(const RooflineTickLabels&) = delete;

    // `shown` in values, `plot` in chart coordinates.
    void layout(const QRectF& shown, const QRectF& plot, const Mapping& map, const RooflineStyle::Colors& colors);
    void clear();
    QStringList xTexts() const; // as shown, left to right, for tests
    QStringList yTexts() const; // bottom to top

    // "0.001" .. "1000" for decades -3..3, "10⁻⁴", "10⁵" beyond.
    static QString decadeText(int exponent);
    // A tick between decades: "0.02", "500", "2.5", "2×10⁵".
    static QString tickText(double mantissa, int exponent);
    // Whether QtCharts labels a decade in [low, high] (log10 values): where
    // it labels none, it keeps no room for these labels either.
    static bool holdsDecade(double lowLog, double highLog);
    // The room labels of an axis between `lowLog` and `highLog` take across
    // it: the widest label (`vertical`: a y axis) or the text's height.
    double labelRoom(double lowLog, double highLog, bool vertical) const;

private:
    struct Tick
    {
        double value;
        QString text;
    };
    // The labels an axis between `low` and `high` (values) gets before
    // thinning: decades where two or more show, else ticks between them.
    static QList<Tick> ticks(double low, double high);
    QGraphicsSimpleTextItem* addText(const QString& text, const QColor& color);

    QGraphicsItem* m_parent;
    double m_textPx;
    QList<QGraphicsSimpleTextItem*> m_x;
    QList<QGraphicsSimpleTextItem*> m_y;
    QList<QGraphicsLineItem*> m_gridLines; // where QtCharts draws none: no decade in view
};

} // namespace Ridgeline
