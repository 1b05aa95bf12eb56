#include "engine/launch/programcount.h"

#include "engine/base/checkedmath.h"

namespace Ridgeline {
namespace {

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return a / b + (a % b != 0 ? 1 : 0);
}

// The product of three launch dimensions; nullopt for a dimension under 1
// (damage) or a product past 64 bits.
std::optional<std::int64_t> product(const std::int64_t dims[3])
{
    std::optional<std::int64_t> total = 1;
    for (int i = 0; i < 3 && total; ++i)
        total = dims[i] >= 1 ? checkedMul(*total, dims[i]) : std::nullopt;
    return total;
}

QString dimsText(const std::int64_t dims[3])
{
    return QStringLiteral("[%1, %2, %3]").arg(dims[0]).arg(dims[1]).arg(dims[2]);
}

// Programs when every grid dimension counts the work-items of its block's.
std::optional<std::int64_t> workItemPrograms(const LaunchShape& shape)
{
    std::int64_t blocks[3] = {};
    for (int i = 0; i < 3; ++i) {
        if (shape.block[i] < 1 || shape.grid[i] % shape.block[i] != 0)
            return std::nullopt;
        blocks[i] = shape.grid[i] / shape.block[i];
    }
    return product(blocks);
}

} // namespace

std::optional<ProgramCount> programsFromNumels(const LaunchNumels& numels, const BlockSizes& blocks)
{
    if (!numels.x || !blocks.x || numels.x->value < 0)
        return std::nullopt;
    ProgramCount count;
    count.programs = ceilDiv(numels.x->value, blocks.x->value);
    count.source = QStringLiteral("ceil(xnumel %1 / XBLOCK %2)").arg(numels.x->value).arg(blocks.x->value);
    count.approximate = numels.x->approximate;
    if (blocks.y) {
        if (!numels.y || numels.y->value < 0)
            return std::nullopt;
        count.programs = checkedMul(*count.programs, ceilDiv(numels.y->value, blocks.y->value));
        if (!count.programs)
            return std::nullopt;
        count.source += QStringLiteral(" x ceil(ynumel %1 / YBLOCK %2)").arg(numels.y->value).arg(blocks.y->value);
        count.approximate = count.approximate || numels.y->approximate;
    }
    if (count.approximate)
        count.source += QStringLiteral(", numels from size_hints: approximate");
    return count;
}

ProgramCount countPrograms(const std::optional<ProgramCount>& fromNumels, const LaunchShape* shape)
{
    const std::optional<std::int64_t> grid = shape ? product(shape->grid) : std::nullopt;
    const std::optional<std::int64_t> block = shape ? product(shape->block) : std::nullopt;
    if (!grid || !block)
        return fromNumels.value_or(ProgramCount {});
    ProgramCount count;
    const QString gridText = QStringLiteral("grid %1").arg(dimsText(shape->grid));
    if (fromNumels && *fromNumels->programs == *grid) {
        count.programs = grid;
        count.gridCounts = GridCounts::Blocks;
        count.source = gridText + QStringLiteral(" in blocks (= %1)").arg(fromNumels->source);
        return count;
    }
    if (fromNumels && *block > 1 && checkedMul(*fromNumels->programs, *block) == grid) {
        if (const auto programs = workItemPrograms(*shape)) {
            count.programs = programs;
            count.gridCounts = GridCounts::WorkItems;
            count.source = gridText + QStringLiteral(" in work-items over block %1 (= %2)").arg(dimsText(shape->block), fromNumels->source);
            return count;
        }
    }
    // The launch API's meaning; the numels could not confirm it.
    count.programs = grid;
    count.gridCounts = GridCounts::Blocks;
    count.source = gridText + QStringLiteral(" in blocks");
    if (!fromNumels)
        count.source += QStringLiteral(" (no block size to check it against)");
    else if (fromNumels->approximate)
        count.source += QStringLiteral(" (%1 = %2: not a check)").arg(fromNumels->source).arg(*fromNumels->programs);
    else
        count.note = QStringLiteral("the grid's %1 blocks are not %2 = %3 programs (nor that times the block)")
                         .arg(*grid)
                         .arg(fromNumels->source)
                         .arg(*fromNumels->programs);
    return count;
}

} // namespace Ridgeline
