#include "engine/timeline/rowofgpuevent.h"

namespace Ridgeline {

std::vector<std::int32_t> rowOfGpuEvent(const RawTrace& trace, const LinkedKernels& linked, const RowOfCall& rowOfCall, size_t tritonRows,
    const LibraryOpWork& work, const std::vector<std::uint32_t>& rowOfGroup)
{
    std::vector<std::int32_t> rowOf(trace.gpuEvents.size(), -1);
    for (size_t i = 0; i < linked.opCalls.size() && i < rowOfCall.opCalls.size(); ++i) {
        for (std::uint32_t kernel : linked.opCalls[i].kernels) {
            if (kernel < rowOf.size())
                rowOf[kernel] = std::int32_t(rowOfCall.opCalls[i]);
        }
    }
    for (size_t i = 0; i < linked.kernelOnlyCalls.size() && i < rowOfCall.kernelOnlyCalls.size(); ++i) {
        if (const std::uint32_t event = linked.kernelOnlyCalls[i].event; event < rowOf.size())
            rowOf[event] = std::int32_t(rowOfCall.kernelOnlyCalls[i]);
    }
    for (const OwnedGpuEvent& owned : work.owners) {
        if (owned.event < rowOf.size() && owned.group < rowOfGroup.size())
            rowOf[owned.event] = std::int32_t(tritonRows + rowOfGroup[owned.group]);
    }
    return rowOf;
}

} // namespace Ridgeline
