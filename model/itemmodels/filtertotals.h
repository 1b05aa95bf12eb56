// Folder itemmodels/: Qt item models and proxies over an analysis.
// What the kernel table's filter leaves in view: how many rows of how many,
// and the GPU time they hold against the trace's whole GPU kernel time, so
// that a filtered table never reads as the whole trace.
#pragma once

#include <QString>

class QAbstractItemModel;

namespace Ridgeline {

class KernelTableModel;

struct FilterTotals
{
    int shown = 0;
    int all = 0;
    double shownTimeUs = 0;
    double gpuTimeUs = 0; // the trace's GPU kernel time, the share's denominator everywhere

    // "12 of 40 kernels shown, 7.80 ms (3.9 % of GPU time)"
    QString text() const;
};

// `shownRows`: the filtered table over `model` (rows in any order).
FilterTotals filterTotals(const QAbstractItemModel& shownRows, const KernelTableModel& model);

} // namespace Ridgeline
