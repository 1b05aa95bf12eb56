#include "engine/perfmodel/v1crosscheck.h"

namespace Ridgeline {

QString V1CrossCheck::outputWriteNote(const WrapperKernel& kernel, const KernelModel& v2)
{
    std::vector<const SignatureEntry*> pointers, inOut, outs;
    for (const SignatureEntry& entry : kernel.signature) {
        if (!entry.isPointer())
            continue;
        pointers.push_back(&entry);
        if (entry.isInOut())
            inOut.push_back(&entry);
        else if (entry.name.startsWith(u"out_ptr"))
            outs.push_back(&entry);
    }
    auto names = [](const std::vector<const SignatureEntry*>& entries) {
        QStringList list;
        for (const SignatureEntry* entry : entries)
            list << entry->name;
        return list.join(QStringLiteral(", "));
    };

    QString note;
    if (pointers.empty()) {
        note = QStringLiteral("V1 signature has no pointer arguments: it cannot confirm V2's extra write of the first tensor");
    } else if (!inOut.empty() && pointers.front()->isInOut()) {
        note = QStringLiteral("V1 signature agrees: the first pointer, %1 (%2), is read and written back in place, "
                              "as V2's extra write of the first tensor assumes")
                   .arg(pointers.front()->name, pointers.front()->type);
        if (inOut.size() > 1)
            note += QStringLiteral("; %1 more in_out_ptr are written back too, which V2 does not count").arg(inOut.size() - 1);
    } else if (inOut.empty()) {
        note = QStringLiteral("V1 signature disagrees: no in_out_ptr; the kernel writes %1, already counted among the "
                              "tensors, so V2's extra write of the first tensor (%2 bytes) is likely an over-count")
                   .arg(outs.empty() ? QStringLiteral("no out_ptr") : names(outs))
                   .arg(v2.outputWriteBytes);
    } else {
        note = QStringLiteral("V1 signature disagrees: the written-back pointer is %1, not the first argument (%2): "
                              "V2 adds the write of the wrong tensor")
                   .arg(names(inOut), pointers.front()->name);
    }
    if (pointers.size() != v2.tensorCount())
        note += QStringLiteral("; the signature has %1 pointers but the trace's Input Dims %2 tensors: the cache block may "
                               "come from another compilation")
                    .arg(pointers.size())
                    .arg(v2.tensorCount());
    return note;
}

} // namespace Ridgeline
