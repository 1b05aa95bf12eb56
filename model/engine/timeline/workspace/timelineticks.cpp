#include "engine/timeline/workspace/timelineticks.h"

#include "engine/timeline/timelinens.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace Ridgeline {
namespace {

// The step above `step` in the 1-2-5 series (integer ns, at least 1).
std::int64_t nextStep(std::int64_t step)
{
    std::int64_t decade = 1;
    while (decade * 10 <= step)
        decade *= 10;
    const std::int64_t factor = step / decade;
    return factor < 2 ? 2 * decade : factor < 5 ? 5 * decade : 10 * decade;
}

// The first step of the 1-2-5 series at or above `ns`.
std::int64_t stepAtLeast(double ns)
{
    std::int64_t step = 1;
    while (double(step) < ns && step < maxTimelineNs / 10)
        step = nextStep(step);
    return step;
}

// One unit for the whole ruler, by the largest time it shows: ticks of
// 341.2 and 341.4 ms, never "341.4 ms" beside "341 400 µs".
std::int64_t unitFor(std::int64_t largestNs)
{
    for (std::int64_t unit : { std::int64_t(1000000000), std::int64_t(1000000), std::int64_t(1000) }) {
        if (largestNs >= unit)
            return unit;
    }
    return 1;
}

// Digits after the point that the step needs in the unit: a step of
// 50 us in ms needs two (341.25, 341.30).
int decimalsFor(std::int64_t stepNs, std::int64_t unitNs)
{
    int decimals = 0;
    for (std::int64_t unit = unitNs; unit > 1 && stepNs % unit != 0; unit /= 10)
        ++decimals;
    return decimals;
}

} // namespace

QString tickLabel(std::int64_t ns, std::int64_t unitNs, int decimals)
{
    const QString unitName = unitNs >= 1000000000 ? QStringLiteral(" s")
        : unitNs >= 1000000                       ? QStringLiteral(" ms")
        : unitNs >= 1000                          ? QStringLiteral(" µs")
                                                  : QStringLiteral(" ns");
    const std::int64_t magnitude = ns < 0 ? -ns : ns; // |ns| <= 2^61: no overflow
    QString text = ns < 0 ? QStringLiteral("-") : QString();
    text += QString::number(magnitude / unitNs);
    if (decimals > 0) {
        std::int64_t fraction = magnitude % unitNs;
        // Keep the leading `decimals` digits of the fraction (the rest are 0).
        std::int64_t divisor = unitNs;
        for (int d = 0; d < decimals; ++d)
            divisor /= 10;
        fraction /= std::max<std::int64_t>(1, divisor);
        text += u'.' + QString::number(fraction).rightJustified(decimals, u'0');
    }
    return text + unitName;
}

TimelineTicks timelineTicks(
    double startNs, double endNs, double widthPx, const std::function<double(const QString&)>& labelWidth, double gapPx)
{
    TimelineTicks result;
    if (!std::isfinite(startNs) || !std::isfinite(endNs) || !(endNs > startNs) || !(widthPx >= 1))
        return result;
    const std::int64_t from = timelineNsOf(std::ceil(startNs)), to = timelineNsOf(std::floor(endNs));
    if (to < from)
        return result;
    const double nsPerPixel = (endNs - startNs) / widthPx;
    const std::int64_t largest = std::max(from < 0 ? -from : from, to < 0 ? -to : to);
    const std::int64_t unit = unitFor(largest);
    // From a step a digit's width apart, up until the widest label fits:
    // a label far from zero ("1234567.891 s") is long and needs a coarser step.
    std::int64_t step = stepAtLeast(nsPerPixel * (gapPx + 8));
    for (int tries = 0; tries < 64; ++tries) {
        const int decimals = decimalsFor(step, unit);
        // The longest label is at one end of the view (a minus sign, more digits).
        const double widest = std::max(labelWidth(tickLabel(from, unit, decimals)), labelWidth(tickLabel(to, unit, decimals)));
        if (double(step) / nsPerPixel >= widest + gapPx || step >= maxTimelineNs / 10)
            break;
        step = nextStep(step);
    }
    result.stepNs = step;
    const int decimals = decimalsFor(step, unit);
    // Counted in integers: first * step stays within the clock's bound.
    std::int64_t index = from / step + (from % step > 0 ? 1 : 0);
    for (; index * step <= to && result.ticks.size() <= size_t(widthPx) + 1; ++index)
        result.ticks.push_back({ index * step, tickLabel(index * step, unit, decimals) });
    return result;
}

} // namespace Ridgeline
