#include "cachefixtures.h"

#include "testsupport.h"

#include <KCompressionDevice>
#include <KTar>
#include <KZip>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Ridgeline::Test {
namespace {

QByteArray perKernelFile()
{
    // What Inductor stores per kernel: the Triton source, no wrapper around it.
    const QByteArray wrapper = fixtureWrapper();
    const qsizetype from = wrapper.indexOf("'''") + 3;
    return wrapper.mid(from, wrapper.indexOf("'''", from) - from);
}

} // namespace

QByteArray fixtureWrapper()
{
    QFile file(sourcePath(QStringLiteral("tests/data/inductor_cache/transformer_block_wrapper.py")));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("the fixture wrapper file is missing");
    return file.readAll();
}

QString CacheFixtures::write(const QString& name, const QByteArray& content)
{
    const QString target = m_dir.filePath(name);
    QDir().mkpath(QFileInfo(target).absolutePath());
    QFile file(target);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write a cache fixture");
    file.write(content);
    return target;
}

QString CacheFixtures::traceWithoutV2Args()
{
    const QString target = m_dir.filePath(QStringLiteral("no_v2_args.json"));
    if (QFile::exists(target))
        return target;
    KCompressionDevice device(bundledSampleTrace(), KCompressionDevice::GZip);
    if (!device.open(QIODevice::ReadOnly))
        qFatal("cannot read the bundled trace");
    QJsonObject root = QJsonDocument::fromJson(device.readAll()).object();
    QJsonArray events = root.value(QStringLiteral("traceEvents")).toArray();
    for (qsizetype i = 0; i < events.size(); ++i) {
        QJsonObject event = events[i].toObject();
        QJsonObject args = event.value(QStringLiteral("args")).toObject();
        for (const char* key : { "Input Dims", "Input type", "Concrete Inputs", "Input Strides" })
            args.remove(QString::fromLatin1(key));
        event.insert(QStringLiteral("args"), args);
        events[i] = event;
    }
    root.insert(QStringLiteral("traceEvents"), events);
    return write(QStringLiteral("no_v2_args.json"), QJsonDocument(root).toJson(QJsonDocument::Compact));
}

QString CacheFixtures::cacheDirectory()
{
    write(QStringLiteral("cache/") + QString::fromLatin1(fixtureWrapperMember), fixtureWrapper());
    write(QStringLiteral("cache/mw/cmwjlpfu2kb4ehcuvblmjopjzi4rp4n2rtyqnvbbrb4xvqkksyqd.py"), perKernelFile());
    write(QStringLiteral("cache/fxgraph/notes.txt"), "async_compile.triton in a file that is not Python\n");
    return m_dir.filePath(QStringLiteral("cache"));
}

QString CacheFixtures::cacheArchive(const QString& name, const QString& storedAs)
{
    const QString target = m_dir.filePath(name);
    std::unique_ptr<KArchive> archive;
    if (name.endsWith(QStringLiteral(".zip")))
        archive = std::make_unique<KZip>(target);
    else
        archive = std::make_unique<KTar>(target); // compression from the name
    if (!archive->open(QIODevice::WriteOnly))
        qFatal("cannot write an archive fixture");
    archive->writeFile(QStringLiteral("torchinductor_root/") + QString::fromLatin1(fixtureWrapperMember), fixtureWrapper());
    archive->writeFile(QStringLiteral("torchinductor_root/mw/cmwjlpfu2kb4ehcuvblmjopjzi4rp4n2rtyqnvbbrb4xvqkksyqd.py"), perKernelFile());
    archive->close();
    if (storedAs.isEmpty())
        return target;
    const QString renamed = m_dir.filePath(storedAs);
    QFile::rename(target, renamed);
    return renamed;
}

AnalysisOptions cacheOptions(const QString& cache)
{
    AnalysisOptions options;
    options.read.inductorCache = cache;
    options.read.searchDefaultInductorCache = false;
    options.read.cacheEnvironment = CacheEnvironment {};
    return options;
}

AnalysisOutcome analyzeWithCache(const QString& trace, const QString& cache, const JobControl& control)
{
    return analyzeTrace(trace, cacheOptions(cache), control);
}

} // namespace Ridgeline::Test
