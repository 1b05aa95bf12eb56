#include "timeline/timelinepalette.h"

#include <algorithm>

namespace Ridgeline {
namespace {

QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
        float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

} // namespace

QColor TimelinePalette::of(TimelineColour colour) const
{
    const int c = int(colour);
    if (c < fractionColours) {
        // Red at 0, amber at 0.5, green at 1: the middle of each step.
        const double t = (c + 0.5) / fractionColours;
        const QColor red(0xd3, 0x2f, 0x2f), amber(0xf9, 0xa8, 0x25), green(0x2e, 0x7d, 0x32);
        return t < 0.5 ? mix(red, amber, t * 2) : mix(amber, green, (t - 0.5) * 2);
    }
    switch (colour) {
    case TimelineColour::AboveAttainable:
        return QColor(0xc2, 0x18, 0x5b);
    case TimelineColour::TritonUnmodelled:
        return dark ? QColor(0x8d, 0x7b, 0x68) : QColor(0xa1, 0x88, 0x7f);
    case TimelineColour::Gemm:
        return dark ? QColor(0x5c, 0x7c, 0x9c) : QColor(0x78, 0x90, 0x9c);
    case TimelineColour::Attention:
        return dark ? QColor(0x7e, 0x6f, 0x9c) : QColor(0x95, 0x87, 0xb3);
    case TimelineColour::Communication:
        return dark ? QColor(0x4f, 0x86, 0x86) : QColor(0x6f, 0xa3, 0xa3);
    case TimelineColour::Memcpy:
        return dark ? QColor(0x9e, 0x9e, 0x9e) : QColor(0xbd, 0xbd, 0xbd);
    case TimelineColour::Memset:
        return dark ? QColor(0x75, 0x75, 0x75) : QColor(0xd6, 0xd6, 0xd6);
    case TimelineColour::Other:
        return dark ? QColor(0x6d, 0x6d, 0x70) : QColor(0x9e, 0x9e, 0xa3);
    case TimelineColour::Step:
        return dark ? QColor(0x3f, 0x51, 0x6b) : QColor(0xbb, 0xde, 0xfb);
    case TimelineColour::GraphLaunch:
        return dark ? QColor(0x4a, 0x3f, 0x6b) : QColor(0xd1, 0xc4, 0xe9);
    case TimelineColour::Launch:
        return dark ? QColor(0x50, 0x5a, 0x64) : QColor(0xcf, 0xd8, 0xdc);
    default:
        return Qt::gray;
    }
}

} // namespace Ridgeline
