// Folder itemmodels/: Qt item models and proxies over an analysis.
// The kernel table's time columns (Recoverable, % of attainable, Limiter)
// and the "% of roof" cell of a latency-bound kernel: what each shows, sorts
// by and says in its tool tip, from one kernel's KernelTimeFigures.
#pragma once

#include "engine/timebudget/timebudget.h"

#include <QString>
#include <optional>

namespace Ridgeline::TimeBudgetColumns {

enum Column
{
    Recoverable,
    AttainablePercent,
    Limiter,
    Count
};

QString header(Column column);
QString headerToolTip(Column column); // what the column means and how to read it
// "–" where the kernel has no figures (its limiter is Unmodelled).
QString display(const KernelTimeFigures& figures, Column column);
// Raw microseconds, fractions; the limiter by how much a fix asks (latency,
// memory, compute); nullopt where there is nothing to sort by.
std::optional<double> sortValue(const KernelTimeFigures& figures, Column column);
QString toolTip(const TimeBudget& budget, size_t row, Column column);
// "memory", "compute", "latency-bound", "not modelled": the badge's text.
QString limiterBadge(Ridgeline::Limiter limiter);

// A latency-bound kernel's "% of roof" cell: a fraction near zero there only
// says that no kernel this small comes near a roof, so it names the limiter
// and its tool tip gives the attainable time instead.
QString latencyBoundRoofText();
QString latencyBoundRoofToolTip(const TimeBudget& budget, size_t row);

} // namespace Ridgeline::TimeBudgetColumns
