// Folder itemmodels/: Qt item models and proxies over an analysis.
// The kernel table as a Qt item model over one immutable analysis snapshot:
// DisplayRole formatted for people, SortRole raw numbers for sorting.
#pragma once

#include "engine/comparison/tracecomparison.h"
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
        DataMovedMib,
        FlopsPerByte,
        TbPerS,
        TflopsPerS,
        RoofPercent,
        Bound,
        // Compare mode only (ComparisonColumns): empty without a baseline.
        Match,
        BaselineTime,
        Speedup,
        DeltaTime,
        DeltaTbPerS,
        DeltaRoof,
        ColumnCount
    };
    static constexpr int FirstComparisonColumn = Match;
    enum Role {
        SortRole = Qt::UserRole, // a double (or -1 for missing) / string that sorts right
        RowIndexRole,            // index into AnalysisResult::kernels
        CategoryKeyRole,         // "poi", "red", ...
        ProvenanceKeyRole,       // "V2", "V1", "none"
        ReasonRole,              // the provenance reason
        AboveRoofRole,           // bool: the point lies above its roof
        FilterTextRole,          // name and fused ops, for the text filter
        MatchKindRole,           // compare mode: "same", "reshaped", ... "removed"; else invalid
        ChangedRole,             // compare mode: bool, the kernel differs from its baseline; else invalid
        BaselineRowIndexRole,    // compare mode: index into the baseline's kernels, -1 for added
        ChangeDirectionRole,     // compare columns: +1 better, -1 worse, 0 neither (for the delegate's colour)
    };

    explicit KernelTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const AnalysisResult> result);
    // Compare mode: one row per match (the candidate's kernels, then the
    // baseline's removed ones), with the comparison columns filled; the
    // result becomes the comparison's candidate. Null leaves compare mode.
    void setComparison(std::shared_ptr<const TraceComparison> comparison);
    const TraceComparison* comparison() const { return m_comparison.get(); }
    // The roofs that "% of roof" and "Bound" refer to.
    void setPeaks(const PeakFigures& peaks);
    const AnalysisResult* result() const { return m_result.get(); }
    // The kernel a row shows: in compare mode a removed row shows its baseline kernel.
    const KernelRow* kernelAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void place();

    int kernelIndexOf(int row) const; // into m_result->kernels, -1 for a removed row
    QVariant comparisonData(int row, int column, int role) const;

    std::shared_ptr<const AnalysisResult> m_result;
    std::shared_ptr<const TraceComparison> m_comparison;
    std::optional<PeakFigures> m_peaks;
    std::vector<std::optional<RooflinePlacement>> m_placements; // per kernel
};

} // namespace Ridgeline
