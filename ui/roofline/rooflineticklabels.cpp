#include "roofline/rooflineticklabels.h"

#include <QBrush>
#include <QFontMetricsF>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>
#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

constexpr double Fuzz = 1e-9; // in decades: an edge on a tick keeps it

// Every how many decades a label fits, `needed` pixels apart.
int strideFor(double decadePx, double needed)
{
    int stride = 1;
    while (stride < 12 && stride * decadePx < needed)
        ++stride;
    return stride;
}

QString superscript(int exponent)
{
    static const char16_t* digits[] = { u"⁰", u"¹", u"²", u"³", u"⁴", u"⁵", u"⁶", u"⁷", u"⁸", u"⁹" };
    QString text;
    if (exponent < 0)
        text += u'⁻';
    const QString magnitude = QString::number(std::abs(exponent));
    for (QChar digit : magnitude)
        text += QString::fromUtf16(digits[digit.digitValue()]);
    return text;
}

} // namespace

RooflineTickLabels::RooflineTickLabels(QGraphicsItem* parent, double textPx)
    : m_parent(parent)
    , m_textPx(textPx)
{ }

RooflineTickLabels::~RooflineTickLabels()
{
    clear();
}

void RooflineTickLabels::clear()
{
    qDeleteAll(m_x);
    m_x.clear();
    qDeleteAll(m_y);
    m_y.clear();
    qDeleteAll(m_gridLines);
    m_gridLines.clear();
}

QString RooflineTickLabels::decadeText(int exponent)
{
    if (exponent >= -3 && exponent <= 3)
        return QString::number(std::pow(10.0, exponent), 'g', 4);
    return QStringLiteral("10") + superscript(exponent);
}

QString RooflineTickLabels::tickText(double mantissa, int exponent)
{
    if (std::abs(mantissa - 1) < 1e-9)
        return decadeText(exponent);
    if (exponent >= -3 && exponent <= 3)
        return QString::number(mantissa * std::pow(10.0, exponent), 'g', 6);
    return QString::number(mantissa, 'g', 3) + QStringLiteral("×10") + superscript(exponent);
}

bool RooflineTickLabels::holdsDecade(double lowLog, double highLog)
{
    return std::floor(highLog + Fuzz) >= std::ceil(lowLog - Fuzz);
}

QList<RooflineTickLabels::Tick> RooflineTickLabels::ticks(double low, double high)
{
    const double lowLog = std::log10(low);
    const double highLog = std::log10(high);
    const int first = int(std::floor(lowLog + Fuzz));
    const int last = int(std::floor(highLog + Fuzz));
    const auto collect = [&](const QList<double>& mantissas) {
        QList<Tick> found;
        for (int e = first; e <= last; ++e) {
            for (double m : mantissas) {
                const double log = e + std::log10(m);
                if (log >= lowLog - Fuzz && log <= highLog + Fuzz)
                    found.push_back({ m * std::pow(10.0, e), tickText(m, e) });
            }
        }
        return found;
    };
    QList<Tick> decades = collect({ 1 });
    if (decades.size() >= 2)
        return decades;
    // Fewer than two decades in view: the coarsest set that shows two.
    QList<double> tenths;
    for (int i = 10; i < 100; ++i)
        tenths << i / 10.0;
    QList<Tick> found;
    for (const QList<double>& mantissas : { QList<double> { 1, 2, 5 }, QList<double> { 1, 2, 3, 4, 5, 6, 7, 8, 9 }, tenths }) {
        found = collect(mantissas);
        if (found.size() >= 2)
            break;
    }
    return found;
}

double RooflineTickLabels::labelRoom(double lowLog, double highLog, bool vertical) const
{
    const QFontMetricsF metrics(RooflineStyle::pixelFont(m_textPx));
    if (!vertical)
        return metrics.height();
    double widest = 0;
    for (const Tick& tick : ticks(std::pow(10.0, lowLog), std::pow(10.0, highLog)))
        widest = std::max(widest, metrics.horizontalAdvance(tick.text));
    return widest;
}

QGraphicsSimpleTextItem* RooflineTickLabels::addText(const QString& text, const QColor& color)
{
    auto* item = new QGraphicsSimpleTextItem(text, m_parent);
    item->setFont(RooflineStyle::pixelFont(m_textPx));
    item->setBrush(color);
    item->setZValue(1000);
    return item;
}

void RooflineTickLabels::layout(const QRectF& shown, const QRectF& plot, const Mapping& map, const RooflineStyle::Colors& colors)
{
    clear();
    if (plot.isEmpty() || !(shown.left() > 0) || !(shown.top() > 0))
        return;
    const double gap = m_textPx * 0.6;
    const QFontMetricsF metrics(RooflineStyle::pixelFont(m_textPx));
    // Where QtCharts draws no grid line (no decade in view), a faint one
    // under each label says where its value is.
    const auto gridLine = [&](const QLineF& line) {
        auto* item = new QGraphicsLineItem(line, m_parent);
        item->setPen(QPen(colors.grid, std::max(0.5, m_textPx / 17)));
        item->setZValue(2); // with QtCharts' grid: under the series
        m_gridLines << item;
    };

    // Labels `needed` pixels apart: decades every stride-th, aligned on
    // 10^0, so that the pattern stays put while panning; ticks between
    // decades first to last, skipping those too close to the one before.
    const auto choose = [&](const QList<Tick>& all, const std::function<double(double)>& pixel, double needed) {
        QList<Tick> kept;
        const bool decades = all.size() < 2
            || std::all_of(
                all.begin(), all.end(),
                [](const Tick& t) {
                    const double log = std::log10(t.value);
                    return std::abs(log - std::round(log)) < 1e-6;
                });
        if (decades && all.size() >= 2) {
            const double decadePx = std::abs(pixel(all[1].value) - pixel(all[0].value));
            const int stride = strideFor(decadePx, needed);
            for (const Tick& tick : all) {
                const int e = int(std::lround(std::log10(tick.value)));
                if (((e % stride) + stride) % stride == 0)
                    kept << tick;
            }
            return kept;
        }
        for (const Tick& tick : all) {
            if (kept.isEmpty() || std::abs(pixel(tick.value) - pixel(kept.back().value)) >= needed)
                kept << tick;
        }
        return kept;
    };

    const QList<Tick> xTicks = ticks(shown.left(), shown.right());
    const bool xGrid = !holdsDecade(std::log10(shown.left()), std::log10(shown.right()));
    double widest = 0;
    for (const Tick& tick : xTicks)
        widest = std::max(widest, metrics.horizontalAdvance(tick.text));
    const auto xPixel = [&](double value) { return map(QPointF(value, shown.top())).x(); };
    for (const Tick& tick : choose(xTicks, xPixel, widest + gap)) {
        auto* label = addText(tick.text, colors.ink);
        const QRectF box = label->boundingRect();
        const double x = xPixel(tick.value);
        label->setPos(std::clamp(x - box.width() / 2, plot.left() - box.width() / 2, plot.right() - box.width() / 2),
            plot.bottom() + m_textPx * 0.35);
        m_x << label;
        if (xGrid)
            gridLine(QLineF(x, plot.top(), x, plot.bottom()));
    }

    const QList<Tick> yTicks = ticks(shown.top(), shown.bottom());
    const bool yGrid = !holdsDecade(std::log10(shown.top()), std::log10(shown.bottom()));
    const auto yPixel = [&](double value) { return map(QPointF(shown.left(), value)).y(); };
    for (const Tick& tick : choose(yTicks, yPixel, metrics.height() + gap / 2)) {
        auto* label = addText(tick.text, colors.ink);
        const QRectF box = label->boundingRect();
        const double y = yPixel(tick.value);
        label->setPos(plot.left() - box.width() - m_textPx * 0.4, y - box.height() / 2);
        m_y << label;
        if (yGrid)
            gridLine(QLineF(plot.left(), y, plot.right(), y));
    }
}

QStringList RooflineTickLabels::xTexts() const
{
    QStringList texts;
    for (const QGraphicsSimpleTextItem* item : m_x)
        texts << item->text();
    return texts;
}

QStringList RooflineTickLabels::yTexts() const
{
    QStringList texts;
    for (const QGraphicsSimpleTextItem* item : m_y)
        texts << item->text();
    return texts;
}

} // namespace Ridgeline
