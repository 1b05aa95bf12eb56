// Folder itemmodels/: Qt item models and proxies over an analysis.
// The kernel table as a Qt item model over one immutable analysis snapshot:
// DisplayRole formatted for people, SortRole raw numbers for sorting. Rows:
// the Triton kernels, then the library kernels (GEMM, attention, ...: name,
// calls and time only), so that every GPU kernel has a row; compare mode
// shows the matches of Triton kernels only.
#pragma once

#include "engine/comparison/tracecomparison.h"
#include "engine/lens/judgement.h"
#include "engine/results/analysisresult.h"
#include "engine/results/naming/rowdisplayname.h"
#include "engine/roofline/gpuspec.h"
#include "engine/roofline/roofline.h"
#include "engine/timebudget/timebudget.h"

#include <QAbstractTableModel>
#include <QHash>
#include <memory>

namespace Ridgeline {

class KernelTableModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Kernel,
        Category,
        Provenance,
        FusedOps,
        XNumel,
        RNumel,
        Shape, // xnumel × rnumel: tells apart kernels whose names differ only in their index
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
        Recoverable, // time above the attainable time, summed over calls
        AttainablePercent, // timed calls x attainable / measured
        Limiter, // memory, compute, latency-bound, not modelled
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
    enum Role
    {
        SortRole = Qt::UserRole, // a double (or -1 for missing) / string that sorts right
        RowIndexRole, // index into AnalysisResult::rows; -1 for library and removed rows
        CategoryKeyRole, // "poi", "red", ...
        ProvenanceKeyRole, // "V2", "V1", "none"
        ReasonRole, // the provenance reason
        AboveRoofRole, // bool: the point lies above its roof
        FilterTextRole, // name and fused ops, for the text filter
        MatchKindRole, // compare mode: "same", "reshaped", ... "removed"; else invalid
        ChangedRole, // compare mode: bool, the kernel differs from its baseline; else invalid
        BaselineRowIndexRole, // compare mode: index into the baseline's kernels, -1 for added
        ChangeDirectionRole, // compare columns: +1 better, -1 worse, 0 neither (for the delegate's colour)
        LibraryIndexRole, // index into AnalysisResult::libraryKernels; -1 for Triton rows
        LimiterKeyRole, // limiterKey(): "memory", "compute", "latency", "slow-for-size", "flops-unknown", "unmodelled"
    };

    explicit KernelTableModel(QObject* parent = nullptr);

    // Rows without figures: the result before it is judged (tests, a
    // delegate's). Null empties the table.
    void setResult(std::shared_ptr<const AnalysisResult> result);
    // The rows, "% of roof", "Bound" and the time columns of the judged
    // trace; in compare mode one row per match (the candidate's kernels,
    // then the baseline's removed ones) with the comparison columns filled.
    // The rows are kept (and the selection with them) when only the lens
    // changed. Null empties the table.
    void setJudgement(std::shared_ptr<const Judgement> judgement);
    const Judgement* judgement() const { return m_judgement.get(); }
    const TraceComparison* comparison() const { return m_comparison.get(); }
    const AnalysisResult* result() const { return m_result.get(); }
    // The judgement's (compare mode: the candidate's); null before one.
    const TimeBudget* timeBudget() const { return m_budget; }
    // The kernel a row shows: in compare mode a removed row shows its
    // baseline kernel; past the Triton rows, the library kernels.
    const KernelRow* kernelAt(int row) const;

Q_SIGNALS:
    // After the result or the judgement changed, and with them the time budget.
    void timeBudgetChanged();

public:
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void place();

    void changeAll();
    int kernelIndexOf(int row) const; // into m_result->rows, -1 for a removed or library row
    int libraryIndexOf(int row) const; // into m_result->libraryKernels, -1 for the others
    QVariant comparisonData(int row, int column, int role) const;
    QVariant libraryData(const KernelRow& row, int library, int column, int role) const;
    QVariant timeData(int kernel, int column, int role) const;
    // A row's shown and whole names, made on first use and kept until the
    // rows change: the demangler and the shape reader run once per row, not
    // per sort comparison, filter keystroke or paint.
    const RowNames& namesOf(const KernelRow& row) const;
    static QVariant alignment(int column);

    std::shared_ptr<const AnalysisResult> m_result;
    std::shared_ptr<const Judgement> m_judgement;
    std::shared_ptr<const AnalysisResult> m_baseline; // compare mode: whose removed kernels are rows
    std::shared_ptr<const TraceComparison> m_comparison;
    std::vector<std::optional<RooflinePlacement>> m_placements; // per kernel
    mutable QHash<const KernelRow*, RowNames> m_names; // by the rows of m_result and m_baseline
    const TimeBudget* m_budget = nullptr; // in m_judgement
};

} // namespace Ridgeline
