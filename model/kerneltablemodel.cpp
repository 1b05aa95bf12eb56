#include "kerneltablemodel.h"

#include "units.h"

namespace Ridgeline {
namespace {

// Missing figures sort below every real one.
constexpr double missing = -1.0;

std::optional<double> timeStat(const KernelRow& row, double SampleStats::*field)
{
    if (!row.kernelTimeUs)
        return std::nullopt;
    return (*row.kernelTimeUs).*field;
}

std::optional<double> meanOf(const std::optional<SampleStats>& stats)
{
    return stats ? std::optional<double>(stats->mean) : std::nullopt;
}

std::optional<double> rawValue(const KernelRow& row, int column)
{
    switch (column) {
    case KernelTableModel::XNumel: return row.hasModel() ? std::optional<double>(double(row.model.xnumel)) : std::nullopt;
    case KernelTableModel::RNumel: return row.hasModel() ? std::optional<double>(double(row.model.rnumel)) : std::nullopt;
    case KernelTableModel::Calls: return double(row.calls);
    case KernelTableModel::TimeSum: return timeStat(row, &SampleStats::sum);
    case KernelTableModel::TimeMean: return timeStat(row, &SampleStats::mean);
    case KernelTableModel::TimeMedian: return timeStat(row, &SampleStats::median);
    case KernelTableModel::TimeMin: return timeStat(row, &SampleStats::min);
    case KernelTableModel::TimeMax: return timeStat(row, &SampleStats::max);
    case KernelTableModel::ShareOfGpuTime: return row.shareOfGpuTime;
    case KernelTableModel::GFlops: return row.gflops();
    case KernelTableModel::DataMovedMb: return row.dataMovedMb();
    case KernelTableModel::FlopsPerByte: return row.flopsPerByte();
    case KernelTableModel::TbPerS: return meanOf(row.tbPerS);
    case KernelTableModel::TflopsPerS: return meanOf(row.tflopsPerS);
    default: return std::nullopt;
    }
}

QString display(const KernelRow& row, int column)
{
    switch (column) {
    case KernelTableModel::Kernel: return row.name;
    case KernelTableModel::Category: return categoryTitle(row.parsedName.category);
    case KernelTableModel::Provenance: return provenanceKey(row.provenance());
    case KernelTableModel::FusedOps: return row.parsedName.fusedOps.join(QStringLiteral(", "));
    default: break;
    }
    const auto value = rawValue(row, column);
    if (!value)
        return QStringLiteral("–");
    switch (column) {
    case KernelTableModel::XNumel:
    case KernelTableModel::RNumel:
    case KernelTableModel::Calls: return formatCount(std::int64_t(*value));
    case KernelTableModel::TimeSum:
    case KernelTableModel::TimeMean:
    case KernelTableModel::TimeMedian:
    case KernelTableModel::TimeMin:
    case KernelTableModel::TimeMax: return formatTimeUs(*value);
    case KernelTableModel::ShareOfGpuTime: return formatPercent(*value);
    case KernelTableModel::DataMovedMb: return formatMegabytes(*value);
    default: return formatFigure(*value);
    }
}

} // namespace

KernelTableModel::KernelTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void KernelTableModel::setResult(std::shared_ptr<const AnalysisResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

const KernelRow* KernelTableModel::kernelAt(int row) const
{
    if (!m_result || row < 0 || row >= int(m_result->kernels.size()))
        return nullptr;
    return &m_result->kernels[size_t(row)];
}

int KernelTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_result ? 0 : int(m_result->kernels.size());
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
    switch (role) {
    case Qt::DisplayRole: return display(*row, column);
    case SortRole:
        if (column == Kernel || column == Category || column == Provenance || column == FusedOps)
            return display(*row, column);
        return rawValue(*row, column).value_or(missing);
    case RowIndexRole: return index.row();
    case CategoryKeyRole: return categoryKey(row->parsedName.category);
    case ProvenanceKeyRole: return provenanceKey(row->provenance());
    case Qt::ToolTipRole:
        if (column == Provenance || column == Kernel)
            return QString(provenanceKey(row->provenance()) + QStringLiteral(": ") + row->model.reason);
        if (row->traceLens && (column == GFlops || column == DataMovedMb || column == FlopsPerByte || column == TbPerS || column == TflopsPerS))
            return QString(QStringLiteral("TraceLens would report otherwise: ") + row->traceLens->why);
        return {};
    case Qt::TextAlignmentRole:
        if (column == Kernel || column == Category || column == FusedOps)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        if (column == Provenance)
            return Qt::AlignCenter;
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant KernelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Kernel: return tr("Kernel");
    case Category: return tr("Category");
    case Provenance: return tr("Source");
    case FusedOps: return tr("Fused ops");
    case XNumel: return tr("xnumel");
    case RNumel: return tr("rnumel");
    case Calls: return tr("Calls");
    case TimeSum: return tr("Time (sum)");
    case TimeMean: return tr("Time (mean)");
    case TimeMedian: return tr("Time (median)");
    case TimeMin: return tr("Time (min)");
    case TimeMax: return tr("Time (max)");
    case ShareOfGpuTime: return tr("GPU time");
    case GFlops: return tr("GFLOPS");
    case DataMovedMb: return tr("Data moved");
    case FlopsPerByte: return tr("FLOPS/Byte");
    case TbPerS: return tr("TB/s");
    case TflopsPerS: return tr("TFLOPS/s");
    default: return {};
    }
}

} // namespace Ridgeline
