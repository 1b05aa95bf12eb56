#include "engine/roofline/gpuspec.h"

#include "engine/base/textescaping.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
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
        *error = where
            + QStringLiteral(": hbm_tbps %1 is not a memory bandwidth (%2 to %3 TB/s)")
                  .arg(object.value(HbmKey).toVariant().toString().left(40))
                  .arg(minTBps)
                  .arg(maxTBps);
        return std::nullopt;
    }
    const QJsonObject tflops = object.value(QStringLiteral("tflops")).toObject();
    if (tflops.size() > GpuCatalog::maxComputeRoofs) {
        // A real GPU has a dozen; ten thousand would be ten thousand chart
        // series and a search through them for every kernel.
        *error = where + QStringLiteral(": %1 compute roofs (at most %2)").arg(tflops.size()).arg(GpuCatalog::maxComputeRoofs);
        return std::nullopt;
    }
    QSet<QString> seen; // Qt's object keeps a key given twice twice; a catalogue written back would keep it once
    for (auto it = tflops.begin(); it != tflops.end(); ++it) {
        if (seen.contains(it.key())) {
            *error = where + QStringLiteral(": tflops.%1 is given twice").arg(it.key().left(40));
            return std::nullopt;
        }
        seen.insert(it.key());
        // A roof's key is a name ("matrix_bf16"): anything else is no peak,
        // and Qt's JSON reader does not give such keys back as it took them.
        static const QRegularExpression roofKey(QStringLiteral("^[A-Za-z0-9_]{1,64}$"));
        if (!roofKey.match(it.key()).hasMatch()) {
            *error = where
                + QStringLiteral(": tflops key \"%1\" is not a roof's name (letters, digits and _)").arg(printableText(it.key().left(40)));
            return std::nullopt;
        }
        const double peak = it.value().toDouble(-1);
        if (!plausible(peak, minTflops, maxTflops)) {
            *error = where
                + QStringLiteral(": tflops.%1 %2 is not a compute peak (%3 to %4 TFLOPS)")
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
    figures.source = object.value(QStringLiteral("source")).toString();
    for (ComputeRoof& roof : figures.computeRoofs)
        roof.source = sources.value(roof.key).toString();
    // Roofs of equal height by key: an order of their own, not the order a
    // JSON object iterates its keys in (Qt's differs for a key outside
    // Latin-1, such as one led by a byte-order mark), so that a catalogue
    // written and read back comes out the same.
    std::sort(figures.computeRoofs.begin(), figures.computeRoofs.end(),
        [](const ComputeRoof& a, const ComputeRoof& b) { return a.tflops != b.tflops ? a.tflops > b.tflops : a.key < b.key; });
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
    if (!figures.source.isEmpty())
        object.insert(QStringLiteral("source"), figures.source);
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

const PeakFigures& GpuSpec::peaks(PeakSet preferred) const
{
    if (preferred == PeakSet::MaxAchievable && maxAchievable)
        return *maxAchievable;
    return datasheet ? *datasheet : *maxAchievable;
}

namespace {

std::optional<QJsonArray> gpuArray(const QByteArray& json, QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (document.isNull()) {
        *error = QStringLiteral("not JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    QJsonArray gpus = document.object().value(QStringLiteral("gpus")).toArray();
    if (gpus.isEmpty()) {
        *error = QStringLiteral("no \"gpus\" array");
        return std::nullopt;
    }
    return gpus;
}

// Entry `entry` of `count`; *error names the GPU (or the entry, without a
// name) and the figure. `names` holds the folded names accepted so far.
std::optional<GpuSpec> readGpu(const QJsonObject& object, qsizetype entry, qsizetype count, const QSet<QString>& names, QString* error)
{
    GpuSpec spec;
    spec.name = object.value(QStringLiteral("name")).toString().trimmed();
    if (spec.name.isEmpty()) {
        *error = QStringLiteral("GPU %1 of %2 (\"gpus\"[%3]) has no name").arg(entry + 1).arg(count).arg(entry);
        return std::nullopt;
    }
    const QString shortName = spec.name.left(80); // every message bounded, whatever the file holds
    if (names.contains(spec.name.toCaseFolded())) {
        // Two of one name: which one's figures apply would be a guess.
        *error = QStringLiteral("%1: a second GPU of this name (\"gpus\"[%2])").arg(shortName).arg(entry);
        return std::nullopt;
    }
    for (const QJsonValue& alias : object.value(QStringLiteral("aliases")).toArray()) {
        const QString text = alias.toString().trimmed();
        // An empty alias would match every trace's GPU and hide the unknown-GPU warning.
        if (text.isEmpty()) {
            *error = shortName + QStringLiteral(": an empty alias");
            return std::nullopt;
        }
        spec.aliases << text;
    }
    spec.memory = object.value(QStringLiteral("memory")).toString();
    spec.sources = object.value(QStringLiteral("sources")).toString();
    const QJsonObject peaks = object.value(QStringLiteral("peaks")).toObject();
    QString peakError;
    spec.datasheet = readPeaks(peaks.value(QStringLiteral("datasheet")), shortName + QStringLiteral(" datasheet"), &peakError);
    if (peakError.isEmpty())
        spec.maxAchievable
            = readPeaks(peaks.value(QStringLiteral("max_achievable")), shortName + QStringLiteral(" max_achievable"), &peakError);
    if (!peakError.isEmpty()) {
        *error = peakError;
        return std::nullopt;
    }
    const QJsonArray caches = object.value(QStringLiteral("cache_roofs")).toArray();
    if (caches.size() > GpuCatalog::maxCacheRoofs) {
        *error = shortName + QStringLiteral(": %1 cache roofs (at most %2)").arg(caches.size()).arg(GpuCatalog::maxCacheRoofs);
        return std::nullopt;
    }
    for (const QJsonValue& cache : caches) {
        const QJsonObject c = cache.toObject();
        CacheRoof roof { c.value(QStringLiteral("key")).toString(), c.value(QStringLiteral("label")).toString(),
            c.value(QStringLiteral("tbps")).toDouble(-1), c.value(QStringLiteral("source")).toString(), std::nullopt };
        if (roof.key.isEmpty() || !plausible(roof.tbps, minTBps, maxTBps)) {
            *error = shortName
                + QStringLiteral(": cache roof %1 needs a key and tbps from %2 to %3 TB/s")
                      .arg(roof.key.left(40))
                      .arg(minTBps)
                      .arg(maxTBps);
            return std::nullopt;
        }
        if (roof.label.isEmpty())
            roof.label = roof.key;
        if (const QJsonValue capacity = c.value(QStringLiteral("capacity_mb")); !capacity.isUndefined()) {
            const double mb = capacity.toDouble(-1);
            if (!plausible(mb, 0.001, 1e6)) {
                *error = shortName + QStringLiteral(": cache roof %1 needs capacity_mb from 0.001 to 1000000 MB").arg(roof.key.left(40));
                return std::nullopt;
            }
            roof.capacityMB = mb;
        }
        spec.cacheRoofs.push_back(std::move(roof));
    }
    std::sort(spec.cacheRoofs.begin(), spec.cacheRoofs.end(), [](const CacheRoof& a, const CacheRoof& b) { return a.tbps < b.tbps; });
    if (const QJsonValue units = object.value(QStringLiteral("compute_units")); !units.isUndefined()) {
        const double number = units.toDouble(-1);
        if (number < 1 || number > GpuCatalog::maxComputeUnits || number != std::floor(number)) {
            *error = shortName + QStringLiteral(": compute_units needs a whole number from 1 to %1").arg(GpuCatalog::maxComputeUnits);
            return std::nullopt;
        }
        spec.computeUnits = int(number);
        spec.computeUnitsSource = object.value(QStringLiteral("compute_units_source")).toString();
    }
    if (const QJsonValue link = object.value(QStringLiteral("host_link_tbps")); !link.isUndefined() && !link.isNull()) {
        const double tbps = link.toDouble(-1);
        // A host link is slower than HBM: PCIe Gen5 x16 moves 0.064 TB/s a direction.
        if (!plausible(tbps, 0.001, maxTBps)) {
            *error = shortName + QStringLiteral(": host_link_tbps %1 is not a bandwidth (0.001 to %2 TB/s)").arg(tbps).arg(maxTBps);
            return std::nullopt;
        }
        spec.hostLinkTBps = tbps;
        spec.hostLinkSource = object.value(QStringLiteral("host_link_source")).toString();
    }
    if (!spec.datasheet && !spec.maxAchievable) {
        *error = shortName + QStringLiteral(": no peaks");
        return std::nullopt;
    }
    return spec;
}

} // namespace

std::optional<GpuCatalog> GpuCatalog::fromJson(const QByteArray& json, QString* error)
{
    const auto gpus = gpuArray(json, error);
    if (!gpus)
        return std::nullopt;
    std::vector<GpuSpec> specs;
    QSet<QString> names; // folded: names and aliases are found ignoring case
    for (qsizetype entry = 0; entry < gpus->size(); ++entry) {
        auto spec = readGpu(gpus->at(entry).toObject(), entry, gpus->size(), names, error);
        if (!spec)
            return std::nullopt;
        names.insert(spec->name.toCaseFolded());
        specs.push_back(std::move(*spec));
    }
    return of(std::move(specs));
}

std::optional<GpuCatalog> GpuCatalog::fromJsonSkippingInvalid(const QByteArray& json, QStringList* warnings, QString* error)
{
    const auto gpus = gpuArray(json, error);
    if (!gpus)
        return std::nullopt;
    std::vector<GpuSpec> specs;
    QSet<QString> names;
    qsizetype skipped = 0;
    for (qsizetype entry = 0; entry < gpus->size(); ++entry) {
        QString why;
        auto spec = readGpu(gpus->at(entry).toObject(), entry, gpus->size(), names, &why);
        if (!spec) {
            // A file of a million bad GPUs says so in a few lines.
            if (++skipped <= maxSkippedWarnings)
                *warnings << QStringLiteral("GPU skipped: ") + why;
            continue;
        }
        names.insert(spec->name.toCaseFolded());
        specs.push_back(std::move(*spec));
    }
    if (skipped > maxSkippedWarnings)
        *warnings << QStringLiteral("%1 more GPUs skipped").arg(skipped - maxSkippedWarnings);
    return of(std::move(specs));
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
            for (const CacheRoof& roof : gpu.cacheRoofs) {
                QJsonObject cache { { QStringLiteral("key"), roof.key }, { QStringLiteral("label"), roof.label },
                    { QStringLiteral("tbps"), roof.tbps }, { QStringLiteral("source"), roof.source } };
                if (roof.capacityMB)
                    cache.insert(QStringLiteral("capacity_mb"), *roof.capacityMB);
                caches.append(cache);
            }
            object.insert(QStringLiteral("cache_roofs"), caches);
        }
        if (gpu.computeUnits) {
            object.insert(QStringLiteral("compute_units"), *gpu.computeUnits);
            if (!gpu.computeUnitsSource.isEmpty())
                object.insert(QStringLiteral("compute_units_source"), gpu.computeUnitsSource);
        }
        if (gpu.hostLinkTBps) {
            object.insert(QStringLiteral("host_link_tbps"), *gpu.hostLinkTBps);
            if (!gpu.hostLinkSource.isEmpty())
                object.insert(QStringLiteral("host_link_source"), gpu.hostLinkSource);
        }
        gpus.append(object);
    }
    const QJsonObject document { { QStringLiteral("format"), QStringLiteral("ridgeline-gpus/1") }, { QStringLiteral("gpus"), gpus } };
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

GpuCatalog GpuCatalog::of(std::vector<GpuSpec> gpus)
{
    GpuCatalog catalog;
    catalog.m_gpus = std::move(gpus);
    catalog.reindex();
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

namespace {

QStringList wordList(const QString& name)
{
    return words(name).split(u' ', Qt::SkipEmptyParts);
}

// Longer names are found by name or alias only: a name of a thousand
// words would make every look-up try runs of a thousand words.
constexpr qsizetype maxNameWords = 16;

} // namespace

void GpuCatalog::reindex()
{
    m_byName.clear();
    m_byWords.clear();
    m_maxWords = 0;
    int order = 0;
    for (size_t i = 0; i < m_gpus.size(); ++i) {
        QStringList names = m_gpus[i].aliases;
        names.prepend(m_gpus[i].name);
        for (const QString& name : names) {
            // The first GPU of a name or of its words wins, as a scan in
            // catalogue order would find it.
            if (const QString folded = name.toCaseFolded(); !m_byName.contains(folded))
                m_byName.insert(folded, int(i));
            const QStringList list = wordList(name);
            ++order;
            if (list.isEmpty() || list.size() > maxNameWords)
                continue; // no words: it would be found in every name
            const QString key = list.join(u' ');
            if (!m_byWords.contains(key))
                m_byWords.insert(key, { order, int(i) });
            m_maxWords = std::max(m_maxWords, int(list.size()));
        }
    }
}

const GpuSpec* GpuCatalog::find(const QString& name) const
{
    const QString wanted = name.trimmed();
    if (wanted.isEmpty())
        return nullptr;
    if (const auto exact = m_byName.constFind(wanted.toCaseFolded()); exact != m_byName.constEnd())
        return &m_gpus[size_t(*exact)];
    // A trace's device name holds a known name as whole words, however it
    // is punctuated; the longest such name wins ("RTX 4090 D" over
    // "RTX 4090", "H100 PCIe" over "H100"), then the first in the
    // catalogue. Every run of the wanted name's words is looked up, so
    // the cost does not grow with the catalogue.
    const QStringList wantedWords = wordList(wanted);
    const GpuSpec* best = nullptr;
    qsizetype bestLength = 0;
    int bestOrder = 0;
    for (qsizetype first = 0; first < wantedWords.size(); ++first) {
        QString run;
        for (qsizetype last = first; last < wantedWords.size() && last - first < m_maxWords; ++last) {
            if (last > first)
                run += u' ';
            run += wantedWords[last];
            const auto found = m_byWords.constFind(run);
            if (found == m_byWords.constEnd())
                continue;
            if (run.size() > bestLength || (run.size() == bestLength && found->first < bestOrder)) {
                best = &m_gpus[size_t(found->second)];
                bestLength = run.size();
                bestOrder = found->first;
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
    reindex();
}

} // namespace Ridgeline
