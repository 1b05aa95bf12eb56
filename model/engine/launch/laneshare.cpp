#include "engine/launch/laneshare.h"

#include <QStringList>

namespace Ridgeline {
namespace {

// One dimension's share: numel lanes over ceil(numel / block) x block.
struct Dimension
{
    double share = 1;
    QString text;
};

std::optional<Dimension> dimension(
    const char* name, const std::optional<LaunchNumel>& numel, std::int64_t block, const char* blockName, const QString& blockNote = {})
{
    if (!numel || numel->approximate || numel->value <= 0 || block <= 0)
        return std::nullopt;
    const std::int64_t passes = numel->value / block + (numel->value % block != 0 ? 1 : 0);
    Dimension out;
    out.share = double(numel->value) / (double(passes) * double(block));
    out.text = QStringLiteral("%1 %2 over %3 x %4 %5%6")
                   .arg(QLatin1String(name))
                   .arg(numel->value)
                   .arg(passes)
                   .arg(QLatin1String(blockName))
                   .arg(block)
                   .arg(blockNote);
    return out;
}

std::int64_t nextPowerOfTwo(std::int64_t n)
{
    std::int64_t p = 1;
    while (p < n && p < maxBlockSize)
        p <<= 1;
    return p;
}

} // namespace

std::optional<LaneShare> activeLaneShare(const LaunchNumels& numels, const BlockSizes& blocks, KernelCategory category)
{
    if (!blocks.x)
        return std::nullopt;
    QStringList parts;
    LaneShare lanes;
    auto take = [&](const std::optional<Dimension>& d) {
        if (!d)
            return false;
        lanes.share *= d->share;
        parts << d->text;
        return true;
    };
    // One row per program: no x lane is padding, whatever xnumel is.
    if (blocks.x->value == 1)
        parts << QStringLiteral("XBLOCK 1: no padding in x");
    else if (!take(dimension("xnumel", numels.x, blocks.x->value, "XBLOCK")))
        return std::nullopt;
    if (blocks.y && !take(dimension("ynumel", numels.y, blocks.y->value, "YBLOCK")))
        return std::nullopt;
    if (isReduction(category) && !numels.r0)
        return std::nullopt; // its padding in r0 unknown
    if (numels.r0 && (numels.r0->value > 1 || isReduction(category))) {
        std::int64_t rBlock = blocks.r0 ? blocks.r0->value : 0;
        QString note;
        if (!blocks.r0 && category == KernelCategory::PersistentReduction && !numels.r0->approximate) {
            rBlock = nextPowerOfTwo(numels.r0->value);
            note = QStringLiteral(" (a persistent reduction's: r0_numel's next power of two)");
        }
        if (!take(dimension("r0_numel", numels.r0, rBlock, "R0_BLOCK", note)))
            return std::nullopt;
    }
    lanes.source = parts.join(QStringLiteral("; "));
    return lanes;
}

} // namespace Ridgeline
