#include "engine/launch/blocksizes.h"

#include <QStringList>

namespace Ridgeline {
namespace {

std::optional<std::int64_t> blockValue(QStringView text)
{
    bool ok = false;
    const qlonglong value = text.trimmed().toLongLong(&ok);
    // Triton's blocks are powers of two (tl.arange's rule).
    if (!ok || value <= 0 || value > maxBlockSize || (value & (value - 1)) != 0)
        return std::nullopt;
    return std::int64_t(value);
}

void fromSource(std::optional<BlockSize>& size, const std::optional<std::int64_t>& stated)
{
    if (size || !stated)
        return;
    if (auto value = blockValue(QString::number(*stated)))
        size = BlockSize { *value, QStringLiteral("the source's constexpr") };
}

} // namespace

BlockSizes readBlockSizes(const QString& kernelKwargs, const TritonSourceFacts* facts)
{
    BlockSizes sizes;
    // "XBLOCK=1,R0_BLOCK=1024,waves_per_eu=2": comma-separated name=value.
    for (QStringView pair : QStringView(kernelKwargs).split(u',')) {
        const qsizetype equals = pair.indexOf(u'=');
        if (equals < 0)
            continue;
        const QStringView name = pair.left(equals).trimmed();
        std::optional<BlockSize>* size = name == u"XBLOCK" ? &sizes.x
            : name == u"YBLOCK"                            ? &sizes.y
            : name == u"R0_BLOCK" || name == u"RBLOCK"     ? &sizes.r0
                                                           : nullptr;
        if (!size || *size)
            continue;
        if (auto value = blockValue(pair.mid(equals + 1)))
            *size = BlockSize { *value, QStringLiteral("kernel_kwargs") };
    }
    if (facts) {
        fromSource(sizes.x, facts->xblock);
        fromSource(sizes.y, facts->yblock);
        fromSource(sizes.r0, facts->r0block);
    }
    return sizes;
}

} // namespace Ridgeline
