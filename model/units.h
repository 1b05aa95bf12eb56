// Number formatting for people: microseconds that become milliseconds,
// mebibytes (2^20 bytes, TraceLens's "MB") that become gibibytes, figures
// with a sensible precision. The table and the inspector's summary lines
// use these; the exports round as engine/base/exportnumber.h says.
#pragma once

#include <QString>

#include <optional>

namespace Ridgeline {

QString formatTimeUs(double us);      // "77.07 us", "1.234 ms", "2.5 s"
QString formatMebibytes(double mib); // "256.0 MiB", "1.50 GiB"
QString formatCount(std::int64_t n);  // "268,435,456"
QString formatFigure(double value);   // 3 significant digits, or more for large values
QString formatPercent(double fraction); // "4.20 %"
// One column, one format: `decimals` fixed ("2.319", "0.329", "0.000"); a
// value too small to show any digit reads "< 0.001", not "8.41e-04".
QString formatFixed(double value, int decimals);
QString orDash(const std::optional<QString>& text);

} // namespace Ridgeline
