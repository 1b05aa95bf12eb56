#include "engine/timeline/rowofgpuevent.h"

#include <QHash>

#include <unordered_map>

namespace Ridgeline {
namespace {

QString rowKey(const QString& name, const TritonOpArgs* args)
{
    if (!args)
        return name + QStringLiteral("\n(kernel only)");
    return name + u'\n' + args->groupKey();
}

} // namespace

std::vector<std::int32_t> tritonRowOfGpuEvent(const RawTrace& trace, const LinkedKernels& linked, const std::vector<KernelRow>& rows)
{
    std::vector<std::int32_t> rowOf(trace.gpuEvents.size(), -1);
    QHash<QString, std::int32_t> rowOfKey;
    for (size_t r = 0; r < rows.size(); ++r) {
        const KernelRow& row = rows[r];
        if (row.isLibrary())
            continue;
        rowOfKey.insert(rowKey(row.name, row.kind == RowKind::KernelOnly ? nullptr : &*row.args), std::int32_t(r));
    }
    // Ops share their args (the reader interns them): one key per distinct
    // args and name, not one per call.
    std::unordered_map<const TritonOpArgs*, std::vector<std::pair<QString, std::int32_t>>> known;
    for (const KernelCall& call : linked.opCalls) {
        if (!call.op || call.kernels.empty())
            continue;
        std::vector<std::pair<QString, std::int32_t>>& names = known[call.op->args().get()];
        std::int32_t row = -1;
        bool found = false;
        for (const auto& [name, r] : names) {
            if (name == call.op->name()) {
                row = r;
                found = true;
                break;
            }
        }
        if (!found) {
            row = rowOfKey.value(rowKey(call.op->name(), call.op->args().get()), -1);
            names.emplace_back(call.op->name(), row);
        }
        for (std::uint32_t kernel : call.kernels) {
            if (kernel < rowOf.size())
                rowOf[kernel] = row;
        }
    }
    std::unordered_map<std::uint32_t, std::int32_t> kernelOnlyRowOfName;
    for (const KernelOnlyCall& call : linked.kernelOnlyCalls) {
        if (call.event >= rowOf.size())
            continue;
        const std::uint32_t nameId = trace.gpuEvents.nameId(call.event);
        auto it = kernelOnlyRowOfName.find(nameId);
        if (it == kernelOnlyRowOfName.end()) {
            const QString name = nameId < std::uint32_t(trace.gpuEventNames.size()) ? trace.gpuEventNames[qsizetype(nameId)] : QString();
            it = kernelOnlyRowOfName.emplace(nameId, rowOfKey.value(rowKey(name, nullptr), -1)).first;
        }
        rowOf[call.event] = it->second;
    }
    return rowOf;
}

std::vector<std::int32_t> rowOfGpuEvent(const RawTrace& trace, const LinkedKernels& linked, const std::vector<KernelRow>& tritonRows,
                                        const LibraryOpWork& work, const std::vector<KernelRow>& libraryOpRows)
{
    std::vector<std::int32_t> rowOf = tritonRowOfGpuEvent(trace, linked, tritonRows);
    if (work.owners.empty())
        return rowOf;
    // The rows are the groups sorted by time: each group's row found by its
    // name and args, once per group (a few hundred), not per event.
    QHash<QString, std::int32_t> rowOfKey;
    for (size_t r = 0; r < libraryOpRows.size(); ++r) {
        const KernelRow& row = libraryOpRows[r];
        if (row.isLibraryOp())
            rowOfKey.insert(rowKey(row.name, &*row.args), std::int32_t(tritonRows.size() + r));
    }
    std::vector<std::int32_t> rowOfGroup(work.groups.size(), -1);
    for (size_t g = 0; g < work.groups.size(); ++g) {
        const LibraryOpGroup& group = work.groups[g];
        if (group.args)
            rowOfGroup[g] = rowOfKey.value(rowKey(group.name, group.args.get()), -1);
    }
    for (const OwnedGpuEvent& owned : work.owners) {
        if (owned.event < rowOf.size() && owned.group < rowOfGroup.size())
            rowOf[owned.event] = rowOfGroup[owned.group];
    }
    return rowOf;
}

} // namespace Ridgeline
