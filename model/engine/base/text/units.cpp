#include "engine/base/text/units.h"

#include <QLocale>
#include <cmath>
#include <iterator>

namespace Ridgeline {

QString formatTimeUs(double us)
{
    if (!std::isfinite(us))
        return QStringLiteral("–");
    struct Unit
    {
        double us;
        QString symbol;
    };
    const Unit units[] = { { 1.0, QStringLiteral(" \u00b5s") }, { 1e3, QStringLiteral(" ms") }, { 1e6, QStringLiteral(" s") } };
    const double magnitude = std::abs(us);
    size_t unit = magnitude >= 1e6 ? 2 : magnitude >= 1e3 ? 1 : 0;
    for (;; ++unit) {
        const double value = us / units[unit].us;
        // Fewer decimals as the value grows, judged on the rounded text:
        // 9.996 reads "10.0", not "10.00".
        int decimals = 2;
        QString text = QString::number(value, 'f', decimals);
        while (decimals > 0 && std::abs(text.toDouble()) >= std::pow(10.0, 3 - decimals))
            text = QString::number(value, 'f', --decimals);
        if (unit + 1 < std::size(units) && std::abs(text.toDouble()) >= 1000)
            continue;
        return text + units[unit].symbol;
    }
}

QString formatMebibytes(double mib)
{
    if (mib >= 1024)
        return QString::number(mib / 1024, 'f', 2) + QStringLiteral(" GiB");
    if (mib >= 1)
        return QString::number(mib, 'f', 1) + QStringLiteral(" MiB");
    return QString::number(mib * 1024, 'f', 1) + QStringLiteral(" KiB");
}

QString formatBytes(std::int64_t bytes)
{
    if (bytes > -1024 && bytes < 1024)
        return QString::number(bytes) + QStringLiteral(" B");
    return formatMebibytes(double(bytes) / (1024.0 * 1024.0));
}

QString formatCount(std::int64_t n)
{
    return QLocale(QLocale::English).toString(qlonglong(n));
}

QString formatFigure(double value)
{
    if (value == 0)
        return QStringLiteral("0");
    const double magnitude = std::abs(value);
    if (magnitude >= 100)
        return QString::number(value, 'f', 1);
    if (magnitude >= 0.01)
        return QString::number(value, 'f', magnitude >= 10 ? 2 : 3);
    return QString::number(value, 'g', 3);
}

QString formatPercent(double fraction, int decimals)
{
    if (!std::isfinite(fraction))
        return QStringLiteral("–");
    return QString::number(fraction * 100.0, 'f', decimals) + QStringLiteral(" %");
}

QString formatFixed(double value, int decimals)
{
    const double smallest = std::pow(10.0, -decimals);
    if (value != 0 && std::abs(value) < smallest / 2)
        return (value < 0 ? QStringLiteral("> −") : QStringLiteral("< ")) + QString::number(smallest, 'f', decimals);
    return QString::number(value, 'f', decimals);
}

QString orDash(const std::optional<QString>& text)
{
    return text ? *text : QStringLiteral("–");
}

} // namespace Ridgeline
