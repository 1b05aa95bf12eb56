#include "engine/inductorcache/inductorcachereader.h"

#include "engine/input/tracesource.h"

#include <KArchiveDirectory>
#include <KArchiveFile>
#include <KCompressionDevice>
#include <KTar>
#include <KZip>
#include <KZipFileEntry>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <zlib.h>

namespace Ridgeline {
namespace {

bool isZip(const QByteArray& head)
{
    return head.startsWith("PK\x03\x04") || head.startsWith("PK\x05\x06");
}

// POSIX and GNU tar headers both carry "ustar" at offset 257.
bool isTar(const QByteArray& head)
{
    return head.size() >= 262 && head.mid(257, 5) == "ustar";
}

KCompressionDevice::CompressionType deviceType(Compression compression)
{
    switch (compression) {
    case Compression::Gzip:
        return KCompressionDevice::GZip;
    case Compression::Bzip2:
        return KCompressionDevice::BZip2;
    case Compression::Xz:
        return KCompressionDevice::Xz;
    case Compression::Zstd:
        return KCompressionDevice::Zstd;
    case Compression::None:
        break;
    }
    return KCompressionDevice::None;
}

QString suffix(Compression compression)
{
    switch (compression) {
    case Compression::Gzip:
        return QStringLiteral("gz");
    case Compression::Bzip2:
        return QStringLiteral("bz2");
    case Compression::Xz:
        return QStringLiteral("xz");
    case Compression::Zstd:
        return QStringLiteral("zst");
    case Compression::None:
        break;
    }
    return {};
}

// The first bytes of a compressed file's content; empty when it cannot be
// decompressed at all.
QByteArray decompressedHead(const QString& path, Compression compression)
{
    KCompressionDevice device(path, deviceType(compression));
    if (!device.open(QIODevice::ReadOnly))
        return {};
    return device.read(512);
}

// At most maxBytes of a device, read in pieces; more is an error, and
// memory never holds more than the cap.
std::optional<QByteArray> readCapped(QIODevice& device, qint64 maxBytes, QString* error, const QString& tooBig = {})
{
    QByteArray bytes;
    constexpr qint64 piece = 1 << 20;
    for (;;) {
        const qint64 room = std::min(piece, maxBytes + 1 - bytes.size());
        if (room <= 0) {
            *error = tooBig.isEmpty() ? QStringLiteral("larger than %1 MiB").arg(maxBytes >> 20) : tooBig;
            return std::nullopt;
        }
        const qsizetype at = bytes.size();
        bytes.resize(at + room);
        const qint64 n = device.read(bytes.data() + at, room);
        if (n < 0) {
            *error = QStringLiteral("read error: ") + device.errorString();
            return std::nullopt;
        }
        bytes.resize(at + n);
        if (n == 0)
            return bytes;
    }
}

// The archive file as KArchive reads it: every read reports how far into
// the file it got and fails once a stop is requested, so that listing a
// large compressed tar shows progress and can be cancelled.
class WatchedFile final : public QFile
{
public:
    using QFile::QFile;
    void watch(const JobControl* control) { m_control = control; }
    qint64 bytesRead() const { return m_bytesRead; }

protected:
    qint64 readData(char* data, qint64 maxSize) override
    {
        if (m_control && m_control->stopRequested()) {
            setErrorString(QStringLiteral("cancelled"));
            return -1;
        }
        const qint64 offset = pos();
        const qint64 read = QFile::readData(data, maxSize);
        if (read > 0)
            m_bytesRead += read;
        if (m_control && read > 0)
            m_control->report(std::min(offset + read, size()), size());
        return read;
    }

private:
    const JobControl* m_control = nullptr;
    qint64 m_bytesRead = 0;
};

// KTar over a decompressor, seeking forward by reading on. A decompressor
// reads ahead into its buffer, and KCompressionDevice answers a seek to any
// position behind what it has decompressed by starting again from the top:
// reading the members of a tar.gz one by one would decompress it once per
// member. Here a forward seek reads through the buffer instead, so that
// reading the members in archive order decompresses the archive once.
class ForwardSeekingDevice final : public QIODevice
{
public:
    explicit ForwardSeekingDevice(QIODevice* source)
        : m_source(source)
    { }
    bool isSequential() const override { return false; }
    qint64 size() const override { return m_source->size(); }
    bool atEnd() const override { return m_source->atEnd(); }
    bool seek(qint64 pos) override
    {
        const qint64 current = m_source->pos();
        if (pos < current) {
            if (!m_source->seek(pos)) // the rare way back: from the top
                return false;
        } else {
            char discard[16384];
            for (qint64 left = pos - current; left > 0;) {
                const qint64 read = m_source->read(discard, std::min<qint64>(left, sizeof discard));
                if (read <= 0)
                    return false;
                left -= read;
            }
        }
        return QIODevice::seek(pos);
    }

protected:
    qint64 readData(char* data, qint64 maxSize) override { return m_source->read(data, maxSize); }
    qint64 writeData(const char*, qint64) override { return -1; }

private:
    QIODevice* m_source;
};

void collectFiles(const KArchiveDirectory* dir, const QString& prefix, std::vector<const KArchiveFile*>* files, QStringList* names)
{
    const QStringList entries = dir->entries();
    for (const QString& name : entries) {
        const KArchiveEntry* entry = dir->entry(name);
        if (!entry)
            continue;
        const QString path = prefix.isEmpty() ? name : prefix + u'/' + name;
        if (entry->isDirectory()) {
            collectFiles(static_cast<const KArchiveDirectory*>(entry), path, files, names);
        } else if (entry->isFile() && name.endsWith(QStringLiteral(".py"))) {
            files->push_back(static_cast<const KArchiveFile*>(entry));
            *names << path;
        }
    }
}

} // namespace

bool InductorCacheReader::isArchive(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray head = file.read(512);
    if (isZip(head) || isTar(head))
        return true;
    const Compression compression = detectCompression(head);
    return compression != Compression::None && isTar(decompressedHead(path, compression));
}

InductorCacheReader::~InductorCacheReader()
{
    // The archive reads the decompressor, which reads the file: close in that order.
    m_archive.reset();
    m_forward.reset();
    m_decompressor.reset();
}

std::unique_ptr<InductorCacheReader> InductorCacheReader::open(const QString& path, QString* error, const JobControl& control)
{
    std::unique_ptr<InductorCacheReader> reader(new InductorCacheReader);
    reader->m_path = path;
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = QStringLiteral("no such file or directory");
        return nullptr;
    }
    if (info.isDir()) {
        if (!info.isReadable()) {
            *error = QStringLiteral("the directory cannot be read");
            return nullptr;
        }
        reader->m_kind = Kind::Directory;
        QDirIterator it(path, { QStringLiteral("*.py") }, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QFileInfo file = it.nextFileInfo();
            reader->m_members.push_back({ file.filePath(), file.size() });
        }
        // Sorted, so that warnings and ambiguity lists come out the same every run.
        std::sort(reader->m_members.begin(), reader->m_members.end(), [](const Member& a, const Member& b) { return a.label < b.label; });
        return reader;
    }
    if (!reader->openArchive(path, error, control))
        return nullptr;
    return reader;
}

bool InductorCacheReader::openArchive(const QString& path, QString* error, const JobControl& control)
{
    auto watched = std::make_unique<WatchedFile>(path);
    WatchedFile* file = watched.get();
    m_file = std::move(watched);
    if (!m_file->open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open: ") + m_file->errorString();
        return false;
    }
    const QByteArray head = m_file->peek(512);
    if (head.isEmpty()) {
        *error = QStringLiteral("the file is empty");
        return false;
    }
    const Compression compression = detectCompression(head);
    if (isZip(head)) {
        m_kind = Kind::Zip;
        m_archive = std::make_unique<KZip>(m_file.get());
    } else if (isTar(head)) {
        m_kind = Kind::Tar;
        m_archive = std::make_unique<KTar>(m_file.get());
    } else if (compression != Compression::None) {
        const QByteArray inner = decompressedHead(path, compression);
        if (inner.isEmpty()) {
            *error = QStringLiteral("cannot decompress its %1 data").arg(compressionName(compression));
            return false;
        }
        m_compression = suffix(compression);
        auto device = std::make_unique<KCompressionDevice>(m_file.get(), false, deviceType(compression));
        if (!device->open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot decompress its %1 data: %2").arg(compressionName(compression), device->errorString());
            return false;
        }
        m_decompressor = std::move(device);
        if (!isTar(inner)) {
            // A compressed wrapper file rather than an archive of many.
            m_kind = Kind::SingleFile;
            m_members.push_back({ path, m_file->size() });
            return true;
        }
        m_kind = Kind::Tar;
        m_forward = std::make_unique<ForwardSeekingDevice>(m_decompressor.get());
        m_forward->open(QIODevice::ReadOnly | QIODevice::Unbuffered);
        m_archive = std::make_unique<KTar>(m_forward.get());
    } else {
        m_kind = Kind::SingleFile;
        m_members.push_back({ path, m_file->size() });
        return true;
    }
    // Only the listing is watched: reading members later reports its own progress.
    file->watch(&control);
    const bool opened = m_archive->open(QIODevice::ReadOnly);
    file->watch(nullptr);
    if (control.stopRequested()) {
        *error = QStringLiteral("cancelled");
        m_archive.reset();
        return false;
    }
    if (!opened) {
        const QString why = m_archive->errorString();
        *error = QStringLiteral("not a readable %1%2").arg(kindName(), why.isEmpty() ? QString() : QStringLiteral(": ") + why);
        m_archive.reset();
        return false;
    }
    listArchive();
    control.report(m_file->size(), m_file->size());
    return true;
}

void InductorCacheReader::listArchive()
{
    std::vector<const KArchiveFile*> files;
    QStringList names;
    collectFiles(m_archive->directory(), {}, &files, &names);
    std::vector<size_t> order(files.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    // In archive order: a compressed tar then never seeks backwards.
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return files[a]->position() < files[b]->position(); });
    for (size_t i : order) {
        m_members.push_back({ m_path + u':' + names[qsizetype(i)], files[i]->size() });
        m_entries.push_back(files[i]);
    }
}

qint64 InductorCacheReader::bytesReadFromFile() const
{
    return m_file ? static_cast<const WatchedFile*>(m_file.get())->bytesRead() : 0;
}

QString InductorCacheReader::kindName() const
{
    switch (m_kind) {
    case Kind::Directory:
        return QStringLiteral("directory");
    case Kind::Tar:
        return m_compression.isEmpty() ? QStringLiteral("tar archive") : QStringLiteral("tar.%1 archive").arg(m_compression);
    case Kind::Zip:
        return QStringLiteral("zip archive");
    case Kind::SingleFile:
        return m_compression.isEmpty() ? QStringLiteral("wrapper file") : QStringLiteral("%1-compressed wrapper file").arg(m_compression);
    }
    return {};
}

std::optional<QByteArray> InductorCacheReader::read(size_t index, qint64 maxBytes, QString* error) const
{
    if (m_kind == Kind::Directory) {
        // A link to /dev/zero would read forever, one to a FIFO block forever.
        const QFileInfo info(m_members[index].label);
        if (!info.isFile()) {
            *error = QStringLiteral("not a regular file");
            return std::nullopt;
        }
        QFile file(info.canonicalFilePath());
        if (!file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot open: ") + file.errorString();
            return std::nullopt;
        }
        return readCapped(file, maxBytes, error);
    }
    if (m_kind == Kind::SingleFile) {
        QIODevice* device = m_decompressor ? m_decompressor.get() : static_cast<QIODevice*>(m_file.get());
        device->seek(0);
        auto bytes = readCapped(*device, maxBytes, error);
        if (bytes && m_decompressor && static_cast<KCompressionDevice*>(device)->error() != QFileDevice::NoError) {
            *error = QStringLiteral("the compressed data is damaged: ") + device->errorString();
            return std::nullopt;
        }
        return bytes;
    }
    const KArchiveFile* entry = m_entries[index];
    if (entry->size() > maxBytes) {
        *error = QStringLiteral("%1 MiB, larger than %2 MiB").arg(entry->size() >> 20).arg(maxBytes >> 20);
        return std::nullopt;
    }
    const std::unique_ptr<QIODevice> device(entry->createDevice());
    if (!device) {
        *error = QStringLiteral("the archive is damaged: its data cannot be read");
        return std::nullopt;
    }
    // One byte more than it claims tells a member that inflates past its size.
    auto bytes = readCapped(
        *device, entry->size(), error, QStringLiteral("the archive is damaged: it inflates past its declared %1 bytes").arg(entry->size()));
    if (!bytes)
        return std::nullopt;
    if (bytes->size() != entry->size()) {
        *error = QStringLiteral("the archive is damaged: read %1 of its %2 bytes").arg(bytes->size()).arg(entry->size());
        return std::nullopt;
    }
    if (m_kind == Kind::Zip) {
        const auto* zipEntry = static_cast<const KZipFileEntry*>(entry);
        const auto crc = std::uint32_t(crc32(0L, reinterpret_cast<const Bytef*>(bytes->constData()), uInt(bytes->size())));
        if (crc != zipEntry->crc32()) {
            *error = QStringLiteral("the archive is damaged: its CRC-32 is %1, the data's is %2")
                         .arg(zipEntry->crc32(), 8, 16, QLatin1Char('0'))
                         .arg(crc, 8, 16, QLatin1Char('0'));
            return std::nullopt;
        }
    }
    return bytes;
}

} // namespace Ridgeline
