#include "roofline/rooflinelabels.h"

#include "engine/base/text/units.h"
#include "engine/base/textescaping.h"
#include "roofline/rooflinelabelplacer.h"
#include "roofline/rooflinestyle.h"
#include "table/kernelnamedelegate.h"

#include <QFontMetricsF>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QLineF>
#include <QLocale>
#include <QPen>
#include <algorithm>
#include <cmath>
#include <map>

namespace Ridgeline {
namespace {

// A label's lines as they are, each line's control characters (a trace's
// names may hold any) as pictures: an SVG export must stay valid XML.
QString printableLines(const QString& text)
{
    QStringList lines = text.split(u'\n');
    for (QString& line : lines)
        line = printableText(line);
    return lines.join(u'\n');
}

constexpr int MaxNamedKernels = 6;

QString shortest(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

// Three significant digits without exponents: 247, 30.8, 1.07.
QString ridgeText(double ridge)
{
    if (ridge >= 100)
        return QString::number(ridge, 'f', 0);
    if (ridge >= 10)
        return QString::number(ridge, 'f', 1);
    return QString::number(ridge, 'g', 3);
}

// Roofs at the same height share a line and one label:
// "BF16/FP16 matrix", "FP32 matrix/vector", "FP32 matrix, BF16/FP16 vector".
QString mergedRoofLabel(const QStringList& labels)
{
    if (labels.size() == 1)
        return labels.front();
    QStringList units;
    QStringList precisions;
    std::map<QString, QStringList> precisionsByUnit;
    for (const QString& label : labels) {
        const qsizetype space = label.lastIndexOf(u' ');
        const QString precision = space < 0 ? label : label.left(space);
        const QString unit = space < 0 ? QString() : label.mid(space + 1);
        if (!units.contains(unit))
            units << unit;
        if (!precisions.contains(precision))
            precisions << precision;
        precisionsByUnit[unit] << precision;
    }
    if (precisions.size() == 1)
        return precisions.front() + u' ' + units.join(u'/');
    QStringList parts;
    for (const QString& unit : units)
        parts << QString(precisionsByUnit[unit].join(u'/') + u' ' + unit).trimmed();
    return parts.join(QStringLiteral(", "));
}

struct RoofLine
{
    QStringList labels;
    double ridge = 0;
};

// Compute roofs by height, highest first: equal peaks share one line.
std::map<double, RoofLine, std::greater<>> roofLines(const RooflineData& data)
{
    std::map<double, RoofLine, std::greater<>> lines;
    for (const RooflineRoof& roof : data.roofs) {
        if (roof.kind == RooflineRoof::Kind::Compute && roof.plotted) {
            RoofLine& line = lines[roof.value];
            line.labels << roof.label;
            line.ridge = roof.ridgePoint;
        }
    }
    return lines;
}

} // namespace

RooflineLabels::RooflineLabels(QGraphicsItem* parent, double textPx)
    : m_parent(parent)
    , m_textPx(textPx)
{ }

RooflineLabels::~RooflineLabels()
{
    clear();
}

void RooflineLabels::clear()
{
    qDeleteAll(m_texts);
    m_texts.clear();
    qDeleteAll(m_leaders);
    m_leaders.clear();
}

QStringList RooflineLabels::texts() const
{
    QStringList texts;
    for (const QGraphicsSimpleTextItem* text : m_texts) {
        if (text->isVisible())
            texts << text->text();
    }
    return texts;
}

QList<QPolygonF> RooflineLabels::outlines() const
{
    QList<QPolygonF> outlines;
    for (const QGraphicsSimpleTextItem* text : m_texts) {
        if (text->isVisible())
            outlines << text->mapToParent(text->boundingRect());
    }
    return outlines;
}

QGraphicsSimpleTextItem* RooflineLabels::addText(const QString& text, double sizeFactor, const QColor& color)
{
    auto* item = new QGraphicsSimpleTextItem(printableLines(text), m_parent);
    item->setFont(RooflineStyle::pixelFont(m_textPx * sizeFactor));
    item->setBrush(color);
    item->setZValue(1000); // above every series
    m_texts << item;
    return item;
}

void RooflineLabels::layout(
    const RooflineData& data, const QRectF& shown, const QRectF& plot, const Mapping& map, const std::vector<Marker>& markers)
{
    clear();
    if (plot.isEmpty())
        return;
    const double pad = m_textPx * 0.35;
    RooflineLabelPlacer placer(plot.adjusted(pad / 2, pad / 2, -pad / 2, -pad / 2));
    for (const Marker& marker : markers) {
        const QPointF centre = map(marker.value);
        // Flagged markers wear a ring: keep it clear too.
        const double size = marker.size + (data.point(marker.kernelIndex)->aboveRoof ? m_textPx * 1.1 : 0);
        placer.block(QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size));
    }
    placeRoofLabels(data, shown, plot, map, placer);

    // A flag names its kernel: the figure may travel without the table.
    for (const Marker& marker : markers) {
        const RooflinePoint* point = data.point(marker.kernelIndex);
        if (!point->aboveRoof || !plot.contains(map(marker.value)))
            continue;
        // Never over a marker: where the whole flag has no room, its first
        // line; where that has none, the red ring and the tool tip say it.
        const QString percent = formatPercent(point->fractionOfRoof, 0);
        auto* flag = addText(QStringLiteral("%1\nabove roof (%2): %3")
                                 .arg(shortKernelName(point->shownName()), percent,
                                     !point->servedFromCache.isEmpty() ? QStringLiteral("probably from ") + point->servedFromCache
                                         : point->withinDatasheetHbm   ? QStringLiteral("within datasheet HBM")
                                                                       : QStringLiteral("model or unit error")),
            0.85, m_colors.flag);
        if (placeBesideMarker(flag, map(marker.value), marker.size + m_textPx * 0.9, 4, false, true, placer))
            continue;
        placeBesideMarker(
            addText(QStringLiteral("%1 above roof (%2)").arg(shortKernelName(point->shownName()), percent), 0.85, m_colors.flag),
            map(marker.value), marker.size + m_textPx * 0.9, 4, false, true, placer);
    }
    // Names of the largest kernels where they fit; the rest are a hover away.
    int named = 0;
    for (const Marker& marker : markers) {
        if (named == MaxNamedKernels)
            break;
        if (!plot.contains(map(marker.value)) || data.point(marker.kernelIndex)->aboveRoof) // named by its flag
            continue;
        const QString name = shortKernelName(data.point(marker.kernelIndex)->shownName());
        placeBesideMarker(addText(name, 0.8, m_colors.ink), map(marker.value), marker.size, 2, false, false, placer);
        ++named;
    }
}

QString RooflineLabels::shortKernelName(const QString& name)
{
    // "triton_" says nothing on a Triton roofline; very long names keep
    // their kind and their tail, where Inductor puts the last ops and the
    // kernel's number (names that differ only there stay apart).
    constexpr qsizetype Longest = 36;
    if (name.startsWith(u"triton_") && name.size() - 7 <= Longest)
        return name.mid(7);
    return KernelNameDelegate::elide(name, [](const QString& text) { return text.size() <= Longest; });
}

void RooflineLabels::placeRoofLabels(
    const RooflineData& data, const QRectF& shown, const QRectF& plot, const Mapping& map, RooflineLabelPlacer& placer)
{
    const auto at = [&](double x, double y) { return map(QPointF(x, y)); };
    const double pad = m_textPx * 0.35;
    const auto lines = roofLines(data);
    const double bandwidth = data.bandwidthTBps();
    double topRidge = lines.empty() ? shown.right() : 0;
    for (const auto& [value, line] : lines) {
        topRidge = std::max(topRidge, line.ridge);
        placer.blockLine(QLineF(at(line.ridge, value), at(shown.right(), value)));
    }
    // The memory roof's visible part, from where it enters the plot to the top ridge.
    const double enter = std::max(shown.left(), shown.top() / bandwidth);
    const double exit = std::min({ shown.right(), topRidge, shown.bottom() / bandwidth });
    if (enter < exit)
        placer.blockLine(QLineF(at(enter, bandwidth * enter), at(exit, bandwidth * exit)));

    // Compute roofs: right-aligned on the line, above it or else below it.
    // Roofs closer on screen than a line of text (FP8 and BF16 on a short
    // chart) share one label, highest first, above the top one or below
    // the bottom one: two labels could not both fit between them.
    const double textHeight = QFontMetricsF(RooflineStyle::pixelFont(m_textPx * 0.95)).height();
    std::vector<std::vector<std::pair<double, const RoofLine*>>> clusters;
    double previousY = 0;
    for (const auto& [value, line] : lines) {
        const QPointF ridge = at(line.ridge, value);
        if (ridge.y() < plot.top() || ridge.y() > plot.bottom() || ridge.x() >= plot.right())
            continue; // the roof is out of view
        if (clusters.empty() || ridge.y() - previousY > textHeight + pad / 2) // room for a label between
            clusters.emplace_back();
        clusters.back().emplace_back(value, &line);
        previousY = ridge.y();
    }
    for (const auto& cluster : clusters) {
        QStringList parts;
        QStringList rows;
        for (const auto& [value, line] : cluster) {
            parts << mergedRoofLabel(line->labels) + u' ' + shortest(value);
            rows << parts.back() + QStringLiteral(" TFLOPS");
        }
        const QString figure = QStringLiteral(" TFLOPS");
        const QPointF top = at(cluster.front().second->ridge, cluster.front().first);
        const QPointF bottom = at(cluster.back().second->ridge, cluster.back().first);
        const double ridgeX = top.x(); // the highest roof starts furthest right
        auto* label = addText(parts.join(QStringLiteral(" / ")) + figure, 0.95, m_colors.roof);
        // On its own segment if possible, on one line, else on two; only
        // then hanging left past the ridge point.
        const auto candidates = [&](bool overhang) {
            const QSizeF size = label->boundingRect().size();
            QList<QPointF> list;
            for (int shift = 0; shift < 4; ++shift) {
                const double x = plot.right() - pad - size.width() - shift * (size.width() / 2 + pad);
                if (x < ridgeX + pad && !(overhang && shift == 0))
                    break;
                list << QPointF(x, top.y() - size.height() - pad / 3) << QPointF(x, bottom.y() + pad / 3);
            }
            // Then left of the ridge point, along its roof: below the
            // bottom roof's height and above the memory roof, where no
            // kernel can be, or above the top one.
            for (int step = 0; overhang && step < 16; ++step) {
                const double back = pad + size.width() + step * size.height();
                list << QPointF(bottom.x() - back, bottom.y() + pad / 3) << QPointF(top.x() - back, top.y() - size.height() - pad / 3);
            }
            return list;
        };
        const QString oneLine = label->text();
        const QString twoLines = cluster.size() > 1
            ? rows.join(u'\n')
            : mergedRoofLabel(cluster.front().second->labels) + u'\n' + shortest(cluster.front().first) + figure;
        // A shared label lists its roofs a row each, in the lines' order,
        // where there is room for that; else on one line.
        const QStringList texts = cluster.size() > 1 ? QStringList { twoLines, oneLine } : QStringList { oneLine, twoLines };
        bool placed = false;
        for (bool overhang : { false, true }) {
            for (const QString& text : texts) {
                label->setText(printableLines(text));
                if (placer.place(label, candidates(overhang), false) >= 0) {
                    placed = true;
                    break;
                }
            }
            if (placed)
                break;
        }
        if (!placed) {
            label->setText(oneLine);
            placer.place(label, candidates(true), true);
        }
    }

    // The memory roof's label runs along the line, near its visible start.
    if (enter < exit) {
        const QPointF from = at(enter, bandwidth * enter);
        const QPointF to = at(exit, bandwidth * exit);
        const double angle = std::atan2(to.y() - from.y(), to.x() - from.x());
        auto* label = addText(data.memoryRoof().name(), 0.95, m_colors.memoryRoof);
        label->setRotation(angle * 180 / M_PI);
        const double lift = pad / 2 + label->boundingRect().height();
        const QPointF normal(std::sin(angle), -std::cos(angle));
        QList<QPointF> candidates;
        for (double t : { 0.08, 0.16, 0.24, 0.32, 0.4, 0.48, 0.56, 0.64 }) {
            const double x = enter * std::pow(exit / enter, t);
            candidates << at(x, bandwidth * x) + normal * lift;
        }
        placer.place(label, candidates, true, true);
    }

    placeRidgeLabels(data, plot, map, placer);
}

void RooflineLabels::placeRidgeLabels(const RooflineData& data, const QRectF& plot, const Mapping& map, RooflineLabelPlacer& placer)
{
    // Ridge points close together on screen share one label ("123 / 134"),
    // put at the upper left of the highest: above the memory roof and left
    // of the roofs' start, where no kernel can be.
    std::vector<std::pair<QPointF, double>> ridges; // position, FLOP/B; highest first
    for (const auto& [value, line] : roofLines(data)) {
        const QPointF p = map(QPointF(line.ridge, value));
        if (plot.contains(p))
            ridges.emplace_back(p, line.ridge);
    }
    const double r = m_textPx * 0.5;
    const double near = m_textPx * 2.2;
    for (size_t first = 0; first < ridges.size();) {
        size_t last = first;
        while (last + 1 < ridges.size() && QLineF(ridges[last].first, ridges[last + 1].first).length() < near)
            ++last;
        QStringList figures;
        for (size_t i = last + 1; i-- > first;)
            figures << ridgeText(ridges[i].second);
        auto* label = addText(figures.join(QStringLiteral(" / ")) + QStringLiteral(" FLOPS/Byte"), 0.8, m_colors.ink);
        const QSizeF s = label->boundingRect().size();
        const QPointF top = ridges[first].first;
        const QPointF bottom = ridges[last].first;
        // Then further left along the top roof, above it: a short chart
        // has no room above the highest ridge.
        QList<QPointF> candidates { QPointF(top.x() - r - s.width(), top.y() - r - s.height()),
            QPointF(top.x() - r - s.width(), top.y() - 2 * r - 2 * s.height()), QPointF(bottom.x() + r, bottom.y() + r),
            QPointF(bottom.x() + r, bottom.y() + 2 * r + s.height()) };
        for (int step = 1; step <= 4; ++step)
            candidates << QPointF(top.x() - r - s.width() * (1 + step * 0.5), top.y() - r - s.height());
        for (int step = 0; step <= 3; ++step)
            candidates << QPointF(top.x() - r - s.width() * (1 + step * 0.5), top.y() + r);
        placer.place(label, candidates, true);
        first = last + 1;
    }
}

bool RooflineLabels::placeBesideMarker(
    QGraphicsSimpleTextItem* label, const QPointF& c, double size, int rings, bool force, bool aboveFirst, RooflineLabelPlacer& placer)
{
    // Around the marker at growing distances: right, left, above, below,
    // then the diagonals. Beyond the first ring a leader line shows whose
    // label it is.
    const QSizeF s = label->boundingRect().size();
    const double h = s.height();
    QList<QPointF> candidates;
    constexpr double Diagonal = 0.7071;
    for (int ring = 0; ring < rings; ++ring) {
        const double d = size / 2 + m_textPx * 0.2 + ring * 1.6 * h;
        const QPointF right(c.x() + d, c.y() - h / 2);
        const QPointF left(c.x() - d - s.width(), c.y() - h / 2);
        const QPointF above(c.x() - s.width() / 2, c.y() - d - h);
        const QPointF below(c.x() - s.width() / 2, c.y() + d);
        const QPointF upRight(c.x() + d * Diagonal, c.y() - d * Diagonal - h);
        const QPointF upLeft(c.x() - d * Diagonal - s.width(), c.y() - d * Diagonal - h);
        const QPointF downRight(c.x() + d * Diagonal, c.y() + d * Diagonal);
        const QPointF downLeft(c.x() - d * Diagonal - s.width(), c.y() + d * Diagonal);
        if (aboveFirst)
            candidates << upLeft << above << left << upRight << right << downLeft << below << downRight;
        else
            candidates << right << left << above << below << upRight << upLeft << downRight << downLeft;
    }
    const int chosen = placer.place(label, candidates, force);
    if (chosen < 0)
        return label->isVisible();
    if (chosen < 8)
        return true;
    const QRectF rect = label->mapRectToParent(label->boundingRect());
    const QPointF target(std::clamp(c.x(), rect.left(), rect.right()), std::clamp(c.y(), rect.top(), rect.bottom()));
    QLineF leader(c, target);
    leader.setP1(leader.pointAt((size / 2) / std::max(leader.length(), 1.0)));
    auto* line = new QGraphicsLineItem(leader, m_parent);
    line->setPen(QPen(label->brush().color(), std::max(1.0, m_textPx / 16)));
    line->setZValue(999);
    m_leaders << line;
    return true;
}

} // namespace Ridgeline
