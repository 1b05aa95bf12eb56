#include "table/kernelnamedelegate.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>
#include <QWidget>
#include <array>
#include <optional>

namespace Ridgeline {

namespace {

// Where a library op's shape begins in its label ("aten::mm (8 x 32 x 2432)":
// at " ("), or -1: the shape is what tells one op's rows apart. Only the
// characters a shape label is made of (shapelabel.h) count as one, so that a
// C++ signature's parameter list is not taken for a shape.
qsizetype shapeStart(const QString& name)
{
    if (!name.endsWith(u')'))
        return -1;
    const qsizetype open = name.lastIndexOf(QStringLiteral(" ("));
    if (open <= 0)
        return -1;
    bool digit = false;
    for (qsizetype at = open + 2; at < name.size() - 1; ++at) {
        const QChar c = name.at(at);
        digit |= c.isDigit();
        if (!c.isDigit() && !QStringView(u" x/,->…").contains(c))
            return -1;
    }
    return digit ? open : -1;
}

// The most characters in [0, most] that `fitsWith` accepts (0 when none
// more than it): more kept is never narrower, so a binary search, as this
// runs for every cell the table paints.
qsizetype mostThatFit(qsizetype most, const std::function<bool(qsizetype)>& fitsWith)
{
    qsizetype low = 0, high = most;
    while (low < high) {
        const qsizetype middle = (low + high + 1) / 2;
        if (fitsWith(middle))
            low = middle;
        else
            high = middle - 1;
    }
    return low;
}

} // namespace

KernelNameDelegate::KernelNameDelegate(QObject* parent, const QWidget* cover)
    : QStyledItemDelegate(parent)
    , m_cover(cover)
{ }

QString KernelNameDelegate::elide(const QString& name, const std::function<bool(const QString&)>& fits)
{
    if (fits(name))
        return name;
    const QString ellipsis = QStringLiteral("…");
    if (const qsizetype shape = shapeStart(name); shape > 0) {
        // A library op's label: its shape whole, the op name cut from the
        // front ("…mm (8 x 32 x 2432)"), since "aten::" is every op's.
        const QString op = name.left(shape);
        const QString suffix = name.mid(shape);
        const auto shown = [&](qsizetype keep) -> QString {
            if (keep > 0)
                return ellipsis + op.right(keep) + suffix;
            return ellipsis + suffix.mid(1); // the shape alone, without the space before it
        };
        if (fits(shown(0)))
            return shown(mostThatFit(op.size() - 1, [&](qsizetype keep) { return fits(shown(keep)); }));
    }
    if (!name.startsWith(u"triton_")) {
        // Library kernels (Cijk_..., void at::native::...): both ends, the
        // most characters that fit; more kept is never narrower, so a binary
        // search (C++ template names run to hundreds of characters).
        const auto shown = [&](qsizetype keep) { return name.left((keep + 1) / 2) + ellipsis + name.right(keep / 2); };
        const qsizetype keep = mostThatFit(name.size() - 1, [&](qsizetype kept) { return fits(shown(kept)); });
        return keep > 0 ? shown(keep) : ellipsis; // 0: the ellipsis alone
    }
    // "triton_" says nothing in a list of Triton kernels, nor does "fused_".
    QString head;
    QString body = name.mid(7);
    if (const qsizetype kind = body.indexOf(u'_'); kind > 0) {
        head = body.left(kind + 1);
        body = body.mid(kind + 1);
    }
    if (body.startsWith(u"fused_"))
        body = body.mid(6);
    if (fits(head + body))
        return head + body;
    // Whole words of the tail first (an op's name, the index), longest first.
    // A shorter tail is never wider: a binary search, as this runs for
    // every cell the table paints.
    const auto longest = [&](const QList<qsizetype>& starts, const QString& prefix) -> std::optional<QString> {
        qsizetype low = 0;
        qsizetype high = starts.size(); // starts[high] would be the first that fits
        while (low < high) {
            const qsizetype middle = (low + high) / 2;
            if (fits(prefix + body.mid(starts[middle])))
                high = middle;
            else
                low = middle + 1;
        }
        return low < starts.size() ? std::optional(prefix + body.mid(starts[low])) : std::nullopt;
    };
    QList<qsizetype> words;
    QList<qsizetype> characters;
    for (qsizetype at = 1; at < body.size(); ++at) {
        characters << at;
        if (body.at(at - 1) == u'_' && body.at(at) != u'_')
            words << at;
    }
    if (const auto shown = longest(words, head + ellipsis))
        return *shown;
    if (const auto shown = longest(characters, head + ellipsis))
        return *shown;
    return longest(characters, ellipsis).value_or(ellipsis);
}

QString KernelNameDelegate::elide(const QString& name, const QFontMetrics& metrics, int width)
{
    // Summed advances of single characters: shaping each candidate string
    // whole, for every cell of the table's first paint, cost tens of
    // milliseconds on the GUI thread. A pixel to spare for kerning; the
    // painter elides on the left beyond that, keeping the tail.
    // Names are ASCII but for the ellipsis: each character's advance is
    // asked of the font once per name, not once per candidate.
    std::array<int, 128> ascii;
    ascii.fill(-1);
    const int ellipsis = metrics.horizontalAdvance(QChar(0x2026));
    return elide(name, [&](const QString& text) {
        int advance = 0;
        for (QChar c : text) {
            if (c.unicode() >= 128) {
                advance += c.unicode() == 0x2026 ? ellipsis : metrics.horizontalAdvance(c);
                continue;
            }
            int& known = ascii[c.unicode()];
            if (known < 0)
                known = metrics.horizontalAdvance(c);
            advance += known;
        }
        return advance <= width - 1;
    });
}

void KernelNameDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    if (m_cover && m_cover->isVisible())
        return;
    QStyleOptionViewItem shown = option;
    initStyleOption(&shown, index);
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    // The room the style gives the text, less its margins (as QCommonStyle
    // elides): elided here first, it has nothing left to elide.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const int width = style->subElementRect(QStyle::SE_ItemViewItemText, &shown, widget).width() - 2 * margin;
    shown.text = elide(shown.text, shown.fontMetrics, width);
    shown.textElideMode = Qt::ElideLeft;
    style->drawControl(QStyle::CE_ItemViewItem, &shown, painter, widget);
}

} // namespace Ridgeline
