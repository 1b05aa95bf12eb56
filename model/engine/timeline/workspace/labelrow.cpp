#include "engine/timeline/workspace/labelrow.h"

#include "engine/timeline/timeline.h"

namespace Ridgeline {

const KernelRow* rowOfLabel(const AnalysisResult& result, std::uint32_t label)
{
    if (!result.timeline || label >= result.timeline->labels.size())
        return nullptr;
    const TimelineLabel& named = result.timeline->labels[label];
    const std::vector<KernelRow>& rows = named.kernelRow >= 0 ? result.rows : result.libraryKernels;
    const std::int32_t row = named.kernelRow >= 0 ? named.kernelRow : named.libraryRow;
    return row >= 0 && size_t(row) < rows.size() ? &rows[size_t(row)] : nullptr;
}

} // namespace Ridgeline
