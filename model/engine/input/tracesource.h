// Stage input/: a trace file read into a RawTrace.
// Opens a trace file as a stream of JSON bytes, decompressing gzip, bzip2,
// xz or zstd through KArchive when the content's magic bytes say so.
#pragma once

#include <QFile>
#include <QString>
#include <memory>

class QIODevice;

namespace Ridgeline {

enum class Compression
{
    None,
    Gzip,
    Bzip2,
    Xz,
    Zstd
};

QString compressionName(Compression compression);

// Compression from the first bytes of a file, never from its name.
Compression detectCompression(const QByteArray& head);

// Empty when `path` could be a trace (a compressed file, or text starting
// with '{' or '['); otherwise why not, in a few words. Cheap: reads 64 bytes.
QString traceFileProblem(const QString& path);

class TraceSource
{
public:
    // Opens `path`; on failure returns null and sets *error to one line
    // naming the problem (the caller prefixes the path).
    static std::unique_ptr<TraceSource> open(const QString& path, QString* error);
    ~TraceSource();

    QIODevice& stream() { return *m_stream; }
    Compression compression() const { return m_compression; }
    // Progress is measured on the file itself: compressed bytes consumed.
    qint64 fileSize() const { return m_fileSize; }
    qint64 filePosition() const { return m_file->pos(); }

private:
    TraceSource() = default;

    std::unique_ptr<QFile> m_file;
    std::unique_ptr<QIODevice> m_decompressor; // null for plain JSON
    QIODevice* m_stream = nullptr;
    Compression m_compression = Compression::None;
    qint64 m_fileSize = 0;
};

} // namespace Ridgeline
