// Folder roofline/: the roofline chart (QtCharts).
// The log axes' decade labels, drawn by Ridgeline rather than by QtCharts,
// which elides a label wider than its decade ("0.00…") on a narrow chart.
// Here a crowded axis labels every second (or third ...) decade instead,
// and decades beyond 10^±3 read as powers of ten (10⁻⁴, 10⁵). QtCharts
// still lays out its own labels, drawn transparent, so that the plot
// keeps room for these.
#pragma once

#include <QList>
#include <QRectF>
#include <QStringList>

#include <functional>

class QColor;
class QGraphicsItem;
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
    void layout(const QRectF& shown, const QRectF& plot, const Mapping& map, const QColor& color);
    void clear();
    QStringList xTexts() const; // as shown, left to right, for tests
    QStringList yTexts() const; // bottom to top

    // "0.001" .. "1000" for decades -3..3, "10⁻⁴", "10⁵" beyond.
    static QString decadeText(int exponent);

private:
    QGraphicsSimpleTextItem* addText(const QString& text, const QColor& color);

    QGraphicsItem* m_parent;
    double m_textPx;
    QList<QGraphicsSimpleTextItem*> m_x;
    QList<QGraphicsSimpleTextItem*> m_y;
};

} // namespace Ridgeline
