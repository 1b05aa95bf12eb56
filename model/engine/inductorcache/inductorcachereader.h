// Stage inductorcache/: the Inductor cache found, opened, parsed and indexed.
// Opens an Inductor cache wherever it lives: a directory, a tar archive of
// one (plain, .gz, .bz2, .xz, .zst) or a zip archive, told apart by content,
// or one wrapper file. Archives are read in place through KArchive, never
// unpacked to disk.
#pragma once

#include "engine/base/progress.h"

#include <QByteArray>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

class KArchive;
class KArchiveFile;
class QFile;
class QIODevice;

namespace Ridgeline {

class InductorCacheReader
{
public:
    enum class Kind
    {
        Directory,
        Tar,
        Zip,
        SingleFile
    };

    struct Member
    {
        QString label; // a path, or "archive:member/path.py"
        qint64 size = 0; // uncompressed bytes
    };

    // Opens `path`; on failure returns null and sets *error to one line
    // naming the problem (the caller prefixes the path). Listing a
    // compressed tar means decompressing all of it (it has no index): that
    // is reported through `control` as bytes of the archive file consumed,
    // and a stop request ends it (null, with *error "cancelled").
    static std::unique_ptr<InductorCacheReader> open(const QString& path, QString* error, const JobControl& control = {});
    ~InductorCacheReader();

    // Whether the file's content is a tar (plain or compressed) or zip
    // archive. Cheap: reads the first few hundred bytes.
    static bool isArchive(const QString& path);

    Kind kind() const { return m_kind; }
    QString kindName() const; // "directory", "tar.gz archive", "zip archive", "wrapper file"
    // Files that may be wrapper files (*.py; the one file for SingleFile), in
    // the order reading them is cheapest.
    const std::vector<Member>& members() const { return m_members; }
    // The bytes of members()[index], or nullopt with *error set.
    // Reads at most maxBytes of it (more is an error, whatever the archive
    // claims); a directory's member must be a regular file once its links
    // are followed; a zip member's CRC must match.
    std::optional<QByteArray> read(size_t index, qint64 maxBytes, QString* error) const;
    // How much of an archive file was read so far (0 for a directory): a
    // compressed tar is read once to list it and once for its members.
    qint64 bytesReadFromFile() const;

private:
    InductorCacheReader() = default;
    bool openArchive(const QString& path, QString* error, const JobControl& control);
    void listArchive();

    Kind m_kind = Kind::Directory;
    QString m_path;
    QString m_compression; // "gz", "xz" ... for a compressed tar
    std::unique_ptr<QFile> m_file;
    std::unique_ptr<QIODevice> m_decompressor;
    std::unique_ptr<QIODevice> m_forward; // KTar's view of m_decompressor
    std::unique_ptr<KArchive> m_archive;
    std::vector<Member> m_members;
    std::vector<const KArchiveFile*> m_entries; // parallel to m_members for archives
};

} // namespace Ridgeline
