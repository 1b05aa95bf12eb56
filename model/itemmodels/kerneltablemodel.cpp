#include "itemmodels/kerneltablemodel.h"

#include "engine/base/text/units.h"
#include "engine/results/naming/rowdisplayname.h"
#include "itemmodels/comparisoncolumns.h"
#include "itemmodels/timebudgetcolumns.h"

namespace Ridgeline {
namespace {

// V1 rows whose counts are size_hints' powers of two, not the block's own statement.
bool approximateCounts(const KernelRow& row)
{
    return row.provenance() == Provenance::V1 && (!row.model->v1 || row.model->v1->approximate);
}

// Missing figures sort below every real one.
constexpr double missing = -1.0;

std::optional<double> timeStat(const KernelRow& row, double SampleStats::* field)
{
    if (!row.kernelTimeUs)
        return std::nullopt;
    return (*row.kernelTimeUs).*field;
}

std::optional<double> rawValue(const KernelRow& row, const std::optional<RooflinePlacement>& placement, int column)
{
    switch (column) {
    case KernelTableModel::RoofPercent:
        return placement ? std::optional<double>(placement->fractionOfRoof) : std::nullopt;
    case KernelTableModel::Bound:
        return placement ? std::optional<double>(placement->bound == RooflinePlacement::Bound::Memory ? 0.0 : 1.0) : std::nullopt;
    case KernelTableModel::XNumel:
        return row.hasModel() ? std::optional<double>(double(row.model->xnumel)) : std::nullopt;
    case KernelTableModel::RNumel:
        return row.hasModel() ? std::optional<double>(double(row.model->rnumel)) : std::nullopt;
    case KernelTableModel::Shape:
        return row.hasModel() ? std::optional<double>(double(row.model->xnumel) * double(std::max<std::int64_t>(row.model->rnumel, 1)))
                              : std::nullopt;
    case KernelTableModel::Calls:
        return double(row.calls);
    case KernelTableModel::TimeSum:
        return timeStat(row, &SampleStats::sum);
    case KernelTableModel::TimeMean:
        return timeStat(row, &SampleStats::mean);
    case KernelTableModel::TimeMedian:
        return timeStat(row, &SampleStats::median);
    case KernelTableModel::TimeMin:
        return timeStat(row, &SampleStats::min);
    case KernelTableModel::TimeMax:
        return timeStat(row, &SampleStats::max);
    case KernelTableModel::ShareOfGpuTime:
        return row.shareOfGpuTime;
    case KernelTableModel::GFlops:
        return row.gflops();
    case KernelTableModel::DataMovedMib:
        return row.dataMovedMib();
    case KernelTableModel::FlopsPerByte:
        return row.flopsPerByte();
    case KernelTableModel::TbPerS:
        return meanOf(row.tbPerS);
    case KernelTableModel::TflopsPerS:
        return meanOf(row.tflopsPerS);
    default:
        return std::nullopt;
    }
}

bool isTimeColumn(int column)
{
    return column == KernelTableModel::Recoverable || column == KernelTableModel::AttainablePercent || column == KernelTableModel::Limiter;
}

TimeBudgetColumns::Column timeColumn(int column)
{
    return TimeBudgetColumns::Column(column - KernelTableModel::Recoverable);
}

// The columns a library row fills: it has a name, calls and time, no figures.
bool libraryShows(int column)
{
    switch (column) {
    case KernelTableModel::Kernel:
    case KernelTableModel::Category:
    case KernelTableModel::Provenance:
    case KernelTableModel::Calls:
    case KernelTableModel::TimeSum:
    case KernelTableModel::TimeMean:
    case KernelTableModel::TimeMedian:
    case KernelTableModel::TimeMin:
    case KernelTableModel::TimeMax:
    case KernelTableModel::ShareOfGpuTime:
    case KernelTableModel::Limiter:
        return true;
    default:
        return false;
    }
}

// The name and the shown name, both: a filter finds a row by either.
QString filterNames(const KernelRow& row, const RowNames& names)
{
    const QString& shown = names.display;
    return shown == row.name ? row.name : QString(row.name + u' ' + shown);
}

// The demangled name where there is one (else the name as the trace wrote it), and the shown one where it says more.
QString wholeName(const RowNames& names)
{
    return names.full.contains(names.display) ? names.full : QString(names.display + u'\n' + names.full);
}

QString display(const KernelRow& row, const RowNames& names, const std::optional<RooflinePlacement>& placement, int column)
{
    switch (column) {
    case KernelTableModel::Kernel: // demangled and short, a library op with its shape: the tooltip has the whole name
        return names.display;
    case KernelTableModel::Bound:
        return placement ? boundName(placement->bound) : QStringLiteral("–");
    case KernelTableModel::RoofPercent:
        if (!placement)
            return QStringLiteral("–");
        return formatPercent(placement->fractionOfRoof) + (placement->aboveRoof ? QStringLiteral(" ⚠") : QString());
    case KernelTableModel::Category: // a library op's own kind: "gemm", "attention", ...
        return row.libraryOp ? categoryName(row.libraryOp->category) : categoryTitle(row.parsedName.category);
    case KernelTableModel::Provenance:
        return provenanceKey(row.provenance());
    case KernelTableModel::FusedOps:
        return row.parsedName.fusedOps().join(QStringLiteral(", "));
    default:
        break;
    }
    const auto value = rawValue(row, placement, column);
    if (!value)
        return QStringLiteral("–");
    switch (column) {
    case KernelTableModel::XNumel:
    case KernelTableModel::RNumel:
        // V1 counts are size_hints, rounded up to powers of two, unless the block states them.
        return (approximateCounts(row) ? QStringLiteral("≈") : QString()) + formatCount(std::int64_t(*value));
    case KernelTableModel::Calls:
        return row.timedCalls() == row.calls ? formatCount(row.calls)
                                             : QStringLiteral("%1 (%2 timed)").arg(formatCount(row.calls), formatCount(row.timedCalls()));
    case KernelTableModel::Shape:
        // Short enough for the first look: no digit grouping; a pointwise
        // kernel has no reduction to show.
        return (approximateCounts(row) ? QStringLiteral("≈") : QString()) + QString::number(row.model->xnumel)
            + (row.model->rnumel > 1 ? QStringLiteral(" × ") + QString::number(row.model->rnumel) : QString());
    case KernelTableModel::TimeSum:
    case KernelTableModel::TimeMean:
    case KernelTableModel::TimeMedian:
    case KernelTableModel::TimeMin:
    case KernelTableModel::TimeMax:
        return formatTimeUs(*value);
    case KernelTableModel::ShareOfGpuTime:
        return formatPercent(*value);
    case KernelTableModel::DataMovedMib:
        return formatMebibytes(*value);
    // One format per column (the unit is in the header), not 0.335 beside
    // 1.78e-06 beside 0.
    case KernelTableModel::FlopsPerByte:
        return formatFixed(*value, 2);
    default:
        return formatFixed(*value, 3);
    }
}

} // namespace

KernelTableModel::KernelTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void KernelTableModel::setResult(std::shared_ptr<const AnalysisResult> result)
{
    beginResetModel();
    m_judgement.reset();
    m_baseline.reset();
    m_comparison.reset();
    m_result = std::move(result);
    m_names.clear();
    place();
    endResetModel();
    Q_EMIT timeBudgetChanged();
}

void KernelTableModel::setJudgement(std::shared_ptr<const Judgement> judgement)
{
    auto result = judgement ? judgement->trace.result : nullptr;
    auto baseline = judgement && judgement->baseline ? judgement->baseline->result : nullptr;
    // The same traces under another lens: the same rows, other figures.
    const bool sameRows = m_judgement && judgement && result == m_result && baseline == m_baseline;
    if (!sameRows) {
        beginResetModel();
        m_names.clear();
    }
    m_judgement = std::move(judgement);
    m_result = std::move(result);
    m_baseline = std::move(baseline);
    m_comparison = m_judgement ? m_judgement->comparison : nullptr;
    place();
    if (sameRows) {
        changeAll();
        return;
    }
    endResetModel();
    Q_EMIT timeBudgetChanged();
}

int KernelTableModel::kernelIndexOf(int row) const
{
    // Compare mode numbers the candidate's kernels, then its library kernels (kernelmatcher.h).
    const int index = m_comparison ? m_comparison->matching.matches[size_t(row)].candidate : row;
    return index < int(m_result->rows.size()) ? index : -1;
}

int KernelTableModel::libraryIndexOf(int row) const
{
    const int index = m_comparison ? m_comparison->matching.matches[size_t(row)].candidate : row;
    const int library = index - int(m_result->rows.size());
    return index >= 0 && library >= 0 ? library : -1;
}

void KernelTableModel::changeAll()
{
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    Q_EMIT timeBudgetChanged();
}

void KernelTableModel::place()
{
    m_placements.clear();
    m_budget = m_judgement ? &m_judgement->trace.budget : nullptr;
    if (!m_result)
        return;
    m_placements.reserve(m_result->rows.size());
    for (const KernelRow& row : m_result->rows)
        m_placements.push_back(m_judgement ? placeKernel(row, m_judgement->trace.peaks()) : std::nullopt);
}

const KernelRow* KernelTableModel::kernelAt(int row) const
{
    if (!m_result || row < 0 || row >= rowCount())
        return nullptr;
    if (m_comparison) {
        const KernelMatch& match = m_comparison->matching.matches[size_t(row)];
        return match.candidate >= 0 ? m_comparison->candidateRow(match) : m_comparison->baselineRow(match);
    }
    if (const int library = libraryIndexOf(row); library >= 0)
        return &m_result->libraryKernels[size_t(library)];
    return &m_result->rows[size_t(row)];
}

int KernelTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_result)
        return 0;
    return m_comparison ? int(m_comparison->matching.matches.size()) : int(m_result->rows.size() + m_result->libraryKernels.size());
}

int KernelTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KernelTableModel::data(const QModelIndex& index, int role) const
{
    const KernelRow* row = index.isValid() ? kernelAt(index.row()) : nullptr;
    if (!row)
        return {};
    const int column = index.column();
    const bool comparisonCell = column >= FirstComparisonColumn || role == MatchKindRole || role == ChangedRole
        || role == BaselineRowIndexRole || role == ChangeDirectionRole;
    // A library kernel in compare mode has its match and deltas like any row.
    if (const int library = libraryIndexOf(index.row()); library >= 0 && !(m_comparison && comparisonCell))
        return libraryData(*row, library, column, role);
    const int kernel = kernelIndexOf(index.row());
    if (comparisonCell)
        return comparisonData(index.row(), column, role);
    if (role == LibraryIndexRole)
        return -1;
    // A removed row has no figures in this trace: only its name and kind.
    static const std::optional<RooflinePlacement> none;
    const auto& placement = kernel >= 0 ? m_placements[size_t(kernel)] : none;
    if (kernel < 0 && role == Qt::DisplayRole && column != Kernel && column != Category && column != Provenance && column != FusedOps)
        return QStringLiteral("–");
    if (kernel < 0 && role == SortRole && column != Kernel && column != Category && column != Provenance && column != FusedOps)
        return missing;
    if (kernel >= 0
        && (role == LimiterKeyRole || (isTimeColumn(column) && (role == Qt::DisplayRole || role == SortRole || role == Qt::ToolTipRole))))
        return timeData(kernel, column, role);
    if (column == RoofPercent && kernel >= 0 && m_budget && m_budget->rows[size_t(kernel)].limiter == Ridgeline::Limiter::Latency
        && (role == Qt::DisplayRole || role == Qt::ToolTipRole)) {
        return role == Qt::DisplayRole ? TimeBudgetColumns::latencyBoundRoofText()
                                       : TimeBudgetColumns::latencyBoundRoofToolTip(*m_budget, size_t(kernel));
    }
    switch (role) {
    case Qt::DisplayRole:
        return display(*row, namesOf(*row), placement, column);
    case SortRole:
        if (column == Kernel || column == Category || column == Provenance || column == FusedOps)
            return display(*row, namesOf(*row), placement, column);
        return rawValue(*row, placement, column).value_or(missing);
    case ReasonRole:
        return row->model->reason;
    case AboveRoofRole:
        return placement && placement->aboveRoof;
    case FilterTextRole:
        return QString(filterNames(*row, namesOf(*row)) + u' ' + row->parsedName.fusedOps().join(u' '));
    case RowIndexRole:
        return kernel;
    case CategoryKeyRole:
        return categoryKey(row->parsedName.category);
    case ProvenanceKeyRole:
        return provenanceKey(row->provenance());
    case Qt::ToolTipRole:
        if (column == ShareOfGpuTime)
            return tr("Share of the trace's whole GPU kernel time");
        if (column == Kernel) // the whole name: the cell may show only its ends
            return QString(wholeName(namesOf(*row)) + u'\n' + provenanceKey(row->provenance()) + QStringLiteral(": ") + row->model->reason);
        if (column == Provenance)
            return QString(provenanceKey(row->provenance()) + QStringLiteral(": ") + row->model->reason);
        if (column == Shape && row->hasModel())
            return tr("xnumel %1 × rnumel %2: the elements the kernel's grid covers%3")
                .arg(formatCount(row->model->xnumel), formatCount(row->model->rnumel),
                    row->args->hasInputDims ? tr("\nInput Dims: %1").arg(row->args->inputDimsJson.left(200)) : QString());
        if ((column == XNumel || column == RNumel) && row->provenance() == Provenance::V1)
            return approximateCounts(*row) ? tr("V1: from the Inductor cache's size_hints, rounded up to a power of two (approximate)")
                                           : tr("V1: stated in the Inductor cache's block (static shapes): exact");
        if (column == RoofPercent && placement && placement->memoryOnly)
            return (placement->flopsUnknown
                    ? tr("%1 of the memory roof: FLOPs unknown, so measured by TB/s over the memory roof alone%2")
                    : tr("%1 of the memory roof: 0 FLOPs, so memory-bound by definition (TB/s over the memory roof)%2"))
                .arg(formatPercent(placement->fractionOfRoof),
                    placement->aboveRoof ? tr("\nAbove the roof: a model or unit error, or served from a cache") : QString());
        if (column == RoofPercent && placement)
            return tr("%1 of the %2 roof (%3 roof: %4 TFLOPS/s attainable at %5 FLOP/B)%6")
                .arg(formatPercent(placement->fractionOfRoof), boundName(placement->bound), placement->roof->label,
                    formatFigure(placement->attainableTflops), formatFigure(placement->intensity),
                    placement->aboveRoof ? tr("\nAbove the roof: a model or unit error") : QString());
        if (column == Calls && row->timedCalls() != row->calls)
            return tr("%1 calls, %2 with GPU time (the others were launched during a graph capture): "
                      "the mean is the time's sum over %2 timed calls")
                .arg(row->calls)
                .arg(row->timedCalls());
        if (row->traceLens && row->traceLens->figuresDiffer
            && (column == GFlops || column == DataMovedMib || column == FlopsPerByte || column == TbPerS || column == TflopsPerS))
            return QString(QStringLiteral("TraceLens would report otherwise: ") + row->traceLens->why);
        if (row->traceLens && row->traceLens->kernelTimeUs
            && (column == TimeSum || column == TimeMean || column == TbPerS || column == TflopsPerS))
            return QString(QStringLiteral("TraceLens would report otherwise: ") + row->traceLens->timeWhy);
        return {};
    case Qt::TextAlignmentRole:
        return alignment(column);
    default:
        return {};
    }
}

const RowNames& KernelTableModel::namesOf(const KernelRow& row) const
{
    auto found = m_names.find(&row);
    if (found == m_names.end())
        found = m_names.insert(&row, rowNames(row));
    return *found;
}

QVariant KernelTableModel::timeData(int kernel, int column, int role) const
{
    if (!m_budget) {
        if (role == Qt::DisplayRole)
            return QStringLiteral("–");
        return role == SortRole ? QVariant(missing) : QVariant();
    }
    const KernelTimeFigures& figures = m_budget->rows[size_t(kernel)];
    if (role == LimiterKeyRole)
        return limiterKey(figures.limiter);
    const TimeBudgetColumns::Column time = timeColumn(column);
    switch (role) {
    case Qt::DisplayRole:
        return TimeBudgetColumns::display(figures, time);
    case SortRole:
        return TimeBudgetColumns::sortValue(figures, time).value_or(missing);
    case Qt::ToolTipRole:
        return TimeBudgetColumns::toolTip(*m_budget, size_t(kernel), time);
    default:
        return {};
    }
}

QVariant KernelTableModel::libraryData(const KernelRow& row, int library, int column, int role) const
{
    static const std::optional<RooflinePlacement> none;
    switch (role) {
    case Qt::DisplayRole:
        if (column == Category)
            return gpuWorkTitle(row.work); // what the kernel's name says it does
        if (column == Provenance)
            return QStringLiteral("lib");
        if (column == Limiter)
            return TimeBudgetColumns::limiterBadge(Ridgeline::Limiter::Unmodelled);
        return libraryShows(column) ? display(row, namesOf(row), none, column) : QStringLiteral("–");
    case SortRole:
        if (column == Kernel || column == Category || column == Provenance || column == FusedOps)
            return libraryData(row, library, column, Qt::DisplayRole);
        return libraryShows(column) ? rawValue(row, none, column).value_or(missing) : missing;
    case ReasonRole:
        return row.model->reason;
    case AboveRoofRole:
        return false;
    case FilterTextRole:
        return filterNames(row, namesOf(row));
    case RowIndexRole:
        return -1;
    case LibraryIndexRole:
        return library;
    case CategoryKeyRole:
        return categoryKey(KernelCategory::Library);
    case ProvenanceKeyRole:
        return QStringLiteral("library");
    case LimiterKeyRole:
        return limiterKey(Ridgeline::Limiter::Unmodelled);
    case Qt::ToolTipRole:
        if (column == ShareOfGpuTime)
            return tr("Share of the trace's whole GPU kernel time");
        if (column == Kernel)
            return QString(wholeName(namesOf(row)) + u'\n' + row.model->reason);
        if (column == Category || column == Provenance || column == Limiter)
            return row.model->reason;
        return {};
    case Qt::TextAlignmentRole:
        return alignment(column);
    default:
        return {};
    }
}

QVariant KernelTableModel::alignment(int column)
{
    if (column == Kernel || column == Category || column == FusedOps)
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    if (column == Provenance || column == Bound || column == Limiter)
        return Qt::AlignCenter;
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
}

QVariant KernelTableModel::comparisonData(int row, int column, int role) const
{
    if (!m_comparison) {
        if (role == Qt::DisplayRole && column >= FirstComparisonColumn)
            return QStringLiteral("–");
        if (role == SortRole)
            return missing;
        return {};
    }
    const TraceComparison& c = *m_comparison;
    const auto col = ComparisonColumns::Column(column - FirstComparisonColumn);
    switch (role) {
    case MatchKindRole:
        return matchKindKey(c.matching.matches[size_t(row)].kind);
    case ChangedRole:
        return ComparisonColumns::isChanged(c, row);
    case BaselineRowIndexRole:
        return c.matching.matches[size_t(row)].baseline;
    case Qt::DisplayRole:
        return ComparisonColumns::display(c, row, col);
    case SortRole:
        return ComparisonColumns::sortValue(c, row, col);
    case ChangeDirectionRole:
        return ComparisonColumns::direction(c, row, col);
    case Qt::ToolTipRole:
        return ComparisonColumns::toolTip(c, row, col);
    case Qt::TextAlignmentRole:
        return col == ComparisonColumns::Match ? QVariant(Qt::AlignCenter) : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant KernelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && isTimeColumn(section))
        return TimeBudgetColumns::headerToolTip(timeColumn(section));
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section >= FirstComparisonColumn && section < ColumnCount)
        return ComparisonColumns::header(ComparisonColumns::Column(section - FirstComparisonColumn));
    switch (section) {
    case Kernel:
        return tr("Kernel");
    case Category:
        return tr("Category");
    case Provenance:
        return tr("Source");
    case FusedOps:
        return tr("Fused ops");
    case XNumel:
        return tr("xnumel");
    case RNumel:
        return tr("rnumel");
    case Shape:
        return tr("Shape");
    case Calls:
        return tr("Calls");
    case TimeSum:
        return tr("Time");
    case TimeMean:
        return tr("Time (mean)");
    case TimeMedian:
        return tr("Time (median)");
    case TimeMin:
        return tr("Time (min)");
    case TimeMax:
        return tr("Time (max)");
    case ShareOfGpuTime:
        return tr("Share");
    case GFlops:
        return tr("GFLOPS");
    case DataMovedMib:
        return tr("Data moved");
    case FlopsPerByte:
        return tr("FLOPS/Byte");
    case TbPerS:
        return tr("TB/s");
    case TflopsPerS:
        return tr("TFLOPS/s");
    case RoofPercent:
        return tr("% roof");
    case Bound:
        return tr("Bound");
    case Recoverable:
    case AttainablePercent:
    case Limiter:
        return TimeBudgetColumns::header(timeColumn(section));
    default:
        return {};
    }
}

} // namespace Ridgeline
