#include "engine/roofline/gpuspec.h"

#include <QFile>
#include <QHash>
#include <QSet>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace Ridgeline {
namespace {

const QString HbmKey = QStringLiteral("hbm_tbps");

// What a real GPU's figures can be: outside these a figure is a typo or a
// unit error (TB/s given as GB/s), and 1e308 would draw a roofline of
// infinite decades. Memory and cache roofs in TB/s, compute roofs in TFLOPS.
constexpr double minTBps = 0.01, maxTBps = 1000;
constexpr double minTflops = 0.01, maxTflops = 100000;

bool plausible(double value, double low, double high)
{
    return std::isfinite(value) && value >= low && value <= high;
}

std::optional<PeakFigures> readPeaks(const QJsonValue& value, const QString& where, QString* error)
{
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    const QJsonObject object = value.toObject();
    PeakFigures figures;
    figures.memoryBandwidthTBps = object.value(HbmKey).toDouble(-1);
    if (!plausible(figures.memoryBandwidthTBps, minTBps, maxTBps)) {
        *error = where + QStringLiteral(": hbm_tbps %1 is not a memory bandwidth (%2 to %3 TB/s)")
                             .arg(object.value(HbmKey).toVariant().toString().left(40))
                             .arg(minTBps)
                             .arg(maxTBps);
        return std::nullopt;
    }
    const QJsonObject tflops = object.value(QStringLiteral("tflops")).toObject();
    for (auto it = tflops.begin(); it != tflops.end(); ++it) {
        const double peak = it.value().toDouble(-1);
        if (!plausible(peak, minTflops, maxTflops)) {
            *error = where + QStringLiteral(": tflops.%1 %2 is not a compute peak (%3 to %4 TFLOPS)")
                                 .arg(it.key().left(40), it.value().toVariant().toString().left(40))
                                 .arg(minTflops)
                                 .arg(maxTflops);
            return std::nullopt;
        }
        figures.computeRoofs.push_back({ it.key(), computeRoofLabel(it.key()), peak, {} });
    }
    // Optional, per figure: {"hbm_tbps": "...", "matrix_bf16": "user override"}.
    const QJsonObject sources = object.value(QStringLiteral("sources")).toObject();
    figures.memorySource = sources.value(HbmKey).toString();
    for (ComputeRoof& roof : figures.computeRoofs)
        roof.source = sources.value(roof.key).toString();
    // Stable: roofs of equal height keep the file's (alphabetical) order,
    // so that a catalogue written and read back comes out the same.
    std::stable_sort(figures.computeRoofs.begin(), figures.computeRoofs.end(),
              [](const ComputeRoof& a, const ComputeRoof& b) { return a.tflops > b.tflops; });
    return figures;
}

QJsonObject writePeaks(const PeakFigures& figures)
{
    QJsonObject tflops;
    QJsonObject sources;
    for (const ComputeRoof& roof : figures.computeRoofs) {
        tflops.insert(roof.key, roof.tflops);
        if (!roof.source.isEmpty())
            sources.insert(roof.key, roof.source);
    }
    if (!figures.memorySource.isEmpty())
        sources.insert(HbmKey, figures.memorySource);
    QJsonObject object { { HbmKey, figures.memoryBandwidthTBps }, { QStringLiteral("tflops"), tflops } };
    if (!sources.isEmpty())
        object.insert(QStringLiteral("sources"), sources);
    return object;
}

} // namespace

QString computeRoofLabel(const QString& key)
{
    const qsizetype split = key.indexOf(u'_');
    if (split < 0)
        return key;
    return key.mid(split + 1).toUpper() + u' ' + key.left(split);
}

const ComputeRoof* PeakFigures::roof(const QString& key) const
{
    const auto found = std::find_if(computeRoofs.begin(), computeRoofs.end(), [&](const ComputeRoof& r) { return r.key == key; });
    return found == computeRoofs.end() ? nullptr : &*found;
}

QString peakSetKey(PeakSet set)
{
    return set == PeakSet::Datasheet ? QStringLiteral("datasheet") : QStringLiteral("max_achievable");
}

QString peakSetTitle(PeakSet set)
{
    return set == PeakSet::Datasheet ? QStringLiteral("datasheet peaks") : QStringLiteral("measured max-achievable peaks");
}

PeakSet GpuSpec::setUsedFor(PeakSet preferred) const
{
    return has(preferred) ? preferred : (preferred == PeakSet::Datasheet ? PeakSet::MaxAchievable : PeakSet::Datasheet);
}

const PeakFigures& GpuSpec::peaks(PeakSet preferred) const
{
    if (preferred == PeakSet::MaxAchievable && maxAchievable)
        return *maxAchievable;
    return datasheet ? *datasheet : *maxAchievable;
}

std::optional<GpuCatalog> GpuCatalog::fromJson(const QByteArray& json, QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (document.isNull()) {
        *error = QStringLiteral("not JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    const QJsonArray gpus = document.object().value(QStringLiteral("gpus")).toArray();
    if (gpus.isEmpty()) {
        *error = QStringLiteral("no \"gpus\" array");
        return std::nullopt;
    }
    GpuCatalog catalog;
    QSet<QString> names; // folded: names and aliases are found ignoring case
    for (qsizetype entry = 0; entry < gpus.size(); ++entry) {
        const QJsonObject object = gpus.at(entry).toObject();
        GpuSpec spec;
        spec.name = object.value(QStringLiteral("name")).toString().trimmed();
        if (spec.name.isEmpty()) {
            *error = QStringLiteral("GPU %1 of %2 (\"gpus\"[%3]) has no name").arg(entry + 1).arg(gpus.size()).arg(entry);
            return std::nullopt;
        }
        if (names.contains(spec.name.toCaseFolded())) {
            // Two of one name: which one's figures apply would be a guess.
            *error = QStringLiteral("%1: a second GPU of this name (\"gpus\"[%2])").arg(spec.name.left(80)).arg(entry);
            return std::nullopt;
        }
        names.insert(spec.name.toCaseFolded());
        for (const QJsonValue& alias : object.value(QStringLiteral("aliases")).toArray()) {
            const QString text = alias.toString().trimmed();
            // An empty alias would match every trace's GPU and hide the unknown-GPU warning.
            if (text.isEmpty()) {
                *error = spec.name.left(80) + QStringLiteral(": an empty alias");
                return std::nullopt;
            }
            spec.aliases << text;
        }
        spec.memory = object.value(QStringLiteral("memory")).toString();
        spec.sources = object.value(QStringLiteral("sources")).toString();
        const QJsonObject peaks = object.value(QStringLiteral("peaks")).toObject();
        QString peakError;
        spec.datasheet = readPeaks(peaks.value(QStringLiteral("datasheet")), spec.name + QStringLiteral(" datasheet"), &peakError);
        spec.maxAchievable = readPeaks(peaks.value(QStringLiteral("max_achievable")), spec.name + QStringLiteral(" max_achievable"), &peakError);
        if (!peakError.isEmpty()) {
            *error = peakError;
            return std::nullopt;
        }
        for (const QJsonValue& cache : object.value(QStringLiteral("cache_roofs")).toArray()) {
            const QJsonObject c = cache.toObject();
            CacheRoof roof { c.value(QStringLiteral("key")).toString(), c.value(QStringLiteral("label")).toString(),
                             c.value(QStringLiteral("tbps")).toDouble(-1), c.value(QStringLiteral("source")).toString() };
            if (roof.key.isEmpty() || !plausible(roof.tbps, minTBps, maxTBps)) {
                *error = spec.name.left(80) + QStringLiteral(": cache roof %1 needs a key and tbps from %2 to %3 TB/s")
                                                  .arg(roof.key.left(40))
                                                  .arg(minTBps)
                                                  .arg(maxTBps);
                return std::nullopt;
            }
            if (roof.label.isEmpty())
                roof.label = roof.key;
            spec.cacheRoofs.push_back(std::move(roof));
        }
        std::sort(spec.cacheRoofs.begin(), spec.cacheRoofs.end(), [](const CacheRoof& a, const CacheRoof& b) { return a.tbps < b.tbps; });
        if (!spec.datasheet && !spec.maxAchievable) {
            *error = spec.name + QStringLiteral(": no peaks");
            return std::nullopt;
        }
        catalog.m_gpus.push_back(std::move(spec));
    }
    return catalog;
}

QByteArray GpuCatalog::toJson() const
{
    QJsonArray gpus;
    for (const GpuSpec& gpu : m_gpus) {
        QJsonObject object { { QStringLiteral("name"), gpu.name } };
        if (!gpu.aliases.isEmpty())
            object.insert(QStringLiteral("aliases"), QJsonArray::fromStringList(gpu.aliases));
        if (!gpu.memory.isEmpty())
            object.insert(QStringLiteral("memory"), gpu.memory);
        if (!gpu.sources.isEmpty())
            object.insert(QStringLiteral("sources"), gpu.sources);
        QJsonObject peaks;
        for (PeakSet set : { PeakSet::Datasheet, PeakSet::MaxAchievable }) {
            if (gpu.has(set))
                peaks.insert(peakSetKey(set), writePeaks(*gpu.figures(set)));
        }
        object.insert(QStringLiteral("peaks"), peaks);
        if (!gpu.cacheRoofs.empty()) {
            QJsonArray caches;
            for (const CacheRoof& roof : gpu.cacheRoofs)
                caches.append(QJsonObject { { QStringLiteral("key"), roof.key }, { QStringLiteral("label"), roof.label },
                                            { QStringLiteral("tbps"), roof.tbps }, { QStringLiteral("source"), roof.source } });
            object.insert(QStringLiteral("cache_roofs"), caches);
        }
        gpus.append(object);
    }
    const QJsonObject document { { QStringLiteral("format"), QStringLiteral("ridgeline-gpus/1") },
                                 { QStringLiteral("gpus"), gpus } };
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

GpuCatalog GpuCatalog::of(std::vector<GpuSpec> gpus)
{
    GpuCatalog catalog;
    catalog.m_gpus = std::move(gpus);
    return catalog;
}

const GpuCatalog& GpuCatalog::builtIn()
{
    static const GpuCatalog catalog = [] {
        QFile file(QStringLiteral(":/ridgeline/gpus.json"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("Ridgeline resource :/ridgeline/gpus.json is missing from the build");
        QString error;
        auto parsed = fromJson(file.readAll(), &error);
        if (!parsed)
            qFatal("built-in GPU catalog is invalid: %s", qPrintable(error));
        return *parsed;
    }();
    return catalog;
}

namespace {

// " NVIDIA A100 SXM4 80GB " for "NVIDIA A100-SXM4-80GB": upper case, words
// split at anything but letters and digits, a space at each end, so that
// a name is found as whole words.
QString words(const QString& name)
{
    QString out = QStringLiteral(" ");
    for (const QChar c : name) {
        if (c.isLetterOrNumber())
            out += c.toUpper();
        else if (!out.endsWith(u' '))
            out += u' ';
    }
    if (!out.endsWith(u' '))
        out += u' ';
    return out;
}

} // namespace

const GpuSpec* GpuCatalog::find(const QString& name) const
{
    const QString wanted = name.trimmed();
    if (wanted.isEmpty())
        return nullptr;
    for (const GpuSpec& gpu : m_gpus) {
        if (gpu.name.compare(wanted, Qt::CaseInsensitive) == 0)
            return &gpu;
        for (const QString& alias : gpu.aliases) {
            if (alias.compare(wanted, Qt::CaseInsensitive) == 0)
                return &gpu;
        }
    }
    // A trace's device name holds a known name as whole words, however it
    // is punctuated; the longest such name wins ("RTX 4090 D" over
    // "RTX 4090", "H100 PCIe" over "H100").
    const QString wantedWords = words(wanted);
    const GpuSpec* best = nullptr;
    qsizetype bestLength = 0;
    for (const GpuSpec& gpu : m_gpus) {
        QStringList names = gpu.aliases;
        names.prepend(gpu.name);
        for (const QString& candidate : names) {
            const QString candidateWords = words(candidate);
            if (candidateWords.size() > bestLength && wantedWords.contains(candidateWords)) {
                best = &gpu;
                bestLength = candidateWords.size();
            }
        }
    }
    return best;
}

QString GpuCatalog::unknownGpuWarning(const QString& traceGpuName, const GpuSpec& drawn) const
{
    if (traceGpuName.trimmed().isEmpty() || find(traceGpuName))
        return {};
    return QStringLiteral("the trace's GPU \"%1\" is not in the GPU catalogue: the roofs drawn are %2's "
                          "(choose a GPU, or add this one with a GPU file)")
        .arg(traceGpuName.left(120), drawn.name);
}

void GpuCatalog::merge(const GpuCatalog& other)
{
    // By folded name: linear in both catalogues, however many GPUs a file holds.
    QHash<QString, size_t> index;
    for (size_t i = 0; i < m_gpus.size(); ++i)
        index.insert(m_gpus[i].name.toCaseFolded(), i);
    for (const GpuSpec& gpu : other.m_gpus) {
        const QString key = gpu.name.toCaseFolded();
        if (const auto found = index.constFind(key); found != index.constEnd()) {
            m_gpus[*found] = gpu;
        } else {
            index.insert(key, m_gpus.size());
            m_gpus.push_back(gpu);
        }
    }
}

} // namespace Ridgeline
