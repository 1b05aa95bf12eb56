// Folder itemmodels/: Qt item models and proxies over an analysis.
// The kernel table as a Qt item model over one immutable analysis snapshot:
// DisplayRole formatted for people, SortRole raw numbers for sorting.
#pragma once

#include "engine/results/analysisresult.h"
#include "engine/roofline/gpuspec.h"
#include "engine/roofline/roofline.h"

#include <QAbstractTableModel>

#include <memory>

namespace Ridgeline {

class KernelTableModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Kernel,
        Category,
        Provenance,
        FusedOps,
        XNumel,
        RNumel,
        Calls,
        TimeSum,
        TimeMean,
        TimeMedian,
        TimeMin,
        TimeMax,
        ShareOfGpuTime,
        GFlops,
        DataMovedMb,
        FlopsPerByte,
        TbPerS,
        TflopsPerS,
        RoofPercent,
        Bound,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole, // a double (or -1 for missing) / string that sorts right
        RowIndexRole,            // index into AnalysisResult::kernels
        CategoryKeyRole,         // "poi", "red", ...
        ProvenanceKeyRole,       // "V2", "V1", "none"
        ReasonRole,              // the provenance reason
        AboveRoofRole,           // bool: the point lies above its roof
        FilterTextRole,          // name and fused ops, for the text filter
    };

    explicit KernelTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const AnalysisResult> result);
    // The roofs that "% of roof" and "Bound" refer to.
    void setPeaks(const PeakFigures& peaks);
    const AnalysisResult* result() const { return m_result.get(); }
    const KernelRow* kernelAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void place();

    std::shared_ptr<const AnalysisResult> m_result;
    std::optional<PeakFigures> m_peaks;
    std::vector<std::optional<RooflinePlacement>> m_placements; // per kernel
};

} // namespace Ridgeline
