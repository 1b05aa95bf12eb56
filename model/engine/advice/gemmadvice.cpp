#include "engine/advice/gemmadvice.h"

#include "engine/base/text/units.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace Ridgeline {

namespace {

// A real tile edge is 16 to 512: a larger number in a name is something else.
bool plausibleEdge(int edge)
{
    return edge >= 8 && edge <= 1024;
}

std::optional<GemmTile> firstMatch(const QRegularExpression& pattern, QStringView name)
{
    const QRegularExpressionMatch match = pattern.matchView(name);
    if (!match.hasMatch())
        return std::nullopt;
    const GemmTile tile { match.capturedView(1).toInt(), match.capturedView(2).toInt() };
    if (!plausibleEdge(tile.m) || !plausibleEdge(tile.n))
        return std::nullopt;
    return tile;
}

double param(const LibraryOpFigures& figures, const QString& key)
{
    for (const auto& [name, value] : figures.params)
        if (name == key)
            return value;
    return 0;
}

QStringList kernelNamesOf(const KernelRow& row)
{
    return row.libraryOp ? row.libraryOp->kernelNames : QStringList { row.name };
}

QString tuners(const QString& kernelName)
{
    // hipBLASLt's kernels are Tensile's (Cijk_...): it has an offline tuner of its own.
    if (kernelName.startsWith(QStringLiteral("Cijk_")))
        return QStringLiteral("try TunableOp (PYTORCH_TUNABLEOP_ENABLED=1), hipBLASLt offline tuning (hipblaslt-bench) or "
                              "Inductor max-autotune");
    return QStringLiteral("try TunableOp (PYTORCH_TUNABLEOP_ENABLED=1) or Inductor max-autotune");
}

} // namespace

std::optional<GemmTile> gemmTileOf(QStringView kernelName)
{
    static const QRegularExpression tensile(QStringLiteral("MT(\\d+)x(\\d+)x\\d+"));
    static const QRegularExpression threeD(QStringLiteral("(?:_|tilesize)(\\d+)x(\\d+)x\\d+(?:_|$)"));
    static const QRegularExpression cutlass2(QStringLiteral("_(\\d+)x(\\d+)_\\d+x\\d+(?:_|$)"));
    for (const QRegularExpression* pattern : { &tensile, &threeD, &cutlass2 })
        if (std::optional<GemmTile> tile = firstMatch(*pattern, kernelName))
            return tile;
    return std::nullopt;
}

QString wavesText(std::int64_t tiles, int computeUnits)
{
    if (tiles <= 0 || computeUnits <= 0)
        return {};
    if (tiles < computeUnits)
        return QStringLiteral("one partial wave (%1 % of the GPU)").arg(std::lround(100.0 * double(tiles) / computeUnits));
    const std::int64_t waves = (tiles + computeUnits - 1) / computeUnits;
    const std::int64_t last = tiles - (waves - 1) * computeUnits;
    if (last == computeUnits)
        return waves == 1 ? QStringLiteral("one full wave") : QStringLiteral("%1 full waves").arg(waves);
    return QStringLiteral("%1 waves, the last %2 % full").arg(waves).arg(std::lround(100.0 * double(last) / computeUnits));
}

Advice gemmAdvice(const KernelRow& row, const AdviceFacts& facts)
{
    QStringList parts;
    const LibraryOpFigures* figures = row.libraryOp && row.libraryOp->model ? &row.libraryOp->model->figures : nullptr;
    const double m = figures ? param(*figures, QStringLiteral("M")) : 0;
    const double n = figures ? param(*figures, QStringLiteral("N")) : 0;
    const double k = figures ? param(*figures, QStringLiteral("K")) : 0;
    const double batch = figures ? std::max(1.0, param(*figures, QStringLiteral("B"))) : 1;
    if (m > 0 && n > 0 && k > 0)
        parts << (batch > 1 ? QStringLiteral("GEMM %1 x %2 x %3 x %4").arg(qint64(batch)).arg(qint64(m)).arg(qint64(n)).arg(qint64(k))
                            : QStringLiteral("GEMM %1 x %2 x %3").arg(qint64(m)).arg(qint64(n)).arg(qint64(k)));
    else
        parts << QStringLiteral("GEMM of unknown shape");
    const QStringList kernels = kernelNamesOf(row);
    std::optional<GemmTile> tile;
    QString tileKernel;
    for (const QString& name : kernels) {
        if ((tile = gemmTileOf(name))) {
            tileKernel = name;
            break;
        }
    }
    if (tile && m > 0 && n > 0) {
        // Tiles over the output as PyTorch lays it out (M x N); a column-major
        // library may run the transpose, whose count differs at the edges.
        const std::int64_t tiles = std::int64_t(std::ceil(m / tile->m) * std::ceil(n / tile->n) * batch);
        QString line = QStringLiteral("%1 tiles of %2x%3").arg(tiles).arg(tile->m).arg(tile->n);
        if (facts.computeUnits)
            line += QStringLiteral(" on %1 CUs: %2").arg(*facts.computeUnits).arg(wavesText(tiles, *facts.computeUnits));
        parts << line;
    } else if (tile) {
        parts << QStringLiteral("tile %1x%2").arg(tile->m).arg(tile->n);
    } else {
        parts << QStringLiteral("its kernel's name gives no tile");
    }
    if (facts.attainableUs && facts.timedCalls > 0)
        parts << QStringLiteral("%1 a call against %2 attainable").arg(formatTimeUs(facts.meanUs), formatTimeUs(*facts.attainableUs));
    parts << tuners(tileKernel.isEmpty() ? kernels.value(0) : tileKernel);
    return { AdviceClass::Gemm, parts.join(QStringLiteral("; ")) };
}

} // namespace Ridgeline
