#include "itemmodels/timebudgetcolumns.h"

#include "engine/base/text/units.h"
#include "engine/timebudget/opportunities.h"

#include <QCoreApplication>

namespace Ridgeline::TimeBudgetColumns {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("KernelTableModel", text);
}

bool modelled(const KernelTimeFigures& figures)
{
    return figures.limiter != Ridgeline::Limiter::Unmodelled && figures.attainableUs.has_value();
}

QString attainableParts(const KernelTimeFigures& figures, const LatencyFloor& floor)
{
    return tr("%1 per call = t0 %2 + roof term %3")
        .arg(formatTimeUs(figures.attainableUs.value_or(0)), formatTimeUs(floor.us), formatTimeUs(figures.roofTermUs.value_or(0)));
}

QString meanOf(const KernelTimeFigures& figures)
{
    return figures.timedCalls > 0 ? formatTimeUs(figures.measuredUs / double(figures.timedCalls)) : QStringLiteral("–");
}

} // namespace

QString header(Column column)
{
    switch (column) {
    case Recoverable:
        return tr("Recoverable");
    case AttainablePercent:
        return tr("% attainable"); // "% of attainable", short enough for the first look at 1366 px
    case Limiter:
        return tr("Limiter");
    case Count:
        break;
    }
    return {};
}

QString headerToolTip(Column column)
{
    switch (column) {
    case Recoverable:
        return tr("Recoverable: the time the kernel's calls took above their attainable time (t0 + the roof term), summed. "
                  "Sort by it: what a fix could win back, largest first");
    case AttainablePercent:
        return tr("% of attainable: timed calls × attainable time / measured time; 100 % is as fast as the roofs and the "
                  "latency floor t0 allow");
    case Limiter:
        return tr("What limits the kernel: memory or compute (tune it), latency-bound (too small to reach any roof and "
                  "within 2x of its attainable time: fuse, not tune), slow for its size (too small to reach a roof, yet over "
                  "2x its attainable time: tune it), FLOPs unknown (its bytes alone are under t0: nothing says it is small), "
                  "or not modelled (time only)");
    case Count:
        break;
    }
    return {};
}

QString limiterBadge(Ridgeline::Limiter limiter)
{
    switch (limiter) {
    case Ridgeline::Limiter::Memory:
        return tr("memory");
    case Ridgeline::Limiter::Compute:
        return tr("compute");
    // Short: the badge column is in the first look at 1366 px; the header's
    // tooltip and the % roof cell ("latency-bound") say the rest.
    case Ridgeline::Limiter::Latency:
        return tr("latency");
    case Ridgeline::Limiter::SlowForSize:
        return tr("slow");
    case Ridgeline::Limiter::FlopsUnknown:
        return tr("no FLOPs");
    case Ridgeline::Limiter::Unmodelled:
        return tr("time only");
    }
    return {};
}

QString display(const KernelTimeFigures& figures, Column column)
{
    if (column == Limiter)
        return limiterBadge(figures.limiter);
    if (!modelled(figures))
        return QStringLiteral("–");
    if (column == Recoverable)
        return formatTimeUs(figures.recoverableUs);
    if (column == AttainablePercent && figures.fractionOfAttainable)
        return formatPercent(*figures.fractionOfAttainable);
    return QStringLiteral("–");
}

std::optional<double> sortValue(const KernelTimeFigures& figures, Column column)
{
    if (column == Limiter) {
        // What the fix is: fuse (latency), then tune memory, then compute,
        // then what needs its FLOPs first.
        switch (figures.limiter) {
        case Ridgeline::Limiter::Latency:
            return 0.0;
        case Ridgeline::Limiter::SlowForSize:
            return 0.5;
        case Ridgeline::Limiter::Memory:
            return 1.0;
        case Ridgeline::Limiter::Compute:
            return 2.0;
        case Ridgeline::Limiter::FlopsUnknown:
            return 3.0;
        case Ridgeline::Limiter::Unmodelled:
            return std::nullopt;
        }
    }
    if (!modelled(figures))
        return std::nullopt;
    if (column == Recoverable)
        return figures.recoverableUs;
    if (column == AttainablePercent)
        return figures.fractionOfAttainable;
    return std::nullopt;
}

namespace {

QString ownToolTip(const TimeBudget& budget, size_t row, Column column);

} // namespace

QString toolTip(const TimeBudget& budget, size_t row, Column column)
{
    const QString own = ownToolTip(budget, row, column);
    const Advice& advice = budget.rows[row].advice;
    if (column != Limiter || advice.text.isEmpty())
        return own;
    // The limiter says what bounds it; the advice, what to do about it.
    const QString adviceText = tr("Advice (%1): %2").arg(adviceClassKey(advice.adviceClass), advice.text);
    return own.isEmpty() ? adviceText : own + QStringLiteral("\n\n") + adviceText;
}

namespace {

QString ownToolTip(const TimeBudget& budget, size_t row, Column column)
{
    const KernelTimeFigures& figures = budget.rows[row];
    const LatencyFloor& floor = budget.latencyFloor;
    if (!modelled(figures)) {
        return column == Limiter ? tr("Not modelled: no bytes or FLOPs are known for this kernel, so it has no attainable time; "
                                      "its time counts, nothing more is said of it")
                                 : QString();
    }
    switch (column) {
    case Recoverable:
        return (figures.limiter == Ridgeline::Limiter::Latency
                ? tr("%1 beyond the attainable time (%2) over its %3 timed calls. Latency-bound: fusing it into a "
                     "neighbour or removing its launches could win up to its time above its roof term (measured %4)")
                : tr("%1 beyond the attainable time (%2) over its %3 timed calls: what tuning could win back "
                     "(measured %4)"))
            .arg(formatTimeUs(figures.recoverableUs), attainableParts(figures, floor))
            .arg(figures.timedCalls)
            .arg(formatTimeUs(figures.measuredUs));
    case AttainablePercent:
        return tr("Timed calls × attainable time / measured time = %1 × %2 / %3 = %4: 100 % is as fast as the roofs and the "
                  "latency floor allow")
            .arg(figures.timedCalls)
            .arg(formatTimeUs(figures.attainableUs.value_or(0)), formatTimeUs(figures.measuredUs),
                formatPercent(figures.fractionOfAttainable.value_or(0)));
    case Limiter:
        switch (figures.limiter) {
        case Ridgeline::Limiter::Memory:
            return tr("Memory-bound: its bytes at the %3 roof (%1) take longer than t0 (%2) and than its FLOPs at a compute "
                      "roof: tune its memory access")
                .arg(formatTimeUs(figures.roofTermUs.value_or(0)), formatTimeUs(floor.us), figures.memoryRoofLabel);
        case Ridgeline::Limiter::Compute:
            return tr("Compute-bound: its FLOPs at the %1 roof (%2) take longer than t0 (%3) and than its bytes at the HBM roof: "
                      "tune its math (tile sizes, matrix cores)")
                .arg(figures.computeRoofLabel, formatTimeUs(figures.roofTermUs.value_or(0)), formatTimeUs(floor.us));
        case Ridgeline::Limiter::Latency:
            return tr("Latency-bound: t0 (%1) is at least its roof term (%2), so no call of it this small comes near a roof. "
                      "Fuse it or remove the launch, do not tune it")
                .arg(formatTimeUs(floor.us), formatTimeUs(figures.roofTermUs.value_or(0)));
        case Ridgeline::Limiter::SlowForSize:
            return tr("Slow for its size: t0 (%1) is at least its roof term (%2), yet its calls run at %3 of attainable "
                      "(%4x their attainable time): not the fixed cost of a launch. Tune it")
                .arg(formatTimeUs(floor.us), formatTimeUs(figures.roofTermUs.value_or(0)),
                    formatPercent(figures.fractionOfAttainable.value_or(0)),
                    QString::number(figures.fractionOfAttainable.value_or(0) > 0 ? 1.0 / *figures.fractionOfAttainable : 0.0, 'f', 1));
        case Ridgeline::Limiter::FlopsUnknown:
            return tr("FLOPs unknown: its bytes at the HBM roof (%1) take no longer than t0 (%2), but its FLOPs are not known, "
                      "so nothing says its work is small. Attainable and recoverable time count its bytes only")
                .arg(formatTimeUs(figures.roofTermUs.value_or(0)), formatTimeUs(floor.us));
        case Ridgeline::Limiter::Unmodelled:
            break;
        }
        return {};
    case Count:
        break;
    }
    return {};
}

} // namespace

QString latencyBoundRoofText()
{
    return tr("latency-bound");
}

QString latencyBoundRoofToolTip(const TimeBudget& budget, size_t row)
{
    const KernelTimeFigures& figures = budget.rows[row];
    const LatencyFloor& floor = budget.latencyFloor;
    return tr("Latency-bound: attainable %1, measured mean %2. No kernel this small comes near a roof, so its fraction of "
              "the roof says nothing; fuse it or remove the launch")
        .arg(attainableParts(figures, floor), meanOf(figures));
}

} // namespace Ridgeline::TimeBudgetColumns
