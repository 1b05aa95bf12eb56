// RooflineChart's looks that change after it is built: light or dark
// colours, the compact legend and title of a narrow chart, and the room
// the tick labels keep where QtCharts has none of its own.
#include "engine/base/textescaping.h"
#include "roofline/rooflinechart.h"
#include "roofline/rooflinelabels.h"
#include "roofline/rooflineticklabels.h"

#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QLogValueAxis>
#include <QPen>
#include <algorithm>
#include <cmath>

namespace Ridgeline {

void RooflineChart::setCompactName(QAbstractSeries* series, const QString& compact)
{
    series->setProperty(FullNameProperty, series->name());
    series->setProperty(CompactNameProperty, compact);
}

void RooflineChart::setCompactLegend(bool compact)
{
    if (compact == m_compactLegend)
        return;
    m_compactLegend = compact;
    applyCompactLegend();
}

void RooflineChart::applyCompactLegend()
{
    // One row under a narrow chart: short names, and the title in two lines
    // (file, then GPU and peaks) instead of elided.
    // An entry without a compact name leaves a narrow chart's one row: what
    // the chart labels itself (ridge points, flags), or a lone provenance.
    for (QAbstractSeries* series : this->series()) {
        const QVariant name = series->property(m_compactLegend ? CompactNameProperty : FullNameProperty);
        if (!name.isValid())
            continue;
        series->setName(name.toString());
        const bool shown = !m_compactLegend || !name.toString().isEmpty();
        for (QLegendMarker* marker : legend()->markers(series))
            marker->setVisible(shown);
    }
    fitCompactLegend();
    const QString title = printableText(m_data.title());
    const qsizetype colon = title.indexOf(QStringLiteral(": "));
    setTitle(m_compactLegend && colon > 0
            ? title.left(colon).toHtmlEscaped() + QStringLiteral("<br>") + title.mid(colon + 2).toHtmlEscaped()
            : title.toHtmlEscaped());
}

void RooflineChart::resizeEvent(QGraphicsSceneResizeEvent* event)
{
    QChart::resizeEvent(event);
    if (m_compactLegend)
        applyCompactLegend(); // all entries again, then those that fit
}

void RooflineChart::fitCompactLegend()
{
    // A legend row wider than the chart (a side pane at 200 %) elides every
    // entry to "late…", "0 F…": the last entries step aside instead, whole,
    // never the categories' colours (the first ones). About three ems of
    // marker and spacing beside each name.
    if (!m_compactLegend || size().width() <= 0)
        return;
    const QFontMetricsF metrics(legend()->font());
    const double em = metrics.height();
    QList<QLegendMarker*> shown;
    double needed = 0;
    for (QAbstractSeries* series : this->series()) {
        // Asked of the names, not of the markers: a marker just made reads
        // as hidden until the legend lays it out.
        const QVariant compact = series->property(CompactNameProperty);
        for (QLegendMarker* marker : legend()->markers(series)) {
            if (compact.isValid() ? compact.toString().isEmpty() : !marker->isVisible())
                continue;
            if (compact.isValid()) // only entries applyCompactLegend() shows again may step aside
                shown << marker;
            needed += metrics.horizontalAdvance(marker->label()) + 3.0 * em;
        }
    }
    const double room = size().width() - 2 * em;
    while (needed > room && shown.size() > 3) {
        QLegendMarker* last = shown.takeLast();
        needed -= metrics.horizontalAdvance(last->label()) + 3.0 * em;
        last->setVisible(false);
    }
}

void RooflineChart::setDark(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    m_colors = dark ? RooflineStyle::dark() : RooflineStyle::light();
    applyColors();
    m_labels->setColors(m_colors);
    setData(m_data); // the series take their pens from the colours
    showFrame(m_frame);
}

void RooflineChart::keepRoomForTickLabels()
{
    // QtCharts lays out its own (transparent) labels only at decades: on an
    // axis zoomed in between two, it keeps no room for Ridgeline's labels,
    // and the axis title would sit on them. A blank line in the title, as
    // deep as the labels, keeps the room instead.
    constexpr const char* PlainTitle = "ridgelinePlainTitle";
    const QRectF plot = plotArea();
    for (QLogValueAxis* axis : { m_axisX, m_axisY }) {
        if (!axis->property(PlainTitle).isValid())
            axis->setProperty(PlainTitle, axis->titleText());
        const bool vertical = axis == m_axisY;
        // A title longer than its axis (the y axis of a short chart on a
        // laptop) would be cut to "Perfor…": the unit alone then.
        QString plain = axis->property(PlainTitle).toString();
        const double length = vertical ? plot.height() : plot.width();
        if (!plot.isEmpty() && QFontMetricsF(axis->titleFont()).horizontalAdvance(plain) > length)
            plain = vertical ? QStringLiteral("TFLOPS/s") : QStringLiteral("FLOPS/Byte");
        const double low = vertical ? m_frame.yMinLog : m_frame.xMinLog;
        const double high = vertical ? m_frame.yMaxLog : m_frame.xMaxLog;
        if (RooflineTickLabels::holdsDecade(low, high)) {
            axis->setTitleText(plain);
            continue;
        }
        const double room = m_ticks->labelRoom(low, high, vertical) + m_textPx * 0.4;
        const QString blank = QStringLiteral("<span style=\"font-size:%1px\">&nbsp;</span>").arg(int(std::ceil(room / 1.15)));
        // The y title reads upwards: its second line is nearer the plot.
        axis->setTitleText(vertical ? QString(plain + QStringLiteral("<br>") + blank) : QString(blank + QStringLiteral("<br>") + plain));
    }
}

void RooflineChart::applyColors()
{
    const RooflineStyle::Colors& c = m_colors;
    setBackgroundBrush(c.background);
    setPlotAreaBackgroundBrush(c.background);
    setPlotAreaBackgroundPen(QPen(c.frame, std::max(1.0, m_textPx / 14)));
    setTitleBrush(c.ink);
    // Hairlines that stay hairlines at any scale.
    const double gridWidth = std::max(0.5, m_textPx / 17);
    for (QLogValueAxis* axis : { m_axisX, m_axisY }) {
        // Drawn by RooflineTickLabels: QtCharts keeps the room for them.
        axis->setLabelsColor(Qt::transparent);
        axis->setTitleBrush(c.ink);
        axis->setLinePen(QPen(c.frame, gridWidth));
        axis->setGridLinePen(QPen(c.grid, gridWidth));
        axis->setMinorGridLinePen(QPen(c.minorGrid, gridWidth));
    }
    legend()->setLabelColor(c.ink);
}

} // namespace Ridgeline
