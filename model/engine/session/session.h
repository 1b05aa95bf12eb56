// Stage session/: a window's state saved as one small file and read back.
// What a session holds: the inputs the window had open (every path
// absolute here; the file stores them relative to itself) and the choices
// it showed them under. A plain value, compared whole by the tests.
#pragma once

#include "engine/roofline/gpuspec.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <utility>

namespace Ridgeline {

struct Session
{
    QString trace;
    QStringList captures; // capture traces (or folders) of the trace's CUDA/HIP graphs
    QString inductorCache; // empty: none attached
    QString baseline; // empty: not in compare mode
    // Microseconds from the trace's first GPU event, as the window's range
    // and --range take them; nullopt: the whole trace.
    std::optional<std::pair<double, double>> rangeUs;
    QString filterText;
    QString selectedKernel; // the table's current row's kernel name; empty: none
    // The lens: Lens's fields but its catalogue.
    QString gpuChoice;
    PeakSet peaks = PeakSet::Datasheet;
    std::optional<double> latencyFloorUs;
    bool cacheRoofs = false;
    // The user's own GPUs (the peaks editor's), so that the session opens
    // with them on a machine that lacks them.
    GpuCatalog userGpus;

    bool operator==(const Session& other) const = default;
};

} // namespace Ridgeline
