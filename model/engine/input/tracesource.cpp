#include "engine/input/tracesource.h"

#include <KCompressionDevice>

#include <QFileInfo>

namespace Ridgeline {

QString compressionName(Compression compression)
{
    switch (compression) {
    case Compression::None: return QStringLiteral("none");
    case Compression::Gzip: return QStringLiteral("gzip");
    case Compression::Bzip2: return QStringLiteral("bzip2");
    case Compression::Xz: return QStringLiteral("xz");
    case Compression::Zstd: return QStringLiteral("zstd");
    }
    return {};
}

Compression detectCompression(const QByteArray& head)
{
    if (head.startsWith("\x1f\x8b"))
        return Compression::Gzip;
    if (head.startsWith("BZh"))
        return Compression::Bzip2;
    if (head.startsWith(QByteArray("\xfd" "7zXZ\x00", 6)))
        return Compression::Xz;
    if (head.startsWith("\x28\xb5\x2f\xfd"))
        return Compression::Zstd;
    return Compression::None;
}

QString traceFileProblem(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return QStringLiteral("no such file");
    if (info.isDir())
        return QStringLiteral("is a folder, not a trace file");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot open: ") + file.errorString();
    const QByteArray head = file.read(64);
    if (head.isEmpty())
        return QStringLiteral("the file is empty");
    if (detectCompression(head) != Compression::None)
        return {};
    for (char c : head) {
        if (c == '{' || c == '[')
            return {};
        if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && uchar(c) < 0x80)
            break;
    }
    return QStringLiteral("not a trace: neither JSON nor a compressed file");
}

TraceSource::~TraceSource()
{
    // The decompressor reads from the file: close it first.
    m_decompressor.reset();
}

std::unique_ptr<TraceSource> TraceSource::open(const QString& path, QString* error)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = QStringLiteral("no such file");
        return nullptr;
    }
    if (info.isDir()) {
        *error = QStringLiteral("is a directory, not a trace file");
        return nullptr;
    }
    std::unique_ptr<TraceSource> source(new TraceSource);
    source->m_file = std::make_unique<QFile>(path);
    if (!source->m_file->open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open: ") + source->m_file->errorString();
        return nullptr;
    }
    source->m_fileSize = source->m_file->size();
    source->m_compression = detectCompression(source->m_file->peek(8));

    KCompressionDevice::CompressionType type = KCompressionDevice::None;
    switch (source->m_compression) {
    case Compression::None: source->m_stream = source->m_file.get(); return source;
    case Compression::Gzip: type = KCompressionDevice::GZip; break;
    case Compression::Bzip2: type = KCompressionDevice::BZip2; break;
    case Compression::Xz: type = KCompressionDevice::Xz; break;
    case Compression::Zstd: type = KCompressionDevice::Zstd; break;
    }
    auto device = std::make_unique<KCompressionDevice>(source->m_file.get(), false, type);
    if (!device->open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot decompress %1 data: %2")
                     .arg(compressionName(source->m_compression), device->errorString());
        return nullptr;
    }
    source->m_stream = device.get();
    source->m_decompressor = std::move(device);
    return source;
}

} // namespace Ridgeline
