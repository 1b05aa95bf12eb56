// Stage lens/: the user's choices, and every figure that depends on them.
// The lens a trace is judged under: which GPU's roofs, which of its peak
// sets, which latency floor t0, and whether cache roofs are drawn. One
// value, chosen once (View menu, --gpu, --peaks, --latency-floor,
// --cache-roofs) and read by every view and export, so that they agree; a
// later choice joins it rather than becoming one more parameter.
#pragma once

#include "engine/roofline/gpuspec.h"

#include <QString>
#include <memory>
#include <optional>

namespace Ridgeline {

struct Lens
{
    // The GPUs the choice is among: the built-in ones, with the user's own
    // merged over them. Never null.
    std::shared_ptr<const GpuCatalog> catalog = builtInCatalog();
    // The chosen GPU's name (--gpu, View > GPU); empty: each trace's own.
    QString gpuChoice;
    // Max-achievable: the ceilings a tuned kernel reaches (datasheet peaks,
    // never reached, would call every kernel slow); datasheet one choice away.
    PeakSet peaks = PeakSet::MaxAchievable;
    // The user's t0 (--latency-floor, View > Latency Floor) for both
    // traces; nullopt: each trace's own measurement, else the default.
    std::optional<double> latencyFloorUs;
    // The GPU's cache bandwidths drawn as roofs (View > Cache Roofs, --cache-roofs).
    bool cacheRoofs = false;

    static std::shared_ptr<const GpuCatalog> builtInCatalog();
    bool operator==(const Lens& other) const;
};

// The GPU a trace is judged against, and why that one.
struct GpuPick
{
    enum class Source
    {
        Chosen,
        Trace,
        Default
    };
    GpuSpec spec;
    Source source = Source::Default;
    // Set when the trace names a GPU the catalogue lacks: names it and the
    // GPU whose roofs are used instead.
    QString warning;

    QString sourceKey() const; // "chosen", "trace", "default"
};

// The one rule, for either trace of a comparison, window and command line
// alike: the chosen GPU, else the trace's own GPU from the catalogue, else
// the catalogue's default (with a warning when the trace names a GPU the
// catalogue lacks). A chosen name the catalogue lacks counts as no choice.
GpuPick pickGpu(const Lens& lens, const QString& traceGpuName);

} // namespace Ridgeline
