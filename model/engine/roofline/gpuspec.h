// Stage roofline/: GPU peaks and roofline math.
// GPU peak figures for the roofline, read from JSON data (the built-in
// resources/gpus.json or a user's file of the same shape). Every roof keeps
// where it came from: a datasheet peak or a measured max-achievable one, and
// a figure may name its own source (a user's override of one roof).
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace Ridgeline {

enum class PeakSet
{
    Datasheet,
    MaxAchievable
};

QString peakSetKey(PeakSet set); // "datasheet", "max_achievable"
QString peakSetTitle(PeakSet set); // "datasheet peaks", "measured max-achievable peaks"
QString computeRoofLabel(const QString& key); // "matrix_bf16" -> "BF16 matrix"

struct ComputeRoof
{
    QString key; // e.g. "matrix_bf16"
    QString label; // e.g. "BF16 matrix"
    double tflops = 0;
    QString source; // where this one figure came from; empty: the GPU's sources
    bool operator==(const ComputeRoof&) const = default;
};

struct PeakFigures
{
    double memoryBandwidthTBps = 0;
    QString memorySource; // as ComputeRoof::source, for hbm_tbps
    std::vector<ComputeRoof> computeRoofs; // highest first
    // Where the set's figures come from as a whole: a citation, or "estimate:
    // X % of datasheet (why)" where no measurement is published.
    QString source;

    const ComputeRoof* roof(const QString& key) const; // null when this set lacks it
    bool operator==(const PeakFigures&) const = default;
};

// A cache level's bandwidth: a second, higher memory roof that a kernel
// whose data stays in cache can reach (drawn dashed, on request).
struct CacheRoof
{
    QString key; // "l2", "infinity_cache"
    QString label; // "L2", "Infinity Cache"
    double tbps = 0;
    QString source; // where the figure is published
    // Its size in MB: a kernel that moves more per call than the cache holds
    // cannot have been served from it. nullopt: not published.
    std::optional<double> capacityMB;
    bool operator==(const CacheRoof&) const = default;
};

struct GpuSpec
{
    QString name;
    QStringList aliases;
    QString memory;
    QString sources;
    std::optional<PeakFigures> datasheet;
    std::optional<PeakFigures> maxAchievable;
    std::vector<CacheRoof> cacheRoofs; // lowest first; empty where none is published
    // SMs (NVIDIA) or CUs (AMD) of one device: what a launch's programs
    // spread over, for its waves where the trace has no deviceProperties.
    std::optional<int> computeUnits;
    QString computeUnitsSource;
    // The host link's bandwidth per direction (PCIe, ...): the roof of a copy
    // between host and device memory. nullopt: unknown, such copies get no roof.
    std::optional<double> hostLinkTBps;
    QString hostLinkSource;

    // The requested set, or the other one when this GPU lacks it.
    const PeakFigures& peaks(PeakSet preferred) const;
    bool has(PeakSet set) const { return set == PeakSet::Datasheet ? datasheet.has_value() : maxAchievable.has_value(); }
    std::optional<PeakFigures>& figures(PeakSet set) { return set == PeakSet::Datasheet ? datasheet : maxAchievable; }
    const std::optional<PeakFigures>& figures(PeakSet set) const { return set == PeakSet::Datasheet ? datasheet : maxAchievable; }
    // A figure's own source, else the GPU's sources: what a roof is labelled with.
    QString sourceOf(const QString& figureSource) const { return figureSource.isEmpty() ? sources : figureSource; }
    bool operator==(const GpuSpec&) const = default;
};

class GpuCatalog
{
public:
    static const GpuCatalog& builtIn();
    // What a GPU file may hold: a real GPU has a dozen compute roofs and a
    // few cache levels; a file is a few hundred bytes per GPU.
    static constexpr qsizetype maxComputeRoofs = 64; // per peak set
    static constexpr qsizetype maxCacheRoofs = 16;
    static constexpr qint64 maxFileBytes = 16 << 20;
    static constexpr qsizetype maxSkippedWarnings = 10;
    static constexpr int maxComputeUnits = 1 << 16; // per device; the largest GPUs have a few hundred

    // Parses a catalog; on failure (any GPU with a figure out of range, a
    // second GPU of one name, an empty alias, no name) returns nullopt and
    // sets *error, naming the GPU and the figure: `--gpu-file` is strict.
    static std::optional<GpuCatalog> fromJson(const QByteArray& json, QString* error);
    // The same, but a GPU fromJson would refuse is skipped, with a warning
    // naming it and the figure (at most maxSkippedWarnings, then a count),
    // and the others are kept: the app's settings file, where one typo must
    // not cost the user every GPU. nullopt and *error only where the text
    // is no GPU file at all (not JSON, no "gpus").
    static std::optional<GpuCatalog> fromJsonSkippingInvalid(const QByteArray& json, QStringList* warnings, QString* error);
    // The same format ("ridgeline-gpus/1"), which fromJson reads back to the
    // same figures: what the peaks editor saves for `ridgeline --gpu-file`.
    QByteArray toJson() const;
    static GpuCatalog of(std::vector<GpuSpec> gpus);

    const std::vector<GpuSpec>& gpus() const { return m_gpus; }
    // By name or alias, ignoring case; then by a trace's device name that
    // holds a known name or alias as whole words, the longest one
    // ("NVIDIA A100-SXM4-80GB" -> A100 SXM4 80GB, "NVIDIA GeForce RTX 4090 D"
    // -> RTX 4090 D, not RTX 4090).
    const GpuSpec* find(const QString& name) const;
    // Empty when the trace names no GPU or a known one; else a warning that
    // names the trace's GPU and the one whose roofs are drawn instead.
    QString unknownGpuWarning(const QString& traceGpuName, const GpuSpec& drawn) const;
    const GpuSpec& defaultGpu() const { return m_gpus.front(); }
    // Adds or replaces GPUs from another catalog (a user's overrides).
    void merge(const GpuCatalog& other);
    bool operator==(const GpuCatalog& other) const { return m_gpus == other.m_gpus; }

private:
    void reindex();

    std::vector<GpuSpec> m_gpus;
    // For find(), in time independent of the catalogue's size: folded
    // names and aliases, and their words (" A100 SXM4 80GB " without the
    // spaces at the ends) with the order a scan would meet them in.
    QHash<QString, int> m_byName;
    QHash<QString, std::pair<int, int>> m_byWords; // words -> (order, GPU)
    int m_maxWords = 0;
};

} // namespace Ridgeline
