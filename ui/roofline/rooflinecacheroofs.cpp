// Cache roofs on the roofline chart (View > Cache Roofs, --cache-roofs):
// each cache level's bandwidth as a second memory roof, dotted, capped by
// the highest compute roof, named with its source in the legend. A kernel
// above the HBM roof but below one of them probably ran from that cache.
#include "roofline/rooflinechart.h"

#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <algorithm>

namespace Ridgeline {

void RooflineChart::setCacheRoofsShown(bool shown)
{
    if (shown == m_showCacheRoofs)
        return;
    m_showCacheRoofs = shown;
    if (!m_data.roofs.empty()) // before the first data there is nothing to rebuild
        setData(m_data); // the roofs and the legend are built once per data
}

void RooflineChart::buildCacheRoofs()
{
    m_cacheLines.clear();
    if (!m_showCacheRoofs)
        return;
    for (const CacheRoof& cache : m_data.cacheRoofs) {
        auto* line = new QLineSeries;
        line->setName(QStringLiteral("%1 %2 TB/s (%3)").arg(cache.label).arg(cache.tbps).arg(cache.source));
        setCompactName(line, QStringLiteral("%1 %2 TB/s").arg(cache.label).arg(cache.tbps));
        line->setProperty(RoleProperty, QStringLiteral("cache-roof"));
        addSeries(line);
        line->attachAxis(m_axisX);
        line->attachAxis(m_axisY);
        line->setPen(QPen(m_colors.memoryRoof, m_textPx * 0.14, Qt::DotLine, Qt::FlatCap));
        m_cacheLines.emplace_back(line, cache.tbps);
    }
}

void RooflineChart::fitCacheRoofsToAxes()
{
    double topPeak = 0;
    for (const RooflineRoof& roof : m_data.roofs) {
        if (roof.kind == RooflineRoof::Kind::Compute && roof.plotted)
            topPeak = std::max(topPeak, roof.value);
    }
    const double x0 = m_axisX->min(), x1 = m_axisX->max();
    const double y0 = m_axisY->min(), y1 = m_axisY->max();
    for (const auto& [line, bandwidth] : m_cacheLines) {
        // Like the HBM roof: from the frame's edge up to where the highest
        // compute roof caps it.
        const double from = std::max(x0, y0 / bandwidth);
        const double to = std::min({ x1, y1 / bandwidth, topPeak > 0 ? topPeak / bandwidth : x1 });
        if (from < to)
            line->replace({ QPointF(from, bandwidth * from), QPointF(to, bandwidth * to) });
        else
            line->clear();
    }
}

} // namespace Ridgeline
