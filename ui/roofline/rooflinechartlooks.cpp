// RooflineChart's looks that change after it is built: light or dark
// colours, and the compact legend and title of a narrow chart.
#include "roofline/rooflinechart.h"

#include "roofline/rooflinelabels.h"

#include <QLegend>
#include <QLogValueAxis>
#include <QPen>

#include <algorithm>

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
    for (QAbstractSeries* series : this->series()) {
        const QVariant name = series->property(m_compactLegend ? CompactNameProperty : FullNameProperty);
        if (name.isValid())
            series->setName(name.toString());
    }
    const QString title = m_data.title();
    const qsizetype colon = title.indexOf(QStringLiteral(": "));
    setTitle(m_compactLegend && colon > 0 ? title.left(colon).toHtmlEscaped() + QStringLiteral("<br>") + title.mid(colon + 2).toHtmlEscaped()
                                          : title);
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
