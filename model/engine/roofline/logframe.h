// Stage roofline/: GPU peaks and roofline math.
// The frame a roofline is shown in once the user zooms or pans: log10 edges
// as real numbers, so that a zoom keeps what was selected rather than the
// whole decades around it. Home frames (fitFrame, gpuFrame) stay whole
// decades; this is what a view makes of them.
#pragma once

#include "engine/roofline/rooflinedata.h"

namespace Ridgeline {

struct LogFrame
{
    double xMinLog = -2; // log10 of FLOP/B
    double xMaxLog = 4;
    double yMinLog = -2; // log10 of TFLOPS/s
    double yMaxLog = 4;

    static LogFrame of(const DecadeFrame& decades);
    static LogFrame ofValues(double xMin, double xMax, double yMin, double yMax); // positive values
    double xMin() const;
    double xMax() const;
    double yMin() const;
    double yMax() const;
    double xSpan() const { return xMaxLog - xMinLog; }
    double ySpan() const { return yMaxLog - yMinLog; }
    bool operator==(const LogFrame&) const = default;
};

// How far a view lets one zoom: a tenth of a decade in, out to well beyond
// any kernel or GPU (10^-7 .. 10^9).
namespace LogFrameLimits {
constexpr double MinSpan = 0.1;
constexpr double Lowest = -7;
constexpr double Highest = 9;
} // namespace LogFrameLimits

// Within the limits: each span at least MinSpan (grown about its centre)
// and at most the whole range, edges moved inside it keeping the span.
LogFrame limited(LogFrame frame);
// Zoomed by `factor` (below 1: in) about the point (xLog, yLog), which
// keeps its place on screen; then limited.
LogFrame zoomedAbout(const LogFrame& frame, double xLog, double yLog, double factor);
// Moved by (dxLog, dyLog) decades, span kept, stopping at the limits.
LogFrame pannedBy(const LogFrame& frame, double dxLog, double dyLog);

} // namespace Ridgeline
