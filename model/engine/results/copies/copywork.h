// Stage results/: calls grouped into unique kernel rows.
// A row whose GPU work is copies (memcpy, memset): which way it copies and how
// many bytes cross. A copy between host and device runs at the host link's
// speed, not HBM's: the roofline, the time budget and the advice measure it
// against that roof.
#pragma once

#include "engine/input/records/hostspans.h"
#include "engine/results/kernelrow.h"

#include <optional>

namespace Ridgeline {

struct CopyWork
{
    CopyDirection direction = CopyDirection::DeviceToDevice; // DtoD and peer copies: HBM on both ends
    bool memset = false;
    bool crossesHostLink() const { return direction == CopyDirection::HostToDevice || direction == CopyDirection::DeviceToHost; }
    QString text() const; // "host-to-device copy", "device-to-device copy", "memset"
    bool operator==(const CopyWork&) const = default;
};

// The direction of a row whose GPU events are all memcpy or memset (their
// names: "Memcpy HtoD (Host -> Device)", as the event's `kind` arg says);
// nullopt for any other row, or a row of mixed copies and kernels.
std::optional<CopyWork> copyWorkOf(const KernelRow& row);

// The bytes one call moves across the link: what its memcpy events' `bytes`
// args say, else half its model's (a copy's model counts its read and its
// write, each byte crosses once). nullopt without either.
std::optional<double> hostLinkBytesPerCall(const KernelRow& row);

} // namespace Ridgeline
