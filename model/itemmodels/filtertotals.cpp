#include "itemmodels/filtertotals.h"

#include "engine/base/text/units.h"
#include "itemmodels/kerneltablemodel.h"

#include <QCoreApplication>
#include <algorithm>

namespace Ridgeline {

QString FilterTotals::text() const
{
    const QString share = gpuTimeUs > 0 ? QString::number(100.0 * shownTimeUs / gpuTimeUs, 'f', 1) : QStringLiteral("0");
    return QCoreApplication::translate("FilterTotals", "%1 of %2 kernels shown, %3 (%4 % of GPU time)")
        .arg(shown)
        .arg(all)
        .arg(formatTimeUs(shownTimeUs), share);
}

FilterTotals filterTotals(const QAbstractItemModel& shownRows, const KernelTableModel& model)
{
    FilterTotals totals;
    totals.shown = shownRows.rowCount();
    totals.all = model.rowCount();
    // Library ops' rows hold the memcpy and memset under them: the GPU time
    // is the kernels' and the copies', not the kernels' alone (the shares
    // would pass 100 %).
    if (const auto& result = model.result())
        totals.gpuTimeUs = std::max(result->totalGpuKernelTimeUs, result->gpuTime.totalUs());
    for (int row = 0; row < totals.shown; ++row) {
        // Raw microseconds; a row without GPU time sorts as -1.
        const double us = shownRows.index(row, KernelTableModel::TimeSum).data(KernelTableModel::SortRole).toDouble();
        if (us > 0)
            totals.shownTimeUs += us;
    }
    return totals;
}

} // namespace Ridgeline
