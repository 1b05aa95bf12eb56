#include "engine/results/copies/copywork.h"

namespace Ridgeline {

namespace {

std::optional<CopyWork> workOfEvent(const QString& name)
{
    if (name.startsWith(QStringLiteral("Memset")))
        return CopyWork { CopyDirection::DeviceToDevice, true };
    if (!name.startsWith(QStringLiteral("Memcpy")))
        return std::nullopt;
    if (name.contains(QStringLiteral("HtoD")) || name.contains(QStringLiteral("Host -> Device")))
        return CopyWork { CopyDirection::HostToDevice, false };
    if (name.contains(QStringLiteral("DtoH")) || name.contains(QStringLiteral("Device -> Host")))
        return CopyWork { CopyDirection::DeviceToHost, false };
    return CopyWork {}; // DtoD, PtoP, or a name that says no host
}

} // namespace

QString CopyWork::text() const
{
    if (memset)
        return QStringLiteral("memset");
    switch (direction) {
    case CopyDirection::HostToDevice:
        return QStringLiteral("host-to-device copy");
    case CopyDirection::DeviceToHost:
        return QStringLiteral("device-to-host copy");
    default:
        return QStringLiteral("device-to-device copy");
    }
}

std::optional<CopyWork> copyWorkOf(const KernelRow& row)
{
    if (row.work == GpuWork::Memcpy || row.work == GpuWork::Memset)
        return workOfEvent(row.name);
    if (!row.libraryOp || row.libraryOp->kernelNames.isEmpty() || row.libraryOp->moreKernelNames > 0)
        return std::nullopt;
    // One direction for the whole row: a copy_ that ran a kernel too is no plain copy.
    std::optional<CopyWork> work;
    for (const QString& name : row.libraryOp->kernelNames) {
        const std::optional<CopyWork> own = workOfEvent(name);
        if (!own || (work && *work != *own))
            return std::nullopt;
        work = own;
    }
    return work;
}

std::optional<double> hostLinkBytesPerCall(const KernelRow& row)
{
    if (row.libraryOp && row.libraryOp->copyBytesPerCall)
        return row.libraryOp->copyBytesPerCall;
    const std::optional<double> bytes = row.bytes();
    if (!bytes || *bytes <= 0)
        return std::nullopt;
    return *bytes / 2;
}

} // namespace Ridgeline
