// Stage base/: shared by every stage of the engine.
// Numbers with units for people, each concept written by one function: a
// time that moves from microseconds to milliseconds and seconds, a share
// as a percent, mebibytes (2^20 bytes, TraceLens's "MB") that become
// gibibytes, a count with digit groups. The report, the table, the
// inspector and the widgets all use these; the JSON and CSV exports write
// raw numbers as engine/base/exportnumber.h says.
#pragma once

#include <QString>
#include <cstdint>
#include <optional>

namespace Ridgeline {

// "58.7 µs", "7.80 ms", "1.17 s": three significant digits (none dropped
// left of the point: "1234 s"), the unit chosen after rounding, so that
// 999.996 µs reads "1.00 ms", not "1000 µs". Not a number reads "–".
QString formatTimeUs(double us);
// A fraction as a percent with `decimals` places: 0.0420 reads "4.20 %"
// (2), "4.2 %" (1), "4 %" (0). Not a number reads "–".
QString formatPercent(double fraction, int decimals = 2);
QString formatMebibytes(double mib); // "256.0 MiB", "1.50 GiB"
// A size in bytes in the same binary units: "616 B", "3.0 KiB", "10.1 MiB".
// Findings, the anatomy and the advice all say sizes this way.
QString formatBytes(std::int64_t bytes);
QString formatCount(std::int64_t n); // "268,435,456"
QString formatFigure(double value); // 3 significant digits, or more for large values
// One column, one format: `decimals` fixed ("2.319", "0.329", "0.000"); a
// value too small to show any digit reads "< 0.001", not "8.41e-04".
QString formatFixed(double value, int decimals);
QString orDash(const std::optional<QString>& text);

} // namespace Ridgeline
