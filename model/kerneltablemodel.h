// The kernel table as a Qt item model over one immutable analysis snapshot:
// DisplayRole formatted for people, SortRole raw numbers for sorting.
#pragma once

#include "analysisresult.h"

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
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole, // a double (or -1 for missing) / string that sorts right
        RowIndexRole,            // index into AnalysisResult::kernels
        CategoryKeyRole,         // "poi", "red", ...
        ProvenanceKeyRole,       // "V2", "V1", "none"
    };

    explicit KernelTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const AnalysisResult> result);
    const AnalysisResult* result() const { return m_result.get(); }
    const KernelRow* kernelAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const AnalysisResult> m_result;
};

} // namespace Ridgeline
