#include "engine/base/exportnumber.h"

#include <QLocale>
#include <cmath>

namespace Ridgeline {
namespace {

QString shortest(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

} // namespace

double exportFigure(double value)
{
    if (!std::isfinite(value) || value == 0)
        return value;
    // Through decimal text: the double nearest the 6-digit decimal, which
    // prints back as those digits.
    return QString::number(value, 'g', exportSignificantDigits).toDouble();
}

double exportTimeUs(double us)
{
    if (!std::isfinite(us))
        return us;
    const double rounded = std::round(us * 1000.0) / 1000.0;
    // Past 2^53 ns the product is no longer exact: the value is already as
    // coarse as a double holds it.
    return std::abs(us) < 9e12 ? QString::number(rounded, 'f', 3).toDouble() : us;
}

QString exportFigureText(std::optional<double> value)
{
    return value ? shortest(exportFigure(*value)) : QString();
}

QString exportTimeText(std::optional<double> us)
{
    return us ? shortest(exportTimeUs(*us)) : QString();
}

} // namespace Ridgeline
