#include "units.h"

#include <QLocale>

#include <cmath>

namespace Ridgeline {

QString formatTimeUs(double us)
{
    if (us >= 1e6)
        return QString::number(us / 1e6, 'f', 3) + QStringLiteral(" s");
    if (us >= 1e3)
        return QString::number(us / 1e3, 'f', 3) + QStringLiteral(" ms");
    return QString::number(us, 'f', 2) + QStringLiteral(" us");
}

QString formatMebibytes(double mib)
{
    if (mib >= 1024)
        return QString::number(mib / 1024, 'f', 2) + QStringLiteral(" GiB");
    if (mib >= 1)
        return QString::number(mib, 'f', 1) + QStringLiteral(" MiB");
    return QString::number(mib * 1024, 'f', 1) + QStringLiteral(" KiB");
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

QString formatPercent(double fraction)
{
    return QString::number(fraction * 100.0, 'f', 2) + QStringLiteral(" %");
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
