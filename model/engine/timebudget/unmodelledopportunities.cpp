#include "engine/timebudget/unmodelledopportunities.h"

#include "engine/base/text/units.h"
#include "engine/timebudget/gputimecoverage.h"
#include "engine/timebudget/opportunities.h"

#include <algorithm>

namespace Ridgeline {
namespace {

// What would give the row figures: it depends on why it has none.
QString remedy(const KernelRow& row)
{
    switch (row.kind) {
    case RowKind::Library:
        return row.work == GpuWork::Triton
            ? QStringLiteral("attach the capture trace of its graph so that its op's args give figures")
            : QStringLiteral("no op of the trace owns it: record with record_shapes=True (under CUDA/HIP graphs, attach the "
                             "capture trace) so that its op's shapes give FLOPs and bytes");
    case RowKind::KernelOnly:
        return QStringLiteral("attach the capture trace of its graph so that its op's args give figures");
    case RowKind::LibraryOp:
        return QStringLiteral("its op's args fit no model");
    case RowKind::Launched:
    case RowKind::Replayed:
    case RowKind::OpOnly:
        break;
    }
    return QStringLiteral("attach the Inductor cache torch.compile wrote for V1 figures");
}

struct Candidate
{
    double us = 0;
    bool library = false; // in result.libraryKernels, else in result.rows
    int index = 0;
};

} // namespace

std::vector<Opportunity> unmodelledOpportunities(const AnalysisResult& result)
{
    const double kernelTime = result.totalGpuKernelTimeUs;
    if (!(kernelTime > 0))
        return {};
    std::vector<Candidate> candidates;
    const auto consider = [&](const std::vector<KernelRow>& rows, bool library) {
        for (size_t i = 0; i < rows.size(); ++i) {
            const KernelRow& row = rows[i];
            const double us = row.kernelTimeUs ? row.kernelTimeUs->sum : 0.0;
            if (us >= minUnmodelledShare * kernelTime && !hasFigures(row))
                candidates.push_back({ us, library, int(i) });
        }
    };
    consider(result.rows, false);
    consider(result.libraryKernels, true);
    // Longest first; ties in the rows' own order, Triton and library-op rows first.
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) { return a.us > b.us; });
    if (candidates.size() > maxUnmodelledOpportunities)
        candidates.resize(maxUnmodelledOpportunities);

    std::vector<Opportunity> items;
    items.reserve(candidates.size());
    for (const Candidate& candidate : candidates) {
        const KernelRow& row = (candidate.library ? result.libraryKernels : result.rows)[size_t(candidate.index)];
        Opportunity item;
        item.kind = Opportunity::Kind::Unmodelled;
        item.name = row.name;
        item.recoverableUs = candidate.us;
        item.shareOfGpuTime = candidate.us / kernelTime;
        (candidate.library ? item.libraryIndices : item.rowIndices).push_back(candidate.index);
        // One arg() of strings: a name holding "%4" is not filled in again.
        item.why = QStringLiteral("no model: `%1` %2, %3 % of kernel time in %4 %5; its FLOPs and bytes are unknown (%6): %7")
                       .arg(row.name, formatTimeUs(candidate.us), QString::number(100.0 * item.shareOfGpuTime, 'f', 1),
                           QString::number(row.calls), row.calls == 1 ? QStringLiteral("call") : QStringLiteral("calls"), row.model->reason,
                           remedy(row));
        items.push_back(std::move(item));
    }
    return items;
}

} // namespace Ridgeline
