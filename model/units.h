// Number formatting for people: microseconds that become milliseconds,
// megabytes that become gigabytes, figures with a sensible precision.
#pragma once

#include <QString>

#include <optional>

namespace Ridgeline {

QString formatTimeUs(double us);      // "77.07 us", "1.234 ms", "2.5 s"
QString formatMegabytes(double mb);   // "256.0 MB", "1.50 GB"
QString formatCount(std::int64_t n);  // "268,435,456"
QString formatFigure(double value);   // 3 significant digits, or more for large values
QString formatPercent(double fraction); // "4.20 %"
QString orDash(const std::optional<QString>& text);

} // namespace Ridgeline
