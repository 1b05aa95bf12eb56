// Shared by every stage.
// Numbers as the exports write them. A double carries 17 digits, of which a
// figure worked out from a trace justifies far fewer: a rate, ratio or
// intensity is written to 6 significant digits (as the formula inspector
// shows it), a time in microseconds to the nanosecond (the trace's own
// resolution), and counts (bytes, FLOPs, calls) exactly, as integers.
#pragma once

#include <QString>
#include <optional>

namespace Ridgeline {

constexpr int exportSignificantDigits = 6;

double exportFigure(double value); // 6 significant digits: 2.319481234 -> 2.31948
double exportTimeUs(double us); // to 0.001 us: 527.3818359375 -> 527.382
// The shortest text that reads back as the rounded value ("" for none).
QString exportFigureText(std::optional<double> value);
QString exportTimeText(std::optional<double> us);

} // namespace Ridgeline
