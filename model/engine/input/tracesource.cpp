#include "engine/input/tracesource.h"

#include <KCompressionDevice>
#include <QFileInfo>

#if RIDGELINE_HAVE_ISAL
#include <algorithm>
#include <isa-l/igzip_lib.h>
#include <vector>
#endif

namespace Ridgeline {
#if RIDGELINE_HAVE_ISAL
namespace {

// gzip through ISA-L's inflate: streaming, about three times zlib's speed,
// each member's CRC checked, concatenated members read in turn. What it
// inflated before damage is delivered first; the error comes on the next read.
class IsalGzipDevice final : public QIODevice
{
public:
    explicit IsalGzipDevice(QIODevice* file)
        : m_file(file)
        , m_input(size_t(256) << 10)
    {
        isal_inflate_init(&m_state);
        m_state.crc_flag = ISAL_GZIP;
    }
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char* data, qint64 maxSize) override;
    qint64 writeData(const char*, qint64) override { return -1; }

private:
    bool refill();
    qint64 fail(const QString& why, qint64 produced);

    QIODevice* m_file;
    std::vector<std::uint8_t> m_input;
    inflate_state m_state {};
    bool m_fileEnded = false;
    bool m_streamEnded = false;
    bool m_failed = false;
};

QString isalError(int code)
{
    switch (code) {
    case ISAL_INCORRECT_CHECKSUM:
        return QStringLiteral("its CRC does not match the data: the file is damaged");
    case ISAL_INVALID_WRAPPER:
        return QStringLiteral("invalid gzip header");
    case ISAL_UNSUPPORTED_METHOD:
        return QStringLiteral("unsupported gzip compression method");
    default:
        return QStringLiteral("invalid deflate data: the file is damaged");
    }
}

bool IsalGzipDevice::refill()
{
    if (m_state.avail_in > 0 || m_fileEnded)
        return true;
    const qint64 n = m_file->read(reinterpret_cast<char*>(m_input.data()), qint64(m_input.size()));
    if (n < 0)
        return false;
    m_fileEnded = n == 0;
    m_state.next_in = m_input.data();
    m_state.avail_in = std::uint32_t(n);
    return true;
}

qint64 IsalGzipDevice::fail(const QString& why, qint64 produced)
{
    setErrorString(why);
    m_failed = true;
    return produced > 0 ? produced : -1;
}

qint64 IsalGzipDevice::readData(char* data, qint64 maxSize)
{
    if (m_failed)
        return -1;
    qint64 produced = 0;
    while (produced < maxSize && !m_streamEnded) {
        if (!refill())
            return fail(QStringLiteral("read error: ") + m_file->errorString(), produced);
        if (m_state.block_state == ISAL_BLOCK_FINISH) {
            // A member ended: another may follow; anything else after the
            // last member is ignored, as gzip itself does.
            if (m_state.avail_in > 0 && m_state.next_in[0] == 0x1f) {
                isal_inflate_reset(&m_state);
                m_state.crc_flag = ISAL_GZIP;
                continue;
            }
            m_streamEnded = true;
            break;
        }
        if (m_state.avail_in == 0)
            return fail(QStringLiteral("the gzip data ends early: the file is truncated"), produced);
        const qint64 room = std::min<qint64>(maxSize - produced, qint64(1) << 30);
        m_state.next_out = reinterpret_cast<std::uint8_t*>(data + produced);
        m_state.avail_out = std::uint32_t(room);
        const int code = isal_inflate(&m_state);
        produced += room - qint64(m_state.avail_out);
        if (code < 0)
            return fail(isalError(code), produced);
    }
    return produced;
}

} // namespace
#endif

QString compressionName(Compression compression)
{
    switch (compression) {
    case Compression::None:
        return QStringLiteral("none");
    case Compression::Gzip:
        return QStringLiteral("gzip");
    case Compression::Bzip2:
        return QStringLiteral("bzip2");
    case Compression::Xz:
        return QStringLiteral("xz");
    case Compression::Zstd:
        return QStringLiteral("zstd");
    }
    return {};
}

Compression detectCompression(const QByteArray& head)
{
    if (head.startsWith("\x1f\x8b"))
        return Compression::Gzip;
    if (head.startsWith("BZh"))
        return Compression::Bzip2;
    if (head.startsWith(QByteArray("\xfd"
                                   "7zXZ\x00",
            6)))
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
    if (!info.isFile()) // a FIFO would block open() until a writer came: never opened
        return QStringLiteral("not a regular file (a device, FIFO or socket)");
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
    if (!info.isFile()) { // a FIFO would block open() until a writer came: never opened
        *error = QStringLiteral("not a regular file (a device, FIFO or socket)");
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

#if RIDGELINE_HAVE_ISAL
    if (source->m_compression == Compression::Gzip) {
        auto device = std::make_unique<IsalGzipDevice>(source->m_file.get());
        device->open(QIODevice::ReadOnly);
        source->m_stream = device.get();
        source->m_decompressor = std::move(device);
        return source;
    }
#endif
    KCompressionDevice::CompressionType type = KCompressionDevice::None;
    switch (source->m_compression) {
    case Compression::None:
        source->m_stream = source->m_file.get();
        return source;
    case Compression::Gzip:
        type = KCompressionDevice::GZip;
        break;
    case Compression::Bzip2:
        type = KCompressionDevice::BZip2;
        break;
    case Compression::Xz:
        type = KCompressionDevice::Xz;
        break;
    case Compression::Zstd:
        type = KCompressionDevice::Zstd;
        break;
    }
    auto device = std::make_unique<KCompressionDevice>(source->m_file.get(), false, type);
    if (!device->open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot decompress %1 data: %2").arg(compressionName(source->m_compression), device->errorString());
        return nullptr;
    }
    source->m_stream = device.get();
    source->m_decompressor = std::move(device);
    return source;
}

} // namespace Ridgeline
