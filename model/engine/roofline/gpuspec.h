// Stage roofline/: GPU peaks and roofline math.
// GPU peak figures for the roofline, read from JSON data (the built-in
// resources/gpus.json or a user's file of the same shape). Every roof keeps
// where it came from: a datasheet peak or a measured max-achievable one.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace Ridgeline {

enum class PeakSet { Datasheet, MaxAchievable };

QString peakSetKey(PeakSet set);   // "datasheet", "max_achievable"
QString peakSetTitle(PeakSet set); // "datasheet peaks", "measured max-achievable peaks"

struct ComputeRoof
{
    QString key;   // e.g. "matrix_bf16"
    QString label; // e.g. "BF16 matrix"
    double tflops = 0;
};

struct PeakFigures
{
    double memoryBandwidthTBps = 0;
    std::vector<ComputeRoof> computeRoofs; // highest first
};

struct GpuSpec
{
    QString name;
    QStringList aliases;
    QString memory;
    QString sources;
    std::optional<PeakFigures> datasheet;
    std::optional<PeakFigures> maxAchievable;

    // The requested set, or the other one when this GPU lacks it.
    const PeakFigures& peaks(PeakSet preferred) const;
    PeakSet setUsedFor(PeakSet preferred) const; // which of the two peaks() gives
    bool has(PeakSet set) const { return set == PeakSet::Datasheet ? datasheet.has_value() : maxAchievable.has_value(); }
};

class GpuCatalog
{
public:
    static const GpuCatalog& builtIn();
    // Parses a catalog; on failure returns nullopt and sets *error.
    static std::optional<GpuCatalog> fromJson(const QByteArray& json, QString* error);

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

private:
    std::vector<GpuSpec> m_gpus;
};

} // namespace Ridgeline
