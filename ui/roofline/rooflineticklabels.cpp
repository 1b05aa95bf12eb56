#include "roofline/rooflineticklabels.h"

#include "roofline/rooflinestyle.h"

#include <QBrush>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>

#include <cmath>

namespace Ridgeline {

RooflineTickLabels::RooflineTickLabels(QGraphicsItem* parent, double textPx)
    : m_parent(parent)
    , m_textPx(textPx)
{
}

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
}

QString RooflineTickLabels::decadeText(int exponent)
{
    if (exponent >= -3 && exponent <= 3)
        return QString::number(std::pow(10.0, exponent), 'g', 4);
    static const char16_t* digits[] = { u"⁰", u"¹", u"²", u"³", u"⁴", u"⁵", u"⁶", u"⁷", u"⁸", u"⁹" };
    QString text = QStringLiteral("10");
    if (exponent < 0)
        text += u'⁻';
    const QString magnitude = QString::number(std::abs(exponent));
    for (QChar digit : magnitude)
        text += QString::fromUtf16(digits[digit.digitValue()]);
    return text;
}

namespace {

// Every how many decades a label fits, `needed` pixels apart.
int strideFor(double decadePx, double needed)
{
    int stride = 1;
    while (stride < 12 && stride * decadePx < needed)
        ++stride;
    return stride;
}

} // namespace

QGraphicsSimpleTextItem* RooflineTickLabels::addText(const QString& text, const QColor& color)
{
    auto* item = new QGraphicsSimpleTextItem(text, m_parent);
    item->setFont(RooflineStyle::pixelFont(m_textPx));
    item->setBrush(color);
    item->setZValue(1000);
    return item;
}

void RooflineTickLabels::layout(const QRectF& shown, const QRectF& plot, const Mapping& map, const QColor& color)
{
    clear();
    if (plot.isEmpty() || !(shown.left() > 0) || !(shown.top() > 0))
        return;
    const int x0 = int(std::ceil(std::log10(shown.left()) - 1e-9));
    const int x1 = int(std::floor(std::log10(shown.right()) + 1e-9));
    const int y0 = int(std::ceil(std::log10(shown.top()) - 1e-9));
    const int y1 = int(std::floor(std::log10(shown.bottom()) + 1e-9));
    const double gap = m_textPx * 0.6;
    const QFontMetricsF metrics(RooflineStyle::pixelFont(m_textPx));

    // x: every stride-th decade, aligned on 10^0, so that labels keep a gap.
    if (x1 >= x0) {
        double widest = 0;
        for (int e = x0; e <= x1; ++e)
            widest = std::max(widest, metrics.horizontalAdvance(decadeText(e)));
        const double decadePx = x1 > x0 ? (map(QPointF(std::pow(10.0, x0 + 1), shown.top())).x() - map(QPointF(std::pow(10.0, x0), shown.top())).x())
                                        : plot.width();
        const int stride = strideFor(decadePx, widest + gap);
        for (int e = x0; e <= x1; ++e) {
            if (((e % stride) + stride) % stride != 0)
                continue;
            auto* label = addText(decadeText(e), color);
            const QRectF box = label->boundingRect();
            const double x = map(QPointF(std::pow(10.0, e), shown.top())).x();
            label->setPos(std::clamp(x - box.width() / 2, plot.left() - box.width() / 2, plot.right() - box.width() / 2),
                          plot.bottom() + m_textPx * 0.35);
            m_x << label;
        }
    }
    // y: the same rule on the text's height.
    if (y1 >= y0) {
        const double height = metrics.height();
        const double decadePx = y1 > y0 ? std::abs(map(QPointF(shown.left(), std::pow(10.0, y0))).y() - map(QPointF(shown.left(), std::pow(10.0, y0 + 1))).y())
                                        : plot.height();
        const int stride = strideFor(decadePx, height + gap / 2);
        for (int e = y0; e <= y1; ++e) {
            if (((e % stride) + stride) % stride != 0)
                continue;
            auto* label = addText(decadeText(e), color);
            const QRectF box = label->boundingRect();
            const double y = map(QPointF(shown.left(), std::pow(10.0, e))).y();
            label->setPos(plot.left() - box.width() - m_textPx * 0.4, y - box.height() / 2);
            m_y << label;
        }
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
