// Stage timeline/, workspace/: what the timeline pane works with.
// The ruler's ticks: the step (1, 2 or 5 times a power of ten ns) and the
// labels' unit and precision chosen together, so that no two ticks in view
// ever read alike ("341, 341 ms" at a deep zoom). Labels are formatted from
// integer nanoseconds, never from a double's rounding, so that a view far
// from zero (2^60 ns in) still counts up by the step.
#pragma once

#include <QString>
#include <cstdint>
#include <functional>
#include <vector>

namespace Ridgeline {

struct TimelineTick
{
    std::int64_t ns = 0; // from the timeline's origin
    QString label; // "341.25 ms": every tick of one ruler in one unit
};

struct TimelineTicks
{
    std::int64_t stepNs = 1;
    std::vector<TimelineTick> ticks; // in order, within [startNs, endNs]
};

// The ticks of a ruler over [startNs, endNs] drawn `widthPx` wide: the
// finest step whose labels, as wide as `labelWidth` says plus `gapPx`, do
// not overlap. Empty for an empty or non-finite view.
TimelineTicks timelineTicks(
    double startNs, double endNs, double widthPx, const std::function<double(const QString&)>& labelWidth, double gapPx = 16);

// A time of `ns` in the unit of `unitNs` (1, 1e3, 1e6 or 1e9) with
// `decimals` digits after the point, from integers: "341.25 ms".
QString tickLabel(std::int64_t ns, std::int64_t unitNs, int decimals);

} // namespace Ridgeline
