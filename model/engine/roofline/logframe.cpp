#include "engine/roofline/logframe.h"

#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

using namespace LogFrameLimits;

// One axis's [low, high] with its span in [MinSpan, Highest - Lowest] and
// both edges within [Lowest, Highest].
void limitAxis(double& low, double& high)
{
    if (!(high > low) || !std::isfinite(low) || !std::isfinite(high)) {
        const double centre = std::isfinite(low) ? low : 0;
        low = centre - MinSpan / 2;
        high = centre + MinSpan / 2;
    }
    double span = std::clamp(high - low, MinSpan, Highest - Lowest);
    const double centre = (low + high) / 2;
    low = centre - span / 2;
    high = centre + span / 2;
    if (low < Lowest) {
        low = Lowest;
        high = Lowest + span;
    }
    if (high > Highest) {
        high = Highest;
        low = Highest - span;
    }
}

// A pan keeps the span: an edge that would leave the range stops the move.
void shiftAxis(double& low, double& high, double by)
{
    by = std::clamp(by, Lowest - low, Highest - high);
    low += by;
    high += by;
}

} // namespace

LogFrame LogFrame::of(const DecadeFrame& decades)
{
    return { double(decades.xMinExp), double(decades.xMaxExp), double(decades.yMinExp), double(decades.yMaxExp) };
}

LogFrame LogFrame::ofValues(double xMin, double xMax, double yMin, double yMax)
{
    return { std::log10(xMin), std::log10(xMax), std::log10(yMin), std::log10(yMax) };
}

double LogFrame::xMin() const
{
    return std::pow(10.0, xMinLog);
}
double LogFrame::xMax() const
{
    return std::pow(10.0, xMaxLog);
}
double LogFrame::yMin() const
{
    return std::pow(10.0, yMinLog);
}
double LogFrame::yMax() const
{
    return std::pow(10.0, yMaxLog);
}

LogFrame limited(LogFrame frame)
{
    limitAxis(frame.xMinLog, frame.xMaxLog);
    limitAxis(frame.yMinLog, frame.yMaxLog);
    return frame;
}

LogFrame zoomedAbout(const LogFrame& frame, double xLog, double yLog, double factor)
{
    // Each axis scales about the pointer's value; where a span hits its
    // limit, the pointer's fraction of the span is kept instead.
    const auto axis = [&](double low, double high, double at, double& outLow, double& outHigh) {
        const double span = high - low;
        const double wanted = std::clamp(span * factor, MinSpan, Highest - Lowest);
        const double fraction = span > 0 ? (at - low) / span : 0.5;
        outLow = at - fraction * wanted;
        outHigh = outLow + wanted;
    };
    LogFrame zoomed;
    axis(frame.xMinLog, frame.xMaxLog, xLog, zoomed.xMinLog, zoomed.xMaxLog);
    axis(frame.yMinLog, frame.yMaxLog, yLog, zoomed.yMinLog, zoomed.yMaxLog);
    return limited(zoomed);
}

LogFrame pannedBy(const LogFrame& frame, double dxLog, double dyLog)
{
    LogFrame moved = limited(frame);
    shiftAxis(moved.xMinLog, moved.xMaxLog, dxLog);
    shiftAxis(moved.yMinLog, moved.yMaxLog, dyLog);
    return moved;
}

} // namespace Ridgeline
